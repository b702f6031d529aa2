//! Random block ("RAND").

pub use crate::generated::random::*;
