//! Tagged properties: `Property` (tag + value), `PropertyValue` and `PropertyList` (properties up to "None").

use crate::container::{ArrayValue, MapValue, SetValue};
use crate::cursor::{ByteReader, collect_n};
use crate::depth::DepthGuard;
use crate::fstring::{NameCache, NameId};
use crate::layout::SliceLayout;
use crate::native_struct::{FSoftObjectPath, StructValue};
use crate::object_reference::ReferenceCache;
use crate::property_tag::{FPropertyTag, TagInfo, TypeCache};
use crate::{Error, F32, F64, FGuid, FName, FString, FText, NameMode, PropertyContext};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, LazyLock};

/// The object index that is followed by the referenced object's path (Astroneer).
const OBJECT_INDEX_BY_PATH: i32 = -3;

/// Deepest nesting of property lists (structs in structs) accepted, so hostile input cannot exhaust
/// the stack. The one bound of every path: the binary reader and writer and serde (JSON) both ways.
pub const MAX_DEPTH: u32 = 48;

thread_local! {
    /// Property lists being written or converted by serde on this thread.
    static LIST_DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Root lists of at most this many properties are copied out of [`ReadState::stack`], which then
/// keeps its capacity; larger ones take the stack's buffer.
const KEEP_STACK: usize = 4096;

/// What [`MAX_DEPTH`] counts, for errors.
const NESTED_LISTS: &str = "property lists";

/// A tagged property list, ended in the file by the name "None".
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PropertyList {
    /// The properties in file order.
    #[serde(serialize_with = "ser_nested", deserialize_with = "de_nested")]
    pub properties: Vec<Property>,
}

fn ser_nested<S: serde::Serializer>(properties: &[Property], s: S) -> Result<S::Ok, S::Error> {
    let _level = DepthGuard::enter_ser(&LIST_DEPTH, MAX_DEPTH, NESTED_LISTS)?;
    properties.serialize(s)
}

fn de_nested<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Property>, D::Error> {
    let _level = DepthGuard::enter_de(&LIST_DEPTH, MAX_DEPTH, NESTED_LISTS)?;
    Vec::deserialize(d)
}

/// One property: its tag and its value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Property {
    /// The tag (name, type, array index, GUIDs); the size is recomputed on write.
    pub tag: FPropertyTag,
    /// The decoded value, or `Raw` bytes when it could not be decoded.
    pub value: PropertyValue,
}

/// `FScriptDelegate`: an object path and a function name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FScriptDelegate {
    /// Object path.
    pub object: FString,
    /// Function name.
    pub function: FName,
}

/// `FFieldPath`: the path of names to a field and its owner's path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FFieldPath {
    /// Field names.
    pub path: Vec<FName>,
    /// Owner object path.
    pub owner: FString,
}

