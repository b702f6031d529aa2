//! The header section: versions, the game type and the header property set.

use crate::list::MinSize;
use crate::strings::{String8, String16};
use binrw::{BinRead, BinResult, BinWrite, Endian, binrw};
use schema_derive::version;
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::io::{Read, Seek, Write};
use unreal::F32;
use unreal::depth::DepthGuard;

/// The header section, after its size and CRC.
#[version(engine_version: u32 = engine_version)]
#[version(licensee_version: u32 = licensee_version)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// `ENGINE_VERSION`.
    pub engine_version: u32,
    /// `LICENSEE_VERSION`.
    pub licensee_version: u32,
    /// `NET_VERSION`, stored only from engine 866 / licensee 18 on.
    #[since(engine_version >= 866 && licensee_version >= 18)]
    pub net_version: Option<u32>,
    /// The replay class, e.g. `TAGame.Replay_Soccar_TA`.
    pub game_type: String8,
    /// Match information; replays stamped 0.0 store booleans and bytes the old way.
    #[br(args(engine_version == 0 && licensee_version == 0, 1))]
    #[bw(args(*engine_version == 0 && *licensee_version == 0))]
    pub properties: PropertySet,
}

/// Deepest nesting of property sets (the header's own set is level 1; each `ArrayProperty` entry
/// and `StructProperty` adds one) accepted, so hostile input cannot exhaust the stack. The one
/// bound of every path: the binary reader and writer and serde (JSON) both ways. Real headers
/// nest 2 levels.
pub const MAX_DEPTH: u32 = 32;

thread_local! {
    /// Property sets being written or converted by serde on this thread.
    static SET_DEPTH: Cell<u32> = const { Cell::new(0) };
}

/// What [`MAX_DEPTH`] counts, for errors.
const NESTED_SETS: &str = "header property sets";

/// A list of properties ended by a `None` name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PropertySet {
    /// The properties in file order (names may repeat).
    #[serde(serialize_with = "ser_nested", deserialize_with = "de_nested")]
    pub properties: Vec<Property>,
    /// The terminating name exactly as stored (`None`, or `\0\0\0None` in some old replays).
    pub terminator: String8,
}

/// One header property: name, type name, the size and array index the game stores, and the value.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[br(import(name: String8, quirks: bool, depth: u32))]
#[bw(import(quirks: bool))]
pub struct Property {
    /// Property name, e.g. `PlayerName`; written by [`PropertySet`] ahead of the rest.
    #[br(calc = name)]
    #[bw(ignore)]
    pub name: String8,
    /// The type name, implied by the value.
    #[br(temp)]
    #[bw(calc = value.kind())]
    kind: PropertyKind,
    /// Declared size of the value in bytes (the first half of the spec's `unknown_01`), as read.
    /// The writer derives it from the value (see [`Property::size_to_write`]), so an edit never
    /// needs to touch it.
    #[bw(try_map = |_: &u32| self.size_to_write())]
    pub size: u32,
    /// Array index (the second half of the spec's `unknown_01`; always 0 in practice).
    pub index: u32,
    /// The value.
    #[br(args(kind, quirks, depth))]
    #[bw(args(quirks))]
    pub value: PropertyValue,
    /// Set only when the stored `size` disagrees with the value (the game wrote an odd size, as in
    /// one corpus replay): the value's own size at read time. While the value keeps that size the
    /// stored `size` is written back as read; once an edit changes it, the size is recomputed.
    #[br(calc = irregular_size(size, &value))]
    #[bw(ignore)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub irregular_size_of: Option<u64>,
}

/// The value's declared size when the stored `size` differs from it.
fn irregular_size(size: u32, value: &PropertyValue) -> Option<u64> {
    let own = value.declared_size() as u64;
    (u64::from(size) != own).then_some(own)
}

