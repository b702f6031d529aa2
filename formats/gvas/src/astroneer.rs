//! Astroneer `.savegame`: a 16-byte frame around one zlib stream, and the game's own data that
//! follows the (empty) root property list of its GVAS body.
//!
//! Frame: 8 signature bytes, `u32` format version (1), `u32` uncompressed size, then the zlib stream
//! (the game writes level 6, window bits 12).
//!
//! World data (after the root list's "None"): `i32` 0, `u32` version, the level path, `u32` version,
//! the string pool (`i64` count including the reserved null slot 0, then count - 1 `FString`s),
//! the objects, the actors, the root object indices, the first import index and a fixed tail.
//!
//! Each object's data is what `UObject::Serialize` writes: a tagged property list in the UE4 4.18
//! layout (`i32` size and `i32` array index, which together look like an `i64` size when the index
//! is 0) except that every `FName` (property names, type names, struct/enum/inner type names,
//! Name and Enum values, the "None" terminator) is an `i32` string-pool index, and object references
//! are `i32` object-table indices (-3 followed by a path name); then the `u32` "has GUID" flag (and
//! the GUID); then whatever the class's native `Serialize` appends ([`native`]). With save flag 4 the object
//! stores two lengths: the first covers the property list and GUID flag, the second everything.
//! The property lists are decoded by the `unreal` crate in its name-pool mode. Entity containers
//! (`/Script/Astro.*Container`) are the exception: their data is the game's own table of entities
//! or components ([`entity`]), each of which has such a property list.

mod entity;
mod native;

pub use entity::{
    AstroContainerHeader, AstroDatum, AstroDatums, AstroEntityContainer, AstroEntityLinks,
};
pub use native::{AstroNativeData, AstroSlot};

use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::Arc;

use binrw::io::{Read, Seek, SeekFrom};
use binrw::{BinRead, BinResult, BinWrite, binrw};
use serde::{Deserialize, Serialize};
use unreal::chunked::{DeflateParams, ZlibReader, ZlibStream};
use unreal::{
    F32, FGuid, FString, NameMode, NamePool, PropertyContext, PropertyList, PropertyReader,
};

use crate::input::BodyInput;
use crate::{Error, GvasBody, ReadOptions};

/// The first eight bytes of every Astroneer save.
pub const SIGNATURE: [u8; 8] = [0xBE, 0x40, 0x37, 0x4A, 0xEE, 0x0B, 0x74, 0xA3];
/// Size of the frame before the zlib stream.
const FRAME_LEN: usize = 16;
/// What the game uses, so new streams look like the game's (not byte-identical: C zlib differs).
const PARAMS: DeflateParams = DeflateParams {
    level: 6,
    window_bits: 12,
};
/// Save flag: the object's data length (of its property part) is followed by a second length, the
/// one that frames all of its data.
const SAVE_FLAG_SECOND_LENGTH: u8 = 4;
/// Native structs of Astroneer whose size is known but whose fields are not: (struct name, bytes).
/// `AttachmentState` occurs once in the known save, as 16 elements of
/// `ActorAttachmentsComponent.AttachmentStates`.
const BINARY_STRUCTS: &[(&str, usize)] = &[("AttachmentState", 22)];
/// Classes whose data is an entity table rather than a property list: `/Script/Astro.` + `*Container`.
const ENTITY_CONTAINER_PACKAGE: &str = "/Script/Astro.";
const ENTITY_CONTAINER_SUFFIX: &str = "Container";
/// Fewest bytes an object takes: an empty class name, name, flags, save flags, outer, one length.
const MIN_OBJECT_LEN: usize = 21;
/// Most bytes of an object's data reserved before they are read.
const OBJECT_PREALLOCATION: u32 = 1 << 20;
/// Path prefix for errors in the frame.
const PATH: &str = "Astroneer";

#[binrw]
#[brw(little, magic = b"\xBE\x40\x37\x4A\xEE\x0B\x74\xA3")]
struct Frame {
    format_version: u32,
    uncompressed_len: u32,
}

