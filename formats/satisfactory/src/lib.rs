//! Satisfactory saves (`.sav`, Update 8 to 1.2) and blueprints (`.sbp`, `.sbpcfg`), read and written
//! byte for byte, on the `unreal` crate's property system and chunk archive.
//!
//! - [`SaveFile`]: [`FSaveHeader`], the compressed chunks ([`unreal::chunked::ChunkedArchive`], every
//!   original zlib stream kept and re-emitted where the body did not change) and the [`SaveBody`]:
//!   validation data, levels ([`FPerStreamingLevelSaveData`]), the persistent level and the unresolved
//!   world data. Saves from before Update 8 are rejected with an error naming their version.
//! - [`Blueprint`] and [`BlueprintConfig`]: `.sbp` (Update 6/7 ones with v1 chunk headers included)
//!   and `.sbpcfg` (every config version known).
//! - Objects ([`SaveObject`]): TOC header, save data, and the object's bytes decoded as actor data,
//!   property list and class data ([`objects::custom`]); bytes that cannot be decoded are kept raw
//!   with the reason, and written back.
//!
//! ```no_run
//! let bytes = std::fs::read("factory.sav").unwrap();
//! let mut save = satisfactory::SaveFile::read(&bytes).unwrap();
//! save.header.session_name = "Renamed".into();
//! let written = save.write().unwrap();
//! assert_eq!(satisfactory::SaveFile::read(&written).unwrap().header.session_name, save.header.session_name);
//! ```
#![deny(missing_docs)]

mod archive;
mod blob;
mod blueprint;
mod body;
mod config;
mod error;
/// The `#[binrw]` types generated from `schema/*.ksy` by savepoint-codegen's binrw backend, one
/// module per schema, re-exported by the hand-written modules of the same name. Checked in and
/// kept fresh by `codegen/tests/satisfactory_fresh.rs`; never edited by hand.
#[rustfmt::skip]
mod generated {
    pub mod blueprint;
    pub mod blueprint_config;
    pub mod blueprint_config_parts;
    pub mod body;
    pub mod chunks;
    pub mod component;
    pub mod conveyor;
    pub mod drone;
    pub mod game;
    pub mod header;
    pub mod inventory;
    pub mod lightweight;
    pub mod objects;
    pub mod power;
    pub mod vehicle;
    pub mod versions;
}
mod header;
pub mod objects;
mod reader;
mod save;
mod source;
mod summary;
mod versions;

pub use archive::ChunkHeader;
pub use blob::TocTail;
pub use blueprint::{Blueprint, BlueprintBody, FBlueprintHeader, FBlueprintItemAmount};
pub use body::{
    FPerStreamingLevelSaveData, FPersistentAndRuntimeSaveData, FUnresolvedWorldSaveData,
    FWPGridValidationData, FWorldPartitionValidationData, SaveBody,
};
pub use config::{
    BlueprintConfig, Description, FLocalUserNetIdBundle, FPlayerInfoHandle, FTopLevelAssetPath,
    LastEditedBy, PlayerInfoCurrent, PlayerInfoLegacy, Utf8Text,
};
pub use error::Error;
pub use header::{FMD5Hash, FSaveHeader};
pub use objects::{ObjectData, SaveObject};
pub use reader::Bool32;
pub use save::SaveFile;
pub use summary::{ClassCount, Fallbacks};
pub use versions::{
    FCustomVersion, FEngineVersion, FPackageFileVersion, FSaveObjectVersionData, TOptional,
};

use serde::{Deserialize, Serialize};

/// Options for reading saves and blueprints.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Most threads to read on; 0 (the default) allows every core. A save body of 4 MB or more
    /// in regular chunks is then read on two, the objects decoded on the second as the first
    /// inflates and reads; smaller ones and blueprints on one (a body in irregular chunks is
    /// inflated whole, its objects decoded on up to every core).
    pub max_threads: usize,
}

impl ReadOptions {
    /// Threads for `jobs` jobs of which each thread should get at least `per_thread`.
    pub(crate) fn threads(self, jobs: usize, per_thread: usize) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let cap = if self.max_threads == 0 {
            cores
        } else {
            self.max_threads.min(cores)
        };
        cap.min(jobs / per_thread.max(1)).max(1)
    }
}

/// Which Satisfactory file some bytes are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FileKind {
    /// A save (`.sav`).
    Save,
    /// A blueprint (`.sbp`).
    Blueprint,
    /// A blueprint config (`.sbpcfg`).
    BlueprintConfig,
}