/// The type name stored in front of a property value.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PropertyKind {
    /// `IntProperty`.
    #[brw(magic = b"\x0c\0\0\0IntProperty\0")]
    Int,
    /// `StrProperty`.
    #[brw(magic = b"\x0c\0\0\0StrProperty\0")]
    Str,
    /// `NameProperty`.
    #[brw(magic = b"\x0d\0\0\0NameProperty\0")]
    Name,
    /// `FloatProperty`.
    #[brw(magic = b"\x0e\0\0\0FloatProperty\0")]
    Float,
    /// `QWordProperty`.
    #[brw(magic = b"\x0e\0\0\0QWordProperty\0")]
    QWord,
    /// `BoolProperty`.
    #[brw(magic = b"\x0d\0\0\0BoolProperty\0")]
    Bool,
    /// `ByteProperty`.
    #[brw(magic = b"\x0d\0\0\0ByteProperty\0")]
    Byte,
    /// `ArrayProperty`.
    #[brw(magic = b"\x0e\0\0\0ArrayProperty\0")]
    Array,
    /// `StructProperty`.
    #[brw(magic = b"\x0f\0\0\0StructProperty\0")]
    Struct,
}

impl PropertyKind {
    /// The type name as stored.
    pub fn name(self) -> &'static str {
        match self {
            PropertyKind::Int => "IntProperty",
            PropertyKind::Str => "StrProperty",
            PropertyKind::Name => "NameProperty",
            PropertyKind::Float => "FloatProperty",
            PropertyKind::QWord => "QWordProperty",
            PropertyKind::Bool => "BoolProperty",
            PropertyKind::Byte => "ByteProperty",
            PropertyKind::Array => "ArrayProperty",
            PropertyKind::Struct => "StructProperty",
        }
    }
}

/// A header property value; the variant is chosen by the stored [`PropertyKind`].
#[binrw]
#[brw(little)]
#[br(import(kind: PropertyKind, quirks: bool, depth: u32))]
#[bw(import(quirks: bool))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum PropertyValue {
    /// `IntProperty`.
    #[br(pre_assert(kind == PropertyKind::Int))]
    Int(i32),
    /// `StrProperty`.
    #[br(pre_assert(kind == PropertyKind::Str))]
    Str(String16),
    /// `NameProperty`.
    #[br(pre_assert(kind == PropertyKind::Name))]
    Name(String16),
    /// `FloatProperty` (bitwise: NaN and infinities survive JSON).
    #[br(pre_assert(kind == PropertyKind::Float))]
    Float(F32),
    /// `QWordProperty` (a string in JSON past 2^53).
    #[br(pre_assert(kind == PropertyKind::QWord))]
    QWord(#[serde(with = "unreal::json::uint64")] u64),
    /// `BoolProperty`: one byte.
    #[br(pre_assert(kind == PropertyKind::Bool && !quirks))]
    Bool(#[bw(assert(!quirks, "a replay stamped 0.0 stores a BoolProperty as Bool32"))] u8),
    /// `BoolProperty` in replays stamped 0.0: four bytes.
    #[br(pre_assert(kind == PropertyKind::Bool && quirks))]
    Bool32(#[bw(assert(quirks, "only a replay stamped 0.0 stores a BoolProperty as Bool32"))] u32),
    /// `ByteProperty`: an enum type name, then a value name; a plain byte when the type is `None`;
    /// nothing more for Steam and PS4 platforms and in replays stamped 0.0.
    #[br(pre_assert(kind == PropertyKind::Byte))]
    Byte {
        /// The enum type (or, for some platforms, the value itself).
        kind: String8,
        /// The value of an enum-less byte.
        #[br(if(kind.as_str() == "None"))]
        #[bw(assert(
            byte.is_some() == (kind.as_str() == "None"),
            "a byte value goes with the enum type None, and only there"
        ))]
        byte: Option<u8>,
        /// The enum value.
        #[br(if(byte_has_value(&kind, quirks)))]
        #[bw(assert(
            value.is_some() == byte_has_value(kind, quirks),
            "an enum value name is stored unless the type is None, OnlinePlatform_Steam or \
             OnlinePlatform_PS4 or the replay is stamped 0.0"
        ))]
        value: Option<String8>,
    },
    /// `ArrayProperty`: a list of property sets.
    #[br(pre_assert(kind == PropertyKind::Array))]
    Array(
        #[br(parse_with = crate::list::read_list, args(quirks, depth + 1))]
        #[bw(write_with = crate::list::write_list, args(quirks))]
        Vec<PropertySet>,
    ),
    /// `StructProperty`: a struct type name and its fields.
    #[br(pre_assert(kind == PropertyKind::Struct))]
    Struct {
        /// Struct type, e.g. `UniqueNetId`.
        name: String8,
        /// Fields.
        #[br(args(quirks, depth + 1))]
        #[bw(args(quirks))]
        fields: PropertySet,
    },
}

