//! The body (levels, keyframes; the network stream is handled by the caller) and the footer.

use crate::list::{MinSize, read_list, write_list};
use crate::strings::{String8, String16};
use binrw::binrw;
use serde::{Deserialize, Serialize};
use unreal::F32;

/// The body fields in front of the network stream.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Body {
    /// Level packages (`Levels`).
    #[br(parse_with = read_list)]
    #[bw(write_with = write_list)]
    pub levels: Vec<String16>,
    /// Seek points into the network stream.
    #[br(parse_with = read_list)]
    #[bw(write_with = write_list)]
    pub keyframes: Vec<KeyFrame>,
}

/// A seek point into the network stream.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct KeyFrame {
    /// Replay time in seconds (bitwise, like header floats).
    pub time: F32,
    /// Frame number.
    pub frame: u32,
    /// Bit position of the frame in the network stream.
    pub file_position: u32,
}

/// The sections after the network stream.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Footer {
    /// Debug messages.
    #[br(parse_with = read_list)]
    #[bw(write_with = write_list)]
    pub debug_strings: Vec<DebugString>,
    /// Goals and saves.
    #[br(parse_with = read_list)]
    #[bw(write_with = write_list)]
    pub tick_marks: Vec<TickMark>,
    /// Packages from CookedPCConsole.
    #[br(parse_with = read_list)]
    #[bw(write_with = write_list)]
    pub packages: Vec<String16>,
    /// Object names; network object ids index this list.
    #[br(parse_with = read_list)]
    #[bw(write_with = write_list)]
    pub objects: Vec<String16>,
    /// Names; network name ids index this list.
    #[br(parse_with = read_list)]
    #[bw(write_with = write_list)]
    pub names: Vec<String16>,
    /// Class names with their object index.
    #[br(parse_with = read_list)]
    #[bw(write_with = write_list)]
    pub class_indices: Vec<ClassIndex>,
    /// Replicated property layout per class.
    #[br(parse_with = read_list)]
    #[bw(write_with = write_list)]
    pub net_cache: Vec<ClassNetCacheEntry>,
}

/// A debug message.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DebugString {
    /// Frame number.
    pub frame: u32,
    /// Player name.
    pub username: String16,
    /// Message.
    pub text: String16,
}

/// A goal or save marker.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TickMark {
    /// Event kind, e.g. `Team0Goal`.
    pub description: String16,
    /// Frame number.
    pub frame: u32,
}

/// A class name and the index of its object.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClassIndex {
    /// Class name.
    pub class: String8,
    /// Index into [`Footer::objects`].
    pub index: u32,
}

/// The replicated properties one class adds to its parent.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClassNetCacheEntry {
    /// Index into [`Footer::objects`] of the class.
    pub object_id: u32,
    /// `cache_id` of the closest preceding parent entry.
    pub parent_id: u32,
    /// Identifier children refer to.
    pub cache_id: u32,
    /// Properties by stream id.
    #[br(parse_with = read_list)]
    #[bw(write_with = write_list)]
    pub properties: Vec<ClassNetCacheProperty>,
}

/// One replicated property of a class.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassNetCacheProperty {
    /// Index into [`Footer::objects`] of the property.
    pub object_id: u32,
    /// Id the network stream uses for this property.
    pub stream_id: u32,
}

impl ClassNetCacheEntry {
    /// An entry from plain numbers: `properties` as (object id, stream id) pairs.
    pub fn new(object_id: u32, parent_id: u32, cache_id: u32, properties: &[(u32, u32)]) -> Self {
        ClassNetCacheEntry {
            object_id,
            parent_id,
            cache_id,
            properties: properties
                .iter()
                .map(|&(object_id, stream_id)| ClassNetCacheProperty {
                    object_id,
                    stream_id,
                })
                .collect(),
        }
    }
}

impl MinSize for KeyFrame {
    const MIN_SIZE: u64 = 12;
}

impl MinSize for DebugString {
    const MIN_SIZE: u64 = 12;
}

impl MinSize for TickMark {
    const MIN_SIZE: u64 = 8;
}

impl MinSize for ClassIndex {
    const MIN_SIZE: u64 = 8;
}

impl MinSize for ClassNetCacheEntry {
    const MIN_SIZE: u64 = 16;
}

impl MinSize for ClassNetCacheProperty {
    const MIN_SIZE: u64 = 8;
}
