//! Work over many files on every core, with results handed on in input order.
//!
//! Files are processed in windows of a few per thread: a window runs in parallel (rayon), then its
//! results are emitted in order. Output stays deterministic and memory stays bounded by one window
//! of results (a replay's JSON is tens of MB; a whole folder of them would not fit).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

/// Files per thread in one window: enough to even out files of different sizes.
const WINDOW_PER_THREAD: usize = 4;
/// A run shows a progress bar only once it has taken this long (and stderr is a terminal).
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// Runs `work` over `items` in parallel and `emit`s each result in input order; stops at the
/// first `emit` error.
pub fn ordered<I: Sync, T: Send>(
    items: &[I],
    work: impl Fn(&I) -> T + Sync,
    mut emit: impl FnMut(&I, T) -> Result<(), String>,
) -> Result<(), String> {
    let progress = Progress::new(items.len());
    let window = rayon::current_num_threads().max(1) * WINDOW_PER_THREAD;
    for chunk in items.chunks(window) {
        let results: Vec<T> = chunk.par_iter().map(&work).collect();
        for (item, result) in chunk.iter().zip(results) {
            progress.suspend(|| emit(item, result))?;
            progress.advance();
        }
    }
    progress.finish();
    Ok(())
}

/// A progress bar on stderr that appears only on long runs at a terminal.
struct Progress {
    bar: ProgressBar,
    start: Instant,
    terminal: bool,
}

impl Progress {
    fn new(len: usize) -> Self {
        let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::hidden());
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} files, {elapsed} (eta {eta})")
        {
            bar.set_style(style);
        }
        Progress {
            bar,
            start: Instant::now(),
            terminal: len > 1 && std::io::stderr().is_terminal(),
        }
    }

    fn advance(&self) {
        self.bar.inc(1);
        if self.terminal && self.bar.is_hidden() && self.start.elapsed() >= PROGRESS_AFTER {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// Runs `f` (which prints) with the bar cleared, so lines and bar do not mix.
    fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