/// A property value (or a Map/Set/Array element, which has no tag).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)] // each variant is the Unreal property type of the same name
pub enum PropertyValue {
    /// BoolProperty; as a tagged property the value lives in the tag, as an element it is one byte.
    Bool(bool),
    Int8(i8),
    Int16(i16),
    Int(i32),
    Int64(#[serde(with = "crate::json::int64")] i64),
    /// ByteProperty without an enum (and Byte elements).
    Byte(u8),
    UInt16(u16),
    UInt32(u32),
    UInt64(#[serde(with = "crate::json::uint64")] u64),
    Float(F32),
    Double(F64),
    Str(FString),
    /// Utf8StrProperty (UE 5.6 `FUtf8String`): an `i32` byte count and UTF-8, no terminator.
    Utf8Str(FString),
    Name(FName),
    /// EnumProperty, or a ByteProperty holding an enum value name.
    Enum(FName),
    Text(Box<FText>),
    /// Object, Class, Interface and WeakObject properties: an object path.
    Object(FString),
    /// Object and Interface properties when [`PropertyContext::object_indices`] is set: an index into
    /// the file's object table (-1 for none); index -3 is followed by the object's path as a name.
    ObjectIndex {
        /// The object's index.
        index: i32,
        /// The path that follows index -3 (boxed: rare, and a name would make every value 8 bytes
        /// larger).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        path: Option<Box<FName>>,
    },
    /// Object and Interface properties when [`PropertyContext::level_object_references`] is set.
    /// A reader shares equal references (saves repeat a few thousand of them everywhere): edit one
    /// through [`Arc::make_mut`], which copies it when it is shared.
    ObjectReference(Arc<crate::FObjectReferenceDisc>),
    /// SoftObject and SoftClass properties.
    SoftObject(Box<FSoftObjectPath>),
    /// LazyObjectProperty: the object's unique GUID.
    LazyObject(FGuid),
    Delegate(Box<FScriptDelegate>),
    /// MulticastDelegate, MulticastInlineDelegate and MulticastSparseDelegate.
    MulticastDelegate(Vec<FScriptDelegate>),
    FieldPath(Box<FFieldPath>),
    /// Inline: the value keeps its 32 bytes by using spare values of the struct's discriminant
    /// as its own, which works for one 32-byte variant only.
    Struct(StructValue),
    /// Boxed, being that other 32-byte variant.
    Array(Box<ArrayValue>),
    /// Boxed, like the other large and less common values, to keep every value (and so every
    /// property and array element) small.
    Set(Box<SetValue>),
    Map(Box<MapValue>),
    /// OptionalProperty (UE5): a UE `bool` (u32) then the value when set.
    Optional(Option<Box<PropertyValue>>),
    /// No value: the tag is flagged `SkippedSerialize` (UE 5.4+), which UE stores without one.
    Skipped,
    /// Bytes that could not be decoded; written back unchanged (hex in JSON).
    Raw(#[serde(with = "crate::chunked::hex_bytes")] Vec<u8>),
}

/// The property types, recognised from the type name without allocating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Bool,
    Int8,
    Int16,
    Int,
    Int64,
    Byte,
    UInt16,
    UInt32,
    UInt64,
    Float,
    Double,
    Str,
    Utf8Str,
    Name,
    Enum,
    Text,
    Object,
    SoftObject,
    LazyObject,
    Delegate,
    MulticastDelegate,
    FieldPath,
    Struct,
    Array,
    Set,
    Map,
    Optional,
    Unknown,
}

impl Kind {
    pub(crate) fn of(type_name: &str) -> Kind {
        match type_name {
            "BoolProperty" => Kind::Bool,
            "Int8Property" => Kind::Int8,
            "Int16Property" => Kind::Int16,
            "IntProperty" => Kind::Int,
            "Int64Property" => Kind::Int64,
            "ByteProperty" => Kind::Byte,
            "UInt16Property" => Kind::UInt16,
            "UInt32Property" => Kind::UInt32,
            "UInt64Property" => Kind::UInt64,
            "FloatProperty" => Kind::Float,
            "DoubleProperty" => Kind::Double,
            "StrProperty" => Kind::Str,
            "Utf8StrProperty" => Kind::Utf8Str,
            "NameProperty" => Kind::Name,
            "EnumProperty" => Kind::Enum,
            "TextProperty" => Kind::Text,
            "ObjectProperty" | "ClassProperty" | "InterfaceProperty" | "WeakObjectProperty" => {
                Kind::Object
            }
            "SoftObjectProperty" | "SoftClassProperty" => Kind::SoftObject,
            "LazyObjectProperty" => Kind::LazyObject,
            "DelegateProperty" => Kind::Delegate,
            "MulticastDelegateProperty"
            | "MulticastInlineDelegateProperty"
            | "MulticastSparseDelegateProperty" => Kind::MulticastDelegate,
            "FieldPathProperty" => Kind::FieldPath,
            "StructProperty" => Kind::Struct,
            "ArrayProperty" => Kind::Array,
            "SetProperty" => Kind::Set,
            "MapProperty" => Kind::Map,
            "OptionalProperty" => Kind::Optional,
            _ => Kind::Unknown,
        }
    }
}

/// One step of [`ReadState::path`].
#[derive(Clone, Copy)]
enum PathSegment {
    /// A property's name, by its id in this read.
    Name(NameId),
    /// `Key` or `Value`.
    Fixed(&'static str),
}

/// Reader state: the context, the hint path of the current property and the nesting depth.
pub(crate) struct ReadState<'c> {
    pub ctx: &'c PropertyContext,
    /// Property names from the root (and `Key`/`Value` inside maps): the key used for struct
    /// hints, joined into a text only when a hint is looked up.
    path: Vec<PathSegment>,
    /// The text of `path`, rebuilt for each hint look-up.
    path_text: String,
    depth: u32,
    /// Properties of the lists being read, innermost last; each finished list moves its tail into an
    /// exactly sized Vec (no growth copies, no spare capacity kept in the model).
    stack: Vec<Property>,
    /// Type names shared between the tags of this read.
    pub types: TypeCache,
    /// Name texts shared between the properties of this read.
    pub names: NameCache,
    /// Object references shared between the properties of this read.
    references: ReferenceCache,
    /// The kinds of the tag type names read so far, by name id (at most one per name of the
    /// input or of its pool): a tag's type is then recognised without comparing its text.
    kinds: Vec<Option<Kind>>,
}

impl<'c> ReadState<'c> {
    pub(crate) fn new(ctx: &'c PropertyContext) -> Self {
        ReadState {
            ctx,
            path: Vec::new(),
            path_text: String::new(),
            depth: 0,
            stack: Vec::new(),
            types: TypeCache::default(),
            names: NameCache::default(),
            references: ReferenceCache::default(),
            kinds: Vec::new(),
        }
    }

    /// The kind of the type name with this id.
    #[inline]
    pub(crate) fn kind_of(&mut self, id: NameId) -> Kind {
        match self.kinds.get(id as usize) {
            Some(Some(kind)) => *kind,
            _ => self.learn_kind(id),
        }
    }

    #[inline(never)]
    fn learn_kind(&mut self, id: NameId) -> Kind {
        let kind = Kind::of(self.name(id).as_str());
        let i = id as usize;
        if self.kinds.len() <= i {
            self.kinds.resize(i + 1, None);
        }
        self.kinds[i] = Some(kind);
        kind
    }

    /// Reads a name in the context's [`NameMode`]: inline names share their text through
    /// [`ReadState::names`], pool names are the pool's own.
    #[inline]
    pub(crate) fn read_name(&mut self, r: &mut ByteReader<'_>) -> Result<FName, Error> {
        let id = self.read_name_id(r)?;
        Ok(self.name(id).clone())
    }

    /// Reads a name in the context's [`NameMode`] and returns its id, for readers that only need
    /// to recognise it: no reference count is taken.
    #[inline]
    pub(crate) fn read_name_id(&mut self, r: &mut ByteReader<'_>) -> Result<NameId, Error> {
        match &self.ctx.names {
            NameMode::Inline => self.names.read_id(r),
            NameMode::Pool(pool) => pool.read_index(r),
        }
    }

    /// The name with an id from [`ReadState::read_name_id`].
    #[inline]
    pub(crate) fn name(&self, id: NameId) -> &FName {
        match &self.ctx.names {
            NameMode::Inline => self.names.get(id),
            NameMode::Pool(pool) => pool.checked(id),
        }
    }

    /// Runs `f` with `segment` appended to the hint path.
    pub(crate) fn in_path<T>(
        &mut self,
        segment: &'static str,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        self.path.push(PathSegment::Fixed(segment));
        let out = f(self);
        self.path.pop();
        out
    }

    /// The struct hint for the value being read, looked up by its path joined by '.'.
    pub(crate) fn hint(&mut self) -> Option<&'c str> {
        let ctx = self.ctx;
        if ctx.hints.is_empty() {
            return None;
        }
        let mut text = std::mem::take(&mut self.path_text);
        text.clear();
        for (i, segment) in self.path.iter().enumerate() {
            if i != 0 {
                text.push('.');
            }
            text.push_str(match *segment {
                PathSegment::Name(id) => self.name(id).as_str(),
                PathSegment::Fixed(s) => s,
            });
        }
        let hint = ctx.hints.get(&text);
        self.path_text = text;
        hint
    }
}

/// Reads several property lists of one file as a single read would: the lists share their name
/// texts and type names instead of allocating them per list. For files made of many small lists
/// (Astroneer's objects), where [`PropertyList::read`] per list would repeat every name and type.
pub struct PropertyReader<'c> {
    state: ReadState<'c>,
}

