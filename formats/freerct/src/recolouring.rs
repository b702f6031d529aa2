//! Recolouring ("rcol").

use binrw::binrw;
use schema_derive::pattern;
use serde::{Deserialize, Serialize};

/// Recolouring: palette indices of the four recolourable colours.
#[pattern(tag = b"rcol", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Recolouring {
    /// Palette index of each colour.
    pub colours: [u8; 4],
}
