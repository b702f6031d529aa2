//! Actor components (`UActorComponent`): an array of modified-property references after the UObject
//! part, only ever seen empty, and absent before Update 8 (Update 6/7 blueprints).

use binrw::binrw;
use schema_derive::version;
use serde::{Deserialize, Serialize};

use crate::versions::SAVE_VERSION_UPDATE_8;

/// `UActorComponent` data.
#[version(save_version: i32 = import)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct UActorComponent {
    /// `UCSModifiedProperties` (Update 8+).
    #[since(save_version >= SAVE_VERSION_UPDATE_8)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ucs_modified_properties: Option<EmptyArray>,
}

/// An array that must be empty: `UCSModifiedProperties`, whose element type
/// (`FSimpleMemberReference`) has never been seen in a save, so a non-empty one is not decoded.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct EmptyArray {
    #[br(temp, assert(count == 0, "array has {} elements; only empty arrays are decoded", count))]
    #[bw(calc = 0)]
    count: i32,
}
