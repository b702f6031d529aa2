//! The `savepoint-codegen` command: generate with a freshness check, roundtrip and dump on
//! a small schema written here, and errors for unsupported constructs and hostile input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tmp(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_savepoint-codegen"))
        .args(args)
        .env(
            "CARGO_TARGET_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-scratch"),
        )
        .output()
        .unwrap()
}

const SCHEMA: &str = r#"
meta:
  id: tlv
  endian: le
doc: A count, then records.
seq:
  - id: count
    type: u4
  - id: records
    type: record
    repeat: expr
    repeat-expr: count
types:
  record:
    seq:
      - id: kind
        type: u1
        enum: kind
      - id: name
        type: strz
        encoding: ASCII
      - id: body
        size: 4
        type: body
  body:
    seq:
      - id: value
        type: u2
enums:
  kind:
    1: small
    2: large
"#;

#[test]
fn generate_check_roundtrip_and_dump() {
    let d = tmp("cli");
    let schema = d.join("tlv.ksy");
    std::fs::write(&schema, SCHEMA).unwrap();
    let out = d.join("gen");
    let o = run(&[
        "generate".as_ref(),
        schema.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // One `#[binrw]` module, named by the schema's `meta/id`, and nothing beside it.
    let written: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(written, ["tlv.rs"]);
    let text = std::fs::read_to_string(out.join("tlv.rs")).unwrap();
    assert!(
        text.contains("/// A count, then records.\n#[binrw]\n#[brw(little)]"),
        "{text}"
    );
    assert!(text.contains("pub struct Tlv {"), "{text}");
    assert!(text.contains("pub records: Vec<Record>,"), "{text}");
    assert!(text.contains("Unknown(i128)"), "{text}");

    let check = run(&[
        "generate".as_ref(),
        schema.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
        "--check".as_ref(),
    ]);
    assert!(check.status.success());
    std::fs::write(
        out.join("tlv.rs"),
        text.replace("pub struct Tlv", "pub struct Stale"),
    )
    .unwrap();
    let check = run(&[
        "generate".as_ref(),
        schema.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
        "--check".as_ref(),
    ]);
    assert!(!check.status.success());
    assert!(String::from_utf8_lossy(&check.stdout).contains("stale:"));

    // kind 7 is not in the enum; bytes after `value` inside the 4-byte body are kept.
    let good = d.join("good.bin");
    std::fs::write(&good, b"\x02\0\0\0\x01ab\0\x05\0\xee\xff\x07\0\x09\0\0\0").unwrap();
    let prefix = d.join("prefix.bin");
    std::fs::write(&prefix, b"\x01\0\0\0\x02x\0\x01\0\0\0TRAILER").unwrap();
    let huge = d.join("huge.bin");
    std::fs::write(&huge, b"\xff\xff\xff\xff\x01").unwrap();
    let o = run(&[
        "roundtrip".as_ref(),
        schema.as_os_str(),
        good.as_os_str(),
        prefix.as_os_str(),
        huge.as_os_str(),
    ]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.contains("good.bin: ok\n"),
        "{stdout}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        stdout.contains("prefix.bin: ok (parsed 11 of 18 bytes)"),
        "{stdout}"
    );
    // 2^32 - 1 records announced, one byte there: an error where the input ends, not an
    // allocation of the announced count.
    assert!(
        stdout.contains(
            "huge.bin: error: Tlv.records.Record.name: unexpected end of input at offset 5\n"
        ),
        "{stdout}"
    );
    assert!(stdout.ends_with("2 passed, 1 failed\n"), "{stdout}");
    assert_eq!(o.status.code(), Some(1));

    let o = run(&["dump".as_ref(), schema.as_os_str(), good.as_os_str()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(json["count"], 2);
    assert_eq!(json["records"][0]["kind"], "Small");
    assert_eq!(json["records"][1]["kind"]["Unknown"], 7);
    assert_eq!(json["records"][0]["name"]["value"], "ab");
    assert_eq!(
        json["records"][0]["body"]["tail"],
        serde_json::json!([0xee, 0xff])
    );

    let o = run(&["dump".as_ref(), schema.as_os_str(), huge.as_os_str()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr
            .ends_with("huge.bin: Tlv.records.Record.name: unexpected end of input at offset 5\n"),
        "{stderr}"
    );
}

#[test]
fn unsupported_construct_names_file_path_and_construct() {
    let d = tmp("unsupported");
    let schema = d.join("bad.ksy");
    std::fs::write(
        &schema,
        "meta:\n  id: bad\nseq:\n  - id: x\n    size: 2\n    process: my_fx(1)\n",
    )
    .unwrap();
    let o = run(&[
        "generate".as_ref(),
        schema.as_os_str(),
        "-o".as_ref(),
        d.join("out").as_os_str(),
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(
            "bad.ksy: /seq/0: process `my_fx(1)` on `x`: custom process `my_fx` has no Rust type"
        ),
        "{err}"
    );
}

const RECURSIVE: &str = r#"
meta:
  id: nest
seq:
  - id: more
    type: u1
  - id: child
    type: nest
    if: more != 0
"#;

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let d = tmp("nest");
    let schema = d.join("nest.ksy");
    std::fs::write(&schema, RECURSIVE).unwrap();
    let shallow = d.join("shallow.bin");
    std::fs::write(&shallow, [1, 1, 0]).unwrap();
    let deep = d.join("deep.bin");
    std::fs::write(&deep, vec![1u8; 100_000]).unwrap();
    let o = run(&[
        "roundtrip".as_ref(),
        schema.as_os_str(),
        shallow.as_os_str(),
        deep.as_os_str(),
    ]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.contains("shallow.bin: ok\n"),
        "{stdout}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        stdout.contains(
            "deep.bin: error: Nest.child (x64): Nest nested deeper than 64 levels at offset 64\n"
        ),
        "{stdout}"
    );
    assert!(stdout.ends_with("1 passed, 1 failed\n"), "{stdout}");
}

#[test]
fn generate_matches_the_checked_in_freerct_modules() {
    let freerct = Path::new(env!("CARGO_MANIFEST_DIR")).join("../formats/freerct");
    let out = freerct.join("src/generated");
    let mut args: Vec<std::ffi::OsString> = vec![
        "generate".into(),
        "-o".into(),
        out.clone().into(),
        "--check".into(),
    ];
    let mut modules = 0;
    for entry in std::fs::read_dir(&out).unwrap() {
        let name = entry.unwrap().file_name();
        let stem = Path::new(&name).file_stem().unwrap().to_owned();
        args.push(
            freerct
                .join("schema")
                .join(stem)
                .with_extension("ksy")
                .into(),
        );
        modules += 1;
    }
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    let o = run(&args);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        stdout.contains(&format!("up to date: {modules} files")),
        "{stdout}"
    );

    // Written to a fresh folder: one module per schema and nothing else (no `mod.rs`).
    let d = tmp("fresh");
    let mut fresh = args.clone();
    fresh[2] = d.as_os_str();
    fresh.retain(|a| *a != "--check");
    let o = run(&fresh);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let staff = std::fs::read_to_string(d.join("staff.rs")).unwrap();
    assert!(staff.contains("#[binrw]\n#[brw(little)]"), "{staff}");
    assert_eq!(std::fs::read_dir(&d).unwrap().count(), modules);
    assert!(!d.join("mod.rs").exists());
}

fn run_str(args: &[&str]) -> Output {
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
    run(&args)
}

#[test]
fn help_and_version_go_to_stdout_with_status_0() {
    let o = run_str(&["--help"]);
    assert_eq!(o.status.code(), Some(0));
    let help = String::from_utf8_lossy(&o.stdout);
    assert!(
        help.contains("Usage: savepoint-codegen <COMMAND>"),
        "{help}"
    );
    for command in ["generate", "roundtrip", "dump", "help"] {
        assert!(
            help.contains(&format!("\n  {command} ")),
            "{command}: {help}"
        );
    }
    assert!(help.contains("2 usage error"), "{help}");

    let o = run_str(&["--version"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        format!("savepoint-codegen {}\n", env!("CARGO_PKG_VERSION"))
    );

    let o = run_str(&["help", "generate"]);
    assert_eq!(o.status.code(), Some(0));
    let generate = String::from_utf8_lossy(&o.stdout).into_owned();
    for option in [
        "--check",
        "-o, --output <DIR>",
        "-I, --import-path <IMPORT_DIR>",
    ] {
        assert!(generate.contains(option), "{option}: {generate}");
    }
    assert!(!generate.contains("--backend"), "{generate}");
    let o = run_str(&["generate", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&o.stdout), generate);
    let o = run_str(&["dump", "--help"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("Usage: savepoint-codegen dump"));
}

#[test]
fn usage_errors_exit_2_and_failures_exit_1() {
    for (args, says) in [
        (&[][..], "Usage: savepoint-codegen <COMMAND>"),
        (&["frobnicate"][..], "unrecognized subcommand 'frobnicate'"),
        (&["generate", "a.ksy"][..], "--output <DIR>"),
        (
            &["generate", "a.ksy", "-o", "x", "--backend", "binrw"][..],
            "unexpected argument '--backend'",
        ),
        (
            &["dump", "s.ksy", "f", "--backend", "binrw"][..],
            "unexpected argument '--backend'",
        ),
        (&["roundtrip", "s.ksy"][..], "<FILE>..."),
        (
            &["generate", "--bogus"][..],
            "unexpected argument '--bogus'",
        ),
    ] {
        let o = run_str(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    let d = tmp("usage");
    let missing = d.join("missing.ksy");
    let o = run(&[
        "generate".as_ref(),
        missing.as_os_str(),
        "-o".as_ref(),
        d.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("missing.ksy") && err.contains("cannot read"),
        "{err}"
    );
}

/// A switch on a boolean and one on integers spelled in hex, each with a case whose type is not
/// a type name.
const ODD_KEYS: &str = r#"
meta:
  id: odd_keys
  endian: le
seq:
  - id: flag
    type: u1
  - id: by_flag
    type:
      switch-on: flag == 1
      cases:
        true: u1
        BAD_FLAG_CASE
  - id: by_code
    type:
      switch-on: flag
      cases:
        0x10: u1
        "0x11": u2
        BAD_CODE_CASE
"#;

#[test]
fn errors_name_yaml_keys_as_written() {
    for (flag_case, code_case, path) in [
        ("false: 5", "0x20: u1", "/seq/1/type/cases/false"),
        ("false: u1", "0x20: [u1]", "/seq/2/type/cases/0x20"),
    ] {
        let d = tmp("odd_keys");
        let schema = d.join("odd_keys.ksy");
        let text = ODD_KEYS
            .replace("BAD_FLAG_CASE", flag_case)
            .replace("BAD_CODE_CASE", code_case);
        std::fs::write(&schema, text).unwrap();
        let o = run(&[
            "generate".as_ref(),
            schema.as_os_str(),
            "-o".as_ref(),
            d.join("out").as_os_str(),
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(err.contains(&format!("odd_keys.ksy: {path}: ")), "{err}");
    }
}

#[test]
fn generate_follows_absolute_imports_in_import_folders() {
    let d = tmp("binrw-imports");
    std::fs::create_dir_all(d.join("lib/common")).unwrap();
    std::fs::write(
        d.join("main.ksy"),
        "meta: {id: main, endian: le, imports: [/common/item]}\nseq:\n  - {id: item, type: item}\n",
    )
    .unwrap();
    std::fs::write(
        d.join("lib/common/item.ksy"),
        "meta: {id: item, endian: le}\nseq:\n  - {id: value, type: u2}\n",
    )
    .unwrap();
    let main = d.join("main.ksy");
    let item = d.join("lib/common/item.ksy");
    let out = d.join("out");
    let args = |extra: &[&Path]| -> Output {
        let mut a: Vec<&std::ffi::OsStr> = vec!["generate".as_ref(), "-o".as_ref()];
        a.push(out.as_os_str());
        a.extend(extra.iter().map(|p| p.as_os_str()));
        run(&a)
    };

    // Without the import folder the import is not found, and the error says where.
    let o = args(&[&main, &item]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("main.ksy: /meta/imports: absolute import `/common/item`"),
        "{stderr}"
    );

    let lib = d.join("lib");
    let o = args(&[Path::new("-I"), &lib, &main, &item]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let main_rs = std::fs::read_to_string(out.join("main.rs")).unwrap();
    assert!(main_rs.contains("use crate::item::Item;"), "{main_rs}");
    assert!(
        std::fs::read_to_string(out.join("item.rs"))
            .unwrap()
            .contains("pub value: u16,")
    );
}
