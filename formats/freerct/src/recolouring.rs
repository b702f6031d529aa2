//! Recolouring ("rcol").

pub use crate::generated::recolouring::*;
