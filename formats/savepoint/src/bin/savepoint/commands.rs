//! The subcommands. Each returns `Ok(true)` on success, `Ok(false)` when a file failed (the
//! details are already printed) and `Err` for a failure to report on stderr.

use std::collections::BTreeSet;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use savepoint::{AnyFile, Format, ReadOptions, RoundTrip, StructHint, detect};
use serde_json::Value;

use crate::args::{OutArgs, ReadArgs, RequiredOutArgs};
use crate::batch;
use crate::input::{self, file_name, show};
use crate::manifest::Manifests;
use crate::output::{Target, print, warn};
use crate::tree;
use crate::walk::{self, Entry};

/// Why a command stopped: a failure (exit 1) or a usage error found after parsing (exit 2).
pub enum Stop {
    Failed(String),
    Usage(String),
}

impl From<String> for Stop {
    fn from(message: String) -> Self {
        Stop::Failed(message)
    }
}

pub type Outcome = Result<bool, Stop>;

/// A file read and parsed, with the indices of the hints that name a map or set in it.
struct Loaded {
    bytes: Vec<u8>,
    file: AnyFile,
    hints_matched: Vec<usize>,
}

fn load(path: &Path, read: &ReadArgs, options: &ReadOptions) -> Result<Loaded, String> {
    let bytes = input::read(path, read.limit.max_size)?;
    let file = AnyFile::read(&bytes, file_name(path), options)
        .map_err(|e| format!("{}: {e}", show(path)))?;
    let hints_matched = matched_hints(&file, &options.hints);
    Ok(Loaded {
        bytes,
        file,
        hints_matched,
    })
}

/// Indices of `hints` whose path names a map's Key/Value or a set in `file`.
fn matched_hints(file: &AnyFile, hints: &[StructHint]) -> Vec<usize> {
    if hints.is_empty() || !matches!(file, AnyFile::Gvas(_)) {
        return Vec::new();
    }
    let Ok(value) = serde_json::to_value(file) else {
        return Vec::new();
    };
    let paths = tree::hint_paths(&value);
    // A hint below a value kept as raw bytes cannot be checked: the hint may be what made it raw.
    let raw = tree::raw_values(&value);
    let under_raw = |path: &str| {
        raw.iter().any(|r| {
            path.strip_prefix(r.as_str())
                .is_some_and(|rest| rest.starts_with('.'))
        })
    };
    (0..hints.len())
        .filter(|&i| paths.contains(&hints[i].path) || under_raw(&hints[i].path))
        .collect()
}

/// An error for the hints that matched nothing in the files read.
fn check_hints(hints: &[StructHint], matched: &BTreeSet<usize>) -> Result<(), String> {
    let unmatched: Vec<String> = (0..hints.len())
        .filter(|i| !matched.contains(i))
        .map(|i| format!("{}={}", hints[i].path, hints[i].type_name))
        .collect();
    if unmatched.is_empty() {
        return Ok(());
    }
    Err(format!(
        "--hint {}: the path names no map Key/Value or set in the files read \
         (hints apply to Unreal map and set elements, e.g. PlayerAttributes.Key=Struct)",
        unmatched.join(", --hint ")
    ))
}

/// Loads one file for the single-file commands, requiring every hint to match.
fn load_one(path: &Path, read: &ReadArgs) -> Result<Loaded, String> {
    let loaded = load(path, read, &read.options())?;
    check_hints(&read.hint, &loaded.hints_matched.iter().copied().collect())?;
    Ok(loaded)
}

/// `savepoint info PATH...`
pub fn info(paths: &[PathBuf], read: &ReadArgs) -> Outcome {
    let entries = walk::expand(paths)?;
    let options = read.options();
    let mut ok = true;
    let mut matched = BTreeSet::new();
    let mut any_read = false;
    let mut first = true;
    batch::ordered(
        &entries,
        |entry| info_text(entry, read, &options),
        |entry, result| {
            match result {
                None => warn(&format!(
                    "{}: skipped: {}",
                    show(&entry.path),
                    entry.skip.as_deref().unwrap_or_default()
                )),
                Some(Ok((text, hints))) => {
                    any_read = true;
                    matched.extend(hints);
                    let gap = if first { "" } else { "\n" };
                    first = false;
                    print(&format!("{gap}{text}"))?;
                }
                Some(Err(message)) => {
                    ok = false;
                    warn(&message);
                }
            }
            Ok(())
        },
    )?;
    if any_read {
        check_hints(&read.hint, &matched)?;
    }
    Ok(ok)
}