impl<'c> PropertyReader<'c> {
    /// A reader for lists stored with `ctx`.
    pub fn new(ctx: &'c PropertyContext) -> Self {
        PropertyReader {
            state: ReadState::new(ctx),
        }
    }

    /// Reads one list, like [`PropertyList::read`]; after an error the reader can go on.
    pub fn read(
        &mut self,
        data: &[u8],
        base_offset: usize,
    ) -> Result<(PropertyList, usize), Error> {
        let mut r = ByteReader::new(data, base_offset);
        let list = PropertyList::parse(&mut r, &mut self.state).map_err(|e| e.within("Root"))?;
        Ok((list, r.pos()))
    }
}

impl PropertyList {
    /// Reads a property list from the start of `data` up to and including its "None" name.
    ///
    /// `base_offset` is the position of `data[0]` in the caller's buffer (used in error offsets).
    /// Returns the list and the number of bytes consumed.
    pub fn read(
        data: &[u8],
        base_offset: usize,
        ctx: &PropertyContext,
    ) -> Result<(Self, usize), Error> {
        PropertyReader::new(ctx).read(data, base_offset)
    }

    /// Appends the list, its "None" terminator included, to `out`.
    pub fn write(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        self.put(ctx, out).map_err(|e| e.within("Root"))
    }

