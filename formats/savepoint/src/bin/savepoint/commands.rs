//! The subcommands. Each returns `Ok(true)` on success, `Ok(false)` when a file failed (the
//! details are already printed) and `Err` for a failure to report on stderr.

use std::io::Write;
use std::path::Path;

use savepoint::{AnyFile, ReadOptions, RoundTrip, detect};

use crate::manifest::Manifests;
use crate::walk;

/// Reads a file, returning an error message that names it.
fn read_file(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

fn file_name(path: &Path) -> Option<&str> {
    path.file_name().and_then(|n| n.to_str())
}

fn parse(path: &Path, bytes: &[u8], options: &ReadOptions) -> Result<AnyFile, String> {
    AnyFile::read(bytes, file_name(path), options).map_err(|e| format!("{}: {e}", path.display()))
}

/// `savepoint info FILE`
pub fn info(path: &Path, options: &ReadOptions) -> Result<bool, String> {
    let bytes = read_file(path)?;
    let format = detect(&bytes, file_name(path))
        .ok_or_else(|| format!("{}: {}", path.display(), savepoint::Error::UnknownFormat))?;
    let file = parse(path, &bytes, options)?;
    let mut lines = vec![
        ("file", path.display().to_string()),
        ("detected", format.name().to_owned()),
        ("size", bytes.len().to_string()),
    ];
    lines.extend(file.summary());
    let width = lines.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let mut text = String::new();
    for (key, value) in lines {
        text.push_str(&format!("{key:<width$}  {value}\n"));
    }
    print(&text)?;
    Ok(true)
}

/// Why reading or rewriting a file failed.
struct Failure {
    message: String,
    /// The format is recognised but this build cannot read it yet.
    unsupported: bool,
}

fn round_trip_file(path: &Path, options: &ReadOptions) -> Result<RoundTrip, Failure> {
    let bytes = read_file(path).map_err(|message| Failure {
        message,
        unsupported: false,
    })?;
    AnyFile::round_trip(&bytes, file_name(path), options).map_err(|e| Failure {
        unsupported: matches!(e, savepoint::Error::Unsupported(_)),
        message: e.to_string(),
    })
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
pub fn round_trip(
    paths: &[std::path::PathBuf],
    options: &ReadOptions,
    use_manifests: bool,
) -> Result<bool, String> {
    if paths.is_empty() {
        return built_in_round_trip();
    }
    let files = walk::expand(paths).map_err(|e| format!("roundtrip: {e}"))?;
    let mut manifests = Manifests::default();
    let mut verdicts = Vec::with_capacity(files.len());
    for path in &files {
        let expect = match use_manifests {
            false => Expect::Plain,
            true if manifests.must_fail(path) => Expect::Error,
            true => Expect::Success,
        };
        let (verdict, line) = judge(round_trip_file(path, options), expect);
        verdicts.push(verdict);
        print(&format!("{}: {line}\n", path.display()))?;
    }
    print(&format!("{}\n", totals_line(&verdicts)))?;
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

/// `savepoint to-json FILE [-o OUT]`
pub fn to_json(
    path: &Path,
    out: Option<&Path>,
    pretty: bool,
    options: &ReadOptions,
) -> Result<bool, String> {
    let bytes = read_file(path)?;
    let file = parse(path, &bytes, options)?;
    let json = if pretty {
        file.to_json_pretty()
    } else {
        file.to_json()
    };
    let mut json = json.map_err(|e| format!("{}: {e}", path.display()))?;
    json.push('\n');
    match out {
        Some(out) => write_file(out, json.as_bytes())?,
        None => print(&json)?,
    }
    Ok(true)
}

/// `savepoint from-json FILE.json -o OUT`
pub fn from_json(path: &Path, out: &Path) -> Result<bool, String> {
    let json = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file = AnyFile::from_json(&json).map_err(|e| format!("{}: {e}", path.display()))?;
    let bytes = file
        .write()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    write_file(out, &bytes)?;
    Ok(true)
}

/// Status a shell reports for a writer killed by SIGPIPE (128 + 13).
const EXIT_BROKEN_PIPE: i32 = 141;

/// Writes to stdout. A closed pipe (`savepoint ... | head`) ends the program quietly, as the
/// SIGPIPE default would for a C tool: the reader has all it wanted, so no message is printed.
fn print(text: &str) -> Result<(), String> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            std::process::exit(EXIT_BROKEN_PIPE)
        }
        other => other.map_err(|e| format!("stdout: {e}")),
    }
}
