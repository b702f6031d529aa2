//! Differential test against the official Kaitai Struct compiler: the header of every corpus save
//! (`FSaveHeader`) and blueprint (`FBlueprintHeader`) with the chunk headers after it
//! (`ChunkHeader`) and the objects of its body (each `ObjectHeader` and, in a save, the data blob
//! entry's `FObjectSaveData` and each level's fields after its blobs, `PerStreamingLevelTail`),
//! and every blueprint config
//! (`BlueprintConfig`), read by this crate must give the same values as the Python parser that
//! `kaitai-struct-compiler` generated from `formats/satisfactory/schema/*.ksy`, and one that fails
//! in one must fail in the other.
//!
//! The Kaitai side needs node and Python packages, so the test is ignored in a plain `cargo test`;
//! `formats/satisfactory/schema/kaitai-diff.sh` installs them, writes the Kaitai dumps and runs it
//! with `SATISFACTORY_KAITAI_DUMPS` pointing at them.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use binrw::BinRead;
use satisfactory::{
    BlueprintConfig, ChunkHeader, FBlueprintHeader, FPerStreamingLevelSaveData, FSaveHeader,
    SatisfactoryFile, SaveObject,
};
use serde::Serialize;
use serde_json::{Value, json};
use snapshots::json::{first_difference, read_dump, read_status};

#[test]
#[ignore = "needs the Kaitai dumps; run formats/satisfactory/schema/kaitai-diff.sh"]
fn kaitai_python_reads_the_same_headers() {
    let dumps = PathBuf::from(std::env::var_os("SATISFACTORY_KAITAI_DUMPS").expect(
        "SATISFACTORY_KAITAI_DUMPS not set: run formats/satisfactory/schema/kaitai-diff.sh",
    ));
    let corpus = snapshots::corpus_subdir("satisfactory").expect("the test needs the corpus");
    let status = read_status(&dumps);
    let files = headers(&corpus);
    assert!(
        files.len() > 100,
        "{} saves and blueprints in the manifest",
        files.len()
    );
    let mut failures = Vec::new();
    let (mut same, mut both_failed) = (0, 0);
    let mut objects = Objects::default();
    for (path, kind) in &files {
        let data = std::fs::read(corpus.join(path)).expect("corpus file");
        let (name, rust) = match kind.as_str() {
            "sav" => ("FSaveHeader", header_json::<FSaveHeader>(&data)),
            "sbp" => ("FBlueprintHeader", header_json::<FBlueprintHeader>(&data)),
            _ => ("BlueprintConfig", config_json(&data)),
        };
        let kaitai = status
            .get(path)
            .unwrap_or_else(|| panic!("{path}: no Kaitai result in status.tsv"));
        match (rust, kaitai.as_str()) {
            (Ok(ours), "ok") => {
                let diff = first_difference(&ours, &read_dump(&dumps, path), name)
                    .or_else(|| chunks_difference(&data, kind, &dumps, path))
                    .or_else(|| objects_difference(&data, kind, &dumps, path, &mut objects));
                match diff {
                    None => same += 1,
                    Some(diff) => failures.push(format!("{path}: {diff}")),
                }
            }
            (Err(_), k) if k.starts_with("error: ") => both_failed += 1,
            (rust, k) => failures.push(format!(
                "{path}: Rust gave {}, Kaitai gave {k}",
                rust.map_or_else(|e| e, |_| "ok".into())
            )),
        }
    }
    eprintln!(
        "{same} headers and configs read the same values, {both_failed} failed in both, {} differ",
        failures.len()
    );
    eprintln!(
        "{} object headers, {} data blob entries and {} level tails read the same values ({} \
         bodies failed in both)",
        objects.headers, objects.entries, objects.level_tails, objects.both_failed
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        objects.headers > 100_000,
        "{} object headers",
        objects.headers
    );
    assert!(
        objects.level_tails > 1_000,
        "{} level tails",
        objects.level_tails
    );
    assert_eq!(same + both_failed, files.len());
}

/// The header at the start of `data` as the crate reads it, in its JSON form.
fn header_json<H>(data: &[u8]) -> Result<Value, String>
where
    H: for<'a> BinRead<Args<'a> = ()> + Serialize,
{
    let header = H::read_le(&mut Cursor::new(data)).map_err(|e| e.to_string())?;
    Ok(serde_json::to_value(&header).expect("a header serialises to JSON"))
}

