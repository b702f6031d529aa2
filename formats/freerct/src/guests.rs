//! Guests block ("GSTS").

pub use crate::generated::guests::*;
