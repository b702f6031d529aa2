//! File header ("FCTS").

pub use crate::generated::header::*;

/// Oldest file version this crate reads.
pub const OLDEST_FCTS: u32 = 10;
