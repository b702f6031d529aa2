//! Hostile schemas: import cycles, types that contain themselves, absurd numbers, YAML bombs and
//! deep nesting get a one-line error naming the file (and the YAML path where there is one), or
//! generate code, but never panic, hang or crash the generator.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn tmp(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs `generate` on `main` (written with the other `files` into a fresh folder), killed
/// after 60 s so that a hang fails the test instead of stalling it.
fn generate(test: &str, files: &[(&str, &str)], main: &str) -> Output {
    let d = tmp(test);
    for (name, text) in files {
        std::fs::write(d.join(name), text).unwrap();
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_savepoint-codegen"))
        .arg("generate")
        .arg(d.join(main))
        .arg("-o")
        .arg(d.join("out"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("{test}: the generator hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Asserts that generation failed with exit status 1 and exactly `line` on stderr.
fn assert_refused(o: &Output, line: &str) {
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    let last = stderr.trim_end().lines().last().unwrap_or_default();
    assert!(
        last.starts_with("error: ") && last.ends_with(line),
        "expected one line ending `{line}`, got:\n{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn mutual_imports_are_read_once_each() {
    let o = generate(
        "cycle",
        &[
            (
                "a.ksy",
                "meta: {id: a, endian: le, imports: [b]}\nseq:\n  - {id: x, type: b}\n",
            ),
            (
                "b.ksy",
                "meta: {id: b, endian: le, imports: [a]}\nseq:\n  - {id: y, type: u1}\n",
            ),
        ],
        "a.ksy",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let a = std::fs::read_to_string(tmp_out("cycle", "a.rs")).unwrap();
    assert!(a.contains("pub x: B,"), "{a}");
}

fn tmp_out(test: &str, file: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(test)
        .join("out")
        .join(file)
}

#[test]
fn an_import_of_a_missing_file_names_the_importer() {
    let o = generate(
        "missing-import",
        &[(
            "a.ksy",
            "meta: {id: a, imports: [nowhere]}\nseq:\n  - {id: x, type: u1}\n",
        )],
        "a.ksy",
    );
    assert_refused(&o, "nowhere.ksy: cannot read the imported schema");
}

#[test]
fn two_files_with_one_id_are_refused() {
    let o = generate(
        "same-id",
        &[
            (
                "a.ksy",
                "meta: {id: a, imports: [b]}\nseq:\n  - {id: x, type: u1}\n",
            ),
            ("b.ksy", "meta: {id: a}\nseq:\n  - {id: y, type: u1}\n"),
        ],
        "a.ksy",
    );
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("/meta/id: meta/id `a` is also the id of"),
        "{stderr}"
    );
}

#[test]
fn a_number_too_large_for_yaml_is_refused_with_its_line() {
    let o = generate(
        "huge-literal",
        &[(
            "d.ksy",
            "meta: {id: d}\nseq:\n  - {id: n, size: 99999999999999999999999999}\n",
        )],
        "d.ksy",
    );
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_refused(&o, "at line 3 column 19");
    assert!(stderr.contains("d.ksy: invalid YAML: "), "{stderr}");
}

#[test]
fn a_count_beyond_i64_is_refused_at_its_path() {
    let o = generate(
        "huge-count",
        &[(
            "e.ksy",
            "meta: {id: e}\nseq:\n  - {id: n, type: u1, repeat: expr, repeat-expr: 18446744073709551615}\n",
        )],
        "e.ksy",
    );
    assert_refused(
        &o,
        "e.ksy: /seq/0: `18446744073709551615` is not supported by the binrw backend in an expression",
    );
}

#[test]
fn an_absurd_bit_width_is_an_unknown_type() {
    let o = generate(
        "bit-width",
        &[("f.ksy", "meta: {id: f}\nseq:\n  - {id: n, type: b99999}\n")],
        "f.ksy",
    );
    assert_refused(&o, "f.ksy: /seq/0: unknown type `b99999`");
}

#[test]
fn a_yaml_alias_bomb_is_refused() {
    let mut text = String::from("a: &a [1, 2]\n");
    let names = ["a", "b", "c", "d", "e", "f", "g", "h"];
    for pair in names.windows(2) {
        let refs = vec![format!("*{}", pair[0]); 9].join(", ");
        text += &format!("{}: &{} [{refs}]\n", pair[1], pair[1]);
    }
    text += "meta: {id: g}\n";
    let o = generate("alias-bomb", &[("g.ksy", &text)], "g.ksy");
    assert_refused(&o, "g.ksy: invalid YAML: repetition limit exceeded");
}

#[test]
fn deeply_nested_yaml_is_refused() {
    let text = format!(
        "meta: {{id: i}}\nseq:\n  - {}{}\n",
        "[".repeat(5000),
        "]".repeat(5000)
    );
    let o = generate("deep-yaml", &[("i.ksy", &text)], "i.ksy");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_refused(&o, "at line 3 column 131");
    assert!(
        stderr.contains("i.ksy: invalid YAML: recursion limit exceeded"),
        "{stderr}"
    );
}

#[test]
fn a_type_that_always_contains_itself_is_read_to_a_depth_bound() {
    // Kaitai accepts it; no input can be read with it, and the generated reader must stop at
    // its depth bound rather than recurse until the stack overflows.
    let o = generate(
        "self-type",
        &[(
            "c.ksy",
            "meta: {id: c}\nseq:\n  - {id: n, type: node}\ntypes:\n  node:\n    seq:\n      - {id: next, type: node}\n",
        )],
        "c.ksy",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let c = std::fs::read_to_string(tmp_out("self-type", "c.rs")).unwrap();
    assert!(c.contains("Box<Node>"), "{c}");
    assert!(c.contains("depth"), "{c}");
}

#[test]
fn a_duplicate_mapping_key_is_refused_as_kaitai_refuses_it() {
    // As `wav.ksy`'s two `doc-ref` keys: Kaitai's compilers refuse them too (the JVM one's
    // SnakeYAML is told to, and js-yaml, which the npm one is given its YAML by, does by
    // default), so neither value is picked here.
    let text = "meta: {id: w}\ndoc-ref: a\ndoc-ref: b\nseq:\n  - {id: n, type: u1}\n";
    let o = generate("duplicate-key", &[("w.ksy", text)], "w.ksy");
    assert_refused(
        &o,
        "w.ksy: invalid YAML: duplicate entry with key \"doc-ref\"",
    );
}
