//! FreeRCT: read and write throughput of the largest corpus save (MB/s of the file), against memcpy,
//! and the reader's peak heap use.

use crate::harness::{Harness, corpus_files};

/// Benchmarks `freerct::read` and `freerct::write` on the largest corpus file that parses.
pub fn run(h: &mut Harness) {
    let mut loaded: Vec<(Vec<u8>, freerct::SaveGame)> = corpus_files("freerct")
        .iter()
        .filter_map(|path| {
            let bytes = std::fs::read(path).ok()?;
            let save = freerct::read(&bytes).ok()?;
            Some((bytes, save))
        })
        .collect();
    loaded.sort_by_key(|(bytes, _)| bytes.len());
    let Some((bytes, save)) = loaded.last() else {
        return;
    };
    h.report("read largest save", bytes, || freerct::read(bytes));
    h.report("write largest save", bytes, || freerct::write(save));
    h.report_peak_memory("read largest save", bytes.len(), || freerct::read(bytes));
}
