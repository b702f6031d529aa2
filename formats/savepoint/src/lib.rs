//! savepoint: one entry point for every supported game file.
//!
//! - [`detect`] tells the format from a file's bytes (magic numbers) and, failing that, its name.
//! - [`AnyFile`] reads any supported format into its typed model, writes it back byte for byte,
//!   summarises it, and converts it to and from JSON tagged with the format.
//! - [`Buffers`] keeps output buffers for reuse across files (`to-json` over a folder), and
//!   [`ordered`] runs work over many files on several threads with results in input order.
//!
//! ```no_run
//! use savepoint::{AnyFile, ReadOptions};
//! let bytes = std::fs::read("park.fct")?;
//! let file = AnyFile::read(&bytes, Some("park.fct"), &ReadOptions::default())?;
//! assert_eq!(file.write()?, bytes);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod any;
mod batch;
mod buffers;
mod detect;
mod error;
mod json;

pub use any::{AnyFile, ReadOptions, RoundTrip, StructHint};
pub use batch::ordered;
pub use buffers::Buffers;
pub use detect::{Format, detect, detect_bytes, detect_name};
pub use error::Error;
pub use json::MAX_JSON_DEPTH;
