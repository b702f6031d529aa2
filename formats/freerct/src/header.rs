//! File header ("FCTS").

use crate::primitives::Text;
use crate::scenario::Scenario;
use binrw::binrw;
use schema_derive::pattern;
use serde::{Deserialize, Serialize};

/// Oldest file version this crate reads.
pub const OLDEST_FCTS: u32 = 10;

/// File header: file version and, since version 11, save information.
#[pattern(tag = b"FCTS", newest = 12)]
#[binrw]
#[brw(little)]
#[br(assert(version >= OLDEST_FCTS, "unsupported FCTS version {}", version))]
#[bw(assert(*version >= OLDEST_FCTS, "FileHeader.version: unsupported FCTS version {}", version))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FileHeader {
    /// UNIX time the save was created (version 11 and later).
    #[since(11)]
    pub timestamp: Option<u64>,
    /// FreeRCT version string that wrote the file (version 11 and later).
    #[since(11)]
    pub revision: Option<Text>,
    /// Scenario name (version 11 only).
    #[since(11)]
    #[until(11)]
    pub scenario_name: Option<Text>,
    /// Scenario data (version 12 and later).
    #[since(12)]
    pub scenario: Option<Scenario>,
}
