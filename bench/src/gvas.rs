//! GVAS and Astroneer: whole-corpus read and write throughput against uesave 0.7 timed in the same
//! run, container-free body read and write, and the peak heap of a whole-file read of every file
//! as a ratio to its decompressed body (the goal is under 3x on every file).
//!
//! A corpus file that does not read, or whose model does not write back to the same bytes, stops
//! the bench with a panic naming it: a throughput figure over silently skipped files means nothing.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::harness::{Harness, corpus_files};

/// One corpus file: its name, its bytes, the model and the decompressed body.
struct Loaded {
    name: String,
    file: Vec<u8>,
    save: gvas::SaveFile,
    body: Vec<u8>,
}

/// The hints the corpus manifest names (files that need them read without them too, but with
/// struct values sniffed rather than typed).
const HINTS: &[&str] = &["PlayerAttributes.Key=Struct"];

/// Runs every GVAS measurement.
pub fn run(h: &mut Harness) {
    let loaded = load();
    if loaded.is_empty() {
        return;
    }
    let bodies: Vec<u8> = loaded.iter().flat_map(|l| l.body.iter().copied()).collect();
    let files: Vec<u8> = loaded.iter().flat_map(|l| l.file.iter().copied()).collect();
    println!(
        "{} corpus files; {} file bytes, {} decompressed body bytes",
        loaded.len(),
        files.len(),
        bodies.len()
    );
    versus_uesave(h, &loaded, &files, &bodies);
    h.report("read, decompressed bodies only", &bodies, || {
        read_bodies(&loaded, &options())
    });
    h.report("write, bodies without container", &bodies, || {
        loaded
            .iter()
            .filter(|l| l.save.body.write().is_ok())
            .count()
    });
    peak_memory(&loaded);
}

fn options() -> gvas::ReadOptions {
    HINTS
        .iter()
        .try_fold(gvas::ReadOptions::default(), |o, spec| o.hint(spec))
        .unwrap_or_default()
}

/// Reads the decompressed body of every file, counting those that read. Never inlined, so that
/// callgrind can count this function alone (`--toggle-collect='*gvas*read_bodies*'`).
#[inline(never)]
fn read_bodies(loaded: &[Loaded], options: &gvas::ReadOptions) -> usize {
    loaded
        .iter()
        .filter(|l| gvas::read_with(&l.body, options).is_ok())
        .count()
}

