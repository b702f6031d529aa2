//! A counting global allocator, so tests and benches can measure the peak heap use of one call.
//! A binary installs it with `#[global_allocator] static A: Counting = Counting::system();` (or
//! over another allocator, `Counting::over(MiMalloc)`); where it is not installed, [`peak_during`]
//! reports 0. The figures are the bytes asked for, whatever the allocator underneath.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

/// Wraps an allocator (the system's by default) and tracks live and peak bytes.
pub struct Counting<A = System>(A);

impl Counting {
    /// Counts over the system allocator.
    pub const fn system() -> Self {
        Counting(System)
    }
}

impl<A: GlobalAlloc> Counting<A> {
    /// Counts over `inner`, e.g. the allocator a binary ships with, so a bench times that one.
    pub const fn over(inner: A) -> Self {
        Counting(inner)
    }
}

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    // Const-initialised cells without destructors: safe to touch from inside the allocator.
    static THREAD_LIVE: Cell<isize> = const { Cell::new(0) };
    static THREAD_PEAK: Cell<isize> = const { Cell::new(0) };
}

fn grow(bytes: usize) {
    let live = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(live, Ordering::Relaxed);
    thread_change(bytes as isize);
}

fn shrink(bytes: usize) {
    LIVE.fetch_sub(bytes, Ordering::Relaxed);
    thread_change(-(bytes as isize));
}

fn thread_change(delta: isize) {
    // `try_with` fails only while the thread is being torn down; nothing measures then.
    let _ = THREAD_LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = THREAD_PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

// SAFETY: every call is forwarded unchanged to the inner allocator; the counters do not affect
// allocation.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Counting<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        // SAFETY: same contract as the caller's.
        unsafe { self.0.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        // SAFETY: same contract as the caller's.
        unsafe { self.0.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrink(layout.size());
        // SAFETY: same contract as the caller's.
        unsafe { self.0.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            grow(new_size - layout.size());
        } else {
            shrink(layout.size() - new_size);
        }
        // SAFETY: same contract as the caller's.
        unsafe { self.0.realloc(ptr, layout, new_size) }
    }
}

/// Runs `f` and returns its result with the peak number of heap bytes allocated during it,
/// counted above what was live when it started. Exact when no other thread allocates meanwhile.
pub fn peak_during<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let start = LIVE.load(Ordering::Relaxed);
    PEAK.store(start, Ordering::Relaxed);
    let result = f();
    let peak = PEAK.load(Ordering::Relaxed).saturating_sub(start);
    (result, peak)
}

/// Like [`peak_during`], but counts only what the calling thread allocates and frees, so tests
/// running beside it cannot inflate the figure. For single-threaded code under measurement: work
/// `f` hands to other threads is not counted.
pub fn peak_during_on_this_thread<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let start = THREAD_LIVE.with(Cell::get);
    THREAD_PEAK.with(|peak| peak.set(start));
    let result = f();
    let peak = THREAD_PEAK.with(Cell::get).saturating_sub(start);
    (result, peak.max(0) as usize)
}

/// Holds the other measuring tests of a test binary off while one measures: the counters are
/// process-wide and tests run in parallel threads. Every test of a binary that measures takes it.
pub fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
