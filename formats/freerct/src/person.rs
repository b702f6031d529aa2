//! Voxel objects ("vxoj"), persons ("prsn") and guests ("gues").

use crate::primitives::{Money, Text};
use crate::recolouring::Recolouring;
use binrw::binrw;
use schema_derive::pattern;
use serde::{Deserialize, Serialize};

/// Voxel object: position of a moveable object.
#[pattern(tag = b"vxoj", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VoxelObject {
    /// Merged x coordinate (voxel << 8 | pixel in voxel).
    pub x: u32,
    /// Merged y coordinate.
    pub y: u32,
    /// Merged z coordinate.
    pub z: u32,
}

/// Person: data common to guests and staff.
#[pattern(tag = b"prsn", newest = 3)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Person {
    /// Position.
    pub voxel_object: VoxelObject,
    /// Person type.
    pub person_type: u8,
    /// Offset with respect to the centre of the path or tile.
    pub offset: i16,
    /// Name.
    pub name: Text,
    /// Ride number (key + 6, 0xFFFF none; version 2 and later).
    #[since(2)]
    pub ride: Option<u16>,
    /// Recolouring.
    pub recolour: Recolouring,
    /// Current walk information (compressed).
    pub walk: u16,
    /// Current displayed frame of the animation.
    pub frame_index: u16,
    /// Remaining display time of the frame.
    pub frame_time: i16,
    /// Current status (version 3 and later).
    #[since(3)]
    pub status: Option<u16>,
}

/// The 13 one-byte guest properties, in spec order.
#[binrw::binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GuestItems {
    /// Has a map.
    pub has_map: u8,
    /// Has an umbrella.
    pub has_umbrella: u8,
    /// Has a food or drink wrapper.
    pub has_wrapper: u8,
    /// Has a balloon.
    pub has_balloon: u8,
    /// Held food is salty.
    pub salty_food: u8,
    /// Souvenirs bought.
    pub souvenirs: u8,
    /// Food units held.
    pub food: u8,
    /// Drink units held.
    pub drink: u8,
    /// Hunger level.
    pub hunger: u8,
    /// Thirst level.
    pub thirst: u8,
    /// Stomach fill level.
    pub stomach: u8,
    /// Waste level.
    pub waste: u8,
    /// Nausea level.
    pub nausea: u8,
}

/// A guest's ride preferences (guest version 2 and later).
#[binrw::binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RidePreferences {
    /// Preferred ride intensity.
    pub preferred_intensity: u32,
    /// Minimum ride intensity.
    pub min_intensity: u32,
    /// Maximum ride intensity.
    pub max_intensity: u32,
    /// Maximum ride nausea.
    pub max_nausea: u32,
    /// Minimum ride excitement.
    pub min_excitement: u32,
}

/// Guest: a single guest.
#[pattern(tag = b"gues", newest = 3)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Guest {
    /// Person data.
    pub person: Person,
    /// Current activity.
    pub activity: u8,
    /// Current happiness.
    pub happiness: i16,
    /// Sum of happiness.
    pub total_happiness: u16,
    /// Cash on hand.
    pub cash: Money,
    /// Cash spent.
    pub cash_spent: Money,
    /// Ride index (versions 1-2; later in the person data).
    #[until(2)]
    pub ride: Option<u16>,
    /// Items and needs.
    pub items: GuestItems,
    /// Ride preferences (version 2 and later).
    #[since(2)]
    pub preferences: Option<RidePreferences>,
}
