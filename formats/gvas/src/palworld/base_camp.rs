//! `worldSaveData.BaseCampSaveData.Value`'s other blobs: the worker director, the work
//! collection and the modules (whose layout depends on the module type, the `ModuleMap` key).

use binrw::binrw;
use serde::{Deserialize, Serialize};
use unreal::{F64, FGuid};

use super::{PalItemAndNum, PalTransform, bounded_vec};

/// `WorkerDirector.RawData`: how the camp's workers are directed.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct WorkerDirector {
    pub id: FGuid,
    pub spawn_transform: PalTransform,
    pub current_order_type: u8,
    pub current_battle_type: u8,
    pub container_id: FGuid,
    /// Bytes after the known fields, kept as stored.
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}

/// `WorkCollection.RawData`: the camp's works.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct WorkCollection {
    pub id: FGuid,
    #[br(temp)]
    #[bw(try_calc = i32::try_from(work_ids.len()))]
    count: i32,
    #[br(parse_with = bounded_vec, args(count, 16))]
    pub work_ids: Vec<FGuid>,
    /// Bytes after the known fields, kept as stored.
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}

/// `EPalBaseCampModuleType`, grouped by layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BaseCampModuleType {
    /// `TransportItemDirector`.
    TransportItemDirector,
    /// `PassiveEffect`.
    PassiveEffect,
    /// Energy, Medical, ResourceCollector, ItemStorages, FacilityReservation,
    /// ObjectMaintenance: no data.
    NoData,
    /// Any other type.
    Unknown,
}

impl BaseCampModuleType {
    pub(super) fn of(key: &str) -> BaseCampModuleType {
        match key.strip_prefix("EPalBaseCampModuleType::") {
            Some("TransportItemDirector") => BaseCampModuleType::TransportItemDirector,
            Some("PassiveEffect") => BaseCampModuleType::PassiveEffect,
            Some(
                "Energy"
                | "Medical"
                | "ResourceCollector"
                | "ItemStorages"
                | "FacilityReservation"
                | "ObjectMaintenance",
            ) => BaseCampModuleType::NoData,
            _ => BaseCampModuleType::Unknown,
        }
    }
}

/// Items a transporting character carries, and where it is.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct TransportItemCharacterInfo {
    #[br(temp)]
    #[bw(try_calc = i32::try_from(item_infos.len()))]
    count: i32,
    #[br(parse_with = bounded_vec, args(count, 40))]
    pub item_infos: Vec<PalItemAndNum>,
    pub character_location: [F64; 3],
}

/// A base camp passive effect.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PassiveEffect {
    /// Type 0.
    #[brw(magic = 0u8)]
    None,
    /// Type 1.
    #[brw(magic = 1u8)]
    WorkSuitability,
    /// Type 2: the work-hard type and 4 more bytes (unknown meaning).
    #[brw(magic = 2u8)]
    WorkHard {
        /// Work-hard type byte.
        work_hard_type: u8,
        /// Four bytes (unknown meaning).
        unknown: [u8; 4],
    },
}

/// `ModuleMap.Value.RawData`, by module type.
#[binrw]
#[brw(little)]
#[br(import(module: BaseCampModuleType))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum BaseCampModule {
    /// Characters transporting items.
    #[br(pre_assert(module == BaseCampModuleType::TransportItemDirector))]
    TransportItemDirector {
        #[br(temp)]
        #[bw(try_calc = i32::try_from(transport_item_character_infos.len()))]
        count: i32,
        /// The characters.
        #[br(parse_with = bounded_vec, args(count, 28))]
        transport_item_character_infos: Vec<TransportItemCharacterInfo>,
    },
    /// Passive effects.
    #[br(pre_assert(module == BaseCampModuleType::PassiveEffect))]
    PassiveEffect {
        #[br(temp)]
        #[bw(try_calc = i32::try_from(passive_effects.len()))]
        count: i32,
        /// The effects.
        #[br(parse_with = bounded_vec, args(count, 1))]
        passive_effects: Vec<PassiveEffect>,
    },
}

/// A base camp module blob with anything after its known fields.
#[binrw]
#[brw(little)]
#[br(import(module: BaseCampModuleType))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BaseCampModuleData {
    /// The module's data.
    #[br(args(module))]
    pub module: BaseCampModule,
    /// Bytes after the known fields, kept as stored.
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}
