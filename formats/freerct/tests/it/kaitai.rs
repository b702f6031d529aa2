//! Differential test against the official Kaitai Struct compiler: every corpus file read by this crate
//! must give the same values as the Python parser that `kaitai-struct-compiler` generated from
//! `formats/freerct/schema/*.ksy`, and every file the manifest expects to fail must fail in both.
//!
//! The same holds for the synthetic saves of `synthetic/`, which reach the pattern versions the corpus
//! lacks.
//!
//! The Kaitai side needs node and Python packages, so these tests are ignored in a plain `cargo test`;
//! `formats/freerct/schema/kaitai-diff.sh` installs them, runs `write_synthetic_saves` (with
//! `FREERCT_KAITAI_SYNTHETIC` naming a folder), writes the Kaitai dumps of the corpus and of that folder,
//! and runs `kaitai_python_reads_the_same_values` with `FREERCT_KAITAI_DUMPS` pointing at them.

use crate::common;
mod synthetic;

use snapshots::json::{first_difference, read_dump, read_status};
use std::path::PathBuf;

fn env_dir(name: &str) -> PathBuf {
    PathBuf::from(
        std::env::var_os(name)
            .unwrap_or_else(|| panic!("{name} not set: run formats/freerct/schema/kaitai-diff.sh")),
    )
}

#[test]
#[ignore = "first step of formats/freerct/schema/kaitai-diff.sh"]
fn write_synthetic_saves() {
    let dir = env_dir("FREERCT_KAITAI_SYNTHETIC");
    std::fs::create_dir_all(&dir).expect("create the synthetic folder");
    for (name, save) in synthetic::saves() {
        let bytes = freerct::write(&save).unwrap_or_else(|e| panic!("{name}: {e}"));
        let back = freerct::read(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(back, save, "{name}: changed by writing and reading");
        std::fs::write(dir.join(name), bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
#[ignore = "needs the Kaitai dumps; run formats/freerct/schema/kaitai-diff.sh"]
fn kaitai_python_reads_the_same_values() {
    let dumps = env_dir("FREERCT_KAITAI_DUMPS");
    let corpus = common::corpus().expect("the differential test needs the corpus");
    let status = read_status(&dumps);
    let mut failures = Vec::new();
    let (mut same, mut both_failed) = (0, 0);
    for entry in &corpus {
        let kaitai = status
            .get(&entry.path)
            .unwrap_or_else(|| panic!("{}: no Kaitai result in status.tsv", entry.path));
        let rust = freerct::read(&entry.data);
        match (&entry.expected_error, rust, kaitai.as_str()) {
            (Some(_), Err(_), k) if k.starts_with("error: ") => {
                eprintln!("both fail  {}: {k}", entry.path);
                both_failed += 1;
            }
            (None, Ok(save), "ok") => {
                let ours = serde_json::to_value(&save).expect("a save serialises to JSON");
                match first_difference(&ours, &read_dump(&dumps, &entry.path), "SaveGame") {
                    None => {
                        eprintln!("same       {}", entry.path);
                        same += 1;
                    }
                    Some(diff) => failures.push(format!("{}: {diff}", entry.path)),
                }
            }
            (expected, rust, k) => failures.push(format!(
                "{}: manifest expects {}, Rust gave {}, Kaitai gave {k}",
                entry.path,
                expected.as_deref().map_or("ok", |_| "an error"),
                rust.map_or_else(|e| e.to_string(), |_| "ok".into()),
            )),
        }
    }
    let saves = synthetic::saves();
    for (name, save) in &saves {
        let path = format!("synthetic/{name}");
        match status.get(&path).map(String::as_str) {
            Some("ok") => {
                let ours = serde_json::to_value(save).expect("a save serialises to JSON");
                match first_difference(&ours, &read_dump(&dumps, &path), "SaveGame") {
                    None => {
                        eprintln!("same       {path}");
                        same += 1;
                    }
                    Some(diff) => failures.push(format!("{path}: {diff}")),
                }
            }
            other => failures.push(format!("{path}: Kaitai gave {other:?}")),
        }
    }
    eprintln!(
        "{same} files read the same values, {both_failed} failed in both, {} differ",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(same + both_failed, corpus.len() + saves.len());
}
