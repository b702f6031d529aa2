//! What a property reader must know that the bytes don't say: versions and struct-type hints.

use crate::cursor::ByteReader;
use crate::{Error, FGuid, FName};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

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
/// `FileVersionUE5` `PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION` (UE 5.4): property tags
/// gain an extension byte, and an object's tagged properties a serialization-control byte.
pub const UE5_PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION: u32 = 1011;
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
    /// How names (`FName`) are stored: inline strings, or indices into a string pool (Astroneer).
    /// Not serialized: the pool belongs to the file, whose model carries it.
    #[serde(skip)]
    pub names: NameMode,
    /// Object references are `i32` indices into the file's object table (Astroneer), see
    /// [`crate::PropertyValue::ObjectIndex`].
    #[serde(default)]
    pub object_indices: bool,
    /// Structs with a native layout this crate does not decode, by name, with their byte size:
    /// read as [`crate::StructValue::Binary`] instead of being taken for property lists.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub binary_structs: BTreeMap<String, usize>,
    /// Structs whose native layout the format crate decodes, and the version their layouts read.
    /// Not serialized: the table is the format crate's code.
    #[serde(skip)]
    pub native_structs: crate::NativeStructs,
    /// Which forms the file's texts (`FText`) are stored in; the newest by default.
    #[serde(default)]
    pub text: crate::TextVersions,
    /// Soft object paths store their sub-path as UTF-8 (`FFortniteMainBranchObjectVersion` >=
    /// `SoftObjectPathUtf8SubPaths`, UE 5.6); off by default (an `FString`, as before).
    #[serde(default)]
    pub soft_object_path_utf8: bool,
}

/// How an `FName` is serialized.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum NameMode {
    /// As an `FString` (SaveGame archives).
    #[default]
    Inline,
    /// As an `i32` index into a table of names (Astroneer's string pool).
    Pool(Arc<NamePool>),
}

/// A table of names addressed by `i32` index, with the reverse look-up the writer needs.
///
/// Slot 0 is the null name (an `FString` of length 0); the file's strings follow from index 1.
/// Every text must occur once (whatever its encoding), or writing could not tell which index a
/// name came from; a name is found by its text, so a UTF-16 entry is found from a plain string too.
#[derive(Debug, Clone, Default)]
pub struct NamePool {
    strings: Vec<FName>,
    index: HashMap<Arc<str>, i32>,
}

impl PartialEq for NamePool {
    fn eq(&self, other: &Self) -> bool {
        self.strings == other.strings
    }
}

impl Eq for NamePool {}

impl NamePool {
    /// A pool whose index 0 is the null name and index `i` (from 1) is `strings[i - 1]`.
    ///
    /// Fails on the first repeated text, and on a null entry (which would alias slot 0).
    pub fn new(strings: &[FName]) -> Result<Self, String> {
        let mut all = Vec::with_capacity(strings.len() + 1);
        all.push(FName::default());
        all.extend_from_slice(strings);
        let mut index = HashMap::with_capacity(all.len());
        for (i, s) in all.iter().enumerate().skip(1) {
            let i = i32::try_from(i).map_err(|_| "string pool larger than i32".to_owned())?;
            let Some(text) = &s.value else {
                return Err(format!("string pool entry {i} is null, like slot 0"));
            };
            if index.insert(Arc::clone(text), i).is_some() {
                return Err(format!(
                    "string pool entry {i} ({text:?}) repeats an earlier one"
                ));
            }
        }
        Ok(NamePool {
            strings: all,
            index,
        })
    }

    /// The name at `index`.
    pub fn get(&self, index: i32) -> Option<&FName> {
        self.strings.get(usize::try_from(index).ok()?)
    }

    /// Reads a name index and checks that it is in the pool.
    pub(crate) fn read_index(&self, r: &mut ByteReader<'_>) -> Result<u32, Error> {
        let at = r.offset();
        let i = r.i32("name index")?;
        u32::try_from(i)
            .ok()
            .filter(|&i| (i as usize) < self.strings.len())
            .ok_or_else(|| {
                Error::new(
                    at,
                    format!(
                        "name index {i} outside the string pool of {}",
                        self.strings.len()
                    ),
                )
            })
    }

    /// The name at an index from [`NamePool::read_index`].
    pub(crate) fn checked(&self, index: u32) -> &FName {
        &self.strings[index as usize]
    }

    /// The index of the entry with `name`'s text (0 for the null name).
    pub fn index_of(&self, name: &FName) -> Option<i32> {
        match &name.value {
            None => Some(0),
            Some(text) => self.index.get(text.as_ref()).copied(),
        }
    }
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

    /// Sets what a file's custom version table decides (`version(guid)`, `None` when the table
    /// lacks the key, which the engine reads as -1): the forms of texts and of soft object paths.
    pub fn set_custom_versions(&mut self, version: impl Fn(FGuid) -> Option<i32>) {
        self.text = crate::TextVersions::from_custom_versions(&version);
        let fortnite = version(crate::native_struct::FORTNITE_MAIN_BRANCH_OBJECT_VERSION);
        self.soft_object_path_utf8 =
            fortnite.unwrap_or(-1) >= crate::native_struct::SOFT_OBJECT_PATH_UTF8_SUB_PATHS;
    }

