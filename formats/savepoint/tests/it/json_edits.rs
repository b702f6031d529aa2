//! Random edits of the JSON of real files (fixed seed): a leaf replaced by another value of its
//! kind or by `null`, or its key removed. Whatever `AnyFile::from_json_value` accepts and the
//! writer writes must read back with no more undecoded parts (raw objects, class data or property
//! values) than the model written, and every refusal names the field it is about. An edit that
//! makes the writer produce a file its reader refuses, or reads only as raw bytes, is a missing
//! writer check.
//!
//! The quick test takes the smallest readable files of each corpus folder and a bounded number of
//! edits; the `#[ignore]`d one takes every corpus file (run it in release:
//! `cargo test --release -p savepoint --test it -- --ignored json_edits:: --nocapture`).

use std::fmt;
use std::path::{Path, PathBuf};

use satisfactory::objects::{Fallback, ObjectData};
use satisfactory::{SatisfactoryFile, SaveObject};
use savepoint::{AnyFile, ReadOptions};
use serde_json::{Map, Value};

/// The corpus folders, one per format or container.
const FOLDERS: [&str; 6] = [
    "freerct",
    "gvas",
    "astroneer",
    "satisfactory/saves",
    "satisfactory/blueprints",
    "rocketleague/good",
];

/// SplitMix64: a fixed seed gives the same edits on every run and machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Clone>(&mut self, options: &[T]) -> T {
        options[self.below(options.len())].clone()
    }
}

/// Number of leaves (numbers, strings, booleans, nulls) of `value`.
fn leaves(value: &Value) -> usize {
    match value {
        Value::Array(items) => items.iter().map(leaves).sum(),
        Value::Object(fields) => fields.values().map(leaves).sum(),
        _ => 1,
    }
}

/// The `index`-th leaf of `value` (depth first) and its JSON pointer.
fn leaf_mut<'a>(
    value: &'a mut Value,
    index: &mut usize,
    path: &mut String,
) -> Option<&'a mut Value> {
    match value {
        Value::Array(items) => {
            for (at, item) in items.iter_mut().enumerate() {
                let len = path.len();
                path.push_str(&format!("/{at}"));
                if let Some(found) = leaf_mut(item, index, path) {
                    return Some(found);
                }
                path.truncate(len);
            }
            None
        }
        Value::Object(fields) => {
            for (key, item) in fields.iter_mut() {
                let len = path.len();
                path.push('/');
                path.push_str(&key.replace('~', "~0").replace('/', "~1"));
                if let Some(found) = leaf_mut(item, index, path) {
                    return Some(found);
                }
                path.truncate(len);
            }
            None
        }
        leaf if *index == 0 => Some(leaf),
        _ => {
            *index -= 1;
            None
        }
    }
}

/// A replacement for `leaf`: one time in eight `null`, else another value of its kind (or, for
/// `null`, of a kind it may stand for): numbers at the edges of every integer type, strings
/// empty, long or odd.
fn replacement(leaf: &Value, rng: &mut Rng) -> Value {
    if !leaf.is_null() && rng.below(8) == 0 {
        return Value::Null;
    }
    match leaf {
        Value::Number(n) => {
            let other = n
                .as_i64()
                .map_or(1, |n| n.wrapping_add(1 + rng.below(1000) as i64));
            let negative = -(rng.below(1 << 20) as i64) - 2;
            rng.pick(&[
                Value::from(0),
                Value::from(-1),
                Value::from(other),
                Value::from(negative),
                Value::from(u64::MAX),
                Value::from(i64::MIN),
                Value::from(u64::from(u32::MAX) + 1),
                Value::from(1e300),
                Value::from(0.5),
            ])
        }
        Value::String(s) => rng.pick(&[
            Value::from(""),
            Value::from("x"),
            Value::from(format!("{s}{s}")),
            Value::from("é€😀\u{0}"),
            Value::from("-1"),
            Value::from("None"),
            Value::from("x".repeat(70_000)),
        ]),
        Value::Bool(b) => Value::from(!b),
        _ => rng.pick(&[
            Value::from(0),
            Value::from(""),
            Value::from(false),
            Value::Object(Map::new()),
        ]),
    }
}

/// What happened to one edited JSON.
enum Outcome {
    /// `from_json_value` refused it; the error.
    Refused(String),
    /// The writer refused the model; the error.
    WriteRefused(String),
    /// Written, and read back.
    ReadBack,
    /// Written, and the reader refused the bytes: a missing writer check.
    Unreadable(String),
    /// Written, and read back with more undecoded parts than the model had (before, after): a
    /// missing writer check the lenient reader hid.
    Degraded(usize, usize),
}

