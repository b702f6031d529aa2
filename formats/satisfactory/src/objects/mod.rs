//! Objects: the TOC header, the per-object save data (`FObjectSaveData`) and the object's own bytes,
//! decoded as `AActor`/`UObject` data (a property list through the `unreal` crate) followed by the
//! class-specific data of [`custom`].

pub mod custom;
mod header;
pub mod native;
mod properties;

use serde::{Deserialize, Serialize};
use unreal::{FGuid, FObjectReferenceDisc, PropertyList, TArray};

pub use crate::generated::body::{FObjectSaveDataHead, FObjectSaveDataTail};
pub use custom::{CustomData, Fallback};
pub use header::{
    FActorSaveHeader, FObjectBaseSaveHeader, FObjectSaveHeader, FTransform3f, ObjectHeader,
};
pub(crate) use properties::{Contexts, Readers};

use crate::Error;
use crate::reader::{Reader, put};
use crate::versions::{Scope, UE5_SERIALIZATION_CONTROL};

/// One object of a level or blueprint.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveObject {
    /// Its TOC entry.
    pub header: ObjectHeader,
    /// The data blob entry's fields around the object's bytes (saves only; blueprints have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save_data: Option<FObjectSaveData>,
    /// The object's own bytes, decoded (native structs in its properties read back from JSON
    /// through [`native::NATIVE_STRUCTS`]).
    #[serde(deserialize_with = "native::deserialize")]
    pub data: ObjectData,
}

/// `FObjectSaveData` without its byte array (the object's [`SaveObject::data`]): the generated
/// fields before and after the bytes (`schema/body.ksy`'s `f_object_save_data`), which JSON
/// shows side by side as the entry stores them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FObjectSaveData {
    /// `SaveVersion` and `ShouldMigrateObjectRefsToPersistent`.
    #[serde(flatten)]
    pub head: FObjectSaveDataHead,
    /// `PerObjectVersionData`, gated on the head's SaveVersion.
    #[serde(flatten)]
    pub tail: FObjectSaveDataTail,
}

/// An object's bytes: decoded, or kept whole when they could not be (the reason says why).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectData {
    /// Actor part, UObject part and class data, in place: a save has tens of thousands of
    /// objects, and a box each cost an allocation to read and a free to drop.
    Decoded(DecodedObject),
    /// The bytes as stored.
    Raw {
        /// The bytes (hex in JSON).
        #[serde(with = "unreal::chunked::hex_bytes")]
        bytes: Vec<u8>,
        /// Why they were not decoded.
        reason: String,
    },
}

/// `AActor` data: owner and components, written before the UObject part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActorData {
    /// `Owner`.
    pub owner: FObjectReferenceDisc,
    /// `Components`.
    pub components: TArray<FObjectReferenceDisc>,
}

/// What follows a UObject's property list: the `HasGuid` bool and the GUID.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GuidField {
    /// `HasGuid` = 0.
    None,
    /// `HasGuid` = 1 and the GUID.
    Guid(FGuid),
    /// No `HasGuid` bool: the bytes after the list are class data (Update 8 conveyors start their
    /// item count right there).
    NotStored,
}

/// A decoded object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DecodedObject {
    /// Actor part (actors only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor: Option<ActorData>,
    /// `SerializationControl` byte (package UE5 1011+); only 0 is decoded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub serialization_control: Option<u8>,
    /// The tagged properties.
    pub properties: PropertyList,
    /// `HasGuid` and the GUID.
    pub guid: GuidField,
    /// Class-specific data after the UObject part.
    pub custom: CustomData,
}

impl SaveObject {
    /// The class path.
    pub fn class_name(&self) -> &str {
        self.header.class_name()
    }

    /// The decoded data, `None` when the object was kept as raw bytes.
    pub fn decoded(&self) -> Option<&DecodedObject> {
        match &self.data {
            ObjectData::Decoded(d) => Some(d),
            ObjectData::Raw { .. } => None,
        }
    }

    /// The decoded data for editing.
    pub fn decoded_mut(&mut self) -> Option<&mut DecodedObject> {
        match &mut self.data {
            ObjectData::Decoded(d) => Some(d),
            ObjectData::Raw { .. } => None,
        }
    }

