//! The shared timing harness every format bench uses (see /work/notes/BENCH.md).
//!
//! A measurement runs the closure a few times to warm up, then enough iterations to fill a time
//! budget, and reports the median iteration as MB/s over the input size. Each report line also
//! gives the ratio against a `memcpy` of the same number of bytes timed in the same run, so figures
//! from different machines (or a busy shared machine) stay comparable.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Time budget per measurement; `SAVEPOINT_BENCH_SECS` overrides it (e.g. `0.05` for a smoke run).
const DEFAULT_BUDGET: Duration = Duration::from_millis(500);
const MIN_ITERATIONS: usize = 3;
const MAX_ITERATIONS: usize = 100_000;

/// The result of timing one operation over `bytes` bytes.
#[derive(Debug, Clone, Copy)]
pub struct Throughput {
    /// Bytes processed per iteration.
    pub bytes: usize,
    /// Median wall time of one iteration.
    pub median: Duration,
    /// Number of timed iterations.
    pub iterations: usize,
}

impl Throughput {
    /// Megabytes (10^6 bytes) per second at the median iteration time.
    pub fn mb_per_s(&self) -> f64 {
        self.bytes as f64 / self.median.as_secs_f64().max(1e-12) / 1e6
    }
}

/// Times operations and prints one line per measurement.
pub struct Harness {
    budget: Duration,
}

impl Harness {
    /// A harness with the budget from `SAVEPOINT_BENCH_SECS` or the default.
    pub fn from_env() -> Self {
        let budget = std::env::var("SAVEPOINT_BENCH_SECS")
            .ok()
            .and_then(|s| s.parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s > 0.0)
            .map_or(DEFAULT_BUDGET, Duration::from_secs_f64);
        Harness { budget }
    }

    /// Times `f`, which processes `bytes` bytes per call, without printing.
    pub fn time<R>(&self, bytes: usize, mut f: impl FnMut() -> R) -> Throughput {
        black_box(f());
        let start = Instant::now();
        let mut samples = Vec::new();
        while samples.len() < MAX_ITERATIONS
            && (samples.len() < MIN_ITERATIONS || start.elapsed() < self.budget)
        {
            let t = Instant::now();
            black_box(f());
            samples.push(t.elapsed());
        }
        samples.sort_unstable();
        Throughput {
            bytes,
            median: samples[samples.len() / 2],
            iterations: samples.len(),
        }
    }

    /// The baseline: copying `data` into a fresh buffer.
    pub fn memcpy(&self, data: &[u8]) -> Throughput {
        self.time(data.len(), || black_box(data).to_vec())
    }

    /// Times `f` over `data` and prints `label: X MB/s (ratio vs memcpy; memcpy Y MB/s)`.
    ///
    /// `data` is the input whose size defines the throughput (for a writer: the bytes it produces).
    pub fn report<R>(&self, label: &str, data: &[u8], f: impl FnMut() -> R) -> Throughput {
        let baseline = self.memcpy(data);
        let result = self.time(data.len(), f);
        println!(
            "{label}: {:.1} MB/s, {:.4}x memcpy (memcpy {:.0} MB/s; {} bytes, {} iterations)",
            result.mb_per_s(),
            result.mb_per_s() / baseline.mb_per_s(),
            baseline.mb_per_s(),
            data.len(),
            result.iterations,
        );
        result
    }

    /// Like [`Harness::report`] against another measured implementation (e.g. a reference crate).
    pub fn report_vs<R, S>(
        &self,
        label: &str,
        data: &[u8],
        ours: impl FnMut() -> R,
        (reference_name, reference): (&str, impl FnMut() -> S),
    ) -> Throughput {
        let theirs = self.time(data.len(), reference);
        let result = self.time(data.len(), ours);
        println!(
            "{label}: {:.1} MB/s, {:.2}x {reference_name} ({reference_name} {:.1} MB/s; {} bytes)",
            result.mb_per_s(),
            result.mb_per_s() / theirs.mb_per_s(),
            theirs.mb_per_s(),
            data.len(),
        );
        result
    }

    /// Prints the peak heap use of one call of `f` relative to `input_len`.
    pub fn report_peak_memory<R>(&self, label: &str, input_len: usize, f: impl FnOnce() -> R) {
        let (result, peak) = snapshots::alloc::peak_during(f);
        black_box(result);
        println!(
            "{label}: peak heap {peak} bytes, {:.2}x input",
            peak as f64 / input_len.max(1) as f64
        );
    }
}

/// Every file under the named corpus folder (recursively, sorted), skipping MANIFEST and README
/// files; empty (after a skip message) when the corpus is missing.
pub fn corpus_files(folder: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    if let Some(dir) = snapshots::corpus_subdir(folder) {
        collect(&dir, &mut files);
    }
    files.sort();
    files
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for path in entries.flatten().map(|e| e.path()) {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            collect(&path, out);
        } else if !name.starts_with("MANIFEST") && !name.starts_with("README") {
            out.push(path);
        }
    }
}