/// One edit: where, the new value, and the outcome.
struct Edit {
    file: PathBuf,
    pointer: String,
    new: String,
    outcome: Outcome,
}

impl fmt::Display for Edit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match &self.outcome {
            Outcome::Refused(e) => format!("refused: {e}"),
            Outcome::WriteRefused(e) => format!("write refused: {e}"),
            Outcome::ReadBack => "read back".to_owned(),
            Outcome::Unreadable(e) => format!("UNREADABLE: {e}"),
            Outcome::Degraded(before, after) => {
                format!("DEGRADED: {before} undecoded parts written, {after} read back")
            }
        };
        write!(
            f,
            "{} {} = {}: {what}",
            self.file.display(),
            self.pointer,
            self.new
        )
    }
}

/// Counts over a run.
#[derive(Default, Debug)]
struct Counts {
    files: usize,
    edits: usize,
    accepted: usize,
    refused: usize,
    write_refused: usize,
    unreadable: usize,
    degraded: usize,
}

/// True when a refusal says which field it is about: JSON refusals end with `, field PATH`
/// (or, for a top-level key the JSON lacks, are serde's `missing field `NAME``), format errors
/// read `format: path: message at offset`.
fn names_a_field(error: &str) -> bool {
    if let Some((_, path)) = error.rsplit_once(", field ") {
        return !path.trim().is_empty();
    }
    if let Some((_, name)) = error.split_once("missing field `") {
        return name.len() > 1 && name.ends_with('`');
    }
    let mut parts = error.splitn(3, ": ");
    match (parts.next(), parts.next(), parts.next()) {
        (Some(_), Some(path), Some(_)) => !path.is_empty() && !path.contains(' '),
        _ => false,
    }
}

/// Raw class data and raw property values inside one Satisfactory object, or 1 for an object
/// kept whole as bytes.
fn undecoded_object(object: &SaveObject) -> usize {
    match &object.data {
        ObjectData::Raw { .. } => 1,
        ObjectData::Decoded(d) => {
            let custom = matches!(d.custom.fallback(), Some(Fallback::DecoderFailed(_)));
            usize::from(custom) + d.properties.raw_fallbacks()
        }
    }
}

/// The parts of `model` its lenient reader kept as bytes because it could not decode them:
/// Satisfactory objects, class data and property values, GVAS property values. The other
/// formats refuse what they cannot decode.
fn undecoded(model: &AnyFile) -> usize {
    match model {
        AnyFile::Gvas(save) => save.body.raw_fallbacks(),
        AnyFile::Satisfactory(file) => match &**file {
            SatisfactoryFile::Save(save) => save.body.objects().map(undecoded_object).sum(),
            SatisfactoryFile::Blueprint(b) => b.body.objects.iter().map(undecoded_object).sum(),
            SatisfactoryFile::BlueprintConfig(_) => 0,
        },
        AnyFile::FreeRct(_) | AnyFile::RocketLeague(_) => 0,
    }
}

/// Applies one edit at the leaf `index` of `edited`: one time in eight the leaf's key is removed
/// (when its parent is an object), else the leaf is replaced. Returns the JSON pointer and what
/// was put there.
fn apply_edit(edited: &mut Value, index: usize, rng: &mut Rng) -> (String, String) {
    let remove = rng.below(8) == 0;
    let (mut at, mut pointer) = (index, String::new());
    let leaf = leaf_mut(edited, &mut at, &mut pointer).expect("index below the leaf count");
    let new = replacement(leaf, rng);
    let mut shown = new.to_string();
    if shown.len() > 40 {
        shown = format!("{}... ({} bytes)", &shown[..20], shown.len());
    }
    if !remove {
        *leaf = new;
        return (pointer, shown);
    }
    let (parent, key) = pointer.rsplit_once('/').expect("a leaf below the root");
    match edited.pointer_mut(parent) {
        Some(Value::Object(fields)) => {
            fields.shift_remove(&key.replace("~1", "/").replace("~0", "~"));
            shown = "(key removed)".to_owned();
        }
        _ => *edited.pointer_mut(&pointer).expect("the leaf's pointer") = new,
    }
    (pointer, shown)
}

