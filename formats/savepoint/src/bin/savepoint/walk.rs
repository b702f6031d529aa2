//! Expanding the `roundtrip` arguments into the list of files to check.

use std::io;
use std::path::{Path, PathBuf};

/// Files named like this inside directories describe the corpus; they are not game files.
fn is_corpus_metadata(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("MANIFEST") || n.starts_with("README"))
}

/// Each argument as is if it is a file; a directory's files recursively, sorted, without
/// MANIFEST/README files. Unreadable directories are reported as errors.
pub fn expand(paths: &[PathBuf]) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found = Vec::new();
            collect(path, &mut found)?;
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        // file_type() does not follow symlinks, so a link cycle cannot recurse forever.
        if entry.file_type()?.is_dir() {
            collect(&path, out)?;
        } else if !is_corpus_metadata(&path) {
            out.push(path);
        }
    }
    Ok(())
}
