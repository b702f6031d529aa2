//! `worldSaveData.WorkSaveData`: work (a task Pals do) and its assignments. A work's layout
//! depends on the sibling `WorkableType`; an assignment's does not.

use binrw::binrw;
use serde::{Deserialize, Serialize};
use unreal::{F32, F64, FGuid, FString};

use super::{PalTransform, bounded_vec};

/// `EPalWorkableType`, grouped by the layout of the work's data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkKind {
    /// The common part only (TransportItemInBaseCamp, LevelObject, Repair, BootUp, OnlyJoin,
    /// OnlyJoinAndWalkAround, RemoveMapObjectEffect, MonsterFarm).
    Base,
    /// `EPalWorkableType::Progress`.
    Progress,
    /// `EPalWorkableType::Defense`.
    Defense,
    /// `EPalWorkableType::ReviveCharacter`.
    ReviveCharacter,
    /// `EPalWorkableType::Assign`: no common part.
    Assign,
    /// Any other type: not decoded.
    Unknown,
}

impl WorkKind {
    /// The layout of a `WorkableType` enum value.
    pub fn of(workable_type: &str) -> WorkKind {
        match workable_type.strip_prefix("EPalWorkableType::") {
            Some("Progress") => WorkKind::Progress,
            Some("Defense") => WorkKind::Defense,
            Some("ReviveCharacter") => WorkKind::ReviveCharacter,
            Some("Assign") => WorkKind::Assign,
            Some(
                "TransportItemInBaseCamp"
                | "LevelObject"
                | "Repair"
                | "BootUp"
                | "OnlyJoin"
                | "OnlyJoinAndWalkAround"
                | "RemoveMapObjectEffect"
                | "MonsterFarm",
            ) => WorkKind::Base,
            _ => WorkKind::Unknown,
        }
    }
}

/// Where a worker stands to work, and which way it faces.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct AssignLocation {
    pub location: [F64; 3],
    pub facing_direction: [F64; 3],
}

/// The part of a work every workable type but `Assign` stores.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct WorkableBase {
    pub id: FGuid,
    /// Workable bounds: location, rotation (quaternion), box origin, box extent, sphere radius.
    pub bounds_location: [F64; 3],
    pub bounds_rotation: [F64; 4],
    pub bounds_origin: [F64; 3],
    pub bounds_box_extent: [F64; 3],
    pub bounds_sphere_radius: F64,
    pub base_camp_id_belong_to: FGuid,
    pub owner_map_object_model_id: FGuid,
    pub owner_map_object_concrete_model_id: FGuid,
    pub current_state: u8,
    #[br(temp)]
    #[bw(try_calc = i32::try_from(assign_locations.len()))]
    count: i32,
    #[br(parse_with = bounded_vec, args(count, 48))]
    pub assign_locations: Vec<AssignLocation>,
    pub behaviour_type: u8,
    pub assign_define_data_id: FString,
    pub override_work_type: u8,
    pub assignable_fixed_type: u8,
    /// UE bools (u32).
    pub assignable_otomo: u32,
    pub can_trigger_worker_event: u32,
    pub can_steal_assign: u32,
}

/// A work's data before its transform, by workable type.
#[binrw]
#[brw(little)]
#[br(import(kind: WorkKind))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Workable {
    #[br(pre_assert(kind == WorkKind::Base))]
    Base(WorkableBase),
    #[br(pre_assert(kind == WorkKind::Progress))]
    Progress {
        base: WorkableBase,
        required_work_amount: F32,
        work_exp: i32,
        current_work_amount: F32,
        auto_work_self_amount_by_sec: F32,
    },
    #[br(pre_assert(kind == WorkKind::Defense))]
    Defense {
        base: WorkableBase,
        defense_combat_type: u8,
    },
    #[br(pre_assert(kind == WorkKind::ReviveCharacter))]
    ReviveCharacter {
        base: WorkableBase,
        target_player_uid: FGuid,
        target_instance_id: FGuid,
    },
    #[br(pre_assert(kind == WorkKind::Assign))]
    Assign(WorkAssign),
}

/// `UPalWorkProgressTransformBase`: where the work happens.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum WorkTransform {
    /// Type 1: a fixed transform.
    #[brw(magic = 1u8)]
    Static(PalTransform),
    /// Type 2: at a map object.
    #[brw(magic = 2u8)]
    MapObject {
        /// The map object's instance ID.
        map_object_instance_id: FGuid,
    },
    /// Type 3: at a character.
    #[brw(magic = 3u8)]
    Character {
        /// The character's GUID.
        guid: FGuid,
        /// The character's instance ID.
        instance_id: FGuid,
    },
    /// Any other type byte (or a known one that did not decode): the rest of the blob as stored.
    Other {
        /// The type byte.
        kind: u8,
        /// The bytes after it.
        #[br(parse_with = binrw::helpers::until_eof)]
        #[serde(with = "unreal::chunked::hex_bytes")]
        rest: Vec<u8>,
    },
}

/// `WorkSaveData.RawData`.
#[binrw]
#[brw(little)]
#[br(import(kind: WorkKind))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WorkData {
    /// The workable's data.
    #[br(args(kind))]
    pub workable: Workable,
    /// Where the work happens.
    pub transform: WorkTransform,
    /// Bytes after the known fields, kept as stored.
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}

/// An assignment of a worker (also `WorkSaveData.WorkAssignMap.Value.RawData`).
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct WorkAssign {
    pub id: FGuid,
    pub location_index: i32,
    pub assign_type: u8,
    pub player_uid: FGuid,
    pub instance_id: FGuid,
    pub state: u8,
    /// A UE bool (u32).
    pub fixed: u32,
}

/// `WorkSaveData.WorkAssignMap.Value.RawData`.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkAssignData {
    /// The assignment.
    pub assign: WorkAssign,
    /// Bytes after the known fields, kept as stored.
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}
