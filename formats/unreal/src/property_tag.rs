//! `FPropertyTag`, the header in front of every property value, in both forms:
//! UE4/UE5 (< 5.4): name, type, size, array index, per-type extras, optional GUID, UE5 extension byte;
//! UE 5.4+: name, complete type-name tree (`FPropertyTypeName`), size, flags, then what the flags announce.

use crate::context::{
    PropertyContext, UE4_PROPERTY_GUID_IN_PROPERTY_TAG, UE4_PROPERTY_TAG_SET_MAP_SUPPORT,
    UE4_STRUCT_GUID_IN_PROPERTY_TAG, UE5_PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION,
};
use crate::cursor::ByteReader;
use crate::depth::DepthGuard;
use crate::fstring::{NameHasher, NameId, same_bytes};
use crate::property::{Kind, ReadState};
use crate::{Error, FGuid, FName};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;
use std::sync::Arc;

/// Deepest nesting of type parameters accepted (a type's parameters are level 1, theirs level 2;
/// `MapProperty(NameProperty, StructProperty(Vector(/Script/CoreUObject)))` needs 3). The one bound
/// of every path: the binary reader and writer and serde (JSON) both ways.
pub const MAX_TYPE_DEPTH: u32 = 16;

thread_local! {
    /// Type parameter lists being written or converted by serde on this thread.
    static TYPE_DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// What [`MAX_TYPE_DEPTH`] counts, for errors.
const NESTED_TYPES: &str = "type parameters";

/// A property type with its parameters, e.g. `MapProperty(NameProperty, StructProperty(Vector))`.
///
/// UE 5.4+ stores this tree as written; older tags store the same facts in separate fields, which are
/// mapped onto the tree: `StructProperty(StructName)`, `ByteProperty(EnumName)`, `EnumProperty(EnumName)`,
/// `ArrayProperty(Inner)`, `SetProperty(Inner)`, `MapProperty(Key, Value)`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FPropertyTypeName {
    /// The type (or struct/enum/package) name.
    pub name: FName,
    /// Type parameters (shared, like the type names of tags: see [`FPropertyTag::type_name`]).
    #[serde(
        default,
        skip_serializing_if = "<[_]>::is_empty",
        serialize_with = "serialize_params",
        deserialize_with = "deserialize_params"
    )]
    pub params: Arc<[FPropertyTypeName]>,
}

impl FPropertyTypeName {
    /// A leaf type name.
    pub fn leaf(name: FName) -> Self {
        FPropertyTypeName {
            name,
            params: Arc::default(),
        }
    }

    /// The `i`-th parameter's name, `""` when absent.
    pub fn param_name(&self, i: usize) -> &str {
        self.params.get(i).map_or("", |p| p.name.as_str())
    }

    fn parse(r: &mut ByteReader<'_>, st: &mut ReadState<'_>, depth: u32) -> Result<Self, Error> {
        if depth > MAX_TYPE_DEPTH {
            return Err(r.err(crate::depth::too_deep(NESTED_TYPES, MAX_TYPE_DEPTH)));
        }
        let name = st.read_name(r)?;
        let n = r.count(8, "type parameter count")?;
        let params = crate::cursor::collect_n(n, |_| Self::parse(r, st, depth + 1))?;
        let params = match <[FPropertyTypeName; 1]>::try_from(params) {
            Ok([p]) if p.params.is_empty() => st.types.leaf(p.name),
            Ok(one) => Arc::new(one),
            Err(params) if params.is_empty() => st.types.empty(),
            Err(params) => params.into(),
        };
        Ok(FPropertyTypeName { name, params })
    }

    fn put(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        ctx.put_name(&self.name, out)?;
        crate::ftext::put_len(self.params.len(), out)?;
        if self.params.is_empty() {
            return Ok(());
        }
        let _level = DepthGuard::enter(&TYPE_DEPTH, MAX_TYPE_DEPTH).ok_or_else(|| {
            Error::new(
                out.len(),
                crate::depth::too_deep(NESTED_TYPES, MAX_TYPE_DEPTH),
            )
        })?;
        self.params.iter().try_for_each(|p| p.put(ctx, out))
    }
}

fn serialize_params<S: Serializer>(
    params: &Arc<[FPropertyTypeName]>,
    s: S,
) -> Result<S::Ok, S::Error> {
    let _level = DepthGuard::enter_ser(&TYPE_DEPTH, MAX_TYPE_DEPTH, NESTED_TYPES)?;
    params[..].serialize(s)
}

fn deserialize_params<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Arc<[FPropertyTypeName]>, D::Error> {
    let _level = DepthGuard::enter_de(&TYPE_DEPTH, MAX_TYPE_DEPTH, NESTED_TYPES)?;
    Vec::<FPropertyTypeName>::deserialize(d).map(Arc::from)
}