    pub(crate) fn parse(r: &mut ByteReader<'_>, st: &mut ReadState<'_>) -> Result<Self, Error> {
        if st.depth >= MAX_DEPTH {
            return Err(r.err(crate::depth::too_deep(NESTED_LISTS, MAX_DEPTH)));
        }
        st.depth += 1;
        let base = st.stack.len();
        let read = Self::parse_onto_stack(r, st);
        st.depth -= 1;
        match read {
            // A small root list is copied out, so the stack keeps its capacity for the next list
            // of this reader (growing it anew for each of a save's many small objects cost a chain
            // of reallocations per object).
            Ok(()) if base == 0 && st.stack.len() <= KEEP_STACK => {
                // One block copy into an exactly sized Vec (drain-and-collect moved them one by one).
                let mut properties = Vec::with_capacity(st.stack.len());
                properties.append(&mut st.stack);
                Ok(PropertyList { properties })
            }
            // A large root list is the stack itself, kept without a copy (a copy would double the
            // peak of a flat file's root list).
            Ok(()) if base == 0 => {
                let mut properties = std::mem::take(&mut st.stack);
                properties.shrink_to_fit();
                Ok(PropertyList { properties })
            }
            // One block copy into an exactly sized Vec (drain-and-collect moved them one by one).
            Ok(()) => Ok(PropertyList {
                properties: st.stack.split_off(base),
            }),
            Err(e) => {
                st.stack.truncate(base);
                Err(e)
            }
        }
    }

    /// Reads properties up to "None", pushing them onto `st.stack`.
    fn parse_onto_stack(r: &mut ByteReader<'_>, st: &mut ReadState<'_>) -> Result<(), Error> {
        loop {
            // By id first: the "None" ending every list is recognised without a reference count.
            let id = st.read_name_id(r)?;
            if st.name(id).is("None") {
                break;
            }
            st.path.push(PathSegment::Name(id));
            let p = Property::parse(id, r, st).map_err(|e| e.within(st.name(id).as_str()));
            st.path.pop();
            st.stack.push(p?);
        }
        Ok(())
    }

    pub(crate) fn put(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        let _level = DepthGuard::enter(&LIST_DEPTH, MAX_DEPTH).ok_or_else(|| {
            Error::new(out.len(), crate::depth::too_deep(NESTED_LISTS, MAX_DEPTH))
        })?;
        for p in &self.properties {
            p.put(ctx, out).map_err(|e| e.within(p.tag.name.as_str()))?;
        }
        static NONE: LazyLock<FName> = LazyLock::new(|| FName::new("None"));
        ctx.put_name(&NONE, out)
    }

    /// The first property with this name.
    pub fn get(&self, name: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.tag.name.is(name))
    }

    /// How many values in this list, at any depth, fell back to [`PropertyValue::Raw`] bytes.
    pub fn raw_fallbacks(&self) -> usize {
        self.properties
            .iter()
            .map(|p| p.value.raw_fallbacks())
            .sum()
    }
}

