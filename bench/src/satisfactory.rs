//! Satisfactory saves: whole-file read and write throughput in MB/s of decompressed body, on one
//! thread and on every core, against baselines timed in the same run (zlib inflate of the same
//! chunks, which any reader must pay, and memcpy), and the peak heap of a read over the body.
//!
//! A corpus save from Update 8 on that does not read or does not round-trip stops the bench with a
//! panic naming it.

use satisfactory::{ReadOptions, SaveFile};
use unreal::chunked::ZlibStream;

use crate::harness::{Harness, corpus_files};

struct Loaded {
    name: String,
    file: Vec<u8>,
    save: SaveFile,
    body_len: usize,
}

const ONE_THREAD: ReadOptions = ReadOptions { max_threads: 1 };

/// Runs every Satisfactory measurement.
pub fn run(h: &mut Harness) {
    let loaded = load();
    if loaded.is_empty() {
        return;
    }
    let body_bytes: usize = loaded.iter().map(|l| l.body_len).sum();
    let file_bytes: usize = loaded.iter().map(|l| l.file.len()).sum();
    println!(
        "{} saves; {file_bytes} file bytes, {body_bytes} decompressed body bytes",
        loaded.len()
    );
    let inflate = h.time(body_bytes, || inflate_all(&loaded));
    let files: Vec<u8> = loaded.iter().flat_map(|l| l.file.iter().copied()).collect();
    let memcpy = h.memcpy(&files);
    println!(
        "baselines: zlib inflate of the chunks {:.1} MB/s of body; memcpy {:.0} MB/s",
        inflate.mb_per_s(),
        memcpy.mb_per_s()
    );
    let cases: [(&str, &dyn Fn() -> usize); 4] = [
        ("read, one thread", &|| read_all(&loaded, ONE_THREAD)),
        ("read, every core", &|| {
            read_all(&loaded, ReadOptions::default())
        }),
        ("write, unchanged (chunks reused)", &|| {
            loaded.iter().filter(|l| l.save.write().is_ok()).count()
        }),
        ("write, body only (no chunks)", &|| {
            loaded
                .iter()
                .filter(|l| l.save.write_body().is_ok())
                .count()
        }),
    ];
    for (label, f) in cases {
        let t = h.time(body_bytes, f);
        println!(
            "{label}: {:.1} MB/s of body, {:.2}x zlib inflate alone ({} iterations)",
            t.mb_per_s(),
            t.mb_per_s() / inflate.mb_per_s(),
            t.iterations
        );
    }
    peak_memory(&loaded);
}

fn inflate_all(loaded: &[Loaded]) -> usize {
    let mut out = Vec::new();
    let mut total = 0;
    for l in loaded {
        for chunk in &l.save.chunks.chunks {
            out.clear();
            if ZlibStream::inflate(&chunk.compressed, chunk.uncompressed_len, 0, &mut out).is_ok() {
                total += out.len();
            }
        }
    }
    total
}

fn read_all(loaded: &[Loaded], options: ReadOptions) -> usize {
    loaded
        .iter()
        .filter(|l| SaveFile::read_with(&l.file, options).is_ok())
        .count()
}

fn load() -> Vec<Loaded> {
    corpus_files("satisfactory")
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "sav"))
        .filter_map(|path| {
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let file = std::fs::read(&path)
                .unwrap_or_else(|e| panic!("satisfactory bench: {}: {e}", path.display()));
            // Saves from before Update 8 are rejected by design.
            let version = file
                .get(4..8)
                .map(|b| i32::from_le_bytes(b.try_into().unwrap()));
            if version.is_some_and(|v| v < 41) {
                return None;
            }
            let save = SaveFile::read(&file)
                .unwrap_or_else(|e| panic!("satisfactory bench: {name} does not read: {e}"));
            let written = save
                .write()
                .unwrap_or_else(|e| panic!("satisfactory bench: {name} does not write: {e}"));
            assert!(
                written == file,
                "satisfactory bench: {name} does not round-trip"
            );
            let body_len = save
                .chunks
                .chunks
                .iter()
                .map(|c| c.uncompressed_len as usize)
                .sum();
            Some(Loaded {
                name,
                file,
                save,
                body_len,
            })
        })
        .collect()
}

/// Peak heap of a one-thread whole-file read over the decompressed body, per save; the largest
/// ratio over bodies of at least 1 MB (smaller ones are dominated by fixed costs).
fn peak_memory(loaded: &[Loaded]) {
    let mut worst: Option<(f64, &str)> = None;
    for l in loaded {
        let (_, peak) = snapshots::alloc::peak_during(|| SaveFile::read_with(&l.file, ONE_THREAD));
        let ratio = peak as f64 / l.body_len.max(1) as f64;
        println!(
            "  peak heap {:48} {:9} body bytes {:10} bytes {ratio:5.2}x",
            l.name, l.body_len, peak
        );
        if l.body_len >= 1_000_000 && worst.is_none_or(|(w, _)| ratio > w) {
            worst = Some((ratio, &l.name));
        }
    }
    if let Some((ratio, name)) = worst {
        println!("largest peak heap over bodies of 1 MB or more: {ratio:.2}x the body ({name})");
    }
}
