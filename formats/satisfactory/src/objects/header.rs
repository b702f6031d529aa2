//! The object headers of a TOC blob: `FObjectBaseSaveHeader`, `FObjectSaveHeader`,
//! `FActorSaveHeader` and the `ObjectHeader` of each entry, generated from `schema/objects.ksy`
//! (which reads and writes them), with their accessors.

pub use crate::generated::objects::{
    FActorSaveHeader, FObjectBaseSaveHeader, FObjectSaveHeader, FTransform3f, ObjectHeader,
};

impl ObjectHeader {
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
    use std::sync::Arc;

    use unreal::{F32, FObjectReferenceDisc, FQuat, FString, FVector};

    use super::*;
    use crate::reader::{Bool32, Reader, put_args};
    use crate::versions::SAVE_VERSION_OBJECT_FLAGS;

    fn base(class: &str, path: &str) -> FObjectBaseSaveHeader {
        FObjectBaseSaveHeader {
            class_name: FString::new(class),
            reference: FObjectReferenceDisc {
                level_name: FString::new("Persistent_Level"),
                path_name: FString::new(path),
            },
            object_flags: Some(8),
        }
    }

    fn actor(path: &str) -> ObjectHeader {
        let f = |i: u8| F32(f32::from(i) * 1.5);
        ObjectHeader::Actor(FActorSaveHeader {
            object_header: base("/Game/Build_X.Build_X_C", path),
            need_transform: Bool32(true),
            transform: FTransform3f {
                rotation: FQuat {
                    x: f(1),
                    y: f(2),
                    z: f(3),
                    w: f(4),
                },
                translation: FVector {
                    x: f(5),
                    y: f(6),
                    z: f(7),
                },
                scale3d: FVector {
                    x: f(8),
                    y: f(9),
                    z: f(10),
                },
            },
            was_placed_in_level: Bool32(false),
        })
    }

    fn text(header: &ObjectHeader, which: fn(&FObjectBaseSaveHeader) -> &FString) -> Arc<str> {
        which(header.base()).value.clone().expect("a text")
    }

    /// Two headers of one class read as a TOC reads them (within one shared-text table) give
    /// back what was written; the class and level texts are shared, the own path names never
    /// (`-savepoint-parse-with` in `objects.ksy`), not even equal ones.
    #[test]
    fn headers_read_back_with_only_their_own_path_names_unshared() {
        let outer = "Persistent_Level:PersistentLevel.Build_X_C_1";
        let headers = [
            actor(outer),
            actor(outer),
            ObjectHeader::Object(FObjectSaveHeader {
                base_header: base("/Script/FactoryGame.FGInventoryComponent", "Inventory"),
                outer_path_name: FString::new(outer),
            }),
        ];
        let mut bytes = Vec::new();
        for header in &headers {
            put_args(header, &mut bytes, "header", (SAVE_VERSION_OBJECT_FLAGS,)).unwrap();
        }
        let read: Vec<ObjectHeader> = FString::sharing_texts(|| {
            let mut r = Reader::new(&bytes, 0);
            let read = (0..headers.len())
                .map(|_| {
                    r.binrw_args("header", (SAVE_VERSION_OBJECT_FLAGS,))
                        .unwrap()
                })
                .collect();
            assert!(r.is_empty());
            read
        });
        assert_eq!(read, headers);
        fn class(b: &FObjectBaseSaveHeader) -> &FString {
            &b.class_name
        }
        fn level(b: &FObjectBaseSaveHeader) -> &FString {
            &b.reference.level_name
        }
        fn path(b: &FObjectBaseSaveHeader) -> &FString {
            &b.reference.path_name
        }
        assert!(Arc::ptr_eq(&text(&read[0], class), &text(&read[1], class)));
        assert!(Arc::ptr_eq(&text(&read[0], level), &text(&read[2], level)));
        assert!(!Arc::ptr_eq(&text(&read[0], path), &text(&read[1], path)));
    }

    /// The bytes of actor `A`'s header.
    fn actor_bytes() -> Vec<u8> {
        let mut bytes = Vec::new();
        put_args(
            &actor("A"),
            &mut bytes,
            "header",
            (SAVE_VERSION_OBJECT_FLAGS,),
        )
        .unwrap();
        bytes
    }

    #[test]
    fn a_short_transform_is_an_error_at_its_offset() {
        let bytes = actor_bytes();
        let cut = bytes.len() - 4 - 39 + 16;
        let e = Reader::new(&bytes[..cut], 100)
            .binrw_args::<ObjectHeader, _>("header", (SAVE_VERSION_OBJECT_FLAGS,))
            .unwrap_err();
        assert_eq!(e.path, "header");
        assert_eq!(e.offset, 100 + cut);
        assert_eq!(e.message, "unexpected end of data");
    }

    /// The spec's TOCBlob reads `isActor` as a bool: true (1) for an `FActorSaveHeader`, false (0)
    /// for an `FObjectSaveHeader`. Any other value is refused at the entry's first byte, the
    /// message naming the value read and the two the spec gives.
    #[test]
    fn an_is_actor_other_than_0_or_1_is_an_error() {
        let (actor, object, read) = (1, 0, 2);
        let mut bytes = actor_bytes();
        assert_eq!(bytes[0], actor);
        bytes[0] = read;
        let e = Reader::new(&bytes, 100)
            .binrw_args::<ObjectHeader, _>("header", (SAVE_VERSION_OBJECT_FLAGS,))
            .unwrap_err();
        assert_eq!((e.path.as_str(), e.offset), ("header", 100), "{e}");
        let expected = format!(
            "ObjectHeader: is_actor {read} names none of its variants ({actor} Actor, {object} \
             Object)"
        );
        assert_eq!(e.message, expected);
    }
}
