//! Output buffers reused across files (the CLI's `to-json` over many files, and the bench that
//! times that pipeline).

use std::sync::Mutex;

/// Output buffers handed back once their file's result is emitted, so a run over many files
/// reuses a few buffers that keep their capacity. A replay's JSON is tens of MB: in a fresh
/// buffer per file every page of it is faulted in again and the buffer copied as it grows (one
/// thread writing the JSON of the 76 corpus replays: 0.77-0.80 s fresh, 0.62-0.73 s reused).
/// A run holds at most the buffers of the results it has not emitted yet, as without reuse.
#[derive(Default)]
pub struct Buffers(Mutex<Vec<Vec<u8>>>);

impl Buffers {
    /// An empty buffer: one handed back before (with its capacity), else a new one.
    pub fn take(&self) -> Vec<u8> {
        let reused = self.0.lock().ok().and_then(|mut free| free.pop());
        reused.unwrap_or_default()
    }

    /// Keeps `buffer`, emptied, for a later [`Buffers::take`]. A poisoned lock only loses the
    /// buffer, as a failed take makes a new one.
    pub fn give(&self, mut buffer: Vec<u8>) {
        buffer.clear();
        if let Ok(mut free) = self.0.lock() {
            free.push(buffer);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A buffer handed back comes out empty with its capacity kept; with none kept, a new one.
    #[test]
    fn buffers_are_reused_empty() {
        let buffers = Buffers::default();
        let mut first = buffers.take();
        first.extend_from_slice(&[1; 4096]);
        let capacity = first.capacity();
        buffers.give(first);
        let again = buffers.take();
        assert!(again.is_empty());
        assert_eq!(again.capacity(), capacity);
        assert_eq!(buffers.take().capacity(), 0);
    }
}
