//! Shared helpers for tests and benchmarks that read the real-file corpus.
//!
//! The corpus lives beside the checkout at `../shared/corpus` and is never committed. Tests call
//! [`corpus_dir`] and return early when it gives `None`; on CI (env var `CI` set) a missing corpus is
//! a hard failure instead, so a misconfigured machine cannot pass by skipping everything.
#![deny(missing_docs)]

use std::path::{Path, PathBuf};

pub mod alloc;
pub mod json;

/// The workspace root: this crate sits one level below it.
fn workspace_root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Location of the corpus (`<workspace root>/../shared/corpus`), whether or not it exists.
pub fn corpus_path() -> PathBuf {
    workspace_root().join("..").join("shared").join("corpus")
}

/// The corpus directory, or `None` (after printing a skip message) when it is missing.
///
/// # Panics
/// When the corpus is missing and the environment variable `CI` is set: CI must test the real files.
pub fn corpus_dir() -> Option<PathBuf> {
    resolve(corpus_path(), std::env::var_os("CI").is_some())
}

/// The named corpus sub-folder (e.g. `"freerct"`), with the same missing-corpus policy as [`corpus_dir`].
///
/// # Panics
/// When the folder is missing and the environment variable `CI` is set.
pub fn corpus_subdir(name: &str) -> Option<PathBuf> {
    resolve(corpus_path().join(name), std::env::var_os("CI").is_some())
}

fn resolve(path: PathBuf, on_ci: bool) -> Option<PathBuf> {
    if path.is_dir() {
        return Some(path);
    }
    if on_ci {
        panic!("corpus missing: {} (CI is set)", path.display());
    }
    eprintln!("skipped: corpus not found at {}", path.display());
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_corpus_is_skipped_off_ci() {
        assert_eq!(resolve(PathBuf::from("/nonexistent/corpus"), false), None);
    }

    #[test]
    #[should_panic(expected = "corpus missing")]
    fn missing_corpus_panics_on_ci() {
        resolve(PathBuf::from("/nonexistent/corpus"), true);
    }

    #[test]
    fn existing_directory_is_returned() {
        let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        assert_eq!(resolve(here.clone(), true), Some(here));
    }
}
