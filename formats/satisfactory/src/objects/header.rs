//! The object headers of a TOC blob: `FObjectBaseSaveHeader`, `FObjectSaveHeader`,
//! `FActorSaveHeader` and the `ObjectHeader` of each entry, generated from `schema/objects.ksy`,
//! with the slice reader that reads them (see [`ObjectHeader::read`]).

pub use crate::generated::objects::{
    FActorSaveHeader, FObjectBaseSaveHeader, FObjectSaveHeader, FTransform3f, ObjectHeader,
};
use unreal::FObjectReferenceDisc;

use crate::Error;
use crate::reader::Reader;
use crate::versions::SAVE_VERSION_OBJECT_FLAGS;

impl FObjectBaseSaveHeader {
    /// Reads the header from the slice, like [`ObjectHeader::read`]; `like` is the previous
    /// header, whose class and level name the next one mostly repeats.
    fn read(
        r: &mut Reader<'_>,
        save_version: i32,
        like: Option<&FObjectBaseSaveHeader>,
    ) -> Result<Self, Error> {
        let (class_name, level_name) = match like {
            Some(like) => (
                r.fstring_like(&like.class_name, "class_name")?,
                r.fstring_like(&like.reference.level_name, "reference")?,
            ),
            None => (r.fstring("class_name")?, r.fstring("reference")?),
        };
        Ok(FObjectBaseSaveHeader {
            class_name,
            reference: FObjectReferenceDisc {
                level_name,
                path_name: r.unique_fstring("reference")?,
            },
            object_flags: match save_version >= SAVE_VERSION_OBJECT_FLAGS {
                true => Some(r.u32("object_flags")?),
                false => None,
            },
        })
    }
}

impl ObjectHeader {
    /// Reads a TOC entry straight from the byte slice, in the layout of the `#[binrw]` definitions
    /// generated from `schema/objects.ksy`, which write it. A save has tens of thousands of headers: read through binrw over
    /// the slice, the TOC blobs cost 27% more instructions and the whole read of a large save
    /// 3.5% more (callgrind, see `schema/README.md`). The round-trip tests and the unit test below
    /// hold the two to the same bytes.
    ///
    /// `like` is the previous header of the blob: headers come in runs of one class, and a
    /// component's outer is the actor or the outer just before it, so those texts are compared
    /// with its and shared.
    pub(crate) fn read(
        r: &mut Reader<'_>,
        save_version: i32,
        like: Option<&ObjectHeader>,
    ) -> Result<Self, Error> {
        let at = r.offset();
        let like_base = like.map(ObjectHeader::base);
        Ok(match r.u32("is_actor")? {
            1 => ObjectHeader::Actor(FActorSaveHeader {
                object_header: FObjectBaseSaveHeader::read(r, save_version, like_base)?,
                need_transform: r.bool32("need_transform")?,
                transform: r.fixed("transform")?,
                was_placed_in_level: r.bool32("was_placed_in_level")?,
            }),
            0 => ObjectHeader::Object(FObjectSaveHeader {
                base_header: FObjectBaseSaveHeader::read(r, save_version, like_base)?,
                outer_path_name: match like {
                    Some(ObjectHeader::Object(o)) => {
                        r.fstring_like(&o.outer_path_name, "outer_path_name")?
                    }
                    Some(ObjectHeader::Actor(a)) => {
                        r.fstring_like(&a.object_header.reference.path_name, "outer_path_name")?
                    }
                    None => r.fstring("outer_path_name")?,
                },
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

#[cfg(test)]
mod tests {
    use binrw::BinRead;
    use binrw::io::Cursor;
    use unreal::{F32, FQuat, FString, FVector};

    use super::*;
    use crate::reader::{Bool32, put_args};

    /// The slice reader and the `#[binrw]` layout agree on both kinds of header, field for field.
    #[test]
    fn slice_reader_matches_the_binrw_layout() {
        let reference = FObjectReferenceDisc {
            level_name: FString::new("Persistent_Level"),
            path_name: FString::new("Persistent_Level:PersistentLevel.Build_X_C_1"),
        };
        let base = FObjectBaseSaveHeader {
            class_name: FString::new("/Game/Build_X.Build_X_C"),
            reference,
            object_flags: Some(8),
        };
        let floats: Vec<F32> = (1..=10).map(|i| F32(i as f32 * 1.5)).collect();
        let actor = ObjectHeader::Actor(FActorSaveHeader {
            object_header: base.clone(),
            need_transform: Bool32(true),
            transform: FTransform3f {
                rotation: FQuat {
                    x: floats[0],
                    y: floats[1],
                    z: floats[2],
                    w: floats[3],
                },
                translation: FVector {
                    x: floats[4],
                    y: floats[5],
                    z: floats[6],
                },
                scale3d: FVector {
                    x: floats[7],
                    y: floats[8],
                    z: floats[9],
                },
            },
            was_placed_in_level: Bool32(false),
        });
        let object = ObjectHeader::Object(FObjectSaveHeader {
            base_header: base,
            outer_path_name: FString::new("Persistent_Level:PersistentLevel.Build_X_C_1"),
        });
        for header in [actor, object] {
            let mut bytes = Vec::new();
            put_args(&header, &mut bytes, "header", (SAVE_VERSION_OBJECT_FLAGS,)).unwrap();
            let mut r = Reader::new(&bytes, 0);
            let read = ObjectHeader::read(&mut r, SAVE_VERSION_OBJECT_FLAGS, None).unwrap();
            assert!(r.is_empty());
            let through_binrw =
                ObjectHeader::read_le_args(&mut Cursor::new(&bytes), (SAVE_VERSION_OBJECT_FLAGS,))
                    .unwrap();
            assert_eq!(read, header);
            assert_eq!(through_binrw, header);
        }
    }

    #[test]
    fn a_short_transform_is_an_error_at_its_offset() {
        let mut r = Reader::new(&[0; 39], 100);
        let e = r
            .fixed::<FTransform3f>("transform")
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "satisfactory: transform: 40 bytes needed, 39 left at 0x64"
        );
    }
}
