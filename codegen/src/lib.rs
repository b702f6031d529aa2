//! savepoint-codegen: Kaitai Struct schemas (.ksy) to Rust types that read and write.
//!
//! - [`ksy`] reads a .ksy file (and its imports) into the [`ir`];
//! - [`emit`] turns the IR into a Rust module: one struct per type with `read` / `write`
//!   generated from the same field list, enums that keep unknown values;
//! - [`runtime`] is the support code the generated modules use (written next to them);
//! - [`Builder`] generates `#[binrw]` modules through the [`binrw`] backend, from a build
//!   script or the `generate --backend binrw` command;
//! - [`yaml`] names mapping keys in error paths as the schema writes them;
//! - [`scratch`] builds generated modules into a cached crate, for `roundtrip`, `dump` and
//!   the Kaitai test-suite harness.
#![deny(missing_docs)]

pub mod binrw;
pub mod build;
pub mod emit;
pub mod expr;
pub mod ir;
pub mod ksy;
pub mod runtime;
pub mod scratch;
pub mod yaml;

use std::path::{Path, PathBuf};

pub use build::{BuildError, Builder, Generated};
pub use ksy::{Options, SchemaError};

/// The runtime source written as `ks_runtime.rs` beside generated modules.
pub const RUNTIME_SOURCE: &str = include_str!("runtime.rs");

/// Loads `file` (with imports) and generates its Rust module source.
pub fn generate_file(file: &Path, opts: &Options) -> Result<String, SchemaError> {
    let schema = ksy::load(file, opts)?;
    let mut files = Vec::new();
    collect_files(&schema, file, &mut files);
    emit::generate(&schema, files)
}

fn collect_files(s: &ir::Schema, file: &Path, out: &mut Vec<PathBuf>) {
    out.push(file.to_path_buf());
    for imp in &s.imports {
        collect_files(imp, Path::new(&imp.root.path[0]), out);
    }
}
