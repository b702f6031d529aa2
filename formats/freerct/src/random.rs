//! Random block ("RAND").

use binrw::binrw;
use schema_derive::pattern;
use serde::{Deserialize, Serialize};

/// Random block: the current random seed. It is the last pattern in a file.
#[pattern(tag = b"RAND", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Random {
    /// Current random number.
    pub seed: u32,
}
