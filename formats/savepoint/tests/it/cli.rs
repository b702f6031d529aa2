//! The `savepoint` binary end to end: output formats, exit codes, detection on corpus samples.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn savepoint(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_savepoint"))
        .args(args)
        .output()
        .expect("run savepoint")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A fresh scratch directory for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("savepoint-cli-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn usage_errors_exit_2_with_usage_on_stderr() {
    for args in [
        &[][..],
        &["frobnicate"],
        &["info"],
        &["from-json", "x.json"],
        &["roundtrip", "--bogus"],
        &["to-json", "a", "--hint", "no-equals-sign"],
    ] {
        let out = savepoint(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("Usage: savepoint") || stderr(&out).contains("try '--help'"),
            "{args:?}: {}",
            stderr(&out)
        );
        assert!(stdout(&out).is_empty(), "{args:?}");
    }
}

#[test]
fn help_goes_to_stdout_and_succeeds() {
    let out = savepoint(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    for command in [
        "info",
        "roundtrip",
        "to-json",
        "from-json",
        "edit",
        "get",
        "set",
        "diff",
    ] {
        assert!(
            stdout(&out).contains(command),
            "{command}: {}",
            stdout(&out)
        );
    }
}

#[test]
fn roundtrip_walks_directories_skipping_manifest_and_readme() {
    let dir = scratch("walk");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("MANIFEST.tsv"), "path\texpected\n").unwrap();
    std::fs::write(dir.join("README.md"), "# corpus\n").unwrap();
    std::fs::write(dir.join("junk.bin"), b"not a game file").unwrap();
    std::fs::write(dir.join("sub").join("more.bin"), b"\0\0\0\0").unwrap();
    let out = savepoint(&["roundtrip", s(&dir)]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(
        lines[0],
        format!(
            "{}: error: unknown format: no known magic number or file extension",
            s(&dir.join("junk.bin"))
        )
    );
    assert!(lines[1].starts_with(&format!(
        "{}: error: ",
        s(&dir.join("sub").join("more.bin"))
    )));
    assert_eq!(lines[2], "0 passed, 2 failed");
    assert_eq!(out.status.code(), Some(1));
    assert!(!text.contains("MANIFEST") && !text.contains("README"));
}

#[test]
fn roundtrip_missing_file_is_an_error_line() {
    let dir = scratch("missing");
    let missing = dir.join("nope.fct");
    let out = savepoint(&["roundtrip", s(&missing)]);
    let text = stdout(&out);
    assert!(
        text.starts_with(&format!("{}: error: ", s(&missing))),
        "{text}"
    );
    assert!(text.ends_with("0 passed, 1 failed\n"), "{text}");
    assert_eq!(out.status.code(), Some(1));
}

/// The first file a corpus MANIFEST marks as one that must fail.
fn manifest_error_file(folder: &Path) -> Option<(PathBuf, String)> {
    let manifest = std::fs::read_to_string(folder.join("MANIFEST.tsv")).ok()?;
    let mut rows = manifest.lines().map(|l| l.split('\t').collect::<Vec<_>>());
    let header = rows.next()?;
    let expected = header.iter().position(|c| *c == "expected")?;
    rows.find(|r| r.get(expected).is_some_and(|e| e.starts_with("error")))
        .map(|r| (folder.join(r[0]), r[expected].to_owned()))
}

#[test]
fn roundtrip_passes_a_manifest_error_file_that_fails_as_expected() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let (file, expected) =
        manifest_error_file(&corpus.join("freerct")).expect("freerct MANIFEST lists an error file");
    let out = savepoint(&["roundtrip", s(&file)]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with(&format!("{}: ok (expected error: freerct: ", s(&file))),
        "{text} (MANIFEST: {expected})"
    );
    assert_eq!(lines[1], "1 passed, 0 failed");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    let plain = savepoint(&["roundtrip", "--no-manifest", s(&file)]);
    let plain_text = stdout(&plain);
    assert!(
        plain_text.starts_with(&format!("{}: error: freerct: ", s(&file))),
        "{plain_text}"
    );
    assert!(
        plain_text.ends_with("\n0 passed, 1 failed\n"),
        "{plain_text}"
    );
    assert_eq!(plain.status.code(), Some(1));
}

