//! Work over many files on every core ([`savepoint::ordered`]), with a progress bar on long runs.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A run shows a progress bar only once it has taken this long (and stderr is a terminal).
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// Runs `work` over `items` in parallel and `emit`s each result in input order; stops at the
/// first `emit` error.
pub fn ordered<I: Sync, T: Send>(
    items: &[I],
    work: impl Fn(&I) -> T + Sync,
    emit: impl FnMut(&I, T) -> Result<(), String>,
) -> Result<(), String> {
    let terminal = std::io::stderr().is_terminal();
    let progress = Progress::new(
        items.len(),
        terminal,
        PROGRESS_AFTER,
        ProgressDrawTarget::stderr,
    );
    ordered_with(items, work, emit, &progress)
}

/// [`ordered`] with its progress bar given.
fn ordered_with<I: Sync, T: Send>(
    items: &[I],
    work: impl Fn(&I) -> T + Sync,
    mut emit: impl FnMut(&I, T) -> Result<(), String>,
    progress: &Progress,
) -> Result<(), String> {
    let threads = rayon::current_num_threads();
    let outcome = savepoint::ordered(items, threads, work, |item, result| {
        progress.suspend(|| emit(item, result))?;
        progress.advance();
        Ok(())
    });
    progress.finish();
    outcome
}

/// A progress bar that appears only on long runs at a terminal.
struct Progress {
    bar: ProgressBar,
    start: Instant,
    /// The bar may be drawn: more than one file, and stderr is a terminal.
    drawable: bool,
    /// How long a run takes before the bar appears.
    after: Duration,
    /// Where the bar is drawn once it appears (stderr outside tests).
    target: fn() -> ProgressDrawTarget,
}

impl Progress {
    fn new(
        len: usize,
        terminal: bool,
        after: Duration,
        target: fn() -> ProgressDrawTarget,
    ) -> Self {
        let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::hidden());
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} files, {elapsed} (eta {eta})")
        {
            bar.set_style(style);
        }
        Progress {
            bar,
            start: Instant::now(),
            drawable: len > 1 && terminal,
            after,
            target,
        }
    }

    fn advance(&self) {
        self.bar.inc(1);
        if self.drawable && self.bar.is_hidden() && self.start.elapsed() >= self.after {
            self.bar.set_draw_target((self.target)());
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A terminal that records what is written to it: text, and `<clear>` for a cleared line.
    #[derive(Debug, Default, Clone)]
    struct Recorder(Arc<Mutex<String>>);

    impl Recorder {
        fn take(&self) -> String {
            std::mem::take(&mut self.0.lock().unwrap())
        }
        fn push(&self, s: &str) -> std::io::Result<()> {
            self.0.lock().unwrap().push_str(s);
            Ok(())
        }
    }

    impl indicatif::TermLike for Recorder {
        fn width(&self) -> u16 {
            100
        }
        fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> std::io::Result<()> {
            self.push(s)?;
            self.push("\n")
        }
        fn write_str(&self, s: &str) -> std::io::Result<()> {
            self.push(s)
        }
        fn clear_line(&self) -> std::io::Result<()> {
            self.push("<clear>")
        }
        fn flush(&self) -> std::io::Result<()> {
            Ok(())
        }
    }

    thread_local! {
        static TERMINAL: Recorder = Recorder::default();
    }

    /// The thread's recorder as a draw target (unthrottled, so every update is drawn).
    fn recorder_target() -> ProgressDrawTarget {
        ProgressDrawTarget::term_like_with_hz(Box::new(TERMINAL.with(Recorder::clone)), 255)
    }

    /// Runs `ordered` over five items, each emitted as a line to a list; returns what the
    /// terminal showed and the emitted lines.
    fn run(terminal: bool, after: Duration) -> (String, Vec<usize>) {
        TERMINAL.with(Recorder::take);
        let progress = Progress::new(5, terminal, after, recorder_target);
        let mut emitted = Vec::new();
        let mut shown = Vec::new();
        ordered_with(
            &[1usize, 2, 3, 4, 5],
            |i| i * 10,
            |_, v| {
                emitted.push(v);
                shown.push(TERMINAL.with(Recorder::take));
                Ok(())
            },
            &progress,
        )
        .unwrap();
        shown.push(TERMINAL.with(Recorder::take));
        (shown.concat(), emitted)
    }

    #[test]
    fn bar_counts_files_at_a_terminal_once_the_delay_passed() {
        let (shown, emitted) = run(true, Duration::ZERO);
        assert_eq!(emitted, [10, 20, 30, 40, 50]);
        for pos in 1..=4 {
            assert!(shown.contains(&format!(" {pos}/5 files")), "{shown:?}");
        }
        assert!(
            shown.ends_with("<clear>"),
            "the bar is cleared at the end: {shown:?}"
        );
    }

    #[test]
    fn no_bar_off_a_terminal_or_before_the_delay() {
        for (terminal, after) in [(false, Duration::ZERO), (true, Duration::from_secs(3600))] {
            let (shown, emitted) = run(terminal, after);
            assert_eq!(emitted, [10, 20, 30, 40, 50]);
            assert_eq!(shown, "", "terminal {terminal}, after {after:?}");
        }
    }

    #[test]
    fn no_bar_for_a_single_file() {
        TERMINAL.with(Recorder::take);
        let progress = Progress::new(1, true, Duration::ZERO, recorder_target);
        ordered_with(&[1], |_| (), |_, _| Ok(()), &progress).unwrap();
        assert_eq!(TERMINAL.with(Recorder::take), "");
    }
}