impl Default for PropertySet {
    /// No properties, ended by `None`.
    fn default() -> Self {
        PropertySet {
            properties: Vec::new(),
            terminator: String8::from("None"),
        }
    }
}

/// One segment of a dotted path: a name and an optional `[index]`.
type Segment<'a> = (&'a str, Option<usize>);

/// The first segment of a dotted path and the rest.
fn split_path(path: &str) -> Option<(Segment<'_>, Option<&str>)> {
    let (head, rest) = match path.split_once('.') {
        Some((head, rest)) => (head, Some(rest)),
        None => (path, None),
    };
    let segment = match head.strip_suffix(']').and_then(|h| h.split_once('[')) {
        Some((name, index)) => (name, Some(index.parse().ok()?)),
        None => (head, None),
    };
    Some((segment, rest))
}

impl MinSize for PropertySet {
    /// A terminator alone: length prefix plus at least a NUL.
    const MIN_SIZE: u64 = 5;
}

/// Whether a `ByteProperty` of enum type `kind` stores a value name after it.
fn byte_has_value(kind: &String8, quirks: bool) -> bool {
    !quirks
        && !matches!(
            kind.as_str().as_ref(),
            "None" | "OnlinePlatform_Steam" | "OnlinePlatform_PS4"
        )
}

fn is_terminator(name: &String8) -> bool {
    name.as_str().trim_start_matches('\0') == "None"
}

fn ser_nested<S: serde::Serializer>(properties: &[Property], s: S) -> Result<S::Ok, S::Error> {
    let _level = DepthGuard::enter_ser(&SET_DEPTH, MAX_DEPTH, NESTED_SETS)?;
    properties.serialize(s)
}

fn de_nested<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Property>, D::Error> {
    let _level = DepthGuard::enter_de(&SET_DEPTH, MAX_DEPTH, NESTED_SETS)?;
    Vec::deserialize(d)
}

fn too_deep(pos: u64) -> binrw::Error {
    binrw::Error::AssertFail {
        pos,
        message: unreal::depth::too_deep(NESTED_SETS, MAX_DEPTH),
    }
}

impl BinRead for PropertySet {
    /// Whether the replay is stamped 0.0, and the nesting level of this set (the header's is 1).
    type Args<'a> = (bool, u32);

    fn read_options<R: Read + Seek>(
        reader: &mut R,
        endian: Endian,
        (quirks, depth): (bool, u32),
    ) -> BinResult<Self> {
        if depth > MAX_DEPTH {
            return Err(too_deep(reader.stream_position()?));
        }
        let mut properties = Vec::new();
        loop {
            let name = String8::read_options(reader, endian, ())?;
            if is_terminator(&name) {
                return Ok(PropertySet {
                    properties,
                    terminator: name,
                });
            }
            properties.push(Property::read_options(
                reader,
                endian,
                (name, quirks, depth),
            )?);
        }
    }
}

impl BinWrite for PropertySet {
    /// Whether the replay is stamped 0.0.
    type Args<'a> = (bool,);