    /// The properties, when decoded.
    pub fn properties(&self) -> Option<&PropertyList> {
        self.decoded().map(|d| &d.properties)
    }

    /// The first property with this name, when the object is decoded.
    pub fn property(&self, name: &str) -> Option<&unreal::Property> {
        self.properties()?.get(name)
    }

    /// The first property with this name, for editing.
    pub fn property_mut(&mut self, name: &str) -> Option<&mut unreal::Property> {
        self.decoded_mut()?
            .properties
            .properties
            .iter_mut()
            .find(|p| p.tag.name.is(name))
    }

    /// The scope of the object's own bytes.
    pub(crate) fn scope(&self, outer: Scope) -> Scope {
        match &self.save_data {
            Some(s) => outer.narrowed(
                Some(s.head.save_version),
                s.tail
                    .per_object_version_data
                    .as_ref()
                    .and_then(|o| o.value.as_deref()),
            ),
            None => outer,
        }
    }
}

impl ObjectData {
    /// What an object's data is between reading its entry and decoding its bytes (no allocation).
    pub(crate) fn undecoded() -> Self {
        ObjectData::Raw {
            bytes: Vec::new(),
            reason: String::new(),
        }
    }

    /// Decodes an object's bytes; whatever cannot be decoded is kept raw with the reason.
    pub(crate) fn decode(
        bytes: &[u8],
        base: usize,
        header: &ObjectHeader,
        scope: Scope,
        contexts: &mut properties::Readers<'_>,
    ) -> ObjectData {
        match DecodedObject::read(bytes, base, header, scope, contexts) {
            Ok(d) => ObjectData::Decoded(d),
            Err(e) => ObjectData::Raw {
                bytes: bytes.to_vec(),
                reason: e.to_string(),
            },
        }
    }

    /// Appends the object's bytes.
    pub(crate) fn put(
        &self,
        header: &ObjectHeader,
        scope: Scope,
        contexts: &Contexts,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        match self {
            ObjectData::Raw { bytes, .. } => {
                out.extend_from_slice(bytes);
                Ok(())
            }
            ObjectData::Decoded(d) => d.put(header, scope, contexts, out),
        }
    }
}

impl DecodedObject {
    fn read(
        bytes: &[u8],
        base: usize,
        header: &ObjectHeader,
        scope: Scope,
        readers: &mut properties::Readers<'_>,
    ) -> Result<Self, Error> {
        let mut r = Reader::new(bytes, base);
        let actor = if header.is_actor() {
            let level = &header.base().reference.level_name;
            Some(ActorData {
                owner: r.object_reference("owner")?,
                components: r.own_object_references(level, "components")?,
            })
        } else {
            None
        };
        let serialization_control = if scope.package.file_version_ue5 >= UE5_SERIALIZATION_CONTROL {
            let at = r.offset();
            match r.u8("serialization_control")? {
                0 => Some(0),
                v => {
                    return Err(Error::new(
                        "serialization_control",
                        at,
                        format!("SerializationControl {v} is not decoded (only 0)"),
                    ));
                }
            }
        } else {
            None
        };
        let (properties, used) = readers
            .reader(scope)
            .read(r.rest(), r.offset())
            .map_err(|e| Error::property("properties", e))?;
        r.bytes(used, "properties")?;
        let guid = read_guid(&mut r)?;
        let custom = custom::read(header, &mut r, scope, readers);
        Ok(DecodedObject {
            actor,
            serialization_control,
            properties,
            guid,
            custom,
        })
    }

    fn put(
        &self,
        header: &ObjectHeader,
        scope: Scope,
        contexts: &Contexts,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        if self.actor.is_some() != header.is_actor() {
            return Err(Error::new(
                "actor",
                out.len(),
                "actor data must be present exactly for actors",
            ));
        }
        if let Some(actor) = &self.actor {
            put(&actor.owner, out, "owner")?;
            put(&actor.components, out, "components")?;
        }
        put_serialization_control(self.serialization_control, scope, out)?;
        self.properties
            .write(&contexts.get(scope), out)
            .map_err(|e| Error::property("properties", e))?;
        match &self.guid {
            GuidField::None => out.extend_from_slice(&0u32.to_le_bytes()),
            GuidField::Guid(g) => {
                out.extend_from_slice(&1u32.to_le_bytes());
                put(g, out, "guid")?;
            }
            GuidField::NotStored => {}
        }
        self.custom.put(scope, contexts, out)
    }
}

