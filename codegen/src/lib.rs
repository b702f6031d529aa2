//! savepoint-codegen: Kaitai Struct schemas (.ksy) to Rust types that read and write.
//!
//! - [`Builder`] generates `#[binrw]` modules through the [`binrw`] backend, from a build
//!   script or the `generate` command;
//! - [`expr`] parses Kaitai's expression language;
//! - [`yaml`] names mapping keys in error paths as the schema writes them;
//! - [`scratch`] builds generated modules into a cached crate, for `roundtrip`, `dump` and
//!   the Kaitai test-suite harness.
#![deny(missing_docs)]

pub mod binrw;
pub mod build;
pub mod expr;
pub mod scratch;
pub mod yaml;

use std::path::PathBuf;

pub use build::{BuildError, Builder, Generated};

/// A schema the generator cannot take: where in which schema, and what.
#[derive(Debug, Clone)]
pub struct SchemaError {
    /// The schema file.
    pub file: PathBuf,
    /// YAML path, e.g. `/types/header/seq/2/size`.
    pub yaml_path: String,
    /// What is wrong or unsupported.
    pub message: String,
}

impl std::fmt::Display for SchemaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: ", self.file.display())?;
        // An error about the whole file (unreadable, not YAML) has no path inside it.
        if !self.yaml_path.is_empty() {
            write!(f, "{}: ", self.yaml_path)?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for SchemaError {}
