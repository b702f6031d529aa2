//! The savepoint benchmark harness and per-format benches (see /work/notes/BENCH.md).
//!
//! `cargo run --profile dist -p savepoint-bench -- [format...]` runs them. Each format's bench is a
//! module `src/<format>.rs` exposing `pub fn run(h: &mut Harness)`; build.rs registers every such
//! file in [`FORMATS`], so adding a bench needs no edit here.

pub mod harness;

/// A format's bench entry point.
pub type BenchFn = fn(&mut harness::Harness);

include!(concat!(env!("OUT_DIR"), "/formats.rs"));
