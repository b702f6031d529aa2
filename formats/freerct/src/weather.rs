//! Weather block ("WTHR").

pub use crate::generated::weather::*;
