//! Property-list read and write throughput over the GVAS corpus bodies (header skipped), against a
//! same-run memcpy of the same bytes. Run: `cargo bench -p unreal --bench properties`.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use unreal::{PropertyContext, PropertyList};

/// Returns (package UE4, package UE5, offset of the root property list) of a plain GVAS file.
fn skip_header(d: &[u8]) -> Option<(u32, u32, usize)> {
    let i32_at = |p: usize| Some(i32::from_le_bytes(d.get(p..p + 4)?.try_into().ok()?));
    let skip_string = |p: usize| {
        let n = i32_at(p)?;
        Some(
            p + 4
                + if n < 0 {
                    n.unsigned_abs() as usize * 2
                } else {
                    n as usize
                },
        )
    };
    let version = i32_at(4)?;
    let ue4 = i32_at(8)? as u32;
    let (ue5, mut p) = if version >= 3 {
        (i32_at(12)? as u32, 16)
    } else {
        (0, 12)
    };
    p = skip_string(p + 10)? + 4;
    let n = usize::try_from(i32_at(p)?).ok()?;
    p = skip_string(p + 4 + n * 20)?;
    Some((ue4, ue5, p))
}

/// Best time of `runs` calls of `f` (the machine is shared, so the minimum is the least disturbed run).
fn best(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/gvas");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("skipped: corpus not found at {}", dir.display());
        return;
    };
    let mut inputs = Vec::new();
    for e in entries.flatten() {
        let data = std::fs::read(e.path()).unwrap_or_default();
        if !data.starts_with(b"GVAS") {
            continue;
        }
        let name = e.file_name().to_string_lossy().into_owned();
        let Some((ue4, ue5, start)) = skip_header(&data) else {
            panic!("{name}: GVAS header does not parse");
        };
        inputs.push((name, PropertyContext::new(ue4, ue5), data[start..].to_vec()));
    }
    let total: usize = inputs.iter().map(|(_, _, d)| d.len()).sum();
    // Every list must read to its end: a failure would otherwise be timed as a fast early exit.
    let lists: Vec<PropertyList> = inputs
        .iter()
        .map(|(name, c, d)| match PropertyList::read(d, 0, c) {
            Ok((list, _)) => list,
            Err(e) => panic!("{name}: {e}"),
        })
        .collect();
    let read = best(25, || {
        for (_, ctx, data) in &inputs {
            black_box(PropertyList::read(black_box(data), 0, ctx).ok());
        }
    });
    let write = best(25, || {
        for ((_, ctx, data), list) in inputs.iter().zip(&lists) {
            let mut out = Vec::with_capacity(data.len());
            black_box(list.write(ctx, &mut out).ok());
            black_box(out);
        }
    });
    let copy = best(25, || {
        for (_, _, data) in &inputs {
            black_box(black_box(data).to_vec());
        }
    });
    let mbs = |d: Duration| total as f64 / d.as_secs_f64() / 1e6;
    println!(
        "unreal property lists: {} files, {:.1} MB",
        inputs.len(),
        total as f64 / 1e6
    );
    println!(
        "read : {:8.1} MB/s  ({:.3}x memcpy)",
        mbs(read),
        copy.as_secs_f64() / read.as_secs_f64()
    );
    println!(
        "write: {:8.1} MB/s  ({:.3}x memcpy)",
        mbs(write),
        copy.as_secs_f64() / write.as_secs_f64()
    );
    println!("memcpy: {:8.1} MB/s", mbs(copy));
    for ((name, ctx, data), list) in inputs.iter().zip(&lists) {
        let t = best(5, || {
            black_box(PropertyList::read(black_box(data), 0, ctx).ok());
        });
        let rate = data.len() as f64 / t.as_secs_f64() / 1e6;
        println!(
            "  read {name:28} {:9} bytes {:5} root properties {rate:8.1} MB/s",
            data.len(),
            list.properties.len()
        );
    }
}