/// The compressed frame of an Astroneer save.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AstroneerFrame {
    /// The `u32` after the signature (1 in known saves).
    pub format_version: u32,
    /// The stored zlib stream.
    pub stream: ZlibStream,
}

impl AstroneerFrame {
    /// Whether `data` starts with the Astroneer signature.
    pub(crate) fn detect(data: &[u8]) -> bool {
        data.get(..8) == Some(&SIGNATURE[..])
    }

    /// Reads the frame and opens its zlib stream for reading the body.
    pub(crate) fn open(data: &[u8]) -> Result<AstroneerStream<'_>, Error> {
        let frame = Frame::read(&mut binrw::io::Cursor::new(data))
            .map_err(|e| Error::binrw_read(PATH, 0, data.len(), e))?;
        let body = ZlibReader::new(&data[FRAME_LEN..], frame.uncompressed_len.into(), FRAME_LEN)
            .map_err(|e| Error::zlib(PATH, e))?;
        Ok(AstroneerStream {
            format_version: frame.format_version,
            body,
        })
    }

    /// Frames `body`, re-emitting the stored stream when the body is unchanged.
    pub(crate) fn write(&self, body: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        let stream = self
            .stream
            .reuse_or_deflate(body, PARAMS)
            .map_err(|e| Error::zlib(PATH, e))?;
        let frame = Frame {
            format_version: self.format_version,
            uncompressed_len: u32::try_from(body.len()).map_err(|_| {
                Error::new(
                    PATH,
                    12,
                    format!("body of {} bytes is too large", body.len()),
                )
            })?,
        };
        crate::put_binrw(&frame, out).map_err(|e| Error::binrw(PATH, 0, e))?;
        out.extend_from_slice(&stream.compressed);
        Ok(())
    }
}

/// An Astroneer save whose body is read straight from its zlib stream: the objects are framed by
/// their lengths, so only the model and a window of the body are in memory at once.
pub(crate) struct AstroneerStream<'a> {
    format_version: u32,
    body: ZlibReader<'a>,
}

impl AstroneerStream<'_> {
    /// Reads the body, then checks that the stream ends where the frame says. A fault of the stream
    /// itself (corrupt, truncated, another length) is reported rather than what the body's reader
    /// made of the missing data.
    pub(crate) fn read(
        mut self,
        options: &ReadOptions,
    ) -> Result<(AstroneerFrame, GvasBody), Error> {
        let body = GvasBody::read_from(&mut self.body, options);
        let stream = self.body.finish().map_err(|e| Error::zlib(PATH, e))?;
        let body = body.map_err(|e| e.in_body("Astroneer"))?;
        let frame = AstroneerFrame {
            format_version: self.format_version,
            stream,
        };
        Ok((frame, body))
    }
}

/// Everything an Astroneer body holds after its root property list.
#[binrw]
#[brw(little, import(base: &PropertyContext))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AstroneerWorld {
    /// The `i32` after the root list (0).
    pub zero: i32,
    /// Save data version.
    pub version: u32,
    /// Path of the level, e.g. `/Game/Maps/Staging_T2`.
    pub level_name: FString,
    /// The version repeated after the level path.
    pub level_version: u32,
    #[br(temp, assert(pool_count >= 1, "string pool count {} (slot 0 is reserved, so at least 1)", pool_count))]
    #[bw(try_calc = i64::try_from(string_pool.len() + 1))]
    pool_count: i64,
    /// The string pool without its reserved null slot 0: index `i` of the file is `string_pool[i - 1]`.
    #[br(count = pool_count - 1)]
    pub string_pool: Vec<FString>,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(objects.len()))]
    object_count: u32,
    /// Serialized objects.
    #[br(parse_with = read_objects, args(base, &string_pool, object_count))]
    #[bw(write_with = write_objects, args(base, string_pool.as_slice()))]
    pub objects: Vec<AstroObject>,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(actors.len()))]
    actor_count: u32,
    /// Actors: transforms and their child/component links.
    #[br(count = actor_count)]
    pub actors: Vec<AstroActor>,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(roots.len()))]
    root_count: u32,
    /// Indices of the root objects.
    #[br(count = root_count)]
    pub roots: Vec<i32>,
    /// Index of the first imported object.
    pub first_import: i32,
    /// The bytes after the first import index (24 in known saves).
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub tail: Vec<u8>,
}

