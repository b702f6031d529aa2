//! Scenario objectives: the abstract objective ("OJAO"), the objective container ("OJCN") and the
//! concrete objectives ("OJ00", "OJGU", "OJRT", "OJPV").

pub use crate::generated::objectives::*;