/// `profile-gvas RUNS [FILE...]`: the bench's "read, decompressed bodies only" of the files given
/// (by default every GVAS and Astroneer corpus file), RUNS times, for callgrind instruction counts
/// of two builds; the files are loaded and checked as by the bench first.
pub fn profile(args: &[String]) -> ExitCode {
    let Some(runs) = args.first().and_then(|r| r.parse::<usize>().ok()) else {
        eprintln!("usage: savepoint-bench profile-gvas RUNS [FILE...]");
        return ExitCode::from(2);
    };
    let paths: Vec<PathBuf> = match &args[1..] {
        [] => corpus_paths(),
        files => files.iter().map(PathBuf::from).collect(),
    };
    let loaded = load_paths(paths);
    let options = options();
    let read: usize = (0..runs).map(|_| read_bodies(&loaded, &options)).sum();
    let bytes: usize = loaded.iter().map(|l| l.body.len()).sum();
    println!(
        "{read} of {} body reads succeeded ({} files, {bytes} body bytes, {runs} runs)",
        runs * loaded.len(),
        loaded.len()
    );
    if read == runs * loaded.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Every GVAS and Astroneer corpus file.
fn corpus_paths() -> Vec<PathBuf> {
    ["gvas", "astroneer"]
        .iter()
        .flat_map(|folder| corpus_files(folder))
        .collect()
}

/// Reads every corpus file, panicking on any that fails to read or to round-trip.
fn load() -> Vec<Loaded> {
    load_paths(corpus_paths())
}

/// Reads every file given, panicking on any that fails to read or to round-trip.
fn load_paths(paths: Vec<PathBuf>) -> Vec<Loaded> {
    let options = options();
    paths
        .into_iter()
        .map(|path| {
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let file = std::fs::read(&path)
                .unwrap_or_else(|e| panic!("gvas bench: {}: {e}", path.display()));
            let save = gvas::read_with(&file, &options)
                .unwrap_or_else(|e| panic!("gvas bench: {name} does not read: {e}"));
            let written = gvas::write(&save)
                .unwrap_or_else(|e| panic!("gvas bench: {name} does not write: {e}"));
            assert!(written == file, "gvas bench: {name} does not round-trip");
            let body = save
                .body
                .write()
                .unwrap_or_else(|e| panic!("gvas bench: {name} body does not write: {e}"));
            Loaded {
                name,
                file,
                save,
                body,
            }
        })
        .collect()
}

/// Whole-corpus read and write (all files, MB/s of decompressed bodies and of file bytes), and the
/// same on the files uesave 0.7 reads, with uesave timed in this run on its files.
fn versus_uesave(h: &Harness, loaded: &[Loaded], files: &[u8], bodies: &[u8]) {
    let options = options();
    let read_all = || {
        loaded
            .iter()
            .filter(|l| gvas::read_with(&l.file, &options).is_ok())
            .count()
    };
    let write_all = || {
        loaded
            .iter()
            .filter(|l| gvas::write(&l.save).is_ok())
            .count()
    };
    let theirs: Vec<(&Loaded, uesave::Save)> = loaded
        .iter()
        .filter_map(|l| Some((l, uesave_read(&l.file)?)))
        .collect();
    let their_bytes: Vec<u8> = theirs
        .iter()
        .flat_map(|(l, _)| l.file.iter().copied())
        .collect();
    let uesave_read_t = h.time(their_bytes.len(), || {
        theirs
            .iter()
            .filter(|(l, _)| uesave_read(&l.file).is_some())
            .count()
    });
    let uesave_write_t = h.time(their_bytes.len(), || {
        theirs
            .iter()
            .filter(|(_, save)| save.write(&mut Vec::new()).is_ok())
            .count()
    });
    let ours_read = h.time(bodies.len(), read_all);
    let ours_write = h.time(bodies.len(), write_all);
    let file_rate = |t: crate::harness::Throughput| {
        files.len() as f64 / t.median.as_secs_f64().max(1e-12) / 1e6
    };
    println!(
        "uesave 0.7 reads {} of {} files ({} bytes): read {:.1} MB/s, write {:.1} MB/s",
        theirs.len(),
        loaded.len(),
        their_bytes.len(),
        uesave_read_t.mb_per_s(),
        uesave_write_t.mb_per_s()
    );
    for (what, ours, uesave) in [
        ("read", ours_read, uesave_read_t),
        ("write", ours_write, uesave_write_t),
    ] {
        // uesave's files are all plain GVAS, where file bytes are body bytes.
        println!(
            "{what}, whole corpus: {:.1} MB/s of bodies ({:.2}x uesave on its files), {:.1} MB/s of files",
            ours.mb_per_s(),
            ours.mb_per_s() / uesave.mb_per_s(),
            file_rate(ours)
        );
    }
    h.report_vs(
        "read, uesave's files (MB/s of files)",
        &their_bytes,
        || {
            theirs
                .iter()
                .filter(|(l, _)| gvas::read_with(&l.file, &options).is_ok())
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
        "write, uesave's files (MB/s of files)",
        &their_bytes,
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

/// Heap any read needs whatever the body size (zlib state, small tables), as in the gvas memory
/// test: it dominates the ratio of bodies of a few kilobytes.
const FIXED_ALLOWANCE: usize = 64 * 1024;

/// Peak heap of a whole-file read (container and model) of every file, over its decompressed body;
/// the largest ratio is reported over bodies bigger than [`FIXED_ALLOWANCE`].
fn peak_memory(loaded: &[Loaded]) {
    let options = options();
    let mut worst: Option<(f64, &str)> = None;
    let mut over = 0;
    for l in loaded {
        let (_, peak) = snapshots::alloc::peak_during(|| gvas::read_with(&l.file, &options));
        let ratio = peak as f64 / l.body.len().max(1) as f64;
        println!(
            "  peak heap {:32} {:9} body bytes {:10} bytes {ratio:5.2}x",
            l.name,
            l.body.len(),
            peak
        );
        over += usize::from(peak >= 3 * l.body.len() + FIXED_ALLOWANCE);
        if l.body.len() > FIXED_ALLOWANCE && worst.is_none_or(|(r, _)| ratio > r) {
            worst = Some((ratio, &l.name));
        }
    }
    if let Some((ratio, name)) = worst {
        println!(
            "peak heap, whole-file read: max {ratio:.2}x decompressed body ({name}; bodies over \
             {kib} KiB); {over} of {} files at 3x + {kib} KiB or more",
            loaded.len(),
            kib = FIXED_ALLOWANCE / 1024
        );
    }
}

fn uesave_read(bytes: &[u8]) -> Option<uesave::Save> {
    uesave::Save::read(&mut std::io::Cursor::new(bytes)).ok()
}
