//! Types several classes' data share: arrays and maps whose elements take arguments, counted
//! byte blocks, `FFGDynamicStruct`, and, generated, `FInventoryItem` (`schema/inventory.ksy`),
//! `FTransform` and `FPlayerInfoHandle` (`schema/lightweight.ksy`).
//!
//! Every count read here is checked against the bytes left before anything is reserved.

use binrw::io::{Read, Seek, SeekFrom, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian, binrw};
use serde::{Deserialize, Serialize};
use unreal::{FObjectReferenceDisc, PropertyContext, PropertyList};

use crate::reader::Bool32;

pub use crate::generated::inventory::FInventoryItem;
pub use crate::generated::lightweight::{FPlayerInfoHandle, FTransform, PlayerInfoIndex};

/// SaveVersion from which `FInventoryItem` holds an `FFGDynamicStruct` item state instead of a legacy
/// item state actor reference.
pub const SAVE_VERSION_ITEM_STATE: i32 = 43;

/// SaveVersion from which `FPlayerInfoHandle` holds an `int32` table index (57 itself writes the
/// fields twice).
pub const SAVE_VERSION_PLAYER_INFO_INDEX: i32 = 57;

/// The arguments of the layouts that hold items or dynamic structs: the object's SaveVersion and
/// the property context their embedded property lists are read with.
pub type ClassArgs<'a> = (i32, &'a PropertyContext);

/// An `i32` count, checked against the bytes left in the stream (each element takes at least
/// `min_size` bytes).
pub(crate) fn checked_count<R: Read + Seek>(
    r: &mut R,
    endian: Endian,
    min_size: u64,
) -> BinResult<usize> {
    let pos = r.stream_position()?;
    let n = i32::read_options(r, endian, ())?;
    let here = pos + 4;
    let end = r.seek(SeekFrom::End(0))?;
    r.seek(SeekFrom::Start(here))?;
    let left = end.saturating_sub(here);
    match u64::try_from(n) {
        Ok(count) if count.saturating_mul(min_size.max(1)) <= left => Ok(count as usize),
        _ => Err(binrw::Error::AssertFail {
            pos,
            message: format!("count {n} exceeds the {left} bytes left"),
        }),
    }
}

/// Writes `n` as an `i32` count.
pub(crate) fn write_count<W: Write + Seek>(n: usize, w: &mut W, endian: Endian) -> BinResult<()> {
    let pos = w.stream_position()?;
    i32::try_from(n)
        .map_err(|_| binrw::Error::AssertFail {
            pos,
            message: format!("{n} elements do not fit an i32 count"),
        })?
        .write_options(w, endian, ())
}

/// Elements reserved up front at most: a count is checked against the bytes left, but an
/// element in memory may be larger than its bytes, so more grow as they are read.
const RESERVED_AT_MOST: usize = 4096;

/// A `TArray<T>` whose elements take arguments (the SaveVersion, the property context...): each
/// is read and written with the array's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    transparent,
    bound(serialize = "T: Serialize", deserialize = "T: Deserialize<'de>")
)]
pub struct VArray<T> {
    /// The elements.
    pub items: Vec<T>,
}

impl<T> BinRead for VArray<T>
where
    T: BinRead,
    for<'a> T::Args<'a>: Copy,
{
    type Args<'a> = T::Args<'a>;

    fn read_options<R: Read + Seek>(
        r: &mut R,
        endian: Endian,
        args: T::Args<'_>,
    ) -> BinResult<Self> {
        let n = checked_count(r, endian, 1)?;
        let mut items = Vec::with_capacity(n.min(RESERVED_AT_MOST));
        for _ in 0..n {
            items.push(T::read_options(r, endian, args)?);
        }
        Ok(VArray { items })
    }
}

impl<T> BinWrite for VArray<T>
where
    T: BinWrite,
    for<'a> T::Args<'a>: Copy,
{
    type Args<'a> = T::Args<'a>;

    fn write_options<W: Write + Seek>(
        &self,
        w: &mut W,
        endian: Endian,
        args: T::Args<'_>,
    ) -> BinResult<()> {
        write_count(self.items.len(), w, endian)?;
        self.items
            .iter()
            .try_for_each(|i| i.write_options(w, endian, args))
    }
}

/// A `TMap<K, V>` whose values take arguments (`unreal::TMap` takes none): an `i32` count, then
/// key/value pairs in file order, each value read and written with the map's arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    transparent,
    bound(
        serialize = "K: Serialize, V: Serialize",
        deserialize = "K: Deserialize<'de>, V: Deserialize<'de>"
    )
)]
pub struct VMap<K, V> {
    /// The pairs.
    pub entries: Vec<(K, V)>,
}

impl<K, V> BinRead for VMap<K, V>
where
    K: for<'a> BinRead<Args<'a> = ()>,
    V: BinRead,
    for<'a> V::Args<'a>: Copy,
{
    type Args<'a> = V::Args<'a>;

    fn read_options<R: Read + Seek>(
        r: &mut R,
        endian: Endian,
        args: V::Args<'_>,
    ) -> BinResult<Self> {
        let n = checked_count(r, endian, 1)?;
        let mut entries = Vec::with_capacity(n.min(RESERVED_AT_MOST));
        for _ in 0..n {
            let key = K::read_options(r, endian, ())?;
            entries.push((key, V::read_options(r, endian, args)?));
        }
        Ok(VMap { entries })
    }
}

