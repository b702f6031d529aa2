//! One snapshot per FreeRCT corpus file: the parsed summary and the round-trip result (or the error).

use std::fmt::Write as _;
use std::path::PathBuf;

fn corpus_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/freerct");
    if dir.join("MANIFEST.tsv").exists() {
        return Some(dir);
    }
    if std::env::var_os("CI").is_some() {
        panic!("corpus missing: {}", dir.display());
    }
    eprintln!("skipped: corpus not found at {}", dir.display());
    None
}

/// The text snapshotted for one file.
fn describe(data: &[u8]) -> String {
    let save = match freerct::read(data) {
        Ok(save) => save,
        Err(e) => return format!("error: {e}\n"),
    };
    let mut out = String::new();
    for (key, value) in save.summary() {
        let _ = writeln!(out, "{key}: {value}");
    }
    let round_trip = match freerct::write(&save) {
        Ok(bytes) if bytes == data => "identical".to_owned(),
        Ok(bytes) => format!(
            "DIFFERS ({} bytes written, {} read)",
            bytes.len(),
            data.len()
        ),
        Err(e) => format!("write error: {e}"),
    };
    let _ = writeln!(out, "round trip: {round_trip}");
    out
}

#[test]
fn freerct_corpus_snapshots() {
    let Some(dir) = corpus_dir() else { return };
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("manifest");
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots/freerct");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for line in manifest.lines().skip(1) {
            let path = line.split('\t').next().expect("manifest path");
            let data = std::fs::read(dir.join(path)).expect("corpus file");
            let name = path.replace(['/', '.'], "_");
            insta::assert_snapshot!(name, describe(&data), path);
        }
    });
}