    fn write_options<W: Write + Seek>(
        &self,
        writer: &mut W,
        endian: Endian,
        (quirks,): (bool,),
    ) -> BinResult<()> {
        let _level = DepthGuard::enter(&SET_DEPTH, MAX_DEPTH)
            .ok_or_else(|| writer.stream_position().map_or_else(Into::into, too_deep))?;
        if !is_terminator(&self.terminator) {
            return Err(binrw::Error::AssertFail {
                pos: writer.stream_position()?,
                message: format!(
                    "terminator {:?} is not None: the reader would not see the set end",
                    self.terminator.as_str()
                ),
            });
        }
        for property in &self.properties {
            if is_terminator(&property.name) {
                return Err(binrw::Error::AssertFail {
                    pos: writer.stream_position()?,
                    message: format!(
                        "property named {:?}: the reader would take the name for the set's end",
                        property.name.as_str()
                    ),
                });
            }
            property.name.write_options(writer, endian, ())?;
            property.write_options(writer, endian, (quirks,))?;
        }
        self.terminator.write_options(writer, endian, ())
    }
}

impl PropertySet {
    /// The first property called `name`.
    ///
    /// ```
    /// use rocketleague::{PropertySet, PropertyValue};
    /// let mut set = PropertySet::default();
    /// set.insert("TeamSize", PropertyValue::Int(3));
    /// assert_eq!(set.get("TeamSize").and_then(|p| p.value.as_i32()), Some(3));
    /// set.get_mut("TeamSize").unwrap().value = PropertyValue::Int(2);
    /// assert_eq!(set.get("TeamSize").unwrap().value, PropertyValue::Int(2));
    /// assert!(set.get("Missing").is_none());
    /// ```
    pub fn get(&self, name: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.name.as_str() == name)
    }

    /// The first property called `name`, mutably.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Property> {
        self.properties.iter_mut().find(|p| p.name.as_str() == name)
    }

    /// The property at a dotted path through structs and arrays, e.g. `PlayerStats[1].Name`
    /// (an index picks an entry of an `ArrayProperty`; without one the first entry is meant).
    ///
    /// ```
    /// use rocketleague::{PropertySet, PropertyValue, String16};
    /// let mut player = PropertySet::default();
    /// player.insert("Name", PropertyValue::Str(String16::new("Ann")));
    /// let mut header = PropertySet::default();
    /// header.insert("PlayerStats", PropertyValue::Array(vec![player]));
    /// let name = header.get_path("PlayerStats[0].Name").unwrap();
    /// assert_eq!(name.value.as_text().as_deref(), Some("Ann"));
    /// header.get_path_mut("PlayerStats[0].Name").unwrap().value = PropertyValue::Int(1);
    /// assert!(header.get_path("PlayerStats[1].Name").is_none());
    /// ```
    pub fn get_path(&self, path: &str) -> Option<&Property> {
        let (first, rest) = split_path(path)?;
        let property = self.get(first.0)?;
        match rest {
            None => Some(property),
            Some(rest) => property.value.nested(first.1)?.get_path(rest),
        }
    }

    /// [`PropertySet::get_path`], mutably.
    pub fn get_path_mut(&mut self, path: &str) -> Option<&mut Property> {
        let (first, rest) = split_path(path)?;
        let property = self.get_mut(first.0)?;
        match rest {
            None => Some(property),
            Some(rest) => property.value.nested_mut(first.1)?.get_path_mut(rest),
        }
    }

    /// Appends a property built from a name and value (the stored type name and size follow
    /// from the value), returning it for further changes.
    pub fn insert(&mut self, name: &str, value: PropertyValue) -> &mut Property {
        self.properties.push(Property::new(name, value));
        let last = self.properties.len() - 1;
        &mut self.properties[last]
    }

    /// Bytes this set occupies in the file, terminator included.
    pub fn encoded_len(&self) -> usize {
        let props: usize = self
            .properties
            .iter()
            .map(|p| {
                p.name.encoded_len()
                    + 4
                    + p.value.kind().name().len()
                    + 1
                    + 8
                    + p.value.encoded_len()
            })
            .sum();
        props + self.terminator.encoded_len()
    }
}

