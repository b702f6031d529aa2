//! Game observer block ("GOBS", FCTS 12 and later).

pub use crate::generated::observer::*;
