//! Actor components (`UActorComponent`): an array of modified-property references after the UObject
//! part, only ever seen empty, and absent before Update 8 (Update 6/7 blueprints). The layout is
//! generated from `schema/component.ksy`; the empty array is the hand-written type it names.

use binrw::binrw;
use serde::{Deserialize, Serialize};

pub use crate::generated::component::UActorComponent;

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
