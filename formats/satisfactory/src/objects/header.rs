//! The object headers of a TOC blob: `FObjectBaseSaveHeader`, `FObjectSaveHeader`, `FActorSaveHeader`.

use binrw::binrw;
use serde::{Deserialize, Serialize};
use unreal::{F32, FObjectReferenceDisc, FQuat, FString, FVector};

use crate::Error;
use crate::reader::{Bool32, Reader};
use crate::versions::SAVE_VERSION_OBJECT_FLAGS;

/// `FObjectBaseSaveHeader`: class, reference and (SaveVersion 49+) object flags.
#[binrw]
#[brw(little, import(save_version: i32))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FObjectBaseSaveHeader {
    /// `ClassName`, the class path.
    pub class_name: FString,
    /// `Reference`: the object's level and path name.
    pub reference: FObjectReferenceDisc,
    /// `ObjectFlags` (SaveVersion 49+).
    #[br(if(save_version >= SAVE_VERSION_OBJECT_FLAGS))]
    pub object_flags: Option<u32>,
}

impl FObjectBaseSaveHeader {
    /// Reads the header from the slice, like [`ObjectHeader::read`].
    fn read(r: &mut Reader<'_>, save_version: i32) -> Result<Self, Error> {
        Ok(FObjectBaseSaveHeader {
            class_name: r.fstring("class_name")?,
            reference: r.object_reference("reference")?,
            object_flags: match save_version >= SAVE_VERSION_OBJECT_FLAGS {
                true => Some(r.u32("object_flags")?),
                false => None,
            },
        })
    }
}

/// `FObjectSaveHeader`: a UObject's header.
#[binrw]
#[brw(little, import(save_version: i32))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FObjectSaveHeader {
    /// `BaseHeader`.
    #[brw(args(save_version))]
    pub base_header: FObjectBaseSaveHeader,
    /// `OuterPathName`.
    pub outer_path_name: FString,
}

/// `FTransform3f`: rotation quaternion, translation and scale as 32-bit floats.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct FTransform3f {
    /// `Rotation`.
    pub rotation: FQuat<F32>,
    /// `Translation` (centimetres).
    pub translation: FVector<F32>,
    /// `Scale3D`.
    pub scale3d: FVector<F32>,
}

/// `FActorSaveHeader`: an actor's header.
#[binrw]
#[brw(little, import(save_version: i32))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FActorSaveHeader {
    /// `ObjectHeader`.
    #[brw(args(save_version))]
    pub object_header: FObjectBaseSaveHeader,
    /// `NeedTransform`.
    pub need_transform: Bool32,
    /// `Transform`.
    pub transform: FTransform3f,
    /// `WasPlacedInLevel`.
    pub was_placed_in_level: Bool32,
}

/// One TOC entry: `isActor` then the matching header.
#[binrw]
#[brw(little, import(save_version: i32))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ObjectHeader {
    /// `isActor` = 1.
    #[brw(magic = 1u32)]
    Actor(#[brw(args(save_version))] FActorSaveHeader),
    /// `isActor` = 0.
    #[brw(magic = 0u32)]
    Object(#[brw(args(save_version))] FObjectSaveHeader),
}

impl ObjectHeader {
    /// Reads a TOC entry straight from the byte slice, in the layout of the `#[binrw]` definitions
    /// above, which write it. A save has tens of thousands of headers: through binrw's `Read +
    /// Seek` path they cost three times as much, and every `Object` header first built and dropped
    /// the error of the `Actor` magic. The round-trip tests hold the two to the same bytes.
    pub(crate) fn read(r: &mut Reader<'_>, save_version: i32) -> Result<Self, Error> {
        let at = r.offset();
        Ok(match r.u32("is_actor")? {
            1 => ObjectHeader::Actor(FActorSaveHeader {
                object_header: FObjectBaseSaveHeader::read(r, save_version)?,
                need_transform: r.bool32("need_transform")?,
                transform: r.binrw("transform")?,
                was_placed_in_level: r.bool32("was_placed_in_level")?,
            }),
            0 => ObjectHeader::Object(FObjectSaveHeader {
                base_header: FObjectBaseSaveHeader::read(r, save_version)?,
                outer_path_name: r.fstring("outer_path_name")?,
            }),
            v => {
                return Err(Error::new(
                    "is_actor",
                    at,
                    format!("isActor is {v}, not 0 or 1"),
                ));
            }
        })
    }

    /// The common part of both headers.
    pub fn base(&self) -> &FObjectBaseSaveHeader {
        match self {
            ObjectHeader::Actor(a) => &a.object_header,
            ObjectHeader::Object(o) => &o.base_header,
        }
    }

    /// The class path, e.g. `/Script/FactoryGame.FGInventoryComponent`.
    pub fn class_name(&self) -> &str {
        self.base().class_name.as_str()
    }

    /// The object's path name.
    pub fn path_name(&self) -> &str {
        self.base().reference.path_name.as_str()
    }

    /// Whether the object is an actor.
    pub fn is_actor(&self) -> bool {
        matches!(self, ObjectHeader::Actor(_))
    }
}