impl<K, V> BinWrite for VMap<K, V>
where
    K: for<'a> BinWrite<Args<'a> = ()>,
    V: BinWrite,
    for<'a> V::Args<'a>: Copy,
{
    type Args<'a> = V::Args<'a>;

    fn write_options<W: Write + Seek>(
        &self,
        w: &mut W,
        endian: Endian,
        args: V::Args<'_>,
    ) -> BinResult<()> {
        write_count(self.entries.len(), w, endian)?;
        for (key, value) in &self.entries {
            key.write_options(w, endian, ())?;
            value.write_options(w, endian, args)?;
        }
        Ok(())
    }
}

/// Reads an `i32` byte count and that many bytes.
#[binrw::parser(reader, endian)]
pub(crate) fn sized_bytes() -> BinResult<Vec<u8>> {
    let n = checked_count(reader, endian, 1)?;
    let mut bytes = vec![0; n];
    reader.read_exact(&mut bytes)?;
    Ok(bytes)
}

/// Writes an `i32` byte count and the bytes.
#[allow(clippy::ptr_arg)] // binrw hands `write_with` a reference to the field's own type
#[binrw::writer(writer, endian)]
pub(crate) fn write_sized_bytes(bytes: &Vec<u8>) -> BinResult<()> {
    write_count(bytes.len(), writer, endian)?;
    writer.write_all(bytes)?;
    Ok(())
}

/// `FFGDynamicStruct`: an optional struct of a type named by reference.
#[binrw]
#[brw(little, import(props: &PropertyContext))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FFGDynamicStruct {
    #[br(temp)]
    #[bw(calc = Bool32(valid_struct.is_some()))]
    has_valid_struct: Bool32,
    /// The struct, when `bHasValidStruct`.
    #[br(if(has_valid_struct.0), args(props))]
    #[bw(args(props))]
    pub valid_struct: Option<DynamicStructInstance>,
}

/// The struct of an `FFGDynamicStruct`.
#[binrw]
#[brw(little, import(props: &PropertyContext))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DynamicStructInstance {
    /// `ScriptStruct`.
    pub script_struct: FObjectReferenceDisc,
    /// `StructInstance` (framed by `savedPayloadSize`, which the writer recomputes).
    #[br(parse_with = sized_struct_instance, args(props))]
    #[bw(write_with = write_sized_struct_instance, args(props))]
    pub struct_instance: StructInstance,
}

/// The payload of a [`DynamicStructInstance`]: tagged properties as the document assumes, or, for
/// a struct with a serialization of its own (mods' item states, e.g. FicsIt-Networks' file
/// systems), the payload's bytes as stored with why they are not a property list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StructInstance {
    /// Tagged properties filling the payload.
    Properties(PropertyList),
    /// The payload's bytes (hex in JSON).
    Raw {
        /// The bytes.
        #[serde(with = "unreal::chunked::hex_bytes")]
        bytes: Vec<u8>,
        /// Why they were not read as a property list.
        reason: String,
    },
}

impl StructInstance {
    /// The properties, unless the payload was kept raw.
    pub fn properties(&self) -> Option<&PropertyList> {
        match self {
            StructInstance::Properties(list) => Some(list),
            StructInstance::Raw { .. } => None,
        }
    }
}

/// Reads an `i32` byte count and a property list that fills exactly those bytes, else keeps them.
fn sized_struct_instance<R: Read + Seek>(
    r: &mut R,
    endian: Endian,
    (props,): (&PropertyContext,),
) -> BinResult<StructInstance> {
    let bytes = sized_bytes(r, endian, ())?;
    let reason = match PropertyList::read(&bytes, 0, props) {
        Ok((list, used)) if used == bytes.len() => return Ok(StructInstance::Properties(list)),
        Ok((_, used)) => format!(
            "the property list ends {} bytes before savedPayloadSize",
            bytes.len() - used
        ),
        Err(e) => format!("{}: {} at +0x{:x}", e.path, e.message, e.offset),
    };
    Ok(StructInstance::Raw { bytes, reason })
}

/// Writes a struct instance behind its `i32` byte count.
fn write_sized_struct_instance<W: Write + Seek>(
    instance: &StructInstance,
    w: &mut W,
    endian: Endian,
    (props,): (&PropertyContext,),
) -> BinResult<()> {
    let pos = w.stream_position()?;
    let mut bytes = Vec::new();
    let bytes = match instance {
        StructInstance::Properties(list) => {
            list.write(props, &mut bytes)
                .map_err(|e| binrw::Error::AssertFail {
                    pos,
                    message: format!("StructInstance: {}: {}", e.path, e.message),
                })?;
            &bytes
        }
        StructInstance::Raw { bytes, .. } => bytes,
    };
    write_sized_bytes(bytes, w, endian, ())
}
