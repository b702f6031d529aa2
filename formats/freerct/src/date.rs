//! Date block ("DATE").

pub use crate::generated::date::*;
