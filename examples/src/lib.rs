//! Runnable examples live beside this crate.
