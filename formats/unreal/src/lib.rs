//! unreal format crate.
#![deny(missing_docs)]
