//! Blueprint configs: the `.sbpcfg` file (`ConfigVersion` plus `FBlueprintRecord`). Its fixed
//! layouts are generated from `schema/blueprint_config_parts.ksy`; the file's reader and writer
//! are written here, as they tell the two forms of `BlueprintDescription` and of
//! `FPlayerInfoHandle` apart by their bytes (`schema/blueprint_config.ksy` describes them, and the
//! differential test holds the two to the same values).

use binrw::binrw;
use schema_derive::version;
use serde::{Deserialize, Serialize};
use unreal::{FLinearColor, FString, TArray};

use crate::Error;
use crate::reader::{Reader, put, put_args};

pub use crate::generated::blueprint_config_parts::{
    FLocalUserNetIdBundle, FTopLevelAssetPath, PlayerInfoCurrent, PlayerInfoLegacy,
};

/// Config version from which `IconID` carries its `IconLibrary`.
const CONFIG_VERSION_ICON_LIBRARY: i32 = 3;

/// `FPlayerInfoHandle`: the 1.2 form (SaveVersion 57+) or the legacy one. Written through binrw;
/// read by the config reader, which tells the forms apart by their size.
#[binrw::binwrite]
#[bw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FPlayerInfoHandle {
    /// `ServiceProvider`, `PlayerInfoTableIndex` (int32).
    Current(PlayerInfoCurrent),
    /// `ServiceProvider`, `LegacyPlayerInfoTableIndex` (uint8).
    Legacy(PlayerInfoLegacy),
}

/// `LastEditedBy`, whose type depends on the config version.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LastEditedBy {
    /// Config versions before 4: not stored.
    None,
    /// Config version 4: `TArray<FLocalUserNetIdBundle>`.
    Bundles(TArray<FLocalUserNetIdBundle>),
    /// Config version 6+: `FPlayerInfoHandle`.
    PlayerInfo(FPlayerInfoHandle),
}

/// `BlueprintDescription`: an `FString`, or, in Update 6/7 configs, UTF-8 bytes counted by an `i32`
/// without a terminating NUL.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Description {
    /// An `FString`.
    Text(FString),
    /// Length-prefixed UTF-8 without a NUL.
    Unterminated(String),
}

impl Description {
    fn read(r: &mut Reader<'_>) -> Result<Self, Error> {
        let mut attempt = r.clone();
        if let Ok(text) = attempt.binrw("blueprint_description") {
            *r = attempt;
            return Ok(Description::Text(text));
        }
        let n = r.count(1, "blueprint_description")?;
        let at = r.offset();
        let bytes = r.bytes(n, "blueprint_description")?;
        let text = std::str::from_utf8(bytes).map_err(|e| {
            Error::new(
                "blueprint_description",
                at,
                format!("neither an FString nor UTF-8: {e}"),
            )
        })?;
        Ok(Description::Unterminated(text.to_owned()))
    }

    fn put(&self, out: &mut Vec<u8>) -> Result<(), Error> {
        match self {
            Description::Text(text) => put(text, out, "blueprint_description"),
            Description::Unterminated(text) => {
                crate::blob::put_count(text.len(), out, "blueprint_description")?;
                out.extend_from_slice(text.as_bytes());
                Ok(())
            }
        }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        match self {
            Description::Text(text) => text.as_str(),
            Description::Unterminated(text) => text,
        }
    }
}

/// A blueprint config file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BlueprintConfig {
    /// `ConfigVersion`.
    pub config_version: i32,
    /// `BlueprintDescription`.
    pub blueprint_description: Description,
    /// `IconID.IconID`.
    pub icon_id: i32,
    /// `Color`.
    pub color: FLinearColor,
    /// `IconID.IconLibrary` (config version 3+).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon_library: Option<FTopLevelAssetPath>,
    /// `LastEditedBy`.
    pub last_edited_by: LastEditedBy,
    /// Bytes after the known fields (config version 5, whose layout is unknown, or newer ones).
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}

/// `IconID.IconLibrary`, stored from config version 3 on. The config reads and writes it through
/// this, so that the read gate and the writer's check are one declaration.
#[version(config_version: i32 = import)]
#[binrw]
#[brw(little)]
struct IconLibrary {
    #[since(config_version >= CONFIG_VERSION_ICON_LIBRARY)]
    icon_library: Option<FTopLevelAssetPath>,
}

/// Size of the 1.2 `FPlayerInfoHandle` (u8 + i32).
const PLAYER_INFO_HANDLE_LEN: usize = 5;
/// Size of the legacy `FPlayerInfoHandle` (u8 + u8).
const LEGACY_PLAYER_INFO_HANDLE_LEN: usize = 2;

impl BlueprintConfig {
    /// Reads a config file.
    pub fn read(data: &[u8]) -> Result<Self, Error> {
        let mut r = Reader::new(data, 0);
        let config_version = r.i32("config_version")?;
        let blueprint_description = Description::read(&mut r)?;
        let icon_id = r.i32("icon_id")?;
        let color = r.binrw("color")?;
        let icon_library = r
            .binrw_args::<IconLibrary, _>("icon_library", (config_version,))?
            .icon_library;
        let last_edited_by = match config_version {
            4 => LastEditedBy::Bundles(r.binrw("last_edited_by")?),
            6.. => {
                // The config does not store the SaveVersion that decides the handle's form: the
                // bytes left do (1.1.3 wrote the legacy form, 1.2 the current one).
                let handle = match r.remaining() {
                    PLAYER_INFO_HANDLE_LEN => {
                        FPlayerInfoHandle::Current(r.binrw("last_edited_by")?)
                    }
                    LEGACY_PLAYER_INFO_HANDLE_LEN => {
                        FPlayerInfoHandle::Legacy(r.binrw("last_edited_by")?)
                    }
                    n => {
                        return Err(r.err(
                            "last_edited_by",
                            format!("{n} bytes left, a player info handle takes 5 (or 2)"),
                        ));
                    }
                };
                LastEditedBy::PlayerInfo(handle)
            }
            _ => LastEditedBy::None,
        };
        Ok(BlueprintConfig {
            config_version,
            blueprint_description,
            icon_id,
            color,
            icon_library,
            last_edited_by,
            trailing: r.rest().to_vec(),
        })
    }

    /// Writes the config file.
    pub fn write(&self) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        out.extend_from_slice(&self.config_version.to_le_bytes());
        self.blueprint_description.put(&mut out)?;
        out.extend_from_slice(&self.icon_id.to_le_bytes());
        put(&self.color, &mut out, "color")?;
        let icon_library = IconLibrary {
            icon_library: self.icon_library.clone(),
        };
        put_args(
            &icon_library,
            &mut out,
            "icon_library",
            (self.config_version,),
        )?;
        match &self.last_edited_by {
            LastEditedBy::None => {}
            LastEditedBy::Bundles(b) => put(b, &mut out, "last_edited_by")?,
            LastEditedBy::PlayerInfo(h) => put(h, &mut out, "last_edited_by")?,
        }
        out.extend_from_slice(&self.trailing);
        Ok(out)
    }
}