/// The `info` block of one file and the hints it matched; `None` for a skipped entry.
fn info_text(
    entry: &Entry,
    read: &ReadArgs,
    options: &ReadOptions,
) -> Option<Result<(String, Vec<usize>), String>> {
    if entry.skip.is_some() {
        return None;
    }
    let path = &entry.path;
    Some(load(path, read, options).map(|loaded| {
        let format = detect(&loaded.bytes, file_name(path)).unwrap_or(loaded.file.format());
        let mut lines = vec![
            ("file", show(path)),
            ("detected", format.name().to_owned()),
            ("size", loaded.bytes.len().to_string()),
        ];
        lines.extend(loaded.file.summary());
        lines.extend(raw_lines(&loaded.file));
        let width = lines.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
        let text = lines
            .iter()
            .map(|(key, value)| format!("{key:<width$}  {value}\n"))
            .collect();
        (text, loaded.hints_matched)
    }))
}

/// How many property values fell back to raw bytes, and the first few paths (GVAS only: the
/// other readers decode everything or fail).
fn raw_lines(file: &AnyFile) -> Vec<(&'static str, String)> {
    const SHOWN: usize = 5;
    if !matches!(file, AnyFile::Gvas(_)) {
        return Vec::new();
    }
    let Ok(value) = serde_json::to_value(file) else {
        return Vec::new();
    };
    let raw = tree::raw_values(&value);
    let mut lines = vec![("raw_values", raw.len().to_string())];
    if !raw.is_empty() {
        let mut at = raw[..raw.len().min(SHOWN)].join(", ");
        if raw.len() > SHOWN {
            at.push_str(&format!(", ... ({} more)", raw.len() - SHOWN));
        }
        lines.push(("raw_at", at.escape_debug().to_string()));
    }
    lines
}

/// Why reading or rewriting a file failed.
struct Failure {
    message: String,
    /// The format is recognised but this build cannot read it yet.
    unsupported: bool,
}

/// Reads, rewrites and compares one file; also the hints that matched in it.
fn round_trip_file(
    path: &Path,
    read: &ReadArgs,
    options: &ReadOptions,
) -> (Result<RoundTrip, Failure>, Vec<usize>) {
    let failed = |message| Failure {
        message,
        unsupported: false,
    };
    let bytes = match input::read(path, read.limit.max_size) {
        Ok(bytes) => bytes,
        Err(message) => return (Err(failed(message)), Vec::new()),
    };
    let file = match AnyFile::read(&bytes, file_name(path), options) {
        Ok(file) => file,
        Err(e) => {
            let unsupported = matches!(e, savepoint::Error::Unsupported(_));
            let message = e.to_string();
            return (
                Err(Failure {
                    message,
                    unsupported,
                }),
                Vec::new(),
            );
        }
    };
    let hints = matched_hints(&file, &options.hints);
    let result = file
        .write()
        .map(|written| RoundTrip::compare(&bytes, &written))
        .map_err(|e| failed(e.to_string()));
    (result, hints)
}

/// What a `roundtrip` run expects of one file.
#[derive(Clone, Copy, PartialEq)]
enum Expect {
    /// `--no-manifest`: every error is a failure.
    Plain,
    /// Manifest-aware, not listed as must-fail: formats not supported yet are skipped.
    Success,
    /// The corpus manifest says reading this file must fail.
    Error,
}

/// How one file counts in the closing line.
#[derive(Clone, Copy, PartialEq)]
enum Verdict {
    Passed,
    Failed,
    Skipped,
}

/// One file's verdict and `roundtrip` line (after the path).
fn judge(result: Result<RoundTrip, Failure>, expect: Expect) -> (Verdict, String) {
    match (result, expect) {
        (Ok(_), Expect::Error) => (
            Verdict::Failed,
            "parsed, but MANIFEST.tsv expects an error".to_owned(),
        ),
        (Ok(RoundTrip::Identical), _) => (Verdict::Passed, "ok".to_owned()),
        (Ok(RoundTrip::DiffersAt(offset)), _) => {
            (Verdict::Failed, format!("differs at offset {offset}"))
        }
        (Err(failure), Expect::Error) => (
            Verdict::Passed,
            format!("ok (expected error: {})", failure.message),
        ),
        (Err(failure), Expect::Success) if failure.unsupported => {
            (Verdict::Skipped, format!("skipped: {}", failure.message))
        }
        (Err(failure), _) => (Verdict::Failed, format!("error: {}", failure.message)),
    }
}

