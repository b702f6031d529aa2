//! Weather block ("WTHR").

use binrw::binrw;
use schema_derive::pattern;
use serde::{Deserialize, Serialize};

/// Weather block: the current weather.
#[pattern(tag = b"WTHR", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Weather {
    /// Current temperature in 1/10 degrees Celsius.
    pub temperature: i32,
    /// Current weather type.
    pub current: i32,
    /// Next weather type.
    pub next: i32,
    /// Speed of change in the weather.
    pub change: i32,
}
