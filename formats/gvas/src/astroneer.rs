//! Astroneer `.savegame`: a 16-byte frame around one zlib stream, and the game's own data that
//! follows the (empty) root property list of its GVAS body.
//!
//! Frame: 8 signature bytes, `u32` format version (1), `u32` uncompressed size, then the zlib stream
//! (the game writes level 6, window bits 12).
//!
//! World data (after the root list's "None"): `i32` 0, `u32` version, the level path, `u32` version,
//! the string pool (`i64` count including the reserved null slot 0, then count - 1 `FString`s),
//! the objects, the actors, the root object indices, the first import index and a fixed tail.
//! Object property lists name their properties and types by string-pool index; they are kept as the
//! object's serialized bytes.

use binrw::{BinRead, BinResult, binrw};
use serde::{Deserialize, Serialize};
use unreal::F32;
use unreal::FString;
use unreal::chunked::{DeflateParams, ZlibStream};

use crate::Error;

/// The first eight bytes of every Astroneer save.
pub const SIGNATURE: [u8; 8] = [0xBE, 0x40, 0x37, 0x4A, 0xEE, 0x0B, 0x74, 0xA3];
/// Size of the frame before the zlib stream.
const FRAME_LEN: usize = 16;
/// What the game uses, so new streams look like the game's (not byte-identical: C zlib differs).
const PARAMS: DeflateParams = DeflateParams {
    level: 6,
    window_bits: 12,
};
/// Save flag: the object's data length is followed by a second length, the one that frames the data.
const SAVE_FLAG_SECOND_LENGTH: u8 = 4;
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

    /// Reads the frame and returns it with the decompressed body.
    pub(crate) fn read(data: &[u8]) -> Result<(AstroneerFrame, Vec<u8>), Error> {
        let frame = Frame::read(&mut binrw::io::Cursor::new(data))
            .map_err(|e| Error::binrw_read(PATH, 0, data.len(), e))?;
        let mut body = Vec::new();
        let stream = ZlibStream::inflate(
            &data[FRAME_LEN..],
            frame.uncompressed_len.into(),
            FRAME_LEN,
            &mut body,
        )
        .map_err(|e| Error::zlib(PATH, e))?;
        let frame = AstroneerFrame {
            format_version: frame.format_version,
            stream,
        };
        Ok((frame, body))
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

/// Everything an Astroneer body holds after its root property list.
#[binrw]
#[brw(little)]
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
    #[br(count = object_count)]
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
    pub tail: Vec<u8>,
}

impl AstroneerWorld {
    /// The string-pool entry `index` refers to (`None` for 0, the null slot, and out-of-range indices).
    pub fn string(&self, index: i32) -> Option<&FString> {
        let slot = usize::try_from(index).ok()?.checked_sub(1)?;
        self.string_pool.get(slot)
    }
}

/// One serialized object.
#[binrw]
#[brw(little)]
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
    #[br(temp)]
    #[bw(try_calc = first_length(*save_flags, *declared_len, data.len()))]
    first_len: u32,
    /// With save flag 4: the first length as stored (it differs from the data's size).
    #[br(calc = (save_flags & SAVE_FLAG_SECOND_LENGTH != 0).then_some(first_len))]
    #[bw(ignore)]
    pub declared_len: Option<u32>,
    #[br(temp, if(save_flags & SAVE_FLAG_SECOND_LENGTH != 0))]
    #[bw(try_calc = second_length(*save_flags, data.len()))]
    second_len: Option<u32>,
    /// The object's serialized data (its property list and anything after it).
    #[br(parse_with = read_blob, args(second_len.unwrap_or(first_len)))]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub data: Vec<u8>,
}

fn first_length(save_flags: u8, declared: Option<u32>, len: usize) -> BinResult<u32> {
    match (save_flags & SAVE_FLAG_SECOND_LENGTH != 0, declared) {
        (true, Some(declared)) => Ok(declared),
        (false, None) => u32::try_from(len).map_err(|_| too_long()),
        _ => Err(binrw::Error::AssertFail {
            pos: 0,
            message: "declared_len must be present exactly when save flag 4 is set".into(),
        }),
    }
}

fn second_length(save_flags: u8, len: usize) -> BinResult<Option<u32>> {
    if save_flags & SAVE_FLAG_SECOND_LENGTH == 0 {
        return Ok(None);
    }
    u32::try_from(len).map(Some).map_err(|_| too_long())
}

fn too_long() -> binrw::Error {
    binrw::Error::AssertFail {
        pos: 0,
        message: "object data longer than 4 GiB".into(),
    }
}

/// Reads `len` bytes, checking first that the stream has them (no allocation from the length alone).
#[binrw::parser(reader)]
fn read_blob(len: u32) -> BinResult<Vec<u8>> {
    let pos = reader.stream_position()?;
    let end = reader.seek(binrw::io::SeekFrom::End(0))?;
    reader.seek(binrw::io::SeekFrom::Start(pos))?;
    if u64::from(len) > end.saturating_sub(pos) {
        return Err(binrw::Error::AssertFail {
            pos,
            message: format!(
                "object data of {len} bytes, only {} left",
                end.saturating_sub(pos)
            ),
        });
    }
    let mut data = vec![0; len as usize];
    reader.read_exact(&mut data)?;
    Ok(data)
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

/// Reads the world data at `data` (offset `base` in the body).
pub(crate) fn read_world(data: &[u8], base: usize) -> Result<AstroneerWorld, Error> {
    AstroneerWorld::read(&mut binrw::io::Cursor::new(data))
        .map_err(|e| Error::binrw_read("SaveFile.astroneer", base, data.len(), e))
}

/// Appends the world data.
pub(crate) fn write_world(world: &AstroneerWorld, out: &mut Vec<u8>) -> Result<(), Error> {
    let base = out.len();
    crate::put_binrw(world, out).map_err(|e| Error::binrw("SaveFile.astroneer", base, e))
}