/// The closing line: `N passed, M failed`, plus `, K skipped` when anything was skipped.
fn totals_line(verdicts: &[Verdict]) -> String {
    let count = |v| verdicts.iter().filter(|&&x| x == v).count();
    let mut line = format!(
        "{} passed, {} failed",
        count(Verdict::Passed),
        count(Verdict::Failed)
    );
    let skipped = count(Verdict::Skipped);
    if skipped > 0 {
        line.push_str(&format!(", {skipped} skipped"));
    }
    line
}

/// `savepoint roundtrip [PATH...]`; with `use_manifests`, each file is judged against the
/// nearest corpus `MANIFEST.tsv` (see [`crate::manifest`]).
pub fn round_trip(paths: &[PathBuf], read: &ReadArgs, use_manifests: bool) -> Outcome {
    if paths.is_empty() {
        return Ok(built_in_round_trip()?);
    }
    let entries = walk::expand(paths)?;
    let options = read.options();
    let mut manifests = Manifests::default();
    let mut verdicts = Vec::with_capacity(entries.len());
    let mut matched = BTreeSet::new();
    batch::ordered(
        &entries,
        |entry| match &entry.skip {
            Some(_) => None,
            None => Some(round_trip_file(&entry.path, read, &options)),
        },
        |entry, result| {
            let (verdict, line) = match (result, &entry.skip) {
                (None, skip) => (
                    Verdict::Skipped,
                    format!("skipped: {}", skip.as_deref().unwrap_or_default()),
                ),
                (Some((result, hints)), _) => {
                    matched.extend(hints);
                    let expect = match use_manifests {
                        false => Expect::Plain,
                        true if manifests.must_fail(&entry.path) => Expect::Error,
                        true => Expect::Success,
                    };
                    judge(result, expect)
                }
            };
            verdicts.push(verdict);
            print(&format!("{}: {line}\n", show(&entry.path)))
        },
    )?;
    print(&format!("{}\n", totals_line(&verdicts)))?;
    if let Err(message) = check_hints(&read.hint, &matched) {
        warn(&message);
        return Ok(false);
    }
    Ok(!verdicts.contains(&Verdict::Failed))
}

/// `savepoint roundtrip` without paths: write the built-in save, read it back, compare the model
/// and the bytes written again.
fn built_in_round_trip() -> Result<bool, String> {
    let example = AnyFile::example();
    let result = example.write().and_then(|bytes| {
        let reread = AnyFile::read_as(example.format(), &bytes, &ReadOptions::default())?;
        Ok((reread.write()?, bytes, reread))
    });
    let (ok, line) = match result {
        Ok((_, _, reread)) if reread != example => (
            false,
            "error: the re-read model differs from the built-in one".to_owned(),
        ),
        Ok((again, bytes, _)) => match RoundTrip::compare(&bytes, &again) {
            RoundTrip::Identical => (true, "ok".to_owned()),
            RoundTrip::DiffersAt(offset) => (false, format!("differs at offset {offset}")),
        },
        Err(e) => (false, format!("error: {e}")),
    };
    print(&format!(
        "built-in {} (written from Rust values): {line}\n{} passed, {} failed\n",
        example.format(),
        usize::from(ok),
        usize::from(!ok)
    ))?;
    Ok(ok)
}

