//! savepoint format crate.
#![deny(missing_docs)]