impl AstroneerWorld {
    /// The string-pool entry `index` refers to (`None` for 0, the null slot, and out-of-range indices).
    pub fn string(&self, index: i32) -> Option<&FString> {
        let slot = usize::try_from(index).ok()?.checked_sub(1)?;
        self.string_pool.get(slot)
    }

    /// How much of the objects' data is decoded, for summaries.
    pub fn data_counts(&self) -> DataCounts {
        let mut counts = DataCounts::default();
        for object in &self.objects {
            match &object.data {
                AstroObjectData::Empty => {}
                AstroObjectData::Properties { native, .. } => {
                    counts.property_objects += 1;
                    if let AstroNativeData::Bytes(bytes) = native {
                        counts.undecoded_bytes += bytes.len();
                    }
                }
                AstroObjectData::EntityContainer(container) => counts.datums += container.len(),
            }
        }
        counts
    }
}

/// What [`AstroneerWorld::data_counts`] counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DataCounts {
    /// Objects whose data is a property list.
    pub property_objects: usize,
    /// Datums in the entity containers.
    pub datums: usize,
    /// Native bytes after property lists that are kept undecoded.
    pub undecoded_bytes: usize,
}

/// The property context for a world's objects: `base`'s versions, hints and strictness, names from
/// the string pool, object references by index, and Astroneer's binary structs.
fn world_context(base: &PropertyContext, pool: &[FString]) -> Result<PropertyContext, String> {
    let mut ctx = base.clone();
    ctx.names = NameMode::Pool(Arc::new(NamePool::new(pool)?));
    ctx.object_indices = true;
    ctx.binary_structs.extend(
        BINARY_STRUCTS
            .iter()
            .map(|&(name, len)| (name.to_owned(), len)),
    );
    Ok(ctx)
}

/// What reading a world's lists needs: its context, and one property reader for all of them so that
/// the lists share their names and types instead of repeating them per object.
pub struct ListReader<'c> {
    ctx: &'c PropertyContext,
    lists: RefCell<PropertyReader<'c>>,
    /// The objects' class paths: a save has thousands of objects but a few hundred classes.
    class_names: RefCell<HashSet<Arc<str>>>,
}

impl<'c> ListReader<'c> {
    fn new(ctx: &'c PropertyContext) -> Self {
        ListReader {
            ctx,
            lists: RefCell::new(PropertyReader::new(ctx)),
            class_names: RefCell::default(),
        }
    }

    /// `name` with its text shared with the class names read before.
    fn share_class_name(&self, name: FString) -> FString {
        let Some(text) = &name.value else {
            return name;
        };
        let mut known = self.class_names.borrow_mut();
        match known.get(text) {
            Some(shared) => FString {
                value: Some(Arc::clone(shared)),
                wide: name.wide,
            },
            None => {
                known.insert(Arc::clone(text));
                name
            }
        }
    }

    /// Reads one list at `data` (world position `base`), returning it and the bytes it took.
    fn read(&self, data: &[u8], base: usize) -> Result<(PropertyList, usize), unreal::Error> {
        self.lists.borrow_mut().read(data, base)
    }
}

fn pool_error(pos: u64, message: String) -> binrw::Error {
    binrw::Error::AssertFail {
        pos,
        message: format!("string pool: {message}"),
    }
}

