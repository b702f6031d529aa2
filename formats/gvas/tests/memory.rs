//! Peak heap of a whole-file read (container and model) against the decompressed body size, for
//! every corpus file. The goal is under 3x the body; the Astroneer save does not meet it yet and is
//! held to its current figure so that it cannot get worse unnoticed.

use snapshots::alloc::{Counting, peak_during};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The goal: peak heap under this multiple of the decompressed body.
const GOAL_FACTOR: f64 = 3.0;

/// Heap any read needs whatever the body size: zlib's inflate state and 32 KiB window for the
/// compressed containers, small tables. It dominates only for bodies of a few kilobytes.
const FIXED_ALLOWANCE: usize = 64 * 1024;

/// Files over the goal today, with the factor they are held to (measured 3.87x): Astroneer's tags
/// name everything by 4-byte string-pool indices, so a property takes ~25 bytes in the body and
/// 72 in the model.
const KNOWN_OVER: &[(&str, f64)] = &[("A178B110FB374A539EC6A93E49F105DD", 4.0)];

#[test]
fn whole_file_read_peak_heap_is_under_3x_the_body() {
    let mut checked = 0;
    for folder in ["gvas", "astroneer"] {
        let Some(dir) = snapshots::corpus_subdir(folder) else {
            return;
        };
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .expect("corpus folder is readable")
            .map(|e| e.expect("directory entry").path())
            .filter(|p| p.file_name().is_some_and(|n| n != "MANIFEST.tsv"))
            .collect();
        paths.sort();
        for path in paths {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let bytes = std::fs::read(&path).expect("corpus file is readable");
            let options = gvas::ReadOptions::default()
                .hint("PlayerAttributes.Key=Struct")
                .expect("hint has PATH=Type form");
            let (save, peak) = peak_during(|| gvas::read_with(&bytes, &options));
            let save = save.unwrap_or_else(|e| panic!("{name}: {e}"));
            let body = save.body.write().expect("body writes").len();
            let factor = KNOWN_OVER
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(GOAL_FACTOR, |(_, f)| *f);
            let bound = (body as f64 * factor) as usize + FIXED_ALLOWANCE;
            println!(
                "{name}: peak {peak} bytes, {:.2}x the {body}-byte body (bound {bound})",
                peak as f64 / body as f64
            );
            assert!(
                peak < bound,
                "{name}: peak heap {peak} bytes is over {factor}x its {body}-byte body + {FIXED_ALLOWANCE}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 21, "only {checked} corpus files found");
}