impl PropertySet {
    /// Recomputes every declared size in this set and nested ones. The writer derives sizes itself;
    /// this keeps the in-memory `size` fields in step with edited values.
    pub fn update_sizes(&mut self) {
        for property in &mut self.properties {
            match &mut property.value {
                PropertyValue::Array(sets) => sets.iter_mut().for_each(PropertySet::update_sizes),
                PropertyValue::Struct { fields, .. } => fields.update_sizes(),
                _ => {}
            }
            property.update_size();
        }
    }

    /// Replaces every `StrProperty` / `NameProperty` value equal to `old` (here and in nested
    /// sets) by `new`, returning how many changed. The writer recomputes the sizes of changed values.
    pub fn replace_text(&mut self, old: &str, new: &str) -> usize {
        let mut changed = 0;
        for property in &mut self.properties {
            match &mut property.value {
                PropertyValue::Str(text) | PropertyValue::Name(text) if text.as_str() == old => {
                    *text = String16::new(new);
                    changed += 1;
                }
                PropertyValue::Array(sets) => {
                    changed += sets
                        .iter_mut()
                        .map(|set| set.replace_text(old, new))
                        .sum::<usize>()
                }
                PropertyValue::Struct { fields, .. } => changed += fields.replace_text(old, new),
                _ => {}
            }
        }
        changed
    }
}

impl Property {
    /// A new property; its size is derived from the value.
    pub fn new(name: &str, value: PropertyValue) -> Self {
        let mut property = Property {
            name: String8::from(name),
            size: 0,
            index: 0,
            value,
            irregular_size_of: None,
        };
        property.update_size();
        property
    }

    /// Sets `size` to the declared size of the value, as the game does, and forgets an irregular
    /// stored size. The writer does this by itself; this keeps the in-memory value in step.
    pub fn update_size(&mut self) {
        self.size = u32::try_from(self.value.declared_size()).unwrap_or(u32::MAX);
        self.irregular_size_of = None;
    }

    /// The size the writer stores: the size as read while the value has the size it had when
    /// read with an irregular stored size, else the value's declared size. Fails when that does not
    /// fit the `u32` field.
    pub fn size_to_write(&self) -> Result<u32, String> {
        let own = self.value.declared_size();
        match self.irregular_size_of {
            Some(then) if then == own as u64 => Ok(self.size),
            _ => u32::try_from(own).map_err(|_| {
                format!(
                    "{}.size: a value of {own} bytes does not fit the u32 size",
                    self.name.as_str()
                )
            }),
        }
    }
}

impl PropertyValue {
    /// The value as an integer, for `IntProperty`.
    pub fn as_i32(&self) -> Option<i32> {
        match self {
            PropertyValue::Int(value) => Some(*value),
            _ => None,
        }
    }

    /// The value as a float, for `FloatProperty`.
    pub fn as_f32(&self) -> Option<f32> {
        match self {
            PropertyValue::Float(value) => Some(value.0),
            _ => None,
        }
    }

