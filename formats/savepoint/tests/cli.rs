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
        &["info", "a", "b"],
        &["from-json", "x.json"],
        &["roundtrip", "--bogus"],
        &["to-json", "a", "--hint", "no-equals-sign"],
    ] {
        let out = savepoint(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("usage:"),
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
    assert!(stdout(&out).contains("savepoint roundtrip"));
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
        let out = savepoint(&["to-json", s(&original), "-o", s(&json)]);
        assert_eq!(out.status.code(), Some(0), "{sample}: {}", stderr(&out));
        let text = std::fs::read_to_string(&json).unwrap();
        assert!(
            text.starts_with(r#"{"format":""#),
            "{sample}: {}",
            &text[..40]
        );
        let out = savepoint(&["from-json", s(&json), "-o", s(&rebuilt)]);
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
