//! gvas format crate.
#![deny(missing_docs)]
