//! The save header (`FSaveHeader`) in front of the compressed body.

use binrw::binrw;
use schema_derive::version;
use serde::{Deserialize, Serialize};
use unreal::FString;

use crate::reader::Bool32;

/// `FMD5Hash`: a validity flag and, when valid, 16 bytes.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FMD5Hash {
    /// `bIsValid`.
    pub is_valid: Bool32,
    /// The hash bytes, present when valid.
    #[br(if(is_valid.0))]
    #[bw(assert(bytes.is_some() == is_valid.0, "hash bytes must be present exactly when valid"))]
    pub bytes: Option<[u8; 16]>,
}

/// `FSaveHeader` (`FGSaveManagerInterface.h`); fields newer than the file's `SaveHeaderVersion` are `None`
/// (strings: empty, and not written).
#[version(save_header_version: i32 = save_header_version)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FSaveHeader {
    /// `SaveHeaderVersion`: 13 for Update 8 and 1.0, 14 from 1.1 on.
    pub save_header_version: i32,
    /// `SaveVersion` (41-45 Update 8, 46-50 1.0, 51-57 1.1, 58+ 1.2).
    pub save_version: i32,
    /// `BuildVersion` (the game's changelist).
    pub build_version: i32,
    /// `SaveName` (header version 14+).
    #[since(save_header_version >= 14)]
    #[absent(default)]
    pub save_name: FString,
    /// `MapName`.
    pub map_name: FString,
    /// `MapOptions`.
    pub map_options: FString,
    /// `sessionIDInt` (header versions 2 and 3).
    #[since(save_header_version >= 2)]
    #[until(save_header_version < 4)]
    pub session_id_int: Option<i32>,
    /// `SessionName` (4+).
    #[since(save_header_version >= 4)]
    #[absent(default)]
    pub session_name: FString,
    /// `PlayDurationSeconds` (3+).
    #[since(save_header_version >= 3)]
    pub play_duration_seconds: Option<i32>,
    /// `SaveDateTime`, `FDateTime` ticks (4+).
    #[since(save_header_version >= 4)]
    pub save_date_time: Option<i64>,
    /// `SessionVisibility` (5+, unused by the game).
    #[since(save_header_version >= 5)]
    pub session_visibility: Option<i8>,
    /// `EditorObjectVersion` (7+).
    #[since(save_header_version >= 7)]
    pub editor_object_version: Option<i32>,
    /// `ModMetadata`, JSON text (8+).
    #[since(save_header_version >= 8)]
    #[absent(default)]
    pub mod_metadata: FString,
    /// `IsModdedSave` (8+).
    #[since(save_header_version >= 8)]
    pub is_modded_save: Option<Bool32>,
    /// `SaveIdentifier` (10+).
    #[since(save_header_version >= 10)]
    #[absent(default)]
    pub save_identifier: FString,
    /// `IsPartitionedWorld` (11+).
    #[since(save_header_version >= 11)]
    pub is_partitioned_world: Option<Bool32>,
    /// `SaveDataHash` (12+).
    #[since(save_header_version >= 12)]
    pub save_data_hash: Option<FMD5Hash>,
    /// `IsCreativeModeEnabled` (13+).
    #[since(save_header_version >= 13)]
    pub is_creative_mode_enabled: Option<Bool32>,
}
