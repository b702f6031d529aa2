//! Date block ("DATE").

use crate::primitives::PatternDate;
use binrw::binrw;
use schema_derive::pattern;
use serde::{Deserialize, Serialize};

/// Date block: the current game date.
#[pattern(tag = b"DATE", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Date {
    /// Current date in compressed format.
    pub date: PatternDate,
}