/// `savepoint to-json PATH... [-o OUT] [--pretty | --json-lines]`
pub fn to_json(
    paths: &[PathBuf],
    out: &OutArgs,
    pretty: bool,
    json_lines: bool,
    read: &ReadArgs,
) -> Outcome {
    let entries = walk::expand(paths)?;
    let several = entries.len() != 1 || paths.iter().any(|p| !input::is_dash(p) && p.is_dir());
    if several && !json_lines {
        return Err(Stop::Usage(
            "to-json: several files (or a directory) need --json-lines".to_owned(),
        ));
    }
    let inputs: Vec<&Path> = entries.iter().map(|e| e.path.as_path()).collect();
    let target = match &out.output {
        Some(path) => Target::check(path, out.force, &inputs)?,
        None => Target::Stdout,
    };
    let mut sink = target.open()?;
    // Only a bare to-json (no -o) at a terminal is guarded: `-o -` and pipes are asked for.
    let to_terminal = out.output.is_none() && std::io::stdout().is_terminal();
    let mut printed = 0;
    let options = read.options();
    let mut ok = true;
    let mut matched = BTreeSet::new();
    let mut any_read = false;
    let buffers = savepoint::Buffers::default();
    batch::ordered(
        &entries,
        |entry| match &entry.skip {
            Some(skip) => Err(format!("{}: skipped: {skip}", show(&entry.path))),
            None => json_of(
                &entry.path,
                read,
                &options,
                pretty,
                json_lines,
                buffers.take(),
            ),
        },
        |_, result| {
            match result {
                Ok((json, hints)) => {
                    any_read = true;
                    matched.extend(hints);
                    printed += json.len();
                    if let Some(refusal) = terminal_refusal(printed, to_terminal) {
                        return Err(refusal);
                    }
                    sink.write(&json)?;
                    buffers.give(json);
                }
                Err(message) => {
                    ok = false;
                    warn(&message);
                }
            }
            Ok(())
        },
    )?;
    if any_read {
        check_hints(&read.hint, &matched)?;
    }
    sink.finish()?;
    Ok(ok)
}

/// Most JSON `to-json` prints to a terminal unasked (16 MiB): a large save's JSON runs to hundreds
/// of MB, which would flood the terminal for minutes.
pub const TERMINAL_JSON_LIMIT: usize = 16 << 20;

/// Why `len` bytes of JSON are not printed, when they would go to a terminal unasked and exceed
/// [`TERMINAL_JSON_LIMIT`].
fn terminal_refusal(len: usize, to_terminal: bool) -> Option<String> {
    (to_terminal && len > TERMINAL_JSON_LIMIT).then(|| {
        format!(
            "to-json: {:.1} MiB of JSON would go to the terminal (more than {} MiB); \
             write it with -o FILE, pipe it, or give -o - to print it anyway",
            len as f64 / f64::from(1 << 20),
            TERMINAL_JSON_LIMIT >> 20
        )
    })
}

/// One file's JSON line (or document), newline included, written into `out` (empty).
fn json_of(
    path: &Path,
    read: &ReadArgs,
    options: &ReadOptions,
    pretty: bool,
    json_lines: bool,
    mut out: Vec<u8>,
) -> Result<(Vec<u8>, Vec<usize>), String> {
    let loaded = load(path, read, options)?;
    let failed = |e: savepoint::Error| format!("{}: {e}", show(path));
    if pretty {
        out = loaded.file.to_json_pretty().map_err(failed)?.into_bytes();
    } else if json_lines {
        // `{"path":NAME` then the file's object, whose opening brace becomes the comma.
        let name = serde_json::to_string(&path.to_string_lossy()).map_err(|e| e.to_string())?;
        out.extend_from_slice(b"{\"path\":");
        out.extend_from_slice(name.as_bytes());
        let brace = out.len();
        loaded.file.write_json(&mut out).map_err(failed)?;
        if let Some(b @ b'{') = out.get_mut(brace) {
            *b = b',';
        }
    } else {
        loaded.file.write_json(&mut out).map_err(failed)?;
    }
    out.push(b'\n');
    Ok((out, loaded.hints_matched))
}

/// `savepoint from-json FILE.json -o OUT`
pub fn from_json(path: &Path, out: &RequiredOutArgs, max_size: u64) -> Outcome {
    let target = Target::check(&out.output, out.force, &[path])?;
    let json = input::read(path, max_size)?;
    let file = parse_json(path, &json)?;
    write_file(path, &file, &target)?;
    Ok(true)
}

fn parse_json(path: &Path, json: &[u8]) -> Result<AnyFile, String> {
    AnyFile::from_json_slice(json).map_err(|e| format!("{}: {e}", show(path)))
}

/// Writes `file`'s bytes to `target`; `source` names the input in errors.
fn write_file(source: &Path, file: &AnyFile, target: &Target) -> Result<(), String> {
    let bytes = file.write().map_err(|e| format!("{}: {e}", show(source)))?;
    let mut sink = target.open()?;
    sink.write(&bytes)?;
    sink.finish()
}

