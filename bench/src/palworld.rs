//! Palworld's world save (the Level.sav sample, corpus gvas/palworld_zlib_twice.sav): the read
//! with every RawData blob decoded ([`gvas::ReadOptions::decode_raw_data`]) against the plain
//! read, the write with the decoded blobs put back against the plain write, both in the same run,
//! and the peak heap of the decoding read over the decompressed body (goal: under 3x).

use crate::harness::{Harness, corpus_files};

/// Runs the Level.sav measurements.
pub fn run(h: &mut Harness) {
    let Some(path) = corpus_files("gvas")
        .into_iter()
        .find(|p| p.ends_with("palworld_zlib_twice.sav"))
    else {
        return;
    };
    let file = std::fs::read(&path).expect("Level.sav is readable");
    let plain = gvas::ReadOptions::default();
    let decoding = gvas::ReadOptions {
        decode_raw_data: true,
        ..gvas::ReadOptions::default()
    };
    let save = gvas::read_with(&file, &plain).expect("Level.sav reads");
    let decoded = gvas::read_with(&file, &decoding).expect("Level.sav reads decoded");
    let raw = decoded.raw_data.as_ref().expect("Level.sav has RawData");
    assert!(
        raw.still_raw_by_path().is_empty(),
        "palworld bench: blobs left raw"
    );
    assert!(
        gvas::write(&decoded).expect("writes") == file,
        "palworld bench: not byte-exact after decoding"
    );
    let body = save.body.write().expect("body writes");
    println!(
        "Level.sav: {} file bytes, {} body bytes, {} RawData blobs",
        file.len(),
        body.len(),
        raw.blobs.len()
    );
    h.report_vs(
        "read Level.sav with RawData decoded (MB/s of body)",
        &body,
        || gvas::read_with(&file, &decoding).expect("reads"),
        ("plain read", || {
            gvas::read_with(&file, &plain).expect("reads")
        }),
    );
    h.report_vs(
        "write Level.sav from decoded RawData (MB/s of body)",
        &body,
        || gvas::write(&decoded).expect("writes"),
        ("plain write", || gvas::write(&save).expect("writes")),
    );
    h.report_peak_memory(
        "read Level.sav with RawData decoded, over the decompressed body",
        body.len(),
        || gvas::read_with(&file, &decoding),
    );
    h.report_peak_memory(
        "plain read of Level.sav, over the decompressed body",
        body.len(),
        || gvas::read_with(&file, &plain),
    );
}