/// The type names and tags of one read, each allocated on first sight only: the tags, the tag
/// types, the empty parameter list and the single-leaf parameter lists (`StructProperty(Vector)`,
/// `ArrayProperty(IntProperty)`, `ByteProperty(None)`, ...). Its size is bounded by the input:
/// every entry holds a distinct name, type or tag read from it.
///
/// Tags are looked up by their name's id, type and extras; pre-5.4 tag types (maps included) by the
/// ids of their stored names, read without taking a reference count (see `NameId`); leaf lists by
/// the addresses of their names' shared texts (one allocation per distinct name, see `NameCache`);
/// UE 5.4 type trees by their contents.
#[derive(Default)]
pub(crate) struct TypeCache {
    /// The tag last handed out for each name, by [`tag_slot`] of the name's id: a property name
    /// nearly always comes with the same type and extras, which this finds without hashing (and
    /// for pre-5.4 tags by comparing stored bytes, without reading the type's names).
    /// Empty until the first tag, then [`TAG_SLOTS`] long.
    recent_tags: Vec<Option<RecentTag>>,
    tags: HashMap<TagKey, FPropertyTag, BuildHasherDefault<NameHasher>>,
    empty: Arc<[FPropertyTypeName]>,
    leaves: HashMap<NameKey, Arc<[FPropertyTypeName]>, BuildHasherDefault<NameHasher>>,
    /// Pre-5.4 tag types by the ids of their stored names, see [`TagTypeKey`].
    stored_types: HashMap<TagTypeKey, Arc<FPropertyTypeName>, BuildHasherDefault<NameHasher>>,
    types: HashSet<Arc<FPropertyTypeName>, BuildHasherDefault<NameHasher>>,
}

/// Slots of [`TypeCache::recent_tags`]. A save names its properties with a few hundred names, and
/// ids are numbered in order of first sight, so neighbouring names rarely share a slot.
const TAG_SLOTS: usize = 256;

/// The [`TypeCache::recent_tags`] slot of a name id.
#[inline]
fn tag_slot(name: NameId) -> usize {
    name as usize % TAG_SLOTS
}

/// One slot of [`TypeCache::recent_tags`]: a tag with its name's id and its type as looked up.
struct RecentTag {
    name: NameId,
    ty: TypeKey,
    tag: FPropertyTag,
    /// A pre-5.4 tag's stored bytes after its name (empty for UE 5.4 tags): a tag stored with the
    /// same bytes, but for its size and the value of a BoolProperty, is the same tag, as it reads
    /// the same names in the same way.
    stored: Vec<u8>,
    /// Where the size is in `stored`.
    size_at: usize,
    kind: Kind,
}

/// Where a pre-5.4 tag's BoolProperty value is, after its size and array index.
const BOOL_AFTER_SIZE: usize = 8;

/// A pre-5.4 tag's type as stored: the ids of its type name and of its parameter names, 0 for
/// parameters it does not have. How many it has follows from the type name (and the read's
/// versions), so a present null parameter (also id 0) cannot be mistaken for an absent one.
type TagTypeKey = (NameId, NameId, NameId);

/// A tag's type as the tag cache tells types apart.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum TypeKey {
    /// A pre-5.4 type, by the ids of its stored names.
    Stored(TagTypeKey),
    /// A UE 5.4 type tree, by the address of its shared copy (kept alive by the cache).
    Tree(usize),
}

/// A tag within one read: its name's id, its type and its extras.
type TagKey = (NameId, TypeKey, TagExtras);

/// A name's identity within one read: the address of its shared text and its encoding.
type NameKey = (usize, bool);

fn name_key(name: &FName) -> NameKey {
    let address = name
        .value
        .as_ref()
        .map_or(0, |text| Arc::as_ptr(text).cast::<u8>() as usize);
    (address, name.wide)
}

impl TypeCache {
    /// The shared copy of `t`, found by its contents.
    fn share(&mut self, t: FPropertyTypeName) -> Arc<FPropertyTypeName> {
        if let Some(shared) = self.types.get(&t) {
            return Arc::clone(shared);
        }
        let shared = Arc::new(t);
        self.types.insert(Arc::clone(&shared));
        shared
    }

    fn empty(&self) -> Arc<[FPropertyTypeName]> {
        Arc::clone(&self.empty)
    }

    /// The list `[name]`.
    fn leaf(&mut self, name: FName) -> Arc<[FPropertyTypeName]> {
        let key = name_key(&name);
        if let Some(p) = self.leaves.get(&key) {
            return Arc::clone(p);
        }
        let p: Arc<[_]> = Arc::new([FPropertyTypeName {
            name,
            params: self.empty(),
        }]);
        self.leaves.insert(key, Arc::clone(&p));
        p
    }

