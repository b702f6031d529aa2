//! Version data: `FSaveObjectVersionData` and its parts (generated from `schema/versions.ksy`; the
//! engine and custom versions are `unreal`'s, shared with GVAS), and the SaveVersion gates the
//! reader uses.

use binrw::binrw;
use serde::{Deserialize, Serialize};

pub use crate::generated::versions::{FPackageFileVersion, FSaveObjectVersionData};
pub use unreal::{FCustomVersion, FEngineVersion};

/// First SaveVersion of Update 8 (older saves are rejected).
pub const SAVE_VERSION_UPDATE_8: i32 = 41;
/// SaveVersion from which `FObjectBaseSaveHeader` carries `ObjectFlags`.
pub const SAVE_VERSION_OBJECT_FLAGS: i32 = 49;
/// SaveVersion from which each level carries its own SaveVersion.
pub const SAVE_VERSION_PER_LEVEL: i32 = 51;
/// SaveVersion from which levels and objects carry `FSaveObjectVersionData`.
pub const SAVE_VERSION_OBJECT_VERSION_DATA: i32 = 53;
/// `FileVersionUE5` assumed where no version data says otherwise (the document's default).
pub const DEFAULT_UE5: i32 = 1000;
/// `FileVersionUE5` the property reader assumes at least for Update 8 and later data: the game ran
/// on UE 5.1 (1008) from Update 8 on, so its soft object paths are top-level asset paths (1007)
/// and its vectors doubles (1004) even where the save records no version (the document's default
/// of 1000 predates both).
pub const UE5_UPDATE_8_PROPERTIES: i32 = 1008;
/// `FileVersionUE4` of every UE5 save.
pub const DEFAULT_UE4: i32 = 522;
/// `FileVersionUE5` from which a UObject starts with a SerializationControl byte.
pub const UE5_SERIALIZATION_CONTROL: i32 = 1011;

/// The versions in force while reading one scope (file, level or object): the most specific
/// SaveVersion and package version seen so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Scope {
    pub save_version: i32,
    pub package: FPackageFileVersion,
}

impl Scope {
    /// The file-wide scope: Update 8 and later are UE5 saves; older blueprints are UE 4.26.
    pub(crate) fn file(save_version: i32) -> Self {
        let ue5 = if save_version >= SAVE_VERSION_UPDATE_8 {
            DEFAULT_UE5
        } else {
            0
        };
        Scope {
            save_version,
            package: FPackageFileVersion {
                file_version_ue4: DEFAULT_UE4,
                file_version_ue5: ue5,
            },
        }
    }

    /// This scope narrowed by a SaveVersion and/or version data. Data saved before version data
    /// existed (SaveVersion < 53, e.g. a level carried over from 1.1 into a 1.2 save) does not
    /// inherit the newer package version of its parent: it gets the default of its own SaveVersion.
    pub(crate) fn narrowed(
        self,
        save_version: Option<i32>,
        data: Option<&FSaveObjectVersionData>,
    ) -> Self {
        let save_version = save_version.unwrap_or(self.save_version);
        let package = match data {
            Some(d) => d.package_file_version,
            None if save_version < SAVE_VERSION_OBJECT_VERSION_DATA => {
                Scope::file(save_version).package
            }
            None => self.package,
        };
        Scope {
            save_version,
            package,
        }
    }
}

/// `TOptional<T>` as stored: a UE `bool`, then the value when set.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "T: Serialize", deserialize = "T: Deserialize<'de>"))]
pub struct TOptional<T>
where
    T: for<'a> binrw::BinRead<Args<'a> = ()> + for<'a> binrw::BinWrite<Args<'a> = ()>,
{
    #[br(temp)]
    #[bw(calc = crate::reader::Bool32(value.is_some()))]
    has_value: crate::reader::Bool32,
    /// The value, when set.
    #[br(if(has_value.0))]
    pub value: Option<T>,
}
