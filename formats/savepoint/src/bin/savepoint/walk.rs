//! Expanding file and directory arguments into the list of files to work on.

use std::io;
use std::path::{Path, PathBuf};

use crate::input::{is_dash, kind, show};

/// One file to work on, or one found in a directory that is skipped and why.
pub struct Entry {
    pub path: PathBuf,
    /// Set for what a directory holds that is not a regular file (a FIFO, a socket, a link to a
    /// directory): such entries are reported, never opened.
    pub skip: Option<String>,
}

/// Files named like this inside directories describe the corpus; they are not game files.
fn is_corpus_metadata(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("MANIFEST") || n.starts_with("README"))
}

/// Each argument as is if it is not a directory (reading it checks what it is); a directory's
/// entries recursively, sorted, without MANIFEST/README files.
pub fn expand(paths: &[PathBuf]) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    for path in paths {
        if !is_dash(path) && path.is_dir() {
            let mut found = Vec::new();
            collect(path, &mut found).map_err(|e| format!("{}: {e}", show(path)))?;
            found.sort_by(|a, b| a.path.cmp(&b.path));
            entries.extend(found);
        } else {
            entries.push(Entry {
                path: path.clone(),
                skip: None,
            });
        }
    }
    Ok(entries)
}

fn collect(dir: &Path, out: &mut Vec<Entry>) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        // file_type() does not follow symlinks, so a link cycle cannot recurse forever.
        let file_type = entry.file_type()?;
        if file_type.is_dir() {
            collect(&path, out)?;
            continue;
        }
        if is_corpus_metadata(&path) {
            continue;
        }
        let skip = match std::fs::metadata(&path) {
            Ok(meta) if meta.is_file() => None,
            Ok(meta) if file_type.is_symlink() => {
                Some(format!("not a regular file (a link to {})", kind(&meta)))
            }
            Ok(meta) => Some(format!("not a regular file ({})", kind(&meta))),
            // A dangling link: reading it reports the error as a failure.
            Err(_) => None,
        };
        out.push(Entry { path, skip });
    }
    Ok(())
}