    /// The tag last handed out for this name, when it has this type and these extras.
    #[inline]
    fn recent_tag(&self, name: NameId, ty: TypeKey, extras: &TagExtras) -> Option<FPropertyTag> {
        match self.recent_tags.get(tag_slot(name)) {
            Some(Some(recent))
                if recent.name == name && recent.ty == ty && recent.tag.0.extras == *extras =>
            {
                Some(recent.tag.clone())
            }
            _ => None,
        }
    }
}

/// The shared tag named by `name` with type `ty` and these extras; `type_name` gives the type when
/// the tag is new to this read.
#[inline]
fn shared_tag(
    st: &mut ReadState<'_>,
    name: NameId,
    ty: TypeKey,
    extras: TagExtras,
    type_name: impl FnOnce(&mut ReadState<'_>) -> Arc<FPropertyTypeName>,
) -> FPropertyTag {
    match st.types.recent_tag(name, ty, &extras) {
        Some(tag) => tag,
        None => look_up_tag(st, (name, ty, extras), type_name),
    }
}

/// [`shared_tag`] by hashing, adding tags not seen before; the tag then takes its name's slot.
#[inline(never)]
fn look_up_tag(
    st: &mut ReadState<'_>,
    key: TagKey,
    type_name: impl FnOnce(&mut ReadState<'_>) -> Arc<FPropertyTypeName>,
) -> FPropertyTag {
    let tag = match st.types.tags.get(&key) {
        Some(tag) => tag.clone(),
        None => {
            let (name, _, extras) = key;
            let tag = FPropertyTag(Arc::new(TagFields {
                name: st.name(name).clone(),
                type_name: type_name(st),
                extras,
            }));
            st.types.tags.insert(key, tag.clone());
            tag
        }
    };
    let types = &mut st.types;
    if types.recent_tags.is_empty() {
        types.recent_tags.resize_with(TAG_SLOTS, || None);
    }
    let slot = &mut types.recent_tags[tag_slot(key.0)];
    let stored = slot.take().map(|old| old.stored).unwrap_or_default();
    *slot = Some(RecentTag {
        name: key.0,
        ty: key.1,
        tag: tag.clone(),
        stored,
        size_at: 0,
        kind: Kind::Unknown,
    });
    tag
}

/// Keeps the stored bytes of the pre-5.4 tag just read (`stored`, after its name) in its name's
/// slot, for [`stored_like_recent`].
fn remember_stored(types: &mut TypeCache, name: NameId, stored: &[u8], size_at: usize, kind: Kind) {
    if let Some(Some(recent)) = types.recent_tags.get_mut(tag_slot(name))
        && recent.name == name
    {
        recent.stored.clear();
        recent.stored.extend_from_slice(stored);
        recent.size_at = size_at;
        recent.kind = kind;
    }
}

/// The pre-5.4 tag named `name` when the bytes at `r` are stored like the last tag with that name,
/// which they then take; `None` (nothing taken) otherwise, and for a size or BoolProperty value
/// the full read must report.
#[inline]
fn stored_like_recent(
    types: &TypeCache,
    name: NameId,
    r: &mut ByteReader<'_>,
) -> Option<(FPropertyTag, TagInfo)> {
    let recent = types.recent_tags.get(tag_slot(name))?.as_ref()?;
    let (want, at) = (&recent.stored[..], recent.size_at);
    if recent.name != name || at == 0 {
        return None;
    }
    let here = r.whole().get(r.pos()..)?.get(..want.len())?;
    let (before, size, after) = split_size(here, at)?;
    let (want_before, _, want_after) = split_size(want, at)?;
    let bool_value = if recent.kind == Kind::Bool {
        let (index, value, rest) = split_bool(after)?;
        let (want_index, _, want_rest) = split_bool(want_after)?;
        if !(same_bytes(index, want_index) && same_bytes(rest, want_rest) && value <= 1) {
            return None;
        }
        value == 1
    } else {
        if !same_bytes(after, want_after) {
            return None;
        }
        false
    };
    let size = usize::try_from(i32::from_le_bytes(size)).ok()?;
    if !same_bytes(before, want_before) {
        return None;
    }
    r.bytes(want.len(), "property tag").ok()?;
    let info = TagInfo {
        size,
        bool_value,
        kind: recent.kind,
    };
    Some((recent.tag.clone(), info))
}

/// A stored tag split around its size at `at`.
#[inline]
fn split_size(b: &[u8], at: usize) -> Option<(&[u8], [u8; 4], &[u8])> {
    let (before, rest) = b.split_at_checked(at)?;
    let (size, after) = rest.split_first_chunk::<4>()?;
    Some((before, *size, after))
}

/// The bytes after a pre-5.4 BoolProperty tag's size split around its value.
#[inline]
fn split_bool(after_size: &[u8]) -> Option<(&[u8], u8, &[u8])> {
    let (index, rest) = after_size.split_at_checked(BOOL_AFTER_SIZE - 4)?;
    let (&value, rest) = rest.split_first()?;
    Some((index, value, rest))
}

/// The shared type of a pre-5.4 tag stored as `key` with `arity` parameters: one look-up and no
/// name reference counts when seen before.
fn tag_type(st: &mut ReadState<'_>, key: TagTypeKey, arity: usize) -> Arc<FPropertyTypeName> {
    if let Some(shared) = st.types.stored_types.get(&key) {
        return Arc::clone(shared);
    }
    let (name, first, second) = key;
    let params = match arity {
        0 => st.types.empty(),
        1 => {
            let param = st.name(first).clone();
            st.types.leaf(param)
        }
        _ => Arc::new([first, second].map(|id| FPropertyTypeName::leaf(st.name(id).clone()))),
    };
    let shared = Arc::new(FPropertyTypeName {
        name: st.name(name).clone(),
        params,
    });
    st.types.stored_types.insert(key, Arc::clone(&shared));
    shared
}

crate::layout::flagged_layout! {
    /// The UE5 property-tag extension (`EPropertyTagExtension`) and the data its bits announce.
    ///
    /// Bits: 0x02 `OverridableInformation` (an `EOverriddenPropertyOperation` byte and the
    /// experimental-overridable-logic `bool`), 0x04 `HasExternalsObjects` (newer engines: the
    /// experimental-external-objects `bool`). Bit 0x01 is reserved for a second group of extensions
    /// and the others are unassigned; what they would add is unknown, so tags with them are refused.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub struct TagExtension {
        /// Extension bits (0x02, 0x04).
        pub flags: u8 as "property tag extension", known KNOWN_EXTENSIONS, unknown unknown_extension;
        /// `EOverriddenPropertyOperation` and the experimental-logic `bool` (u32), when flags & 0x02.
        pub overridable: Option<(u8, u32)> as "overridable information" if EXTENSION_OVERRIDABLE;
        /// The experimental-external-objects `bool` (u32), when flags & 0x04.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub external_objects: Option<u32> as "experimental external objects" if EXTENSION_EXTERNAL_OBJECTS;
    }
}

/// `EPropertyTagExtension::OverridableInformation`.
pub const EXTENSION_OVERRIDABLE: u8 = 0x02;
/// `EPropertyTagExtension::HasExternalsObjects`.
pub const EXTENSION_EXTERNAL_OBJECTS: u8 = 0x04;
/// The extension bits whose data is known.
const KNOWN_EXTENSIONS: u8 = EXTENSION_OVERRIDABLE | EXTENSION_EXTERNAL_OBJECTS;

/// The fields of a property tag besides its name and type, nearly always at their defaults
/// ([`TagExtras::default`]) or the same in many tags (the zero struct GUID of pre-5.4 struct tags,
/// the empty UE5 extension byte).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TagExtras {
    /// Index in a fixed-size C array property.
    pub array_index: i32,
    /// Struct GUID (pre-5.4 StructProperty tags; nearly always zero).
    pub struct_guid: Option<FGuid>,
    /// Property GUID, when `HasPropertyGuid` is set.
    pub property_guid: Option<FGuid>,
    /// UE5 extension byte (package >= 1011).
    pub extension: Option<TagExtension>,
    /// UE 5.4+ `EPropertyTagFlags` bits the other fields don't imply: 0x08 binary/native, 0x20 skipped,
    /// and 0x01 with index 0 or 0x10 on a non-bool property when a file has them.
    pub flags: u8,
}