/// Any Satisfactory file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "file", rename_all = "snake_case")]
pub enum SatisfactoryFile {
    /// A save.
    Save(Box<SaveFile>),
    /// A blueprint.
    Blueprint(Box<Blueprint>),
    /// A blueprint config.
    BlueprintConfig(Box<BlueprintConfig>),
}

/// Highest header or config version accepted when telling the files apart.
const MAX_HEADER_VERSION: i32 = 64;
/// Configs are small; larger files are not tried as one.
const MAX_CONFIG_LEN: usize = 1 << 20;

/// Tells a save, a blueprint and a config apart from their bytes; `None` when they are none of them.
///
/// All three start with a small version number. A config is a few fields that make up the whole
/// file, so a file that reads as one without bytes left over is a config; a blueprint starts with
/// `HeaderVersion` 2 and holds compressed chunks after its header; anything else with a plausible
/// version and compressed chunks is a save.
pub fn detect(data: &[u8]) -> Option<FileKind> {
    let version = i32::from_le_bytes(data.get(..4)?.try_into().ok()?);
    if !(0..=MAX_HEADER_VERSION).contains(&version) {
        return None;
    }
    if data.len() <= MAX_CONFIG_LEN
        && BlueprintConfig::read(data).is_ok_and(|c| c.trailing.is_empty())
    {
        return Some(FileKind::BlueprintConfig);
    }
    let tag = unreal::chunked::PACKAGE_FILE_TAG.to_le_bytes();
    if !data.windows(4).any(|w| w == tag) {
        return None;
    }
    Some(if version == 2 {
        FileKind::Blueprint
    } else {
        FileKind::Save
    })
}

impl SatisfactoryFile {
    /// Refuses a leading version by which [`detect`] would not tell the written file for what it
    /// is (it would not read back): a blueprint's `HeaderVersion` is 2, a config's version is in
    /// `0..=MAX_HEADER_VERSION`.
    fn check_detectable(&self) -> Result<(), Error> {
        let (path, version, ok) = match self {
            Self::Save(_) => return Ok(()),
            Self::Blueprint(b) => {
                let version = b.header.header_version;
                ("header.header_version", version, version == 2)
            }
            Self::BlueprintConfig(c) => {
                let version = c.config_version;
                let known = (0..=MAX_HEADER_VERSION).contains(&version);
                ("config_version", version, known)
            }
        };
        match ok {
            true => Ok(()),
            false => Err(Error::new(
                path,
                0,
                format!("version {version} would not be recognised when the file is read back"),
            )),
        }
    }

    /// Reads a file of the kind [`detect`] finds.
    pub fn read(data: &[u8]) -> Result<Self, Error> {
        match detect(data) {
            Some(kind) => Self::read_as(kind, data),
            None => Err(Error::new(
                "file",
                0,
                "not a Satisfactory save, blueprint or blueprint config",
            )),
        }
    }

    /// Reads `data` as the given kind.
    pub fn read_as(kind: FileKind, data: &[u8]) -> Result<Self, Error> {
        Ok(match kind {
            FileKind::Save => Self::Save(Box::new(SaveFile::read(data)?)),
            FileKind::Blueprint => Self::Blueprint(Box::new(Blueprint::read(data)?)),
            FileKind::BlueprintConfig => {
                Self::BlueprintConfig(Box::new(BlueprintConfig::read(data)?))
            }
        })
    }

    /// Writes the file back to bytes.
    pub fn write(&self) -> Result<Vec<u8>, Error> {
        self.check_detectable()?;
        match self {
            Self::Save(s) => s.write(),
            Self::Blueprint(b) => b.write(),
            Self::BlueprintConfig(c) => c.write(),
        }
    }

    /// The kind of file.
    pub fn kind(&self) -> FileKind {
        match self {
            Self::Save(_) => FileKind::Save,
            Self::Blueprint(_) => FileKind::Blueprint,
            Self::BlueprintConfig(_) => FileKind::BlueprintConfig,
        }
    }

    /// Short key/value lines (versions first) for `savepoint info` and snapshots.
    pub fn summary(&self) -> Vec<(&'static str, String)> {
        match self {
            Self::Save(s) => s.summary(),
            Self::Blueprint(b) => b.summary(),
            Self::BlueprintConfig(c) => c.summary(),
        }
    }
}