#[test]
fn roundtrip_fails_a_manifest_error_file_copied_away_from_its_manifest() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let (file, _) =
        manifest_error_file(&corpus.join("freerct")).expect("freerct MANIFEST lists an error file");
    let dir = scratch("no-manifest-copy");
    let copy = dir.join(file.file_name().unwrap());
    std::fs::copy(&file, &copy).unwrap();
    let out = savepoint(&["roundtrip", s(&copy)]);
    let text = stdout(&out);
    assert!(
        text.starts_with(&format!("{}: error: freerct: ", s(&copy))),
        "{text}"
    );
    assert!(text.ends_with("\n0 passed, 1 failed\n"), "{text}");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn roundtrip_fails_a_file_that_parses_although_its_manifest_expects_an_error() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let dir = scratch("wrong-manifest");
    let good = corpus.join("freerct/bundled/main_menu.fct");
    std::fs::copy(&good, dir.join("main_menu.fct")).unwrap();
    std::fs::write(
        dir.join("MANIFEST.tsv"),
        "path\texpected\nmain_menu.fct\terror: made up\n",
    )
    .unwrap();
    let out = savepoint(&["roundtrip", s(&dir)]);
    let text = stdout(&out);
    assert_eq!(
        text,
        format!(
            "{}: parsed, but MANIFEST.tsv expects an error\n0 passed, 1 failed\n",
            s(&dir.join("main_menu.fct"))
        )
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn roundtrip_warns_about_a_malformed_manifest_and_carries_on() {
    let dir = scratch("malformed-manifest");
    std::fs::write(dir.join("MANIFEST.tsv"), "path\texpected\nshort-row\n").unwrap();
    std::fs::write(dir.join("junk.bin"), b"not a game file").unwrap();
    let out = savepoint(&["roundtrip", s(&dir)]);
    assert!(stderr(&out).contains("warning"), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("\n0 passed, 1 failed\n"));
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn roundtrip_reads_satisfactory_blueprints_and_rejects_pre_update_8_saves() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let files = [
        corpus.join("satisfactory/blueprints/45.sbp"),
        corpus.join("satisfactory/blueprints/45.sbpcfg"),
        corpus.join("satisfactory/blueprints/BlueprintWithHeaderV1.sbp"),
    ];
    let mut args = vec!["roundtrip"];
    args.extend(files.iter().map(|f| s(f)));
    let out = savepoint(&args);
    assert!(
        stdout(&out).ends_with("\n3 passed, 0 failed\n"),
        "{}",
        stdout(&out)
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    let old = corpus.join("satisfactory/saves/POG.sav");
    let expected = savepoint(&["roundtrip", s(&old)]);
    assert!(
        stdout(&expected).contains(": ok (expected error: satisfactory: "),
        "{}",
        stdout(&expected)
    );
    let plain = savepoint(&["roundtrip", "--no-manifest", s(&old)]);
    assert!(
        stdout(&plain).contains("before Update 8 (SaveVersion 29"),
        "{}",
        stdout(&plain)
    );
    assert!(stdout(&plain).ends_with("\n0 passed, 1 failed\n"));
    assert_eq!(plain.status.code(), Some(1));
}

#[test]
fn roundtrip_of_a_mixed_folder_counts_passes_skips_and_failures() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let files = [
        corpus.join("satisfactory/blueprints/45.sbp"),
        corpus.join("gvas/Slot1.sav"),
        corpus.join("rocketleague/bad/fuzz-corpus.replay"),
    ];
    let mut args = vec!["roundtrip"];
    args.extend(files.iter().map(|f| s(f)));
    let out = savepoint(&args);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].ends_with(": ok"), "{text}");
    assert!(lines[1].ends_with(": ok"), "{text}");
    assert!(
        lines[2].contains(": ok (expected error: rocketleague: "),
        "{text}"
    );
    assert_eq!(lines[3], "3 passed, 0 failed");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// One sample per format, the name `info` must report, and whether this build reads it.
