//! GVAS and Astroneer: read and write throughput over the whole corpus (MB/s of decompressed body,
//! the size the parser works through) and peak memory of the largest file, against memcpy; then
//! read and write against uesave 0.7 on the files uesave can read.

use crate::harness::{Harness, corpus_files};

/// One corpus file: its bytes, the model and the decompressed body.
struct Loaded {
    file: Vec<u8>,
    save: gvas::SaveFile,
    body: Vec<u8>,
}

/// Benchmarks `gvas::read`/`gvas::write` over every corpus file, then peak memory of the largest.
pub fn run(h: &mut Harness) {
    let loaded: Vec<Loaded> = ["gvas", "astroneer"]
        .iter()
        .flat_map(|folder| corpus_files(folder))
        .filter_map(|path| {
            let file = std::fs::read(path).ok()?;
            let save = gvas::read(&file).ok()?;
            let body = save.body.write().ok()?;
            Some(Loaded { file, save, body })
        })
        .collect();
    if loaded.is_empty() {
        return;
    }
    let all_bodies: Vec<u8> = loaded.iter().flat_map(|l| l.body.iter().copied()).collect();
    let file_bytes: usize = loaded.iter().map(|l| l.file.len()).sum();
    println!(
        "{} corpus files; {file_bytes} file bytes, {} decompressed body bytes",
        loaded.len(),
        all_bodies.len()
    );
    h.report("read, all files (MB/s of bodies)", &all_bodies, || {
        loaded
            .iter()
            .filter(|l| gvas::read(&l.file).is_ok())
            .count()
    });
    h.report("write, all files (MB/s of bodies)", &all_bodies, || {
        loaded
            .iter()
            .filter(|l| gvas::write(&l.save).is_ok())
            .count()
    });
    h.report("read, decompressed bodies", &all_bodies, || {
        loaded
            .iter()
            .filter(|l| gvas::read(&l.body).is_ok())
            .count()
    });
    h.report("write, bodies without container", &all_bodies, || {
        loaded
            .iter()
            .filter(|l| l.save.body.write().is_ok())
            .count()
    });
    if let Some(largest) = loaded.iter().max_by_key(|l| l.body.len()) {
        h.report_peak_memory(
            "read largest file (ratio to its decompressed body)",
            largest.body.len(),
            || gvas::read(&largest.file),
        );
    }
    versus_uesave(h, &loaded);
}

/// Read and write of the files uesave 0.7 reads (plain GVAS without hints), both timed in this run.
fn versus_uesave(h: &Harness, loaded: &[Loaded]) {
    let theirs: Vec<(&Loaded, uesave::Save)> = loaded
        .iter()
        .filter_map(|l| Some((l, uesave_read(&l.file)?)))
        .collect();
    let bytes: Vec<u8> = theirs
        .iter()
        .flat_map(|(l, _)| l.file.iter().copied())
        .collect();
    println!(
        "{} of {} files readable by uesave ({} bytes)",
        theirs.len(),
        loaded.len(),
        bytes.len()
    );
    h.report_vs(
        "read vs uesave",
        &bytes,
        || {
            theirs
                .iter()
                .filter(|(l, _)| gvas::read(&l.file).is_ok())
                .count()
        },
        ("uesave", || {
            theirs
                .iter()
                .filter(|(l, _)| uesave_read(&l.file).is_some())
                .count()
        }),
    );
    h.report_vs(
        "write vs uesave",
        &bytes,
        || {
            theirs
                .iter()
                .filter(|(l, _)| gvas::write(&l.save).is_ok())
                .count()
        },
        ("uesave", || {
            theirs
                .iter()
                .filter(|(_, save)| save.write(&mut Vec::new()).is_ok())
                .count()
        }),
    );
}

fn uesave_read(bytes: &[u8]) -> Option<uesave::Save> {
    uesave::Save::read(&mut std::io::Cursor::new(bytes)).ok()
}