/// `TagExtras::default()`, as a static for tags that hold none.
static NO_EXTRAS: TagExtras = TagExtras {
    array_index: 0,
    struct_guid: None,
    property_guid: None,
    extension: None,
    flags: 0,
};

/// One property tag, all fields but `Size` (which the writer computes from the value).
///
/// A handle to shared [`TagFields`], read and written through it (`tag.name`, `tag.type_name`):
/// a save has a tag in every property but only a few thousand distinct ones, so a read hands out
/// one allocation per distinct tag, and a tag costs one reference count to read and to drop.
/// Changing a field of a shared tag (through `DerefMut`) copies it first, leaving the others as
/// they were.
///
/// JSON lists the extras as fields of the tag, next to its name and type.
#[derive(Clone, PartialEq, Eq)]
pub struct FPropertyTag(Arc<TagFields>);

/// The fields of an [`FPropertyTag`], reached through it.
#[derive(Clone, PartialEq, Eq)]
pub struct TagFields {
    /// Property name.
    pub name: FName,
    /// Type with its parameters. Shared: a file has a few hundred distinct types, so a read hands
    /// out one allocation per distinct type.
    pub type_name: Arc<FPropertyTypeName>,
    /// See [`FPropertyTag::extras`].
    extras: TagExtras,
}

