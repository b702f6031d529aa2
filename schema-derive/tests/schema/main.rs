//! Integration tests of `#[pattern]` and `#[versioned]` on small hand-made byte arrays.

mod common;
mod errors;
mod named;
mod round_trip;
mod types;