/// Writes the `SerializationControl` byte, which must be present exactly where the object's
/// package version has one and be the 0 the reader decodes: anything else would be written and
/// then read back as undecoded bytes (or misread as the property list).
fn put_serialization_control(
    control: Option<u8>,
    scope: Scope,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    let ue5 = scope.package.file_version_ue5;
    match (control, ue5 >= UE5_SERIALIZATION_CONTROL) {
        (Some(0), true) => out.push(0),
        (None, false) => {}
        (Some(v), true) => {
            return Err(Error::new(
                "serialization_control",
                out.len(),
                format!("SerializationControl {v} is not decoded (only 0)"),
            ));
        }
        (c, _) => {
            let should = if c.is_some() { "absent" } else { "present" };
            return Err(Error::new(
                "serialization_control",
                out.len(),
                format!(
                    "(FileVersionUE5 >= {UE5_SERIALIZATION_CONTROL}) must be {should} at \
                     FileVersionUE5 {ue5}"
                ),
            ));
        }
    }
    Ok(())
}

/// `HasGuid` and the GUID, when the next `u32` is a bool; otherwise nothing is consumed.
fn read_guid(r: &mut Reader<'_>) -> Result<GuidField, Error> {
    let mut peek = r.clone();
    Ok(match peek.u32("has_guid") {
        Ok(0) => {
            *r = peek;
            GuidField::None
        }
        Ok(1) if peek.remaining() >= 16 => {
            let guid = peek.binrw("guid")?;
            *r = peek;
            GuidField::Guid(guid)
        }
        _ => GuidField::NotStored,
    })
}

#[cfg(test)]
mod tests {
    use unreal::FString;

    use super::*;
    use crate::reader::Bool32;
    use crate::versions::{FEngineVersion, FPackageFileVersion, FSaveObjectVersionData, TOptional};

    /// The boxed `PerObjectVersionData` is stored as the value itself, reads back, and gives the
    /// object's bytes its package version.
    #[test]
    fn per_object_version_data_round_trips_and_narrows_the_scope() {
        let data = FSaveObjectVersionData {
            save_object_version_data_version: 1,
            package_file_version: FPackageFileVersion {
                file_version_ue4: 522,
                file_version_ue5: 1011,
            },
            licensee_version: 0,
            engine_version: FEngineVersion {
                major: 5,
                minor: 3,
                patch: 2,
                changelist: 7,
                branch: FString::new("++UE5+Release-5.3"),
            },
            custom_versions: TArray::new(Vec::new()),
        };
        let boxed = TOptional {
            value: Some(Box::new(data.clone())),
        };
        let mut bytes = Vec::new();
        put(&boxed, &mut bytes, "boxed").unwrap();
        let mut unboxed = Vec::new();
        put(&TOptional { value: Some(data) }, &mut unboxed, "unboxed").unwrap();
        assert_eq!(bytes, unboxed);
        let mut r = Reader::new(&bytes, 0);
        assert_eq!(r.binrw::<TOptional<Box<_>>>("data").unwrap(), boxed);
        assert!(r.is_empty());

        let object = SaveObject {
            header: ObjectHeader::Object(FObjectSaveHeader {
                base_header: FObjectBaseSaveHeader {
                    class_name: FString::new("/Script/FactoryGame.FGInventoryComponent"),
                    reference: FObjectReferenceDisc {
                        level_name: FString::new("Persistent_Level"),
                        path_name: FString::new("Persistent_Level:PersistentLevel.A.B"),
                    },
                    object_flags: Some(0),
                },
                outer_path_name: FString::new("Persistent_Level:PersistentLevel.A"),
            }),
            save_data: Some(FObjectSaveData {
                head: FObjectSaveDataHead {
                    save_version: 53,
                    should_migrate_object_refs_to_persistent: Bool32(false),
                },
                tail: FObjectSaveDataTail {
                    per_object_version_data: Some(boxed),
                },
            }),
            data: ObjectData::undecoded(),
        };
        let scope = object.scope(Scope::file(53));
        assert_eq!(scope.package.file_version_ue5, 1011);
    }
}