#[binrw::parser(reader, endian)]
fn read_objects(
    base: &PropertyContext,
    pool: &[FString],
    count: u32,
) -> BinResult<Vec<AstroObject>> {
    let pos = reader.stream_position()?;
    let ctx = world_context(base, pool).map_err(|m| pool_error(pos, m))?;
    // Bounding the count by the bytes left bounds the allocation by the input size.
    let left = remaining(reader)?;
    let count = usize::try_from(count).unwrap_or(usize::MAX);
    if count.saturating_mul(MIN_OBJECT_LEN) as u64 > left {
        return Err(binrw::Error::AssertFail {
            pos,
            message: format!("{count} objects do not fit in the {left} bytes left"),
        });
    }
    let lists = ListReader::new(&ctx);
    let mut objects = Vec::with_capacity(count);
    for i in 0..count {
        let mut object = AstroObject::read_options(reader, endian, (&lists,))
            .map_err(|e| nest(e, &format!("objects[{i}]")))?;
        object.class_name = lists.share_class_name(object.class_name);
        objects.push(object);
    }
    Ok(objects)
}

#[binrw::writer(writer, endian)]
#[allow(clippy::ptr_arg)] // binrw hands `write_with` the field itself, a `&Vec`
fn write_objects(
    objects: &Vec<AstroObject>,
    base: &PropertyContext,
    pool: &[FString],
) -> BinResult<()> {
    let pos = writer.stream_position()?;
    let ctx = world_context(base, pool).map_err(|m| pool_error(pos, m))?;
    for (i, object) in objects.iter().enumerate() {
        object
            .write_options(writer, endian, (&ctx,))
            .map_err(|e| nest(e, &format!("objects[{i}]")))?;
    }
    Ok(())
}

/// Bytes left in the stream after its current position.
fn remaining<R: Read + Seek>(reader: &mut R) -> BinResult<u64> {
    let pos = reader.stream_position()?;
    let end = reader.seek(SeekFrom::End(0))?;
    reader.seek(SeekFrom::Start(pos))?;
    Ok(end.saturating_sub(pos))
}

/// One serialized object.
#[binrw]
#[brw(little)]
#[br(import(lists: &ListReader<'_>))]
#[bw(import(ctx: &PropertyContext))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AstroObject {
    /// Path of the object's class.
    pub class_name: FString,
    /// Name, as a string-pool index.
    pub name: i32,
    /// Object flags.
    pub flags: u32,
    /// Save flags; bit 2 (value 4) adds a second data length.
    pub save_flags: u8,
    /// Index of the outer object, -1 for none.
    pub outer: i32,
    /// The data lengths and the data.
    #[br(parse_with = read_data, args(lists, &class_name, save_flags))]
    #[bw(write_with = write_data, args(ctx, *save_flags))]
    pub data: AstroObjectData,
}

/// What an object's data holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AstroObjectData {
    /// No data (length 0): objects the save only names, such as packages and components.
    Empty,
    /// `UObject::Serialize` output: tagged properties, the GUID flag, the class's native data.
    Properties {
        /// The tagged properties.
        properties: PropertyList,
        /// The object GUID, when the `u32` "has GUID" flag after the list is 1.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        guid: Option<FGuid>,
        /// What the class's native `Serialize` appends after the properties.
        native: AstroNativeData,
    },
    /// The data of an entity container (`/Script/Astro.*Container`): the game's own table of
    /// entities or components, each with a property list.
    EntityContainer(AstroEntityContainer),
}

fn is_entity_container(class_name: &FString) -> bool {
    let class = class_name.as_str();
    class.starts_with(ENTITY_CONTAINER_PACKAGE) && class.ends_with(ENTITY_CONTAINER_SUFFIX)
}

fn assert_fail(pos: u64, message: String) -> binrw::Error {
    binrw::Error::AssertFail { pos, message }
}

/// Reads a `#[binrw]` value from a cursor over data that starts at world position `base`; errors
/// carry world positions, and running out of data is reported where the value starts.
fn read_in<T>(reader: &mut binrw::io::Cursor<&[u8]>, base: u64, what: &str) -> BinResult<T>
where
    T: for<'a> BinRead<Args<'a> = ()>,
{
    let start = reader.position();
    T::read_le(reader).map_err(|e| match innermost(e) {
        binrw::Error::AssertFail { pos, message } => assert_fail(base + pos, message),
        binrw::Error::Io(_) => assert_fail(base + start, format!("{what}: data ends early")),
        other => assert_fail(base + start, format!("{what}: {other}")),
    })
}

