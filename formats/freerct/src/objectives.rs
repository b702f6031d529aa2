//! Scenario objectives: the abstract objective ("OJAO"), the objective container ("OJCN") and the
//! concrete objectives ("OJ00", "OJGU", "OJRT", "OJPV").

pub use crate::generated::objectives::*;

/// Deepest nesting of objective containers accepted; guards the recursion against hostile files.
pub const MAX_OBJECTIVE_DEPTH: u32 = 16;
