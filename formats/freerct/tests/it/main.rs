//! The crate's integration tests, one module per concern, built as one test binary: each binary
//! instantiates the crate's generic readers and writers anew, which made separate binaries half of
//! CI's test build (cargo --timings). The tests that count allocations (`robustness.rs`) install a
//! counting global allocator, so they stay binaries of their own.
mod accessors;
#[path = "../common/mod.rs"]
mod common;
mod corpus;
mod kaitai;
mod limits;
mod primitives;
mod writer_checks;