/// The error a binrw backtrace wraps.
fn innermost(error: binrw::Error) -> binrw::Error {
    match error {
        binrw::Error::Backtrace(backtrace) => innermost(*backtrace.error),
        other => other,
    }
}

/// An error of the `unreal` property system in the list at `segment` (`properties`,
/// `datums[3].properties`), as a binrw error whose message starts with the property path.
fn property_error(segment: &str, pos: u64, error: unreal::Error) -> binrw::Error {
    let path = error.path.strip_prefix("Root").unwrap_or(&error.path);
    assert_fail(pos, format!("{segment}{path}: {}", error.message))
}

/// Puts `segment` (`objects[3]`, `datums[5]`) in front of the path an error message starts with
/// (`properties.Name: ...`), or in front of a message without one.
fn nest(error: binrw::Error, segment: &str) -> binrw::Error {
    match innermost(error) {
        binrw::Error::AssertFail { pos, message } => {
            let message = match message.split_once(": ") {
                Some((head, _)) if !head.contains(' ') => format!("{segment}.{message}"),
                _ => format!("{segment}: {message}"),
            };
            assert_fail(pos, message)
        }
        other => binrw::error::ContextExt::with_message(other, segment.to_owned()),
    }
}

#[binrw::parser(reader, endian)]
fn read_data(
    lists: &ListReader<'_>,
    class_name: &FString,
    save_flags: u8,
) -> BinResult<AstroObjectData> {
    let first = u32::read_options(reader, endian, ())?;
    let two_lengths = save_flags & SAVE_FLAG_SECOND_LENGTH != 0;
    let second = if two_lengths {
        Some(u32::read_options(reader, endian, ())?)
    } else {
        None
    };
    let pos = reader.stream_position()?;
    let total = second.unwrap_or(first);
    let left = remaining(reader)?;
    if u64::from(total) > left {
        return Err(assert_fail(
            pos,
            format!("object data of {total} bytes, only {left} left"),
        ));
    }
    // Grown with the data actually read: a streamed body's length is only a claim until its end.
    let mut bytes = Vec::with_capacity(total.min(OBJECT_PREALLOCATION) as usize);
    Read::by_ref(reader)
        .take(total.into())
        .read_to_end(&mut bytes)?;
    if bytes.len() != total as usize {
        return Err(assert_fail(
            pos,
            format!(
                "object data of {total} bytes, the body ends after {}",
                bytes.len()
            ),
        ));
    }
    if total == 0 {
        return match first {
            0 => Ok(AstroObjectData::Empty),
            _ => Err(assert_fail(
                pos,
                format!("empty object data with a first length of {first}"),
            )),
        };
    }
    if is_entity_container(class_name) {
        if first != total {
            return Err(assert_fail(
                pos,
                format!("entity container lengths {first} and {total} differ"),
            ));
        }
        let container = AstroEntityContainer::read(&bytes, pos, class_name.as_str(), lists)?;
        return Ok(AstroObjectData::EntityContainer(container));
    }
    let (data, tagged) = decode_properties(&bytes, pos, lists, class_name)?;
    if two_lengths && tagged != first as usize {
        return Err(assert_fail(
            pos,
            format!(
                "first data length {first}, but the properties and GUID flag take {tagged} bytes"
            ),
        ));
    }
    Ok(data)
}

