//! The GVAS header (`FSaveGameHeader`): versions, engine version, custom versions and save class.

use binrw::binrw;
use schema_derive::version;
use serde::{Deserialize, Serialize};
use unreal::FString;
pub use unreal::{FCustomVersion, FEngineVersion};

/// `SaveGameFileVersion::AddedCustomVersions`: the custom version table is present from here on.
pub const SAVE_GAME_VERSION_CUSTOM_VERSIONS: u32 = 2;
/// `SaveGameFileVersion::PackageFileSummaryVersionChange`: adds `FileVersionUE5`.
pub const SAVE_GAME_VERSION_UE5_PACKAGE: u32 = 3;
/// `ECustomVersionSerializationFormat::Optimized`: entries are (GUID, version) pairs.
pub const CUSTOM_VERSION_FORMAT_OPTIMIZED: u32 = 3;

/// The header every SaveGame file starts with (after the "GVAS" magic).
#[version(save_game_version: u32 = save_game_version)]
#[binrw]
#[brw(little, magic = b"GVAS")]
// Checked ahead of the version gates, which would otherwise blame a field for a version that is
// itself wrong.
#[bw(assert((1..=SAVE_GAME_VERSION_UE5_PACKAGE).contains(save_game_version),
    "save_game_version: unsupported save game version {}", save_game_version))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FSaveGameHeader {
    /// `SaveGameFileVersion`: 1 (initial), 2 (custom versions), 3 (UE5 package version).
    #[br(assert((1..=SAVE_GAME_VERSION_UE5_PACKAGE).contains(&save_game_version),
        "unsupported save game version {}", save_game_version))]
    pub save_game_version: u32,
    /// `FileVersionUE4`, the package version (e.g. 522 for UE 4.27 and UE5).
    pub package_file_version_ue4: u32,
    /// `FileVersionUE5` (1000+), present from save game version 3.
    #[since(save_game_version >= SAVE_GAME_VERSION_UE5_PACKAGE)]
    pub package_file_version_ue5: Option<u32>,
    /// The engine that wrote the file.
    pub engine_version: FEngineVersion,
    /// The custom version table, present from save game version 2.
    #[since(save_game_version >= SAVE_GAME_VERSION_CUSTOM_VERSIONS)]
    pub custom_versions: Option<FCustomVersionContainer>,
    /// Path of the `USaveGame` class, e.g. `/Script/Game.MySaveGame`.
    pub save_game_class_name: FString,
}

impl FSaveGameHeader {
    /// `FileVersionUE5`, 0 for UE4 files.
    pub fn package_ue5(&self) -> u32 {
        self.package_file_version_ue5.unwrap_or(0)
    }
}

/// The custom version table in its optimized form.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FCustomVersionContainer {
    /// `ECustomVersionSerializationFormat`; only the optimized form (3) is written by save games.
    #[br(assert(format == CUSTOM_VERSION_FORMAT_OPTIMIZED,
        "custom version format {} is not supported (only {})", format, CUSTOM_VERSION_FORMAT_OPTIMIZED))]
    #[bw(assert(*format == CUSTOM_VERSION_FORMAT_OPTIMIZED,
        "custom_versions.format: custom version format {} is not supported (only {})", format, CUSTOM_VERSION_FORMAT_OPTIMIZED))]
    pub format: u32,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(versions.len()))]
    count: u32,
    /// (key, version) pairs. Read one by one, so a lying count fails at the end of the data
    /// instead of allocating.
    #[br(count = count)]
    pub versions: Vec<FCustomVersion>,
}
