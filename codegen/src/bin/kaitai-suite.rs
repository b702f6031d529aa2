//! Runs Kaitai Struct's own test suite through the generator: for each `spec/ks/*.kst`,
//! generate `#[binrw]` types from the `.ksy` (`savepoint_codegen::binrw::suite`), compile all
//! of them as one scratch crate, read the input through binrw's `BinRead`, check every
//! assertion (or the expected exception), write the value back through `BinWrite` and compare
//! the bytes the read covered.
//!
//! Usage: `kaitai-suite KAITAI_TESTS_DIR [--min-pass N]`. A generated test may report itself
//! skipped at run time (an error text starting `skipped: `, see `binrw::suite`). Prints one line per test and
//! `N passed, M failed, K skipped`; exits 1 if fewer than `--min-pass` tests passed, or if a
//! generated reader panics, kills the process or hangs on a truncated copy of a test input
//! (each input is also read cut to 1 byte, half its length and one byte short; an error is
//! expected there, a panic is not). A test that runs longer than 20 s fails as timed out and its
//! process is killed, so a reader that loops forever fails the run instead of stalling it.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use savepoint_codegen::binrw::suite::{Check, generate_test};
use savepoint_codegen::expr::{self, Expr};
use savepoint_codegen::scratch::Scratch;
use serde_yaml::Value;