    /// Vector-like structs are stored as doubles (UE5 large world coordinates).
    pub fn large_world_coordinates(&self) -> bool {
        self.package_ue5 >= UE5_LARGE_WORLD_COORDINATES
    }

    /// Property tags are the UE 5.4+ form (type-name tree plus flags).
    pub fn complete_type_names(&self) -> bool {
        self.package_ue5 >= UE5_PROPERTY_TAG_COMPLETE_TYPE_NAME
    }

    /// Appends one name in the context's [`NameMode`].
    pub(crate) fn put_name(&self, name: &FName, out: &mut Vec<u8>) -> Result<(), Error> {
        match &self.names {
            NameMode::Inline => name.put(out),
            NameMode::Pool(pool) => {
                let i = pool.index_of(name).ok_or_else(|| {
                    Error::new(
                        out.len(),
                        format!("name {:?} is not in the string pool", name.as_str()),
                    )
                })?;
                out.extend_from_slice(&i.to_le_bytes());
                Ok(())
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{PropertyList, PropertyValue};

    fn pool_context() -> PropertyContext {
        let names = [
            "Count",
            "IntProperty",
            "None",
            "Ref",
            "ObjectProperty",
            "Tags",
            "ArrayProperty",
            "NameProperty",
        ]
        .map(FName::from);
        let mut ctx = PropertyContext::new(514, 0);
        ctx.names = NameMode::Pool(Arc::new(NamePool::new(&names).unwrap()));
        ctx.object_indices = true;
        ctx.strict = true;
        ctx
    }

    fn ints(values: &[i32]) -> Vec<u8> {
        values.iter().flat_map(|v| v.to_le_bytes()).collect()
    }

    /// A tag in pool form: name, type, size, array index, (extra names), no property GUID.
    fn tag(name: i32, ty: i32, size: i32, extra: &[i32]) -> Vec<u8> {
        let mut out = ints(&[name, ty, size, 0]);
        out.extend(ints(extra));
        out.push(0);
        out
    }

    #[test]
    fn pool_names_read_and_write_back() {
        let ctx = pool_context();
        let mut data = tag(1, 2, 4, &[]);
        data.extend(ints(&[7]));
        data.extend(tag(4, 5, 8, &[]));
        data.extend(ints(&[-3, 6]));
        data.extend(tag(6, 7, 12, &[8]));
        data.extend(ints(&[2, 1, 3]));
        data.extend(ints(&[3]));
        let (list, used) = PropertyList::read(&data, 0, &ctx).unwrap();
        assert_eq!(used, data.len());
        let names: Vec<_> = list
            .properties
            .iter()
            .map(|p| p.tag.name.as_str())
            .collect();
        assert_eq!(names, ["Count", "Ref", "Tags"]);
        assert_eq!(list.properties[0].value, PropertyValue::Int(7));
        assert_eq!(
            list.properties[1].value,
            PropertyValue::ObjectIndex {
                index: -3,
                path: Some(Box::new(FName::from("Tags"))),
            }
        );
        let PropertyValue::Array(array) = &list.properties[2].value else {
            panic!("name array: {:?}", list.properties[2].value);
        };
        let crate::ArrayValue::Values(tags) = &**array else {
            panic!("name array: {:?}", list.properties[2].value);
        };
        assert_eq!(
            tags,
            &[
                PropertyValue::Name(FName::from("Count")),
                PropertyValue::Name(FName::from("None"))
            ]
        );
        let mut out = Vec::new();
        list.write(&ctx, &mut out).unwrap();
        assert_eq!(out, data);
    }

    #[test]
    fn pool_index_out_of_range_is_an_error_with_offset() {
        let ctx = pool_context();
        let mut data = tag(1, 2, 4, &[]);
        data.extend(ints(&[7, 99]));
        let err = PropertyList::read(&data, 0x100, &ctx).unwrap_err();
        assert!(err.to_string().contains("name index 99"), "{err}");
        assert!(err.to_string().contains("0x115"), "{err}");
    }

    #[test]
    fn pool_rejects_repeated_strings_and_unknown_names() {
        assert!(NamePool::new(&["A", "B", "A"].map(FName::from)).is_err());
        let wide = FName {
            value: Some("A".into()),
            wide: true,
        };
        assert!(NamePool::new(&[FName::from("A"), wide.clone()]).is_err());
        assert!(NamePool::new(&[FName::from("A"), FName::default()]).is_err());
        // A UTF-16 entry is found by its text.
        let pool = NamePool::new(&[FName::from("B"), wide]).unwrap();
        assert_eq!(pool.index_of(&FName::from("A")), Some(2));
        let ctx = pool_context();
        let mut out = Vec::new();
        assert!(ctx.put_name(&FName::from("Missing"), &mut out).is_err());
        ctx.put_name(&FName::default(), &mut out).unwrap();
        assert_eq!(out, 0i32.to_le_bytes());
    }
}