impl std::ops::Deref for FPropertyTag {
    type Target = TagFields;

    fn deref(&self) -> &TagFields {
        &self.0
    }
}

impl std::ops::DerefMut for FPropertyTag {
    /// The fields of this tag alone: a tag shared with others is copied first.
    fn deref_mut(&mut self) -> &mut TagFields {
        Arc::make_mut(&mut self.0)
    }
}

impl std::fmt::Debug for FPropertyTag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let extras = (self.0.extras != NO_EXTRAS).then_some(&self.0.extras);
        f.debug_struct("FPropertyTag")
            .field("name", &self.name)
            .field("type_name", &self.type_name)
            .field("extras", &extras)
            .finish()
    }
}

impl FPropertyTag {
    /// A tag with its extras at their defaults.
    pub fn new(name: FName, type_name: Arc<FPropertyTypeName>) -> Self {
        FPropertyTag(Arc::new(TagFields {
            name,
            type_name,
            extras: NO_EXTRAS,
        }))
    }

    /// The fields besides name and type.
    pub fn extras(&self) -> &TagExtras {
        &self.0.extras
    }

    /// Whether the tag is stored without a value (UE 5.4+ `SkippedSerialize`, flag 0x20): UE
    /// writes such tags for properties it tracks but did not serialize. The property's value is
    /// then [`crate::PropertyValue::Skipped`] (a bool's stays in the tag).
    pub fn is_skipped(&self) -> bool {
        self.0.extras.flags & FLAG_SKIPPED != 0
    }

    /// Whether the tag's extension sets the experimental overridable logic (its `bool` after the
    /// overridden-property operation), under which UE stores arrays, sets and maps as
    /// replaced/removed/modified/added lists (and, from FileVersionUE5 1017, shadowed ones too).
    pub fn experimental_overridable_logic(&self) -> bool {
        let overridable = self.0.extras.extension.and_then(|x| x.overridable);
        overridable.is_some_and(|(_, logic)| logic != 0)
    }

    /// Replaces the fields besides name and type.
    pub fn set_extras(&mut self, extras: TagExtras) {
        if self.0.extras != extras {
            Arc::make_mut(&mut self.0).extras = extras;
        }
    }
}

/// The JSON form of a tag: the extras are fields of the tag itself.
#[derive(Serialize)]
#[serde(rename = "FPropertyTag")]
struct TagOut<'a> {
    name: &'a FName,
    type_name: &'a FPropertyTypeName,
    array_index: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    struct_guid: Option<&'a FGuid>,
    #[serde(skip_serializing_if = "Option::is_none")]
    property_guid: Option<&'a FGuid>,
    #[serde(skip_serializing_if = "Option::is_none")]
    extension: Option<&'a TagExtension>,
    #[serde(skip_serializing_if = "is_zero")]
    flags: u8,
}

/// [`TagOut`] read back.
#[derive(Deserialize)]
#[serde(rename = "FPropertyTag")]
struct TagIn {
    name: FName,
    type_name: FPropertyTypeName,
    array_index: i32,
    #[serde(default)]
    struct_guid: Option<FGuid>,
    #[serde(default)]
    property_guid: Option<FGuid>,
    #[serde(default)]
    extension: Option<TagExtension>,
    #[serde(default)]
    flags: u8,
}

impl Serialize for FPropertyTag {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let e = self.extras();
        TagOut {
            name: &self.name,
            type_name: &self.type_name,
            array_index: e.array_index,
            struct_guid: e.struct_guid.as_ref(),
            property_guid: e.property_guid.as_ref(),
            extension: e.extension.as_ref(),
            flags: e.flags,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for FPropertyTag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let t = TagIn::deserialize(d)?;
        let mut tag = FPropertyTag::new(t.name, Arc::new(t.type_name));
        tag.set_extras(TagExtras {
            array_index: t.array_index,
            struct_guid: t.struct_guid,
            property_guid: t.property_guid,
            extension: t.extension,
            flags: t.flags,
        });
        Ok(tag)
    }
}

fn is_zero(v: &u8) -> bool {
    *v == 0
}

