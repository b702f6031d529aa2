//! Corpus access shared by the integration tests.

use std::path::PathBuf;

/// `../shared/corpus/rocketleague/<folder>` files, sorted; `None` (after saying so) when the corpus
/// is absent outside CI.
#[allow(dead_code, reason = "each test binary uses a subset of these helpers")]
pub fn corpus(folder: &str) -> Option<Vec<(String, Vec<u8>)>> {
    let root =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/rocketleague");
    if !root.is_dir() {
        if std::env::var_os("CI").is_some() {
            panic!("corpus missing: {}", root.display());
        }
        eprintln!("skipped: corpus not found at {}", root.display());
        return None;
    }
    let mut files: Vec<_> = std::fs::read_dir(root.join(folder))
        .expect("corpus folder readable")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "replay"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no replays in {folder}");
    Some(
        files
            .into_iter()
            .map(|path| {
                let name = path
                    .file_name()
                    .expect("file name")
                    .to_string_lossy()
                    .into_owned();
                let data = std::fs::read(&path).expect("replay readable");
                (name, data)
            })
            .collect(),
    )
}

/// Rows of `MANIFEST.tsv` as column name -> value maps.
#[allow(dead_code, reason = "each test binary uses a subset of these helpers")]
pub fn manifest() -> Option<Vec<std::collections::HashMap<String, String>>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus/rocketleague/MANIFEST.tsv");
    let text = std::fs::read_to_string(path).ok()?;
    let mut lines = text.lines();
    let columns: Vec<&str> = lines.next()?.split('\t').collect();
    Some(
        lines
            .map(|line| {
                columns
                    .iter()
                    .map(|c| c.to_string())
                    .zip(line.split('\t').map(str::to_owned))
                    .collect()
            })
            .collect(),
    )
}
