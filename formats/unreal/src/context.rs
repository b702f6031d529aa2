//! What a property reader must know that the bytes don't say: versions and struct-type hints.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `FileVersionUE4` at which struct GUIDs appear in property tags.
pub(crate) const UE4_STRUCT_GUID_IN_PROPERTY_TAG: u32 = 441;
/// `FileVersionUE4` at which property tags carry an optional property GUID.
pub(crate) const UE4_PROPERTY_GUID_IN_PROPERTY_TAG: u32 = 503;
/// `FileVersionUE4` at which Set/Map tags name their inner types.
pub(crate) const UE4_PROPERTY_TAG_SET_MAP_SUPPORT: u32 = 509;
/// `FileVersionUE5`: vectors, rotators and quaternions become doubles.
pub(crate) const UE5_LARGE_WORLD_COORDINATES: u32 = 1004;
/// `FileVersionUE5`: soft object paths become (package, asset) name pairs.
pub(crate) const UE5_SOFT_OBJECT_PATH_TOP_LEVEL: u32 = 1007;
/// `FileVersionUE5`: property tags gain an extension byte.
pub(crate) const UE5_PROPERTY_TAG_EXTENSION: u32 = 1011;
/// `FileVersionUE5` (UE 5.4): property tags carry the complete type-name tree and a flags byte.
pub(crate) const UE5_PROPERTY_TAG_COMPLETE_TYPE_NAME: u32 = 1012;

/// Versions and hints for reading and writing a property list.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PropertyContext {
    /// `FileVersionUE4` (package version), e.g. 522.
    pub package_ue4: u32,
    /// `FileVersionUE5`, 0 for UE4 files.
    pub package_ue5: u32,
    /// Struct types of Map/Set elements, keyed by property path.
    pub hints: StructHints,
    /// Fail on values that cannot be decoded instead of keeping them as raw bytes.
    pub strict: bool,
    /// Object and interface references are `FObjectReferenceDisc` (level name + path name), as in
    /// Satisfactory saves, instead of a single path string.
    #[serde(default)]
    pub level_object_references: bool,
}

impl PropertyContext {
    /// A lenient context for the given package versions, without hints.
    pub fn new(package_ue4: u32, package_ue5: u32) -> Self {
        PropertyContext {
            package_ue4,
            package_ue5,
            ..Default::default()
        }
    }

    /// Vector-like structs are stored as doubles (UE5 large world coordinates).
    pub fn large_world_coordinates(&self) -> bool {
        self.package_ue5 >= UE5_LARGE_WORLD_COORDINATES
    }

    /// Property tags are the UE 5.4+ form (type-name tree plus flags).
    pub fn complete_type_names(&self) -> bool {
        self.package_ue5 >= UE5_PROPERTY_TAG_COMPLETE_TYPE_NAME
    }
}

/// Struct types for Map keys/values and Set elements, which tags before UE 5.4 do not record.
///
/// The key is the path of property names from the root list, joined by `.`, without array indices:
/// `Outer.MyMap.Key`, `Outer.MyMap.Value` for maps and `Outer.MySet` for a set's elements. The type is a
/// struct name (`Vector`, `Guid`, `IntPoint`, ...) or `Struct` for a struct stored as a property list.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StructHints(pub BTreeMap<String, String>);

impl StructHints {
    /// Adds or replaces one hint.
    pub fn insert(&mut self, path: impl Into<String>, struct_type: impl Into<String>) {
        self.0.insert(path.into(), struct_type.into());
    }

    /// Adds a hint written as `PATH=Type` (the command line form); `None` when there is no `=`.
    pub fn insert_spec(&mut self, spec: &str) -> Option<()> {
        let (path, ty) = spec.split_once('=')?;
        self.insert(path.trim(), ty.trim());
        Some(())
    }

    /// The struct type hinted for `path`.
    pub fn get(&self, path: &str) -> Option<&str> {
        self.0.get(path).map(String::as_str)
    }

    /// True when no hints are set.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