/// `get` prints values up to this long on one line.
const SHORT_VALUE: usize = 80;

/// `savepoint get FILE PATH`
pub fn get(path: &Path, at: &str, read: &ReadArgs) -> Outcome {
    let loaded = load_one(path, read)?;
    let value = to_value(path, &loaded.file)?;
    let found = tree::get(&value, at)?;
    // Short values on one line, larger ones indented.
    let mut text = found.to_string();
    if text.len() > SHORT_VALUE {
        text = serde_json::to_string_pretty(found).map_err(|e| e.to_string())?;
    }
    print(&format!("{text}\n"))?;
    Ok(true)
}

fn to_value(path: &Path, file: &AnyFile) -> Result<Value, String> {
    serde_json::to_value(file).map_err(|e| format!("{}: json: {e}", show(path)))
}

/// `savepoint set FILE PATH VALUE -o OUT`
pub fn set(path: &Path, at: &str, value: &str, out: &RequiredOutArgs, read: &ReadArgs) -> Outcome {
    let target = Target::check(&out.output, out.force, &[path])?;
    let loaded = load_one(path, read)?;
    let mut tree = to_value(path, &loaded.file)?;
    let new = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_owned()));
    tree::set(&mut tree, at, new)?;
    let file = AnyFile::from_json_value(tree)
        .map_err(|e| format!("{}: {at}: the new value does not fit: {e}", show(path)))?;
    write_file(path, &file, &target)?;
    Ok(true)
}

/// `savepoint diff A B`: exit status 1 when they differ, as diff(1).
pub fn diff(a: &Path, b: &Path, read: &ReadArgs) -> Outcome {
    let options = read.options();
    let (left, right) = (load(a, read, &options)?, load(b, read, &options)?);
    let matched = left.hints_matched.iter().chain(&right.hints_matched);
    check_hints(&read.hint, &matched.copied().collect())?;
    let (fa, fb) = (left.file.format(), right.file.format());
    if same_family(fa) != same_family(fb) {
        return Err(Stop::Failed(format!(
            "{} is a {fa}, {} a {fb}: diff compares files of one format",
            show(a),
            show(b)
        )));
    }
    let lines = tree::diff(&to_value(a, &left.file)?, &to_value(b, &right.file)?);
    let mut text = String::new();
    for line in &lines {
        // Values are JSON text already (quotes and controls escaped); what remains unprintable
        // (a property name's escape sequence, a bidi override) is escaped, quotes are not.
        text.push_str(&unreal::escape::escape_text(line, usize::MAX));
        text.push('\n');
    }
    print(&text)?;
    Ok(lines.is_empty())
}

/// Formats compared by `diff`: the GVAS containers share one model.
fn same_family(format: Format) -> Format {
    match format {
        Format::Palworld | Format::UeChunked | Format::Astroneer => Format::Gvas,
        other => other,
    }
}

/// `savepoint edit FILE`
pub fn edit(path: &Path, read: &ReadArgs) -> Outcome {
    let loaded = load_one(path, read)?;
    let json = loaded
        .file
        .to_json_pretty()
        .map_err(|e| format!("{}: {e}", show(path)))?;
    let Some(edited) = crate::edit::in_editor(&json)? else {
        warn(&format!("{}: no changes", show(path)));
        return Ok(true);
    };
    let file = match parse_json(path, edited.text.as_bytes()) {
        Ok(file) => file,
        Err(message) => {
            let kept = edited.keep()?;
            return Err(Stop::Failed(format!(
                "{message}; the file is unchanged, your edit is kept in {}",
                show(&kept)
            )));
        }
    };
    let target = match input::is_dash(path) {
        true => Target::Stdout,
        false => Target::File(path.to_path_buf()),
    };
    write_file(path, &file, &target)?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_large_json_to_a_terminal_is_refused() {
        assert_eq!(terminal_refusal(TERMINAL_JSON_LIMIT, true), None);
        assert_eq!(terminal_refusal(TERMINAL_JSON_LIMIT + 1, false), None);
        let refusal = terminal_refusal(TERMINAL_JSON_LIMIT + 1, true).expect("refused");
        assert!(
            refusal.contains("16.0 MiB") && refusal.contains("-o -"),
            "{refusal}"
        );
    }
}
