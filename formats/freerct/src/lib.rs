//! freerct format crate.
#![deny(missing_docs)]
