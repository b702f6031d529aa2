//! Peak heap of a whole-save read (kept chunks, body buffer and model) against the decompressed
//! body, for every corpus save from Update 8 on: under 2.5x the body (issue 8's goal; 1.54x to
//! 2.33x since a one-thread read streams the body through a window of about a megabyte and the
//! model shares repeated texts, references and native values: the decoded model is most of the
//! peak, and saves under 2 MB of body, where the window and tables weigh more, are the highest).

use satisfactory::{ReadOptions, SaveFile};
use snapshots::alloc::{Counting, peak_during, peak_during_on_this_thread, serial};

#[global_allocator]
static ALLOCATOR: Counting = Counting::system();

/// The goal: peak heap under this multiple of the decompressed body.
const GOAL_FACTOR: f64 = 2.5;

/// Heap any read needs whatever the body size: zlib's inflate state and window, small tables.
/// It dominates only for bodies of a few kilobytes.
const FIXED_ALLOWANCE: usize = 64 * 1024;

/// First SaveVersion of Update 8; older saves are rejected by design.
const UPDATE_8: i32 = 41;

#[test]
fn save_read_peak_heap_is_under_2_5x_the_body() {
    check_peaks(false);
}

/// The same for a read on every core (the default), counting what every thread allocates: the
/// decoding thread's batches and the objects it decodes included.
#[test]
fn every_core_read_peak_heap_is_under_2_5x_the_body() {
    check_peaks(true);
}

fn check_peaks(every_core: bool) {
    let _serial = serial();
    let Some(dir) = snapshots::corpus_subdir("satisfactory") else {
        return;
    };
    let mut paths: Vec<_> = std::fs::read_dir(dir.join("saves"))
        .expect("corpus folder is readable")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "sav"))
        .collect();
    paths.sort();
    let mut checked = 0;
    let mut over = Vec::new();
    for path in paths {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let bytes = std::fs::read(&path).expect("corpus file is readable");
        let version = bytes
            .get(4..8)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        if version.is_some_and(|v| v < UPDATE_8) {
            continue;
        }
        let (save, peak) = match every_core {
            // Every thread's allocations: exact since the other tests of this binary wait.
            true => peak_during(|| SaveFile::read_with(&bytes, ReadOptions::default())),
            // One thread, so every allocation of the read is counted on this one.
            false => peak_during_on_this_thread(|| {
                SaveFile::read_with(&bytes, ReadOptions { max_threads: 1 })
            }),
        };
        let save = save.unwrap_or_else(|e| panic!("{name}: {e}"));
        let body: u64 = save.chunks.chunks.iter().map(|c| c.uncompressed_len).sum();
        let body = usize::try_from(body).expect("body fits in memory");
        let ratio = peak as f64 / body as f64;
        println!("{name}: peak {peak} bytes, {ratio:.2}x the {body}-byte body");
        if peak >= (body as f64 * GOAL_FACTOR) as usize + FIXED_ALLOWANCE {
            over.push(format!("{name}: {ratio:.2}x"));
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} corpus saves read");
    assert!(
        over.is_empty(),
        "peak heap over {GOAL_FACTOR}x the body: {over:?}"
    );
}
