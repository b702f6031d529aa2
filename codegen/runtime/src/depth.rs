//! Nesting bounds for the recursive parts of the models, enforced on every path into and out of
//! them: the binary readers count their own depth, while serde (JSON) and the binary writers, which
//! recurse through derived or shared code, count it here in a per-thread counter.

use std::cell::Cell;
use std::thread::LocalKey;

/// One level of nesting, held while a recursive value is being converted; dropping it leaves the
/// level.
#[must_use = "the level is left when the guard is dropped"]
pub struct DepthGuard(&'static LocalKey<Cell<u32>>);

impl DepthGuard {
    /// Enters one level of `counter`; `None` (the level left again) when that makes more than
    /// `limit` levels.
    pub fn enter(counter: &'static LocalKey<Cell<u32>>, limit: u32) -> Option<Self> {
        let depth = counter.with(|c| {
            let depth = c.get().saturating_add(1);
            c.set(depth);
            depth
        });
        let guard = DepthGuard(counter);
        (depth <= limit).then_some(guard)
    }

    /// [`DepthGuard::enter`] while deserializing: past the limit, an error naming `what`.
    pub fn enter_de<E: serde::de::Error>(
        counter: &'static LocalKey<Cell<u32>>,
        limit: u32,
        what: &str,
    ) -> Result<Self, E> {
        Self::enter(counter, limit).ok_or_else(|| E::custom(too_deep(what, limit)))
    }

    /// [`DepthGuard::enter`] while serializing: past the limit, an error naming `what`.
    pub fn enter_ser<E: serde::ser::Error>(
        counter: &'static LocalKey<Cell<u32>>,
        limit: u32,
        what: &str,
    ) -> Result<Self, E> {
        Self::enter(counter, limit).ok_or_else(|| E::custom(too_deep(what, limit)))
    }
}

impl Drop for DepthGuard {
    fn drop(&mut self) {
        self.0.with(|c| c.set(c.get().saturating_sub(1)));
    }
}

/// The message for nesting past a limit.
pub fn too_deep(what: &str, limit: u32) -> String {
    format!("{what} nested deeper than {limit} levels")
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local!(static COUNTER: Cell<u32> = const { Cell::new(0) });

    #[test]
    fn levels_up_to_the_limit_are_entered_and_left() {
        let first = DepthGuard::enter(&COUNTER, 2).expect("level 1");
        let second = DepthGuard::enter(&COUNTER, 2).expect("level 2");
        assert!(DepthGuard::enter(&COUNTER, 2).is_none(), "level 3");
        drop(second);
        let again = DepthGuard::enter(&COUNTER, 2).expect("level 2 after leaving it");
        drop((again, first));
        assert_eq!(COUNTER.with(Cell::get), 0);
    }
}