const FLAG_ARRAY_INDEX: u8 = 0x01;
const FLAG_PROPERTY_GUID: u8 = 0x02;
const FLAG_EXTENSIONS: u8 = 0x04;
/// `EPropertyTagFlags::HasBinaryOrNativeSerialize`.
pub(crate) const FLAG_BINARY_OR_NATIVE: u8 = 0x08;
const FLAG_BOOL_TRUE: u8 = 0x10;
/// `EPropertyTagFlags::SkippedSerialize`: the tag is stored without a value (its size is 0).
pub(crate) const FLAG_SKIPPED: u8 = 0x20;
/// The `EPropertyTagFlags` bits UE 5.4 to 5.6 define; others could announce fields that are unknown.
const KNOWN_FLAGS: u8 = FLAG_ARRAY_INDEX
    | FLAG_PROPERTY_GUID
    | FLAG_EXTENSIONS
    | FLAG_BINARY_OR_NATIVE
    | FLAG_BOOL_TRUE
    | FLAG_SKIPPED;

/// What a tag read yields besides the tag itself.
pub(crate) struct TagInfo {
    /// Byte size of the value that follows.
    pub size: usize,
    /// BoolProperty value stored in the tag.
    pub bool_value: bool,
    /// The kind of the tag's type.
    pub kind: Kind,
}

/// Where the writer must patch the size once the value is written.
pub(crate) struct SizeSlot(usize);

impl SizeSlot {
    /// Writes the number of bytes appended since `start` into the slot.
    pub(crate) fn patch(self, out: &mut [u8], start: usize) -> Result<(), Error> {
        let size = out.len() - start;
        let v = i32::try_from(size)
            .map_err(|_| Error::new(self.0, format!("property size {size} exceeds i32")))?;
        out[self.0..self.0 + 4].copy_from_slice(&v.to_le_bytes());
        Ok(())
    }
}

/// Reads a tag's `i32` value size, which must not be negative.
#[inline]
fn read_size(r: &mut ByteReader<'_>) -> Result<usize, Error> {
    let size = r.i32("property size")?;
    usize::try_from(size).map_err(|_| negative_size(r.offset() - 4, size))
}

#[cold]
#[inline(never)]
fn negative_size(at: usize, size: i32) -> Error {
    Error::new(at, format!("negative property size {size}"))
}

impl FPropertyTag {
    /// Reads the rest of a tag whose name (not "None", with this id) was already read.
    pub(crate) fn parse_after_name(
        name: NameId,
        r: &mut ByteReader<'_>,
        st: &mut ReadState<'_>,
    ) -> Result<(Self, TagInfo), Error> {
        let ctx = st.ctx;
        if ctx.complete_type_names() {
            return Self::parse_v2(name, r, st);
        }
        if let Some(read) = stored_like_recent(&st.types, name, r) {
            return Ok(read);
        }
        let start = r.pos();
        let type_id = st.read_name_id(r)?;
        let size_at = r.pos() - start;
        let size = read_size(r)?;
        let mut extras = TagExtras {
            array_index: r.i32("array index")?,
            ..NO_EXTRAS
        };
        let set_map = ctx.package_ue4 >= UE4_PROPERTY_TAG_SET_MAP_SUPPORT;
        let mut bool_value = false;
        let kind = st.kind_of(type_id);
        let (arity, first, second) = match kind {
            Kind::Struct => {
                let struct_name = st.read_name_id(r)?;
                if ctx.package_ue4 >= UE4_STRUCT_GUID_IN_PROPERTY_TAG {
                    extras.struct_guid = Some(r.fixed("FGuid")?);
                }
                (1, struct_name, 0)
            }
            Kind::Bool => {
                bool_value = read_bool8(r, "BoolProperty value")?;
                (0, 0, 0)
            }
            Kind::Byte | Kind::Enum | Kind::Array | Kind::Optional => (1, st.read_name_id(r)?, 0),
            Kind::Set if set_map => (1, st.read_name_id(r)?, 0),
            Kind::Map if set_map => (2, st.read_name_id(r)?, st.read_name_id(r)?),
            _ => (0, 0, 0),
        };
        let ty = (type_id, first, second);
        if ctx.package_ue4 >= UE4_PROPERTY_GUID_IN_PROPERTY_TAG && read_bool8(r, "HasPropertyGuid")?
        {
            extras.property_guid = Some(r.fixed("FGuid")?);
        }
        if ctx.package_ue5 >= UE5_PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION {
            extras.extension = Some(TagExtension::parse(r)?);
        }
        let tag = look_up_tag(st, (name, TypeKey::Stored(ty), extras), |st| {
            tag_type(st, ty, arity)
        });
        let stored = r.whole().get(start..r.pos()).unwrap_or_default();
        remember_stored(&mut st.types, name, stored, size_at, kind);
        Ok((
            tag,
            TagInfo {
                size,
                bool_value,
                kind,
            },
        ))
    }