/// Decodes property-list data at `pos`; returns it and the length of its tagged part (list + GUID).
fn decode_properties(
    bytes: &[u8],
    pos: u64,
    lists: &ListReader<'_>,
    class_name: &FString,
) -> BinResult<(AstroObjectData, usize)> {
    let base = usize::try_from(pos).unwrap_or(usize::MAX);
    let (properties, used) = lists
        .read(bytes, base)
        .map_err(|e| property_error("properties", e.offset as u64, e))?;
    let mut rest = binrw::io::Cursor::new(&bytes[used..]);
    let flag_at = pos + used as u64;
    let guid = match u32::read_le(&mut rest)
        .map_err(|_| assert_fail(flag_at, "object data ends before its GUID flag".into()))?
    {
        0 => None,
        1 => Some(
            FGuid::read_le(&mut rest)
                .map_err(|_| assert_fail(flag_at + 4, "object data ends inside its GUID".into()))?,
        ),
        b => {
            return Err(assert_fail(
                flag_at,
                format!("GUID flag: 0 or 1 expected, found {b}"),
            ));
        }
    };
    let tagged = used + rest.position() as usize;
    let native = AstroNativeData::read(
        &bytes[tagged..],
        pos + tagged as u64,
        class_name,
        lists.ctx.strict,
    )?;
    let data = AstroObjectData::Properties {
        properties,
        guid,
        native,
    };
    Ok((data, tagged))
}

#[binrw::writer(writer, endian)]
fn write_data(data: &AstroObjectData, ctx: &PropertyContext, save_flags: u8) -> BinResult<()> {
    let pos = writer.stream_position()?;
    let mut bytes = Vec::new();
    let tagged = match data {
        AstroObjectData::Empty => 0,
        AstroObjectData::EntityContainer(container) => {
            container.put(ctx, &mut bytes)?;
            bytes.len()
        }
        AstroObjectData::Properties {
            properties,
            guid,
            native,
        } => {
            properties
                .write(ctx, &mut bytes)
                .map_err(|e| property_error("properties", pos + e.offset as u64, e))?;
            bytes.extend_from_slice(&u32::from(guid.is_some()).to_le_bytes());
            if let Some(g) = guid {
                crate::put_binrw(g, &mut bytes)?;
            }
            let tagged = bytes.len();
            native.put(&mut bytes)?;
            tagged
        }
    };
    let too_long = || assert_fail(pos, "object data longer than 4 GiB".into());
    let total = u32::try_from(bytes.len()).map_err(|_| too_long())?;
    if save_flags & SAVE_FLAG_SECOND_LENGTH != 0 {
        u32::try_from(tagged)
            .map_err(|_| too_long())?
            .write_options(writer, endian, ())?;
    }
    total.write_options(writer, endian, ())?;
    writer.write_all(&bytes)?;
    Ok(())
}

/// One actor: its object, links and transform.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AstroActor {
    /// Index of the actor's object.
    pub object: i32,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(children.len()))]
    child_count: u32,
    /// Child actor links (name index, object index).
    #[br(count = child_count)]
    pub children: Vec<(i32, i32)>,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(components.len()))]
    component_count: u32,
    /// Component links (name index, object index).
    #[br(count = component_count)]
    pub components: Vec<(i32, i32)>,
    /// Rotation quaternion (x, y, z, w).
    pub rotation: [F32; 4],
    /// Translation.
    pub translation: [F32; 3],
    /// Scale.
    pub scale: [F32; 3],
}

/// Reads the world data at the input's position; `ctx` is the body's property context.
pub(crate) fn read_world(
    input: &mut impl BodyInput,
    ctx: &PropertyContext,
) -> Result<AstroneerWorld, Error> {
    let len = usize::try_from(input.body_len()).unwrap_or(usize::MAX);
    AstroneerWorld::read_le_args(input, (ctx,))
        .map_err(|e| Error::binrw_read("SaveFile.astroneer", 0, len, e))
}

/// Appends the world data.
pub(crate) fn write_world(
    world: &AstroneerWorld,
    ctx: &PropertyContext,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    let base = out.len();
    let mut cursor = binrw::io::Cursor::new(&mut *out);
    cursor.set_position(base as u64);
    world
        .write_le_args(&mut cursor, (ctx,))
        .map_err(|e| Error::binrw("SaveFile.astroneer", base, e))
}