const SAMPLES: &[(&str, &str, bool)] = &[
    ("freerct/bundled/main_menu.fct", "FreeRCT save", true),
    ("gvas/Slot1.sav", "Unreal GVAS SaveGame", true),
    ("gvas/palworld_zlib.sav", "Palworld PlZ (GVAS)", true),
    (
        "astroneer/A178B110FB374A539EC6A93E49F105DD",
        "Astroneer savegame (GVAS)",
        true,
    ),
    (
        "rocketleague/good/07e9.replay",
        "Rocket League replay",
        true,
    ),
    (
        "satisfactory/blueprints/45.sbpcfg",
        "Satisfactory save/blueprint",
        true,
    ),
];

#[test]
fn info_names_the_detected_format_of_each_corpus_sample() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    for (sample, format, readable) in SAMPLES {
        let out = savepoint(&["info", s(&corpus.join(sample))]);
        if *readable {
            assert_eq!(out.status.code(), Some(0), "{sample}: {}", stderr(&out));
            let text = stdout(&out);
            let detected = text.lines().find(|l| l.starts_with("detected "));
            assert_eq!(
                detected.map(|l| l["detected".len()..].trim()),
                Some(*format),
                "{text}"
            );
            assert!(
                text.lines().count() > 4,
                "{sample}: summary missing: {text}"
            );
        } else {
            assert_eq!(out.status.code(), Some(1), "{sample}");
            let err = stderr(&out);
            assert!(
                err.contains(format) && err.contains("not supported yet"),
                "{sample}: {err}"
            );
        }
    }
}

#[test]
fn json_conversion_gives_back_identical_bytes() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let dir = scratch("json");
    for (sample, _, _) in SAMPLES.iter().filter(|(_, _, readable)| *readable) {
        let original = corpus.join(sample);
        let json = dir.join("file.json");
        let rebuilt = dir.join("rebuilt");
        let out = savepoint(&["to-json", s(&original), "-o", s(&json), "--force"]);
        assert_eq!(out.status.code(), Some(0), "{sample}: {}", stderr(&out));
        let text = std::fs::read_to_string(&json).unwrap();
        assert!(
            text.starts_with(r#"{"format":""#),
            "{sample}: {}",
            &text[..40]
        );
        let out = savepoint(&["from-json", s(&json), "-o", s(&rebuilt), "--force"]);
        assert_eq!(out.status.code(), Some(0), "{sample}: {}", stderr(&out));
        assert!(
            std::fs::read(&rebuilt).unwrap() == std::fs::read(&original).unwrap(),
            "{sample}"
        );
    }
}

#[test]
fn to_json_without_output_writes_stdout_and_pretty_indents() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let replay = corpus.join("rocketleague/good/07e9.replay");
    let compact = savepoint(&["to-json", s(&replay)]);
    let pretty = savepoint(&["to-json", s(&replay), "--pretty"]);
    assert_eq!(compact.status.code(), Some(0));
    assert_eq!(stdout(&compact).lines().count(), 1);
    assert!(stdout(&pretty).starts_with("{\n  \"format\": \"rocketleague\""));
}

#[test]
fn a_closed_stdout_pipe_ends_quietly_with_the_sigpipe_status() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    // The JSON of a replay is megabytes, far more than a pipe buffers, so the write must meet the
    // closed read end whether it starts before or after the close.
    let replay = corpus.join("rocketleague/good/07e9.replay");
    let mut child = Command::new(env!("CARGO_BIN_EXE_savepoint"))
        .args(["to-json", s(&replay)])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run savepoint");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait for savepoint");
    assert_eq!(out.status.code(), Some(141), "{}", stderr(&out));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

