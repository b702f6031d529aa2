//! Corpus access shared by the integration tests.

use std::path::PathBuf;

/// `../shared/corpus/rocketleague/<folder>` files, sorted; `None` (after saying so) when the corpus
/// is absent outside CI.
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
