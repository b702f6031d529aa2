//! The crate's integration tests, one module per concern, built as one test binary: each binary
//! instantiates the crate's generic readers and writers anew, which made separate binaries half of
//! CI's test build (cargo --timings).
mod access;
mod corpus;
mod depth;
mod ftext;
mod ftext_json;
mod native_hook;
mod properties;
mod shape;
mod tag_extensions;
mod utf8_strings;
