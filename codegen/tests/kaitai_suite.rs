//! Kaitai Struct's own test suite through the generator (see `src/bin/kaitai-suite.rs`):
//! every test reads, checks its assertions and writes back byte-exact. Fails when fewer than
//! `MIN_PASS` tests pass, so a regression in any supported feature shows here.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Tests passing when this was set: the generator covers the `#[binrw]` subset of Kaitai (see
/// codegen/README.md), so this keeps what it reaches.
const MIN_PASS_BINRW: usize = 304;

/// The suite folder, or `None` (outside CI) when it is not beside the checkout.
fn suite() -> Option<PathBuf> {
    let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/kaitai-tests");
    if suite.join("spec/ks").is_dir() {
        return Some(suite);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{} is missing on CI",
        suite.display()
    );
    eprintln!("skipped: {} not found", suite.display());
    None
}

/// Runs the harness and checks its closing line; returns its stdout.
fn run_suite(suite: &Path, min_pass: usize) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_kaitai-suite"))
        .arg(suite)
        .args(["--min-pass", &min_pass.to_string()])
        .output()
        .expect("run kaitai-suite");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let last = stdout.lines().last().unwrap_or_default().to_string();
    eprintln!("kaitai-suite: {last}");
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let passed: usize = last
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("closing line");
    assert!(passed >= min_pass, "{last}");
    stdout
}

#[test]
fn binrw_backend_keeps_its_passes() {
    let Some(suite) = suite() else { return };
    let stdout = run_suite(&suite, MIN_PASS_BINRW);
    // A test the generator cannot express is skipped with the construct, never failed.
    assert!(
        stdout.contains("skipped: ") && stdout.contains("not supported"),
        "{stdout}"
    );
    for id in [
        "user_type",
        "nested_types2",
        "default_big_endian",
        "fixed_contents",
        "valid_fail_contents",
        "eof_exception_u4",
        "str_pad_term_equal",
        "term_strz",
        "buffered_struct",
        "str_eos_pad_term",
        "enum_negative",
        "enum_long_range_s",
        "repeat_n_struct",
        "valid_fail_eq_int",
        "default_endian_mod",
        "valid_fail_in_enum",
        "repeat_until_term_struct",
        "debug_enum_name",
        "valid_switch",
        "valid_fail_repeat_contents",
        "expr_bits",
        "switch_manual_enum_invalid",
        "switch_manual_int_size",
        "enum_long_range_u",
    ] {
        assert!(
            stdout.contains(&format!("{id}: ok")),
            "{id} does not pass:\n{stdout}"
        );
    }
}
