//! Corpus access shared by the integration tests.

use std::path::PathBuf;

/// One MANIFEST.tsv row.
pub struct Entry {
    /// Path relative to the corpus folder.
    pub path: String,
    /// File contents.
    pub data: Vec<u8>,
    /// `None` for `ok`, the expected message for `error: ...`.
    pub expected_error: Option<String>,
}

/// Loads every corpus file listed in MANIFEST.tsv, or `None` (with a note) when the corpus is missing.
pub fn corpus() -> Option<Vec<Entry>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/freerct");
    let manifest = match std::fs::read_to_string(dir.join("MANIFEST.tsv")) {
        Ok(m) => m,
        Err(_) if std::env::var_os("CI").is_some() => panic!("corpus missing: {}", dir.display()),
        Err(_) => {
            eprintln!("skipped: corpus not found at {}", dir.display());
            return None;
        }
    };
    let mut entries = Vec::new();
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [path, _, _, _, expected] = cols[..] else {
            panic!("bad manifest line {line}")
        };
        let data = std::fs::read(dir.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        let expected_error = expected.strip_prefix("error: ").map(str::to_owned);
        assert!(
            expected == "ok" || expected_error.is_some(),
            "{path}: unknown expectation {expected}"
        );
        entries.push(Entry {
            path: path.to_owned(),
            data,
            expected_error,
        });
    }
    Some(entries)
}
