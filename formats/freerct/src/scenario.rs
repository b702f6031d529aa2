//! Scenario ("SCNO"): scenario parameters, nested in the file header since FCTS 12.

pub use crate::generated::scenario::*;
