//! The crate's integration tests, one module per concern, built as one test binary: each binary
//! instantiates the crate's generic readers and writers anew, which made separate binaries half of
//! CI's test build (cargo --timings).
mod cli;
mod detect;
mod edits;
mod json_edits;
mod json_limits;
mod palworld_raw_data;