#[test]
fn from_json_rejects_an_unknown_format_tag() {
    let dir = scratch("badjson");
    let json = dir.join("bad.json");
    std::fs::write(&json, r#"{"format":"nonsense","data":{}}"#).unwrap();
    let out = savepoint(&["from-json", s(&json), "-o", s(&dir.join("out"))]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("json: unknown variant `nonsense`"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.join("out").exists());
}

#[test]
fn roundtrip_of_a_corpus_folder_counts_every_file() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let good = corpus.join("rocketleague/good");
    let files = std::fs::read_dir(&good).unwrap().count();
    let out = savepoint(&["roundtrip", s(&good)]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), files + 1, "{text}");
    assert!(lines[..files].iter().all(|l| l.ends_with(": ok")), "{text}");
    assert_eq!(lines[files], format!("{files} passed, 0 failed"));
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn info_on_a_pre_update_8_save_fails_cleanly() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let out = savepoint(&["info", s(&corpus.join("satisfactory/saves/new_world.sav"))]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("before Update 8 (SaveVersion 25"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn roundtrip_without_paths_checks_the_built_in_save() {
    let out = savepoint(&["roundtrip"]);
    assert_eq!(
        stdout(&out),
        "built-in FreeRCT save (written from Rust values): ok\n1 passed, 0 failed\n"
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn built_in_save_converts_through_json_and_back() {
    let dir = scratch("example-json");
    // The built-in save is what the library calls the example; write it via from-json.
    let json = savepoint::AnyFile::example().to_json().unwrap();
    std::fs::write(dir.join("example.json"), &json).unwrap();
    let out = savepoint(&[
        "from-json",
        s(&dir.join("example.json")),
        "-o",
        s(&dir.join("example.fct")),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read(dir.join("example.fct")).unwrap();
    assert!(written.starts_with(b"FCTS"));
    assert!(written == savepoint::AnyFile::example().write().unwrap());
    let info = savepoint(&["info", s(&dir.join("example.fct"))]);
    assert_eq!(info.status.code(), Some(0), "{}", stderr(&info));
    assert!(stdout(&info).contains("FreeRCT save"));
}

#[test]
fn hints_reach_the_gvas_reader() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    // The MANIFEST's hint for this file matches the default reading of its map keys; a wrong
    // hint (a 16-byte Guid key) must change the model, which shows the hint is passed through.
    let file = corpus.join("gvas/SaveSlot_03.sav");
    let plain = savepoint(&["to-json", s(&file)]);
    let hinted = savepoint(&["to-json", s(&file), "--hint", "PlayerAttributes.Key=Struct"]);
    let wrong = savepoint(&["to-json", s(&file), "--hint=PlayerAttributes.Key=Guid"]);
    for out in [&plain, &hinted, &wrong] {
        assert_eq!(out.status.code(), Some(0), "{}", stderr(out));
    }
    assert_eq!(stdout(&plain), stdout(&hinted));
    assert_ne!(stdout(&plain), stdout(&wrong));
    let out = savepoint(&["roundtrip", "--hint", "PlayerAttributes.Key=Guid", s(&file)]);
    assert!(
        stdout(&out).ends_with("1 passed, 0 failed\n"),
        "{}",
        stdout(&out)
    );
}

/// The built-in FreeRCT save written to `dir/name`; needs no corpus.
fn example_file(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, savepoint::AnyFile::example().write().unwrap()).unwrap();
    path
}

/// Runs savepoint with `stdin` as its input, killing it (and failing) after `seconds`.
fn run_bounded(
    args: &[&std::ffi::OsStr],
    stdin: &[u8],
    envs: &[(&str, &std::ffi::OsStr)],
    seconds: u64,
) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_savepoint"))
        .args(args)
        .envs(envs.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run savepoint");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("savepoint {args:?} still running after {seconds} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    feeder.join().unwrap();
    child.wait_with_output().unwrap()
}

fn os(text: &str) -> &std::ffi::OsStr {
    std::ffi::OsStr::new(text)
}

#[test]
fn a_non_utf8_file_name_is_read_like_any_other() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("non-utf8");
    let name = std::ffi::OsStr::from_bytes(b"slot\xff.fct");
    let file = dir.join(name);
    std::fs::write(&file, savepoint::AnyFile::example().write().unwrap()).unwrap();
    let out = run_bounded(&[os("info"), file.as_os_str()], b"", &[], 60);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("FreeRCT save"), "{}", stdout(&out));
    let out = run_bounded(&[os("roundtrip"), dir.as_os_str()], b"", &[], 60);
    assert!(
        stdout(&out).ends_with("1 passed, 0 failed\n"),
        "{}",
        stdout(&out)
    );
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(status.success());
}

/// An existing FIFO or device given as `-o` (`/dev/null`) is written in place, without
/// `--force`: renaming a temporary file onto it put a regular file where the FIFO was.
#[test]
fn output_to_a_fifo_is_written_in_place() {
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let replay = corpus.join("rocketleague/good/07e9.replay");
    let fifo = scratch("fifo-out").join("out");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let out = savepoint(&["to-json", s(&replay), "-o", s(&fifo)]);
    // Releases the reader if savepoint never opened the FIFO (O_NONBLOCK: no wait for a reader).
    let _ = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(0o4000)
        .open(&fifo);
    let written = reader.join().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(written, savepoint(&["to-json", s(&replay)]).stdout);
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn a_fifo_is_refused_as_an_argument_and_skipped_in_a_directory() {
    let dir = scratch("fifo");
    example_file(&dir, "a.fct");
    let fifo = dir.join("pipe.fct");
    mkfifo(&fifo);
    let out = run_bounded(&[os("info"), fifo.as_os_str()], b"", &[], 60);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("not a regular file (a FIFO)"),
        "{}",
        stderr(&out)
    );
    let out = run_bounded(&[os("roundtrip"), dir.as_os_str()], b"", &[], 60);
    assert_eq!(
        stdout(&out),
        format!(
            "{}: ok\n{}: skipped: not a regular file (a FIFO)\n1 passed, 0 failed, 1 skipped\n",
            s(&dir.join("a.fct")),
            s(&fifo)
        )
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn devices_and_files_over_the_size_limit_are_refused_before_reading() {
    let out = run_bounded(&[os("info"), os("/dev/zero")], b"", &[], 60);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("/dev/zero: not a regular file (a character device)"));

    let dir = scratch("limit");
    // A sparse file past the default limit of 1 GiB: refused from its size, never read.
    let big = dir.join("big.fct");
    std::fs::File::create(&big)
        .unwrap()
        .set_len((1 << 30) + 1)
        .unwrap();
    let out = run_bounded(&[os("info"), big.as_os_str()], b"", &[], 60);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out)
            .contains("1073741825 bytes is larger than the input limit of 1073741824 bytes"),
        "{}",
        stderr(&out)
    );
    let small = example_file(&dir, "small.fct");
    let size = std::fs::metadata(&small).unwrap().len();
    let limit = (size - 1).to_string();
    let out = run_bounded(
        &[os("info"), small.as_os_str(), os("--max-size"), os(&limit)],
        b"",
        &[],
        60,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("larger than the input limit"),
        "{}",
        stderr(&out)
    );
    let enough = size.to_string();
    let out = run_bounded(
        &[os("info"), small.as_os_str(), os("--max-size"), os(&enough)],
        b"",
        &[],
        60,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Standard input is bounded the same way.
    let bytes = std::fs::read(&small).unwrap();
    let out = run_bounded(
        &[os("info"), os("-"), os("--max-size"), os(&limit)],
        &bytes,
        &[],
        60,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("<stdin>: more than the input limit"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn dash_is_standard_input_and_output() {
    let example = savepoint::AnyFile::example();
    let bytes = example.write().unwrap();
    let out = run_bounded(&[os("to-json"), os("-")], &bytes, &[], 60);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let parsed = savepoint::AnyFile::from_json(&stdout(&out)).unwrap();
    assert!(parsed == example);
    let out = run_bounded(
        &[os("from-json"), os("-"), os("-o"), os("-")],
        &out.stdout,
        &[],
        60,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stdout == bytes);
    let out = run_bounded(&[os("info"), os("-")], &bytes, &[], 60);
    assert!(stdout(&out).starts_with("file      "), "{}", stdout(&out));
    assert!(stdout(&out).contains("<stdin>\n"), "{}", stdout(&out));
}

/// Names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn output_replaces_an_existing_file_only_with_force_and_never_the_input() {
    let dir = scratch("force");
    let input = example_file(&dir, "park.fct");
    let json = dir.join("park.json");
    std::fs::write(&json, "precious").unwrap();
    let out = savepoint(&["to-json", s(&input), "-o", s(&json)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("exists; give --force"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&json).unwrap(), "precious");

    let out = savepoint(&["to-json", s(&input), "-o", s(&json), "--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        std::fs::read_to_string(&json)
            .unwrap()
            .starts_with("{\"format\":\"freerct\"")
    );

    let original = std::fs::read(&input).unwrap();
    let out = savepoint(&["from-json", s(&json), "-o", s(&json), "--force"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("is the input file"),
        "{}",
        stderr(&out)
    );
    let out = savepoint(&["from-json", s(&json), "-o", s(&input)]);
    assert_eq!(out.status.code(), Some(1));
    let out = savepoint(&["from-json", s(&json), "-o", s(&input), "--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::read(&input).unwrap() == original);
    // Writes went through temporary files that are gone now.
    assert_eq!(listing(&dir), ["park.fct", "park.json"]);
}

#[test]
fn help_into_a_closed_pipe_and_errors_into_a_closed_stderr_do_not_panic() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_savepoint"))
        .arg("--help")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 141)),
        "{:?}",
        out.status
    );
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));

    let mut child = Command::new(env!("CARGO_BIN_EXE_savepoint"))
        .args(["info", "/nonexistent/file.fct"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1), "a closed stderr must not panic");
}

#[test]
fn json_lines_write_one_object_per_file_in_sorted_order() {
    let dir = scratch("json-lines");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let b = example_file(&dir, "b.fct");
    let a = example_file(&dir.join("sub"), "a.fct");
    std::fs::write(dir.join("junk.bin"), b"not a game file").unwrap();
    let out = savepoint(&["to-json", "--json-lines", s(&dir)]);
    assert_eq!(out.status.code(), Some(1), "the junk file fails");
    assert!(
        stderr(&out).contains("junk.bin: unknown format"),
        "{}",
        stderr(&out)
    );
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    for (line, path) in lines.iter().zip([&b, &a]) {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["path"], s(path));
        assert_eq!(value["format"], "freerct");
        let back = savepoint::AnyFile::from_json(line).unwrap();
        assert!(back == savepoint::AnyFile::example());
    }
    // Without --json-lines several files are a usage error, not concatenated documents.
    let out = savepoint(&["to-json", s(&a), s(&b)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("need --json-lines"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn get_set_and_diff_by_path() {
    let dir = scratch("get-set-diff");
    let park = example_file(&dir, "park.fct");
    let out = savepoint(&["get", s(&park), "weather.temperature"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let before = stdout(&out).trim().to_owned();
    assert_eq!(before, "180", "the built-in save's temperature");

    let edited = dir.join("edited.fct");
    let out = savepoint(&[
        "set",
        s(&park),
        "weather.temperature",
        "200",
        "-o",
        s(&edited),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = savepoint(&["get", s(&edited), "weather.temperature"]);
    assert_eq!(stdout(&out), "200\n");
    let savepoint::AnyFile::FreeRct(save) = savepoint::AnyFile::read(
        &std::fs::read(&edited).unwrap(),
        None,
        &savepoint::ReadOptions::default(),
    )
    .unwrap() else {
        panic!("not a FreeRCT save");
    };
    assert_eq!(save.weather.temperature, 200);

    let out = savepoint(&["diff", s(&park), s(&edited)]);
    assert_eq!(stdout(&out), "weather.temperature: 180 -> 200\n");
    assert_eq!(out.status.code(), Some(1), "differences exit 1, as diff(1)");
    let negative = dir.join("negative.fct");
    let out = savepoint(&[
        "set",
        s(&park),
        "weather.temperature",
        "-5",
        "-o",
        s(&negative),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&savepoint(&["get", s(&negative), "weather.temperature"])),
        "-5\n"
    );
    let out = savepoint(&["diff", s(&park), s(&park)]);
    assert_eq!((stdout(&out).as_str(), out.status.code()), ("", Some(0)));
    let renamed = dir.join("renamed.fct");
    let new_name = r#""\"Quoted\" \u001b[2J park""#;
    let out = savepoint(&[
        "set",
        s(&park),
        "observer.park_name",
        new_name,
        "-o",
        s(&renamed),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = savepoint(&["diff", s(&park), s(&renamed)]);
    let old_name = stdout(&savepoint(&["get", s(&park), "observer.park_name"]));
    assert_eq!(
        stdout(&out),
        format!("observer.park_name: {} -> {new_name}\n", old_name.trim()),
        "string values print as JSON text, control characters JSON-escaped"
    );

    for (path, message) in [
        ("weather.nope", "no \"nope\" at weather"),
        ("weather[3]", "no index 3 at weather"),
    ] {
        let out = savepoint(&["get", s(&park), path]);
        assert_eq!(out.status.code(), Some(1), "{path}");
        assert!(stderr(&out).contains(message), "{path}: {}", stderr(&out));
    }
    let out = savepoint(&[
        "set",
        s(&park),
        "weather.temperature",
        "\"hot\"",
        "-o",
        s(&dir.join("x")),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("does not fit"), "{}", stderr(&out));
    assert!(!dir.join("x").exists());
}

#[test]
fn get_set_and_diff_use_unreal_property_names() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let dir = scratch("gvas-paths");
    let file = corpus.join("gvas/SaveSlot_03.sav");
    let out = savepoint(&["get", s(&file), "properties.Version"]);
    assert_eq!(stdout(&out), "{\"Int\":3}\n", "{}", stderr(&out));
    let edited = dir.join("edited.sav");
    let out = savepoint(&["set", s(&file), "properties.Version", "4", "-o", s(&edited)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = savepoint(&["diff", s(&file), s(&edited)]);
    assert_eq!(stdout(&out), "properties.Version: 3 -> 4\n");
    let out = savepoint(&["get", s(&edited), "properties.PlayerAttributes[1].Value"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = savepoint(&[
        "diff",
        s(&file),
        s(&corpus.join("rocketleague/good/07e9.replay")),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("diff compares files of one format"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn edit_writes_back_what_the_editor_changed() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("edit");
    let park = example_file(&dir, "park.fct");
    let editor = dir.join("editor.sh");
    std::fs::write(
        &editor,
        "#!/bin/sh\nsed -i 's/\"temperature\": 180/\"temperature\": 150/' \"$1\"\n",
    )
    .unwrap();
    std::fs::set_permissions(&editor, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = run_bounded(
        &[os("edit"), park.as_os_str()],
        b"",
        &[("EDITOR", editor.as_os_str()), ("VISUAL", os(""))],
        60,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&savepoint(&["get", s(&park), "weather.temperature"])),
        "150\n"
    );

    // An editor that changes nothing or fails leaves the file as it is.
    let before = std::fs::read(&park).unwrap();
    let out = run_bounded(
        &[os("edit"), park.as_os_str()],
        b"",
        &[("EDITOR", os("true")), ("VISUAL", os(""))],
        60,
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("no changes"), "{}", stderr(&out));
    let out = run_bounded(
        &[os("edit"), park.as_os_str()],
        b"",
        &[("EDITOR", os("false")), ("VISUAL", os(""))],
        60,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(std::fs::read(&park).unwrap() == before);
    assert_eq!(listing(&dir), ["editor.sh", "park.fct"]);
}

#[test]
fn bad_hints_are_errors() {
    let dir = scratch("bad-hint");
    let park = example_file(&dir, "park.fct");
    let out = savepoint(&["info", s(&park), "--hint", "A.Key=Vectr"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown struct type \"Vectr\""),
        "{}",
        stderr(&out)
    );
    let out = savepoint(&["info", s(&park), "--hint", "A.Key=Struct"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("--hint A.Key=Struct: the path names no map"),
        "{}",
        stderr(&out)
    );

    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let file = corpus.join("gvas/SaveSlot_03.sav");
    let out = savepoint(&[
        "to-json",
        s(&file),
        "--hint",
        "PlayerAttributes.Keys=Struct",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("PlayerAttributes.Keys=Struct"),
        "{}",
        stderr(&out)
    );
    let out = savepoint(&["info", s(&file), "--hint", "PlayerAttributes.Key=Struct"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// The value of an `info` line.
fn info_value(out: &Output, key: &str) -> Option<String> {
    stdout(out).lines().find_map(|l| {
        l.strip_prefix(key)?
            .strip_prefix(' ')
            .map(|v| v.trim().to_owned())
    })
}

#[test]
fn strict_refuses_and_info_reports_values_kept_as_raw_bytes() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let dir = scratch("strict");
    // An IntProperty whose value is 3 bytes: the reader keeps it as raw bytes.
    let raw = serde_json::to_string(&unreal::PropertyValue::Raw(vec![1, 2, 3])).unwrap();
    let file = corpus.join("gvas/SaveSlot_03.sav");
    let odd = dir.join("odd.sav");
    let out = savepoint(&["set", s(&file), "properties.Version", &raw, "-o", s(&odd)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = savepoint(&["info", s(&odd)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        info_value(&out, "raw_values"),
        Some("1".into()),
        "{}",
        stdout(&out)
    );
    assert_eq!(info_value(&out, "raw_at"), Some("Version".into()));
    let out = savepoint(&["info", "--strict", s(&odd)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("Version"), "{}", stderr(&out));
    let out = savepoint(&["info", s(&file)]);
    assert_eq!(info_value(&out, "raw_values"), Some("0".into()));
    assert_eq!(info_value(&out, "raw_at"), None);
}

#[test]
fn version_and_completions() {
    let out = savepoint(&["--version"]);
    assert_eq!(
        stdout(&out),
        format!("savepoint {}\n", env!("CARGO_PKG_VERSION"))
    );
    let out = savepoint(&["completions", "bash"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("complete -F") && stdout(&out).contains("roundtrip"));
    let out = savepoint(&["help", "set"]);
    assert!(
        stdout(&out).contains("Usage: savepoint set"),
        "{}",
        stdout(&out)
    );
}

/// Runs savepoint with stdout (and stderr) on a pseudo-terminal, through util-linux `script`;
/// `None` when `script` is not installed.
fn savepoint_at_a_terminal(args: &[&str]) -> Option<Output> {
    let quoted: Vec<String> = std::iter::once(env!("CARGO_BIN_EXE_savepoint"))
        .chain(args.iter().copied())
        .map(|a| format!("'{}'", a.replace('\'', r"'\''")))
        .collect();
    Command::new("script")
        .args(["-qec", &quoted.join(" "), "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .ok()
}

#[test]
fn to_json_refuses_a_large_save_at_a_terminal_unless_asked() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let save = corpus.join("satisfactory/saves/Dunarr-027.sav");
    // Piped: printed as ever (hundreds of MB of JSON).
    let piped = savepoint(&["to-json", s(&save)]);
    assert_eq!(piped.status.code(), Some(0), "{}", stderr(&piped));
    assert!(
        piped.stdout.len() > 16 << 20,
        "{} bytes",
        piped.stdout.len()
    );
    let Some(out) = savepoint_at_a_terminal(&["to-json", s(&save)]) else {
        eprintln!("no `script` to make a terminal: the terminal case is not run");
        return;
    };
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("would go to the terminal"), "{text}");
    assert!(text.len() < 1000, "{} bytes printed", text.len());
    // A small file still prints at a terminal.
    let replay = corpus.join("rocketleague/good/07e9.replay");
    let small = savepoint_at_a_terminal(&["to-json", s(&replay)]).expect("script ran before");
    assert_eq!(small.status.code(), Some(0));
    assert!(stdout(&small).contains("\"format\":\"rocketleague\""));
}