/// The outcome of one random edit at the leaf `index` of `json`.
fn try_edit(json: &Value, index: usize, rng: &mut Rng, file: &Path) -> Edit {
    let mut edited = json.clone();
    let (pointer, shown) = apply_edit(&mut edited, index, rng);
    let outcome = match AnyFile::from_json_value(edited) {
        Err(e) => Outcome::Refused(e.to_string()),
        Ok(model) => match model.write() {
            Err(e) => Outcome::WriteRefused(e.to_string()),
            Ok(bytes) => match AnyFile::read_as(model.format(), &bytes, &ReadOptions::default()) {
                Ok(back) if undecoded(&back) > undecoded(&model) => {
                    Outcome::Degraded(undecoded(&model), undecoded(&back))
                }
                Ok(_) => Outcome::ReadBack,
                Err(e) => Outcome::Unreadable(e.to_string()),
            },
        },
    };
    Edit {
        file: file.to_owned(),
        pointer,
        new: shown,
        outcome,
    }
}

/// Applies `edits` random edits to the JSON of `file` (already read as `model`), tallying them
/// into `counts`; returns the edits that break the promise (unreadable, or a refusal naming no
/// field).
fn edit_file(path: &Path, model: &AnyFile, edits: usize, counts: &mut Counts) -> Vec<String> {
    let json = serde_json::to_value(model).expect("the model converts to JSON");
    let total = leaves(&json);
    let seed = path.file_name().map_or(0, |n| {
        n.as_encoded_bytes()
            .iter()
            .fold(0u64, |h, b| h.wrapping_mul(31) ^ u64::from(*b))
    });
    let mut rng = Rng(seed);
    let mut broken = Vec::new();
    counts.files += 1;
    for _ in 0..edits {
        let edit = try_edit(&json, rng.below(total), &mut rng, path);
        counts.edits += 1;
        match &edit.outcome {
            Outcome::Refused(e) | Outcome::WriteRefused(e) => {
                if matches!(edit.outcome, Outcome::Refused(_)) {
                    counts.refused += 1;
                } else {
                    counts.accepted += 1;
                    counts.write_refused += 1;
                }
                if !names_a_field(e) {
                    broken.push(format!("refusal names no field: {edit}"));
                }
            }
            Outcome::ReadBack => counts.accepted += 1,
            Outcome::Unreadable(_) => {
                counts.accepted += 1;
                counts.unreadable += 1;
                broken.push(edit.to_string());
            }
            Outcome::Degraded(..) => {
                counts.accepted += 1;
                counts.degraded += 1;
                broken.push(edit.to_string());
            }
        }
    }
    broken
}

/// The files of a corpus folder (recursively), smallest first.
fn files_by_size(folder: &Path) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    let mut pending = vec![folder.to_owned()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("corpus folder readable") {
            let path = entry.expect("corpus entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.file_name().is_some_and(|n| n != "MANIFEST.tsv") {
                let size = std::fs::metadata(&path).expect("corpus file").len();
                paths.push((size, path));
            }
        }
    }
    paths.sort();
    paths.into_iter().map(|(_, path)| path).collect()
}

/// The model of `path`, or `None` for a file the corpus keeps because it must fail.
fn read(path: &Path) -> Option<AnyFile> {
    let bytes = std::fs::read(path).expect("corpus file readable");
    let name = path.file_name().and_then(|n| n.to_str());
    AnyFile::read(&bytes, name, &ReadOptions::default()).ok()
}

/// Edits up to `files` files of every folder, `edits` edits each; panics listing every broken
/// promise.
fn run(files: usize, edits: usize) -> Option<Counts> {
    let corpus = snapshots::corpus_dir()?;
    let mut counts = Counts::default();
    let mut broken = Vec::new();
    for folder in FOLDERS {
        let dir = corpus.join(folder);
        assert!(dir.is_dir(), "corpus folder {folder} exists");
        let before = counts.files;
        let readable = files_by_size(&dir)
            .into_iter()
            .filter_map(|path| read(&path).map(|model| (path, model)));
        for (path, model) in readable.take(files) {
            broken.extend(edit_file(&path, &model, edits, &mut counts));
            eprintln!("{}: {counts:?}", path.display());
        }
        assert!(counts.files > before, "{folder} has readable files");
    }
    eprintln!("{counts:?}");
    assert!(
        broken.is_empty(),
        "{} broken of {counts:?}:\n{}",
        broken.len(),
        broken.join("\n")
    );
    assert!(counts.accepted > 0 && counts.refused > 0, "{counts:?}");
    Some(counts)
}

#[test]
fn edited_json_is_refused_naming_a_field_or_written_readably() {
    run(2, 30);
}

