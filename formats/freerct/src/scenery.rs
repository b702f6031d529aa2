//! Scenery block ("SCNY"), scenery instances ("scni") and path objects ("pobj").

pub use crate::generated::scenery::*;
