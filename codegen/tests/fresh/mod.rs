//! The freshness check shared by the tests that keep generated modules checked in (FreeRCT's
//! modules, the golden files): regenerate in memory, compare with the files, and on a mismatch
//! fail naming each stale file with the first lines that differ. With `SAVEPOINT_REGENERATE` set
//! the files are rewritten first (through the same `binrw::write` the command uses).

use std::path::Path;

use savepoint_codegen::binrw::{self, Module};

/// Lines of context shown around the first difference of a stale file.
const CONTEXT: usize = 3;

/// Panics unless every module in `modules` matches its file in `out_dir`; `regenerate` is the
/// command that rewrites them, quoted in the message.
pub fn assert_fresh(out_dir: &Path, modules: &[Module], regenerate: &str) {
    if std::env::var_os("SAVEPOINT_REGENERATE").is_some() {
        binrw::write(out_dir, modules).expect("write the generated modules");
    }
    let stale = binrw::check_fresh(out_dir, modules);
    if stale.is_empty() {
        return;
    }
    let mut report = String::new();
    for path in &stale {
        let module = modules
            .iter()
            .find(|m| binrw::module_path(out_dir, m) == *path)
            .expect("check_fresh names only listed modules");
        let on_disk = std::fs::read_to_string(path);
        report.push_str(&format!("stale: {}\n", path.display()));
        match on_disk {
            Ok(text) => report.push_str(&diff_excerpt(&text, &module.source)),
            Err(e) => report.push_str(&format!("  (cannot read it: {e})\n")),
        }
    }
    panic!("{report}regenerate with {regenerate}");
}

/// The first differing line of `old` (the file) and `new` (generated), with a few lines of
/// context: `-` lines are the file's, `+` lines what generation gives now.
fn diff_excerpt(old: &str, new: &str) -> String {
    let old: Vec<&str> = old.lines().collect();
    let new: Vec<&str> = new.lines().collect();
    let first = old
        .iter()
        .zip(&new)
        .position(|(a, b)| a != b)
        .unwrap_or(old.len().min(new.len()));
    let mut out = format!("  first difference at line {}:\n", first + 1);
    for line in &old[first.saturating_sub(CONTEXT)..first] {
        out.push_str(&format!("   {line}\n"));
    }
    // The run of lines that differ at the same line numbers (a changed line or block), at
    // most CONTEXT long; an insertion shows as CONTEXT changed lines.
    let changed = (first..old.len().max(new.len()))
        .take_while(|&i| old.get(i) != new.get(i))
        .count()
        .clamp(1, CONTEXT);
    for line in old.iter().skip(first).take(changed) {
        out.push_str(&format!("  -{line}\n"));
    }
    for line in new.iter().skip(first).take(changed) {
        out.push_str(&format!("  +{line}\n"));
    }
    if old.len() != new.len() {
        out.push_str(&format!(
            "  ({} lines in the file, {} generated)\n",
            old.len(),
            new.len()
        ));
    }
    out
}

#[test]
fn diff_excerpt_shows_the_first_changed_line_with_context() {
    let old = "a\nb\nc\nd\ne\nf\n";
    let new = "a\nb\nc\nD\ne\nf\ng\n";
    assert_eq!(
        diff_excerpt(old, new),
        "  first difference at line 4:\n   a\n   b\n   c\n  -d\n  +D\n  (6 lines in the file, 7 generated)\n"
    );
    assert_eq!(
        diff_excerpt("a\nb\n", "a\nb\nc\n"),
        "  first difference at line 3:\n   a\n   b\n  +c\n  (2 lines in the file, 3 generated)\n"
    );
}
