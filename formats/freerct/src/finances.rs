//! Finances block ("FINA") and finance history sections ("fina").

pub use crate::generated::finances::*;