    fn parse_v2(
        name: NameId,
        r: &mut ByteReader<'_>,
        st: &mut ReadState<'_>,
    ) -> Result<(Self, TagInfo), Error> {
        let type_name = FPropertyTypeName::parse(r, st, 0)?;
        let type_name = st.types.share(type_name);
        let kind = Kind::of(type_name.name.as_str());
        let size = read_size(r)?;
        let flags = r.u8("property tag flags")?;
        if flags & !KNOWN_FLAGS != 0 {
            return Err(unknown_flags(r.offset() - 1, flags));
        }
        let array_index = if flags & FLAG_ARRAY_INDEX != 0 {
            r.i32("array index")?
        } else {
            0
        };
        let property_guid = if flags & FLAG_PROPERTY_GUID != 0 {
            Some(r.fixed("FGuid")?)
        } else {
            None
        };
        // Bits that the writer recomputes; an index flag with index 0, or a bool bit on a non-bool
        // property, is kept as stored so the same byte is written back.
        let mut derived = FLAG_PROPERTY_GUID | FLAG_EXTENSIONS;
        if array_index != 0 {
            derived |= FLAG_ARRAY_INDEX;
        }
        if type_name.name.is("BoolProperty") {
            derived |= FLAG_BOOL_TRUE;
        }
        let extension = if flags & FLAG_EXTENSIONS != 0 {
            Some(TagExtension::parse(r)?)
        } else {
            None
        };
        let extras = TagExtras {
            array_index,
            struct_guid: None,
            property_guid,
            extension,
            flags: flags & !derived,
        };
        let ty = TypeKey::Tree(Arc::as_ptr(&type_name) as usize);
        let tag = shared_tag(st, name, ty, extras, |_| type_name);
        Ok((
            tag,
            TagInfo {
                size,
                bool_value: flags & FLAG_BOOL_TRUE != 0,
                kind,
            },
        ))
    }

    /// Writes the tag with a zero size and returns where the real size goes.
    pub(crate) fn put(
        &self,
        ctx: &PropertyContext,
        bool_value: bool,
        out: &mut Vec<u8>,
    ) -> Result<SizeSlot, Error> {
        ctx.put_name(&self.name, out)?;
        if ctx.complete_type_names() {
            return self.put_v2(ctx, bool_value, out);
        }
        let ty = &self.type_name;
        let e = self.extras();
        ctx.put_name(&ty.name, out)?;
        let slot = SizeSlot(out.len());
        out.extend_from_slice(&0i32.to_le_bytes());
        out.extend_from_slice(&e.array_index.to_le_bytes());
        let missing = FName::default();
        let param = |i: usize| ty.params.get(i).map_or(&missing, |p| &p.name);
        match ty.name.as_str() {
            "StructProperty" => {
                ctx.put_name(param(0), out)?;
                if ctx.package_ue4 >= UE4_STRUCT_GUID_IN_PROPERTY_TAG {
                    e.struct_guid.unwrap_or_default().put(out)?;
                } else if e.struct_guid.is_some() {
                    return Err(needs_version(
                        out.len(),
                        "a struct GUID",
                        "FileVersionUE4",
                        UE4_STRUCT_GUID_IN_PROPERTY_TAG,
                        ctx.package_ue4,
                    ));
                }
            }
            "BoolProperty" => out.push(bool_value as u8),
            "ByteProperty" | "EnumProperty" | "ArrayProperty" | "OptionalProperty" => {
                ctx.put_name(param(0), out)?
            }
            "SetProperty" if ctx.package_ue4 >= UE4_PROPERTY_TAG_SET_MAP_SUPPORT => {
                ctx.put_name(param(0), out)?
            }
            "MapProperty" if ctx.package_ue4 >= UE4_PROPERTY_TAG_SET_MAP_SUPPORT => {
                ctx.put_name(param(0), out)?;
                ctx.put_name(param(1), out)?;
            }
            _ => {}
        }
        if ctx.package_ue4 >= UE4_PROPERTY_GUID_IN_PROPERTY_TAG {
            out.push(e.property_guid.is_some() as u8);
            if let Some(g) = &e.property_guid {
                g.put(out)?;
            }
        } else if e.property_guid.is_some() {
            return Err(needs_version(
                out.len(),
                "a property GUID",
                "FileVersionUE4",
                UE4_PROPERTY_GUID_IN_PROPERTY_TAG,
                ctx.package_ue4,
            ));
        }
        if ctx.package_ue5 >= UE5_PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION {
            // A tag made by the editing API has none yet: it gets the empty extension.
            e.extension.unwrap_or(TagExtension::NONE).put(out)?;
        } else if e.extension.is_some() {
            return Err(needs_version(
                out.len(),
                "a tag extension",
                "FileVersionUE5",
                UE5_PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION,
                ctx.package_ue5,
            ));
        }
        Ok(slot)
    }

