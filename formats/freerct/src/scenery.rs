//! Scenery block ("SCNY"), scenery instances ("scni") and path objects ("pobj").

use crate::lists::List32;
use crate::primitives::{Text, XyzU16};
use binrw::binrw;
use schema_derive::{pattern, versioned};
use serde::{Deserialize, Serialize};

/// Scenery instance: one placed scenery item.
#[pattern(tag = b"scni", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SceneryInstance {
    /// Base voxel.
    pub position: XyzU16,
    /// Orientation.
    pub orientation: u8,
    /// Time in the animation.
    pub animation_time: u32,
    /// Time since the item was last watered.
    pub since_watered: u32,
}

/// A scenery item: its type (index before Scenery version 3, internal name since) and instance.
#[versioned]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SceneryItem {
    /// Scenery type index (Scenery versions 1-2).
    #[until(2)]
    pub type_index: Option<u16>,
    /// Scenery type internal name (Scenery version 3 and later).
    #[since(3)]
    pub internal_name: Option<Text>,
    /// The instance.
    pub instance: SceneryInstance,
}

/// Path object: a bench, lamp, litter or vomit on a path.
#[pattern(tag = b"pobj", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PathObject {
    /// Offset inside the voxel.
    pub offset: XyzU16,
    /// State bits.
    pub state: u8,
    /// Data attributes.
    pub data: [u32; 4],
}

/// A path object with its voxel and type, as stored by the Scenery block.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlacedPathObject {
    /// Voxel.
    pub voxel: XyzU16,
    /// Object type index.
    pub object_type: u8,
    /// The object.
    pub object: PathObject,
}

/// Scenery block: placed scenery items and path objects.
#[pattern(tag = b"SCNY", newest = 3)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scenery {
    #[br(temp)]
    #[bw(try_calc = u32::try_from(items.len()))]
    pub count: u32,
    /// Scenery items.
    #[br(count = count)]
    #[with_version]
    pub items: Vec<SceneryItem>,
    /// User-placed path objects (version 2 and later).
    #[since(2)]
    pub path_objects: Option<List32<PlacedPathObject>>,
    /// Litter and vomit (version 2 and later).
    #[since(2)]
    pub litter: Option<List32<PlacedPathObject>>,
}