impl Property {
    fn parse(name: NameId, r: &mut ByteReader<'_>, st: &mut ReadState<'_>) -> Result<Self, Error> {
        let (tag, info) = FPropertyTag::parse_after_name(name, r, st)?;
        // The property is built in this one place, so the value is read straight into it.
        let value = Self::parse_value(&tag, &info, r, st)?;
        Ok(Property { tag, value })
    }

    /// The value after `tag`, whose read gave `info`.
    #[inline(always)]
    fn parse_value(
        tag: &FPropertyTag,
        info: &TagInfo,
        r: &mut ByteReader<'_>,
        st: &mut ReadState<'_>,
    ) -> Result<PropertyValue, Error> {
        let kind = info.kind;
        if tag.is_skipped() && kind != Kind::Bool {
            return skipped(info.size, r);
        }
        let mut v = r.sub(info.size, "property value")?;
        let decoded = match kind {
            Kind::Bool if info.size == 0 => Ok(PropertyValue::Bool(info.bool_value)),
            Kind::Bool => return Err(v.err(format!("BoolProperty with {} value bytes", info.size))),
            _ => read_tagged_value(kind, tag, info.size, &mut v, st),
        };
        match decoded {
            Ok(value) if v.is_empty() => Ok(value),
            Ok(_) if !st.ctx.strict => Ok(PropertyValue::Raw(raw(&v, info.size))),
            Ok(_) => Err(v.err(format!(
                "{} of {} value bytes left undecoded",
                v.remaining(),
                info.size
            ))),
            Err(_) if !st.ctx.strict => Ok(PropertyValue::Raw(raw(&v, info.size))),
            Err(e) => Err(e),
        }
    }

    fn put(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::shape::check_property(&self.tag, &self.value, ctx, out.len())?;
        let bool_value = matches!(self.value, PropertyValue::Bool(true));
        let slot = self.tag.put(ctx, bool_value, out)?;
        let start = out.len();
        // A bool's value lives in its tag, and a skipped value is not stored.
        if !matches!(self.value, PropertyValue::Bool(_) | PropertyValue::Skipped) {
            self.value.put(ctx, out)?;
        }
        slot.patch(out, start)
    }
}

/// Why a container under the experimental overridable logic is kept as raw bytes.
pub(crate) const EXPERIMENTAL_CONTAINER: &str =
    "containers under the experimental overridable logic (tag extension) are not decoded";

pub(crate) fn is_container(kind: Kind) -> bool {
    matches!(kind, Kind::Array | Kind::Set | Kind::Map)
}

/// The value of a property whose tag says it was skipped: UE writes none (the size stays 0) and
/// reads none, so the next tag follows at once.
fn skipped(size: usize, r: &ByteReader<'_>) -> Result<PropertyValue, Error> {
    if size != 0 {
        return Err(r.err(format!(
            "a tag flagged SkippedSerialize has size {size}; UE stores it without a value"
        )));
    }
    Ok(PropertyValue::Skipped)
}

/// The whole value slice (the reader may have advanced part-way).
fn raw(v: &ByteReader<'_>, size: usize) -> Vec<u8> {
    v.whole()[..size].to_vec()
}

fn read_tagged_value(
    kind: Kind,
    tag: &FPropertyTag,
    size: usize,
    r: &mut ByteReader<'_>,
    st: &mut ReadState<'_>,
) -> Result<PropertyValue, Error> {
    let ty = &tag.type_name;
    Ok(match kind {
        Kind::Byte if size == 1 => PropertyValue::Byte(r.u8("ByteProperty")?),
        Kind::Byte => PropertyValue::Enum(st.read_name(r)?),
        Kind::Struct => {
            let native = st
                .ctx
                .complete_type_names()
                .then_some(tag.extras().flags & crate::property_tag::FLAG_BINARY_OR_NATIVE != 0);
            PropertyValue::Struct(StructValue::parse(
                ty.param_name(0),
                Some(size),
                native,
                r,
                st,
            )?)
        }
        // Checked in the containers' arms only, not ahead of the match for every property.
        Kind::Array | Kind::Set | Kind::Map if tag.experimental_overridable_logic() => {
            return Err(r.err(EXPERIMENTAL_CONTAINER));
        }
        Kind::Array => PropertyValue::Array(Box::new(ArrayValue::parse(ty, r, st)?)),
        Kind::Set => PropertyValue::Set(Box::new(SetValue::parse(ty, r, st)?)),
        Kind::Map => PropertyValue::Map(Box::new(MapValue::parse(ty, r, st)?)),
        Kind::Unknown => return Err(r.err(format!("unknown property type {:?}", ty.name.as_str()))),
        _ => crate::container::read_element_of(kind, ty, r, st)?,
    })
}