/// Where the chunk headers of a save or blueprint, as the crate reads them (after the header,
/// each chunk's stream skipped), differ from Kaitai's `<path>.chunks.json`; `None` for a config.
fn chunks_difference(data: &[u8], kind: &str, dumps: &Path, path: &str) -> Option<String> {
    let mut cursor = Cursor::new(data);
    match kind {
        "sav" => FSaveHeader::read_le(&mut cursor).map(drop),
        "sbp" => FBlueprintHeader::read_le(&mut cursor).map(drop),
        _ => return None,
    }
    .expect("the header read before");
    let mut chunks = Vec::new();
    while (cursor.position() as usize) < data.len() {
        let header = match ChunkHeader::read_le(&mut cursor) {
            Ok(header) => header,
            Err(e) => return Some(format!("ChunkHeader[{}]: {e}", chunks.len())),
        };
        let skip = u64::try_from(header.compressed_size).unwrap_or(u64::MAX);
        cursor.set_position(cursor.position().saturating_add(skip));
        chunks.push(header);
    }
    let ours = serde_json::to_value(&chunks).expect("chunk headers serialise to JSON");
    first_difference(
        &ours,
        &read_dump(dumps, &format!("{path}.chunks")),
        "ChunkHeader",
    )
}

/// What the body walk compared.
#[derive(Default)]
struct Objects {
    headers: usize,
    entries: usize,
    level_tails: usize,
    both_failed: usize,
}

/// Where the objects of a save or blueprint, as the crate reads them (each one's TOC header and,
/// in a save, the fields of its data blob entry around the bytes), differ from Kaitai's
/// `<path>.objects.json`, its walk of the inflated body; `None` for a config. A body that fails in
/// one must fail in the other.
fn objects_difference(
    data: &[u8],
    kind: &str,
    dumps: &Path,
    path: &str,
    n: &mut Objects,
) -> Option<String> {
    if kind == "sbpcfg" {
        return None;
    }
    let theirs = read_dump(dumps, &format!("{path}.objects"));
    let file = match SatisfactoryFile::read(data) {
        Ok(file) => file,
        Err(_) if theirs.get("error").is_some() => {
            n.both_failed += 1;
            return None;
        }
        Err(e) => return Some(format!("Rust gave {e}, Kaitai read the objects")),
    };
    let (objects, levels): (Vec<&SaveObject>, _) = match &file {
        SatisfactoryFile::Save(s) => (s.body.objects().collect(), s.body.levels.as_slice()),
        SatisfactoryFile::Blueprint(b) => (b.body.objects.iter().collect(), &[][..]),
        SatisfactoryFile::BlueprintConfig(_) => return None,
    };
    let ours: Vec<Value> = objects
        .iter()
        .map(|o| {
            let mut object = json!({"header": o.header});
            if let Some(s) = &o.save_data {
                object["save_data"] = json!(s);
                n.entries += 1;
            }
            object
        })
        .collect();
    n.headers += ours.len();
    n.level_tails += levels.len();
    first_difference(&Value::Array(ours), &theirs, "objects").or_else(|| {
        let theirs = read_dump(dumps, &format!("{path}.levels"));
        first_difference(&level_tails(levels), &theirs, "PerStreamingLevelTail")
    })
}

/// The fields of each level that body.ksy's `per_streaming_level_tail` reads after its blobs, as
/// the crate's model holds them, under the schema's names (the model calls the level's
/// `level_save_version` `save_version`).
fn level_tails(levels: &[FPerStreamingLevelSaveData]) -> Value {
    let tails = levels.iter().map(|l| {
        json!({
            "level_save_version": l.save_version,
            "destroyed_actors": l.destroyed_actors,
            "version_data": l.version_data,
        })
    });
    Value::Array(tails.collect())
}

/// A whole config as the crate reads it, in its JSON form.
fn config_json(data: &[u8]) -> Result<Value, String> {
    let config = BlueprintConfig::read(data).map_err(|e| e.to_string())?;
    Ok(serde_json::to_value(&config).expect("a config serialises to JSON"))
}

/// The manifest's saves, blueprints and configs: (corpus path, kind `sav`, `sbp` or `sbpcfg`).
fn headers(corpus: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(corpus.join("MANIFEST.tsv")).expect("manifest");
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let mut cells = line.split('\t');
            let path = cells.next()?;
            let kind = cells.next()?;
            matches!(kind, "sav" | "sbp" | "sbpcfg").then(|| (path.to_owned(), kind.to_owned()))
        })
        .collect()
}
