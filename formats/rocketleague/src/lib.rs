//! rocketleague format crate.
#![deny(missing_docs)]