    /// The value as an unsigned 64-bit integer, for `QWordProperty`.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            PropertyValue::QWord(value) => Some(*value),
            _ => None,
        }
    }

    /// The value as a boolean, for `BoolProperty` (any non-zero stored value is true).
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            PropertyValue::Bool(value) => Some(*value != 0),
            PropertyValue::Bool32(value) => Some(*value != 0),
            _ => None,
        }
    }

    /// The property set inside a `StructProperty`, or entry `index` (default 0) of an
    /// `ArrayProperty`.
    pub fn nested(&self, index: Option<usize>) -> Option<&PropertySet> {
        match (self, index) {
            (PropertyValue::Struct { fields, .. }, None) => Some(fields),
            (PropertyValue::Array(sets), index) => sets.get(index.unwrap_or(0)),
            _ => None,
        }
    }

    /// [`PropertyValue::nested`], mutably.
    pub fn nested_mut(&mut self, index: Option<usize>) -> Option<&mut PropertySet> {
        match (self, index) {
            (PropertyValue::Struct { fields, .. }, None) => Some(fields),
            (PropertyValue::Array(sets), index) => sets.get_mut(index.unwrap_or(0)),
            _ => None,
        }
    }

    /// The value as text, for `StrProperty` and `NameProperty`.
    pub fn as_text(&self) -> Option<std::borrow::Cow<'_, str>> {
        match self {
            PropertyValue::Str(text) | PropertyValue::Name(text) => Some(text.as_str()),
            _ => None,
        }
    }

    /// The stored type name of this value.
    pub fn kind(&self) -> PropertyKind {
        match self {
            PropertyValue::Int(_) => PropertyKind::Int,
            PropertyValue::Str(_) => PropertyKind::Str,
            PropertyValue::Name(_) => PropertyKind::Name,
            PropertyValue::Float(_) => PropertyKind::Float,
            PropertyValue::QWord(_) => PropertyKind::QWord,
            PropertyValue::Bool(_) | PropertyValue::Bool32(_) => PropertyKind::Bool,
            PropertyValue::Byte { .. } => PropertyKind::Byte,
            PropertyValue::Array(_) => PropertyKind::Array,
            PropertyValue::Struct { .. } => PropertyKind::Struct,
        }
    }

    /// The size the game declares for this value: its byte count, except that a `BoolProperty`
    /// declares 0 although bytes follow, a `ByteProperty` counts only its value, not its type,
    /// and a `StructProperty` counts its fields but not its type name.
    pub fn declared_size(&self) -> usize {
        match self {
            PropertyValue::Bool(_) | PropertyValue::Bool32(_) => 0,
            PropertyValue::Byte { byte: Some(_), .. } => 1,
            PropertyValue::Byte {
                value: Some(value), ..
            } => value.encoded_len(),
            PropertyValue::Struct { fields, .. } => fields.encoded_len(),
            _ => self.encoded_len(),
        }
    }

    /// Bytes of the value after the size and index.
    pub fn encoded_len(&self) -> usize {
        match self {
            PropertyValue::Int(_) | PropertyValue::Float(_) => 4,
            PropertyValue::QWord(_) => 8,
            PropertyValue::Bool(_) => 1,
            PropertyValue::Bool32(_) => 4,
            PropertyValue::Str(text) | PropertyValue::Name(text) => text.encoded_len(),
            PropertyValue::Byte { kind, byte, value } => {
                kind.encoded_len()
                    + usize::from(byte.is_some())
                    + value.as_ref().map_or(0, String8::encoded_len)
            }
            PropertyValue::Struct { name, fields } => name.encoded_len() + fields.encoded_len(),
            PropertyValue::Array(sets) => {
                4 + sets.iter().map(PropertySet::encoded_len).sum::<usize>()
            }
        }
    }
}

impl Header {
    /// The `NumFrames` property.
    pub fn num_frames(&self) -> Option<i32> {
        self.properties
            .get("NumFrames")
            .and_then(|p| p.value.as_i32())
    }

    /// The `MaxChannels` property.
    pub fn max_channels(&self) -> Option<i32> {
        self.properties
            .get("MaxChannels")
            .and_then(|p| p.value.as_i32())
    }

    /// The `MatchType` property.
    pub fn match_type(&self) -> Option<std::borrow::Cow<'_, str>> {
        self.properties
            .get("MatchType")
            .and_then(|p| p.value.as_text())
    }

    /// The `BuildVersion` property.
    pub fn build_version(&self) -> Option<std::borrow::Cow<'_, str>> {
        self.properties
            .get("BuildVersion")
            .and_then(|p| p.value.as_text())
    }
}