    fn put_v2(
        &self,
        ctx: &PropertyContext,
        bool_value: bool,
        out: &mut Vec<u8>,
    ) -> Result<SizeSlot, Error> {
        let e = self.extras();
        if e.flags & !KNOWN_FLAGS != 0 {
            return Err(unknown_flags(out.len(), e.flags));
        }
        if e.struct_guid.is_some() {
            // The UE 5.4 tag has no struct GUID field of its own: the reader never sets one.
            return Err(Error::new(
                out.len(),
                "a struct GUID is not stored by tags with complete type names \
                 (FileVersionUE5 >= 1012)",
            ));
        }
        self.type_name.put(ctx, out)?;
        let slot = SizeSlot(out.len());
        out.extend_from_slice(&0i32.to_le_bytes());
        let mut flags = e.flags & !(FLAG_PROPERTY_GUID | FLAG_EXTENSIONS);
        if e.array_index != 0 || e.flags & FLAG_ARRAY_INDEX != 0 {
            flags |= FLAG_ARRAY_INDEX;
        }
        if e.property_guid.is_some() {
            flags |= FLAG_PROPERTY_GUID;
        }
        if e.extension.is_some() {
            flags |= FLAG_EXTENSIONS;
        }
        if bool_value {
            flags |= FLAG_BOOL_TRUE;
        }
        out.push(flags);
        if flags & FLAG_ARRAY_INDEX != 0 {
            out.extend_from_slice(&e.array_index.to_le_bytes());
        }
        if let Some(g) = &e.property_guid {
            g.put(out)?;
        }
        if let Some(x) = &e.extension {
            x.put(out)?;
        }
        Ok(slot)
    }
}

impl TagExtension {
    /// No extension: the zero byte pre-5.4 UE5 tags carry.
    pub const NONE: TagExtension = TagExtension {
        flags: 0,
        overridable: None,
        external_objects: None,
    };
}

/// A tag part the context's version does not store: refused rather than dropped.
#[cold]
#[inline(never)]
fn needs_version(at: usize, what: &str, version: &str, needs: u32, has: u32) -> Error {
    Error::new(
        at,
        format!("{what} needs {version} >= {needs} (this context has {has})"),
    )
}

#[cold]
#[inline(never)]
fn unknown_flags(at: usize, flags: u8) -> Error {
    Error::new(
        at,
        format!(
            "property tag flags {flags:#04x}: bits {:#04x} are unknown, and so is what they announce",
            flags & !KNOWN_FLAGS
        ),
    )
}

/// The message of an extension byte with bits whose data is unknown (read or written).
#[cold]
#[inline(never)]
fn unknown_extension(flags: u8) -> String {
    format!(
        "property tag extension {flags:#04x}: bits {:#04x} are unknown, and so is the data they announce",
        flags & !KNOWN_EXTENSIONS
    )
}

/// A one-byte bool that must be 0 or 1 (anything else could not be written back).
#[inline]
fn read_bool8(r: &mut ByteReader<'_>, what: &str) -> Result<bool, Error> {
    match r.u8(what)? {
        0 => Ok(false),
        1 => Ok(true),
        b => Err(not_a_bool(r.offset() - 1, what, b)),
    }
}

#[cold]
#[inline(never)]
fn not_a_bool(at: usize, what: &str, b: u8) -> Error {
    Error::new(at, format!("{what}: 0 or 1 expected, found {b}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use binrw::BinRead;

    /// For every extension byte, the slice reader and the `#[binrw]` definition both generated by
    /// `flagged_layout!` accept the same bytes as the same value (or both refuse them), and the
    /// writer gives back exactly the bytes read.
    #[test]
    fn tag_extension_slice_reader_matches_its_binrw_definition() {
        for flags in 0..=u8::MAX {
            let data = [flags, 7, 1, 0, 0, 0, 1, 0, 0, 0, 9];
            let mut r = ByteReader::new(&data, 0);
            let slice = TagExtension::parse(&mut r);
            let through_binrw = TagExtension::read_le(&mut binrw::io::Cursor::new(&data[..]));
            assert_eq!(slice.is_ok(), through_binrw.is_ok(), "{flags:#04x}");
            let (Ok(slice), Ok(through_binrw)) = (slice, through_binrw) else {
                continue;
            };
            assert_eq!(slice, through_binrw, "{flags:#04x}");
            let mut out = Vec::new();
            slice.put(&mut out).unwrap();
            assert_eq!(out, data[..r.pos()], "{flags:#04x}");
            let e = TagExtension::parse(&mut ByteReader::new(&data[..r.pos() - 1], 0));
            assert!(r.pos() == 1 || e.is_err(), "{flags:#04x}");
        }
    }
}
