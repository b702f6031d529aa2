//! Voxel objects ("vxoj"), persons ("prsn") and guests ("gues").

pub use crate::generated::person::*;