impl PropertyValue {
    /// How many values in this one, itself included, are [`PropertyValue::Raw`] bytes.
    pub fn raw_fallbacks(&self) -> usize {
        use PropertyValue as V;
        let all = |values: &[PropertyValue]| values.iter().map(V::raw_fallbacks).sum::<usize>();
        match self {
            V::Raw(_) => 1,
            V::Struct(s) => s.raw_fallbacks(),
            V::Array(a) => match a.as_ref() {
                ArrayValue::Structs { items, .. } => {
                    items.iter().map(StructValue::raw_fallbacks).sum()
                }
                ArrayValue::Values(values) => all(values),
                _ => 0,
            },
            V::Set(s) => all(&s.removed) + all(&s.elements),
            V::Map(m) => {
                all(&m.removed)
                    + m.entries
                        .iter()
                        .map(|(k, v)| k.raw_fallbacks() + v.raw_fallbacks())
                        .sum::<usize>()
            }
            V::Optional(Some(v)) => v.raw_fallbacks(),
            _ => 0,
        }
    }

    /// Reads a value whose kind needs no tag information (shared by tagged values and elements).
    pub(crate) fn parse_simple(
        kind: Kind,
        r: &mut ByteReader<'_>,
        st: &mut ReadState<'_>,
    ) -> Result<Self, Error> {
        use PropertyValue as V;
        Ok(match kind {
            Kind::Int8 => V::Int8(r.i8("Int8")?),
            Kind::Int16 => V::Int16(r.i16("Int16")?),
            Kind::Int => V::Int(r.i32("Int")?),
            Kind::Int64 => V::Int64(r.i64("Int64")?),
            Kind::Byte => V::Byte(r.u8("Byte")?),
            Kind::UInt16 => V::UInt16(r.u16("UInt16")?),
            Kind::UInt32 => V::UInt32(r.u32("UInt32")?),
            Kind::UInt64 => V::UInt64(r.u64("UInt64")?),
            Kind::Float => V::Float(F32(f32::from_bits(r.u32("Float")?))),
            Kind::Double => V::Double(F64(f64::from_bits(r.u64("Double")?))),
            Kind::Str => V::Str(FString::parse(r)?),
            Kind::Utf8Str => V::Utf8Str(crate::fstring::parse_utf8(r)?),
            Kind::Name => V::Name(st.read_name(r)?),
            Kind::Enum => V::Enum(st.read_name(r)?),
            Kind::Text => V::Text(Box::new(FText::parse(r, &st.ctx.text)?)),
            Kind::Object if st.ctx.object_indices => {
                let index = r.i32("object index")?;
                let path = if index == OBJECT_INDEX_BY_PATH {
                    Some(Box::new(st.read_name(r)?))
                } else {
                    None
                };
                V::ObjectIndex { index, path }
            }
            Kind::Object if st.ctx.level_object_references => {
                V::ObjectReference(st.references.read(r)?)
            }
            Kind::Object => V::Object(FString::parse_shared(r, &mut st.names)?),
            Kind::SoftObject => V::SoftObject(Box::new(FSoftObjectPath::parse(r, st)?)),
            Kind::LazyObject => V::LazyObject(r.fixed("FGuid")?),
            Kind::Delegate => V::Delegate(Box::new(FScriptDelegate::parse(r, st)?)),
            Kind::MulticastDelegate => {
                let n = r.count(8, "delegate count")?;
                V::MulticastDelegate(collect_n(n, |_| FScriptDelegate::parse(r, st))?)
            }
            Kind::FieldPath => {
                let n = r.count(4, "field path length")?;
                let path = collect_n(n, |_| st.read_name(r))?;
                V::FieldPath(Box::new(FFieldPath {
                    path,
                    owner: FString::parse(r)?,
                }))
            }
            _ => return Err(r.err(format!("{kind:?} cannot be read here"))),
        })
    }