#[test]
#[ignore = "every corpus file; run in release"]
fn every_corpus_file_survives_edited_json() {
    run(usize::MAX, 20);
}

/// Sets the first value under `key` (depth first) to `null`; false when there is none.
fn null_first(value: &mut Value, key: &str) -> bool {
    match value {
        Value::Object(fields) => {
            if let Some(found) = fields.get_mut(key) {
                *found = Value::Null;
                return true;
            }
            fields.values_mut().any(|v| null_first(v, key))
        }
        Value::Array(items) => items.iter_mut().any(|v| null_first(v, key)),
        _ => false,
    }
}

/// The Satisfactory body's SaveVersion gates (schema-derive's, through JSON): a SaveVersion 53
/// save whose object version data is dropped in JSON is taken, and the writer refuses it naming
/// the field, the rule and the version.
#[test]
fn dropped_object_version_data_is_refused_by_the_writer() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let model = read(&corpus.join("satisfactory/saves/Empty-Save-Before-1.2.sav")).expect("reads");
    let json = serde_json::to_value(&model).unwrap();
    for (key, rule) in [
        ("persistent_level_version_data", "save_version >= 53"),
        ("version_data", "save_version >= 53"),
        ("save_version", "save_version >= 51"),
    ] {
        let mut edited = json.clone();
        // The first level's own fields are found before anything inside its objects.
        let body = edited.pointer_mut("/data/file/body").expect("a save body");
        assert!(null_first(body, key), "the body has {key}");
        let model = AnyFile::from_json_value(edited).expect("an absent Option is valid JSON");
        let err = model
            .write()
            .expect_err("the writer refuses it")
            .to_string();
        assert!(err.contains(key), "{err}");
        assert!(
            err.contains(&format!("({rule}) must be present at save_version 53")),
            "{err}"
        );
    }
}

/// Found by the every-file run: a blueprint config or blueprint whose leading version is edited
/// out of the range detection knows was written, and then not recognised. The writer refuses it.
#[test]
fn leading_versions_detection_would_not_recognise_are_refused() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let dir = corpus.join("satisfactory/blueprints");
    for (name, pointer, version) in [
        (
            "release-two-foundations.sbpcfg",
            "/data/file/config_version",
            412,
        ),
        (
            "release-two-foundations.sbpcfg",
            "/data/file/config_version",
            -1,
        ),
        (
            "release-two-foundations.sbp",
            "/data/file/header/header_version",
            3,
        ),
    ] {
        let model = read(&dir.join(name)).expect("reads");
        let mut json = serde_json::to_value(&model).unwrap();
        *json.pointer_mut(pointer).expect("the version") = Value::from(version);
        let model = AnyFile::from_json_value(json).expect("any i32 is valid JSON");
        let err = model
            .write()
            .expect_err("the writer refuses it")
            .to_string();
        let field = pointer.rsplit('/').next().unwrap();
        assert!(err.contains(field), "{err}");
        assert!(
            err.contains(&format!("version {version} would not be recognised")),
            "{err}"
        );
    }
}

/// The stricter read-back check can fail: a decoded Satisfactory object turned into kept bytes
/// counts as one more undecoded part.
#[test]
fn undecoded_parts_count_objects_kept_as_bytes() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let model = read(&corpus.join("satisfactory/saves/Another-1-2.sav")).expect("reads");
    let mut json = serde_json::to_value(&model).unwrap();
    let levels = json
        .pointer_mut("/data/file/body/levels")
        .and_then(Value::as_array_mut)
        .expect("a save's levels");
    let object = levels
        .iter_mut()
        .flat_map(|level| level["objects"].as_array_mut().into_iter().flatten())
        .find(|o| o["data"].get("decoded").is_some())
        .expect("a decoded object");
    object["data"] = serde_json::json!({"raw": {"bytes": "0102", "reason": "edited"}});
    let edited = AnyFile::from_json_value(json).expect("well-formed JSON");
    assert_eq!(undecoded(&edited), undecoded(&model) + 1);
}

/// The forms of refusal the property test accepts as naming a field, and ones it does not.
#[test]
fn refusals_name_a_field_in_each_form() {
    assert!(names_a_field(
        "json: invalid type: string, field body.levels[3]"
    ));
    assert!(names_a_field("json: missing field `format`"));
    assert!(names_a_field("gvas: body.x: bad value at 0x10"));
    assert!(!names_a_field("json: missing field ``"));
    assert!(!names_a_field("chunk header: not a zlib archive header"));
    assert!(!names_a_field("json: expected value, field "));
}
