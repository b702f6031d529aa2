//! Work over many files on several threads, with results handed on in input order (the CLI's
//! commands over a folder, and the bench that times `to-json --json-lines`).
//!
//! One worker per thread takes the next item as soon as it is free, and the calling thread emits
//! each result once it and every one before it are done. Output stays deterministic, and memory
//! stays bounded: a worker does not start an item more than [`AHEAD_PER_THREAD`] items per thread
//! past the last one emitted (a replay's JSON is tens of MB; a whole folder of them would not
//! fit). Windows that ran a few files in parallel and then emitted them left a thread idle at the
//! end of each window and both idle while the window was emitted. Taking the largest file of the
//! allowed span first was simulated on the corpus replays' sizes and gains nothing: in input
//! order the two threads already finish within 0.3% of an even split.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, mpsc};

/// Items per thread a worker may run ahead of the last item emitted.
const AHEAD_PER_THREAD: usize = 4;

/// Runs `work` over `items` on `threads` workers and `emit`s each result in input order on the
/// calling thread. The first `emit` error ends the run: nothing after it is emitted, and the
/// workers stop after their current item.
pub fn ordered<I: Sync, T: Send, E>(
    items: &[I],
    threads: usize,
    work: impl Fn(&I) -> T + Sync,
    mut emit: impl FnMut(&I, T) -> Result<(), E>,
) -> Result<(), E> {
    let threads = threads.max(1);
    let ahead = threads * AHEAD_PER_THREAD;
    let next = AtomicUsize::new(0);
    let emitted = Emitted {
        count: Mutex::new(Some(0)),
        changed: Condvar::new(),
    };
    std::thread::scope(|scope| {
        let (done, results) = mpsc::channel();
        for _ in 0..threads {
            let done = done.clone();
            let (next, emitted, work) = (&next, &emitted, &work);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(index) else { break };
                    if !emitted.wait_for(index, ahead) || done.send((index, work(item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done);
        let outcome = emit_in_order(items, results, &mut emit, &emitted);
        // Stops the workers (after their current item) when emitting stopped early.
        emitted.stop();
        outcome
    })
}

/// How far the emitter has got, for the workers to wait on.
struct Emitted {
    /// Results emitted so far, or `None` once emitting stopped.
    count: Mutex<Option<usize>>,
    changed: Condvar,
}

impl Emitted {
    /// Waits until item `index` may start: fewer than `ahead` items past the emitted ones.
    /// `false` once emitting stopped (or a thread panicked holding the lock).
    fn wait_for(&self, index: usize, ahead: usize) -> bool {
        let Ok(count) = self.count.lock() else {
            return false;
        };
        self.changed
            .wait_while(count, |c| matches!(*c, Some(done) if index >= done + ahead))
            .is_ok_and(|count| count.is_some())
    }

    fn set(&self, count: Option<usize>) {
        if let Ok(mut c) = self.count.lock() {
            *c = count;
        }
        self.changed.notify_all();
    }

    fn stop(&self) {
        self.set(None);
    }
}

/// Emits the results arriving on `results` in input order, holding those that come early.
fn emit_in_order<I, T, E>(
    items: &[I],
    results: mpsc::Receiver<(usize, T)>,
    emit: &mut impl FnMut(&I, T) -> Result<(), E>,
    emitted: &Emitted,
) -> Result<(), E> {
    let mut early = BTreeMap::new();
    let mut count = 0;
    for (index, result) in results {
        early.insert(index, result);
        while let Some(result) = early.remove(&count) {
            emit(&items[count], result)?;
            count += 1;
            emitted.set(Some(count));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Results come out in input order whatever each item takes, and no item starts more than
    /// the allowed distance past the last one emitted.
    #[test]
    fn results_keep_input_order_within_the_bound() {
        let items: Vec<usize> = (0..60).collect();
        let threads = 3;
        let started = AtomicUsize::new(0);
        let mut out = Vec::new();
        ordered(
            &items,
            threads,
            |&i| {
                started.fetch_max(i, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis((i as u64 * 7) % 5));
                i
            },
            |_, i| {
                assert!(started.load(Ordering::Relaxed) < i + threads * AHEAD_PER_THREAD);
                out.push(i);
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(out, items);
    }

    /// Every worker is used: as many items run at once as there are threads.
    #[test]
    fn items_run_on_every_thread_at_once() {
        let threads = 3;
        let (running, peak) = (AtomicUsize::new(0), AtomicUsize::new(0));
        let mut out = Vec::new();
        ordered(
            &[0, 1, 2, 3, 4, 5],
            threads,
            |&i| {
                peak.fetch_max(running.fetch_add(1, Ordering::SeqCst) + 1, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(50));
                running.fetch_sub(1, Ordering::SeqCst);
                i
            },
            |_, i| {
                out.push(i);
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(out, [0, 1, 2, 3, 4, 5]);
        assert_eq!(peak.load(Ordering::SeqCst), threads);
    }

    /// An emit error ends the run: nothing after it is emitted, and the workers stop well before
    /// the end of the items.
    #[test]
    fn an_emit_error_stops_the_run() {
        let items: Vec<usize> = (0..100).collect();
        let threads = 2;
        let ran = AtomicUsize::new(0);
        let mut seen = Vec::new();
        let err = ordered(
            &items,
            threads,
            |&i| {
                ran.fetch_add(1, Ordering::Relaxed);
                i
            },
            |_, i| {
                seen.push(i);
                if i == 5 { Err("stop") } else { Ok(()) }
            },
        )
        .unwrap_err();
        assert_eq!(err, "stop");
        assert_eq!(seen, [0, 1, 2, 3, 4, 5]);
        assert!(ran.load(Ordering::Relaxed) <= 6 + threads * AHEAD_PER_THREAD);
    }
}