    /// Appends the value bytes (a `Bool` as one byte: the element form).
    pub(crate) fn put(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        use PropertyValue as V;
        match self {
            V::Bool(b) => out.push(*b as u8),
            V::Int8(v) => out.push(*v as u8),
            V::Int16(v) => out.extend_from_slice(&v.to_le_bytes()),
            V::Int(v) => out.extend_from_slice(&v.to_le_bytes()),
            V::Int64(v) => out.extend_from_slice(&v.to_le_bytes()),
            V::Byte(v) => out.push(*v),
            V::UInt16(v) => out.extend_from_slice(&v.to_le_bytes()),
            V::UInt32(v) => out.extend_from_slice(&v.to_le_bytes()),
            V::UInt64(v) => out.extend_from_slice(&v.to_le_bytes()),
            V::Float(v) => out.extend_from_slice(&v.0.to_bits().to_le_bytes()),
            V::Double(v) => out.extend_from_slice(&v.0.to_bits().to_le_bytes()),
            V::Str(s) | V::Object(s) => s.put(out)?,
            V::Utf8Str(s) => crate::fstring::put_utf8(s, out)?,
            V::Name(s) | V::Enum(s) => ctx.put_name(s, out)?,
            V::ObjectIndex { index, path } => {
                if path.is_some() != (*index == OBJECT_INDEX_BY_PATH) {
                    return Err(Error::new(
                        out.len(),
                        format!(
                            "object index {index}: a path goes with index {OBJECT_INDEX_BY_PATH} and only there"
                        ),
                    ));
                }
                out.extend_from_slice(&index.to_le_bytes());
                if let Some(p) = path {
                    ctx.put_name(p, out)?;
                }
            }
            V::Text(t) => t.put(out, &ctx.text)?,
            V::ObjectReference(o) => o.put(out)?,
            V::SoftObject(p) => p.put(ctx, out)?,
            V::LazyObject(g) => g.put(out)?,
            V::Delegate(d) => d.put(ctx, out)?,
            V::MulticastDelegate(ds) => {
                crate::ftext::put_len(ds.len(), out)?;
                ds.iter().try_for_each(|d| d.put(ctx, out))?;
            }
            V::FieldPath(f) => {
                crate::ftext::put_len(f.path.len(), out)?;
                f.path.iter().try_for_each(|n| ctx.put_name(n, out))?;
                f.owner.put(out)?;
            }
            V::Struct(s) => s.put(ctx, out)?,
            V::Array(a) => a.put(ctx, out)?,
            V::Set(s) => s.put(ctx, out)?,
            V::Map(m) => m.put(ctx, out)?,
            V::Optional(o) => {
                out.extend_from_slice(&(o.is_some() as u32).to_le_bytes());
                if let Some(v) = o {
                    v.put(ctx, out)?;
                }
            }
            V::Raw(b) => out.extend_from_slice(b),
            V::Skipped => {
                return Err(Error::new(
                    out.len(),
                    "Skipped stands for the missing value of a tagged property, not an element",
                ));
            }
        }
        Ok(())
    }
}

impl FScriptDelegate {
    fn parse(r: &mut ByteReader<'_>, st: &mut ReadState<'_>) -> Result<Self, Error> {
        Ok(FScriptDelegate {
            object: FString::parse_shared(r, &mut st.names)?,
            function: st.read_name(r)?,
        })
    }

    fn put(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        self.object.put(out)?;
        ctx.put_name(&self.function, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::size_of;

    /// A save holds many thousands of properties, so their size is most of a read's heap
    /// (Astroneer: ~25 file bytes per property). Each part is bounded so a regression names its type.
    #[test]
    fn property_stays_small() {
        assert!(
            size_of::<FPropertyTag>() <= 8,
            "{}",
            size_of::<FPropertyTag>()
        );
        assert!(
            size_of::<PropertyValue>() <= 32,
            "{}",
            size_of::<PropertyValue>()
        );
        assert!(size_of::<Property>() <= 40, "{}", size_of::<Property>());
    }
}