struct Test {
    id: String,
    data: PathBuf,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(root) = args.first().map(PathBuf::from) else {
        eprintln!("usage: kaitai-suite KAITAI_TESTS_DIR [--min-pass N]");
        return ExitCode::from(2);
    };
    let min_pass: usize = args
        .iter()
        .position(|a| a == "--min-pass")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    match run(&root) {
        Ok(passed) if passed >= min_pass => ExitCode::SUCCESS,
        Ok(passed) => {
            eprintln!("{passed} passed, below the required {min_pass}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(root: &Path) -> Result<usize, String> {
    let mut kst: Vec<PathBuf> = std::fs::read_dir(root.join("spec/ks"))
        .map_err(|e| format!("{}: {e}", root.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "kst"))
        .collect();
    kst.sort();
    let import_dirs = [root.join("formats/ks_path")];
    let mut results: BTreeMap<String, String> = BTreeMap::new();
    let mut tests = Vec::new();
    let mut modules = BTreeMap::new();
    for path in &kst {
        let id = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        match prepare(root, path, &import_dirs) {
            Ok((test, module)) => {
                modules.insert(format!("t_{}", test.id), module);
                tests.push(test);
            }
            Err(e) => {
                results.insert(id, format!("skipped: {e}"));
            }
        }
    }
    let dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"))
        .join("kaitai-suite-binrw");
    let scratch = Scratch {
        target_dir: dir.join("target"),
        dir,
        modules,
        main: Box::new(main_source),
    };
    let built = scratch.build()?;
    for (m, err) in &built.excluded {
        results.insert(
            m.trim_start_matches("t_").to_string(),
            format!("failed: generated code does not compile: {err}"),
        );
    }
    let runnable: Vec<&Test> = tests
        .iter()
        .filter(|t| !built.excluded.contains_key(&format!("t_{}", t.id)))
        .collect();
    let crashes = hostile_runs(&built.binary, &scratch.dir.join("truncated"), &runnable)?;
    results.extend(run_all(&built.binary, runnable, TEST_TIMEOUT)?);
    let (mut pass, mut fail, mut skip) = (0, 0, 0);
    for (id, verdict) in &results {
        println!("{id}: {verdict}");
        if verdict == "ok" {
            pass += 1;
        } else if verdict.starts_with("skipped") {
            skip += 1;
        } else {
            fail += 1;
        }
    }
    println!("{pass} passed, {fail} failed, {skip} skipped");
    if !crashes.is_empty() {
        for (id, v) in &crashes {
            eprintln!("truncated input of {id}: {v}");
        }
        return Err(format!(
            "{} truncated inputs made a generated reader panic or crash",
            crashes.len()
        ));
    }
    Ok(pass)
}

/// Reads truncated copies of every input (1 byte, half, one byte short): an error is
/// expected; a panic, a dead process or a hang is returned.
fn hostile_runs(
    binary: &Path,
    dir: &Path,
    tests: &[&Test],
) -> Result<Vec<(String, String)>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut cut_tests = Vec::new();
    for t in tests {
        let data = std::fs::read(&t.data).unwrap_or_default();
        for cut in [1, data.len() / 2, data.len().saturating_sub(1)] {
            if cut == 0 || cut >= data.len() {
                continue;
            }
            let path = dir.join(format!("{}.{cut}", t.id));
            std::fs::write(&path, &data[..cut]).map_err(|e| format!("{}: {e}", path.display()))?;
            cut_tests.push(Test {
                id: t.id.clone(),
                data: path,
            });
        }
    }
    Ok(run_all(binary, cut_tests.iter().collect(), TEST_TIMEOUT)?
        .into_iter()
        .filter(|(_, v)| {
            v.contains("panicked") || v.contains("process died") || v.contains("timed out")
        })
        .collect())
}

/// How long one test may run before it counts as hanging: the slowest suite test takes well
/// under a second, so this is a hang, not a slow machine.
const TEST_TIMEOUT: Duration = Duration::from_secs(20);

/// Runs the scratch binary on `pending`, restarting it after a test that kills it or runs
/// longer than `timeout` (the process is killed; the test fails as timed out).
fn run_all(
    binary: &Path,
    mut pending: Vec<&Test>,
    timeout: Duration,
) -> Result<Vec<(String, String)>, String> {
    let mut results = Vec::new();
    while !pending.is_empty() {
        let (done, stopped) = run_batch(binary, &pending, timeout, &mut results)?;
        let mut used = done;
        if done < pending.len() {
            let stuck = &pending[done];
            results.push((stuck.id.clone(), format!("failed: {stopped}")));
            used += 1;
        }
        pending.drain(..used);
    }
    Ok(results)
}

/// Runs one process over `pending`, collecting each `id\tverdict` line as it is printed (the
/// scratch binary's stdout is line-buffered), until the process ends or one test takes longer
/// than `timeout`. Returns how many tests reported and, when not all did, why the process
/// stopped.
fn run_batch(
    binary: &Path,
    pending: &[&Test],
    timeout: Duration,
    results: &mut Vec<(String, String)>,
) -> Result<(usize, String), String> {
    let mut cmd = Command::new(binary);
    for t in pending {
        cmd.arg(&t.id).arg(&t.data);
    }
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run the scratch binary: {e}"))?;
    let stdout = child
        .stdout
        .take()
        .ok_or("no stdout from the scratch binary")?;
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let mut done = 0;
    loop {
        match lines.recv_timeout(timeout) {
            Ok(line) => {
                if let Some((id, verdict)) = line.split_once('\t') {
                    results.push((id.to_string(), verdict.to_string()));
                    done += 1;
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                // A kill that fails means the process has just ended by itself.
                let _ = child.kill();
                let _ = child.wait();
                return Ok((done, format!("timed out after {} s", timeout.as_secs())));
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = child.wait().map_err(|e| e.to_string())?;
                return Ok((done, format!("the test process died ({status})")));
            }
        }
    }
}

fn prepare(root: &Path, kst: &Path, import_dirs: &[PathBuf]) -> Result<(Test, String), String> {
    let text = std::fs::read_to_string(kst).map_err(|e| e.to_string())?;
    let doc: Value = serde_yaml::from_str(&text).map_err(|e| format!("invalid .kst: {e}"))?;
    let id = doc
        .get("id")
        .and_then(Value::as_str)
        .ok_or("no id")?
        .to_string();
    let data = root
        .join("src")
        .join(doc.get("data").and_then(Value::as_str).ok_or("no data")?);
    let ksy_path = root.join("formats").join(format!("{id}.ksy"));
    let mut checks = Vec::new();
    if let Some(exc) = doc.get("exception") {
        let kind = exc
            .get("type")
            .and_then(Value::as_str)
            .or(exc.as_str())
            .unwrap_or_default();
        let kind = kind.split('<').next().unwrap_or_default().to_string();
        checks.push(Check::Exception(kind));
    }
    for a in doc
        .get("asserts")
        .and_then(Value::as_sequence)
        .into_iter()
        .flatten()
    {
        let e = |k: &str| -> Result<Expr, String> {
            match a.get(k) {
                Some(Value::String(s)) => expr::parse(s).map_err(|e| format!("kst {k}: {e}")),
                Some(Value::Number(n)) => Ok(n
                    .as_i64()
                    .map(|i| Expr::Int(i.into()))
                    .or_else(|| n.as_u64().map(|u| Expr::Int(u.into())))
                    .unwrap_or_else(|| Expr::Float(n.as_f64().unwrap_or(0.0)))),
                Some(Value::Bool(b)) => Ok(Expr::Bool(*b)),
                other => Err(format!("kst {k}: unsupported value {other:?}")),
            }
        };
        let raises = a.get("exception").and_then(Value::as_str);
        match raises {
            Some(kind) => checks.push(Check::Raises(e("actual")?, kind.to_string())),
            None => checks.push(Check::Assert(e("actual")?, e("expected")?)),
        }
    }
    let module = generate_test(&ksy_path, import_dirs, &checks).map_err(|e| e.to_string())?;
    Ok((Test { id, data }, module))
}

fn main_source(modules: &[String]) -> String {
    let mut arms = String::new();
    for m in modules {
        arms.push_str(&format!(
            "        \"{}\" => {m}::run(&data),\n",
            m.trim_start_matches("t_")
        ));
    }
    format!(
        r#"
fn main() {{
    std::panic::set_hook(Box::new(|_| {{}}));
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {{
        let (id, path) = (&pair[0], &pair[1]);
        let verdict = match std::fs::read(path) {{
            Err(e) => format!("failed: cannot read {{path}}: {{e}}"),
            Ok(data) => match std::panic::catch_unwind(|| run(id, &data)) {{
                Ok(Ok(())) => "ok".to_string(),
                Ok(Err(e)) if e.starts_with("skipped: ") => e,
                Ok(Err(e)) => format!("failed: {{e}}"),
                Err(_) => "failed: panicked".to_string(),
            }},
        }};
        println!("{{id}}\t{{}}", verdict.replace(['\n', '\t'], " "));
    }}
}}

fn run(id: &str, data: &[u8]) -> Result<(), String> {{
    match id {{
{arms}        _ => Err("unknown test".into()),
    }}
}}
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in for the scratch binary: for each (id, path) pair it prints `id\tok`, except
    /// that it sleeps for a minute on the id `hang`, and exits on the id `die`.
    const STAND_IN: &str = "#!/bin/sh\nwhile [ $# -gt 0 ]; do\n  case $1 in\n    hang) sleep 60;;\n    die) exit 3;;\n  esac\n  printf '%s\\tok\\n' \"$1\"\n  shift 2\ndone\n";

    fn stand_in(dir: &Path) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join("stand-in.sh");
        std::fs::write(&path, STAND_IN).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    fn test(id: &str) -> Test {
        Test {
            id: id.into(),
            data: PathBuf::from("unused"),
        }
    }

    #[test]
    fn a_hanging_test_fails_and_the_rest_still_run() {
        let dir = std::env::temp_dir().join(format!("kaitai-suite-timeout-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let tests = [test("a"), test("hang"), test("b"), test("die"), test("c")];
        let started = std::time::Instant::now();
        let results = run_all(
            &stand_in(&dir),
            tests.iter().collect(),
            Duration::from_secs(1),
        )
        .unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let verdicts: Vec<(&str, &str)> = results
            .iter()
            .map(|(id, v)| (id.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            verdicts,
            [
                ("a", "ok"),
                ("hang", "failed: timed out after 1 s"),
                ("b", "ok"),
                ("die", "failed: the test process died (exit status: 3)"),
                ("c", "ok"),
            ]
        );
        // The sleeping process was killed, not waited for.
        assert!(started.elapsed() < Duration::from_secs(30));
    }
}
