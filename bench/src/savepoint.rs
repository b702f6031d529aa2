//! The `savepoint` crate's own costs: format detection, and the full generic path
//! (`AnyFile::read` + `write`) over every corpus file a format crate can read.

use std::hint::black_box;

use savepoint::{AnyFile, ReadOptions, detect};

use crate::harness::{Harness, corpus_files};

/// Corpus folders with a reader in savepoint (Satisfactory is only detected).
const FOLDERS: &[&str] = &["freerct", "gvas", "astroneer", "rocketleague"];

/// Benchmarks detection over the whole corpus, then read and write per folder.
pub fn run(h: &mut Harness) {
    let files: Vec<(String, Vec<u8>)> = FOLDERS
        .iter()
        .flat_map(|folder| corpus_files(folder))
        .filter_map(|path| {
            let name = path.file_name()?.to_str()?.to_owned();
            Some((name, std::fs::read(&path).ok()?))
        })
        .collect();
    if files.is_empty() {
        return;
    }
    let headers: Vec<u8> = files
        .iter()
        .flat_map(|(_, b)| b.iter().take(64))
        .copied()
        .collect();
    h.report(
        &format!("detect ({} files, first 64 bytes each)", files.len()),
        &headers,
        || {
            files
                .iter()
                .filter(|(name, bytes)| detect(black_box(bytes), Some(name)).is_some())
                .count()
        },
    );
    let options = ReadOptions::default();
    let readable: Vec<&(String, Vec<u8>)> = files
        .iter()
        .filter(|(name, bytes)| AnyFile::read(bytes, Some(name), &options).is_ok())
        .collect();
    println!(
        "{} of {} corpus files readable through AnyFile",
        readable.len(),
        files.len()
    );
    let Some(largest) = readable.iter().max_by_key(|(_, b)| b.len()) else {
        return;
    };
    let (name, bytes) = (&largest.0, &largest.1);
    h.report(&format!("AnyFile::read {name}"), bytes, || {
        AnyFile::read(bytes, Some(name), &options)
    });
    if let Ok(file) = AnyFile::read(bytes, Some(name), &options) {
        h.report(&format!("AnyFile::write {name}"), bytes, || file.write());
        h.report_peak_memory(&format!("AnyFile::read {name}"), bytes.len(), || {
            AnyFile::read(bytes, Some(name), &options)
        });
    }
}
