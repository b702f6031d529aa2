//! What a class's native `Serialize` appends to an object's tagged properties: `SlotsComponent`'s
//! slot list is decoded; other classes' bytes are kept as stored.

use binrw::{BinResult, binrw};
use serde::{Deserialize, Serialize};
use unreal::FString;

use super::{assert_fail, nest, read_in, remaining};

/// Data a class's native `Serialize` writes after its tagged properties.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AstroNativeData {
    /// Nothing (most classes).
    None,
    /// `SlotsComponent`: its slots.
    Slots(Vec<AstroSlot>),
    /// Other classes' data, not decoded (`VoxelVolumeComponent`'s voxel state, a skybox's floats,
    /// a few 4- and 8-byte values in game-state, controller and planet objects).
    Bytes(#[serde(with = "unreal::chunked::hex_bytes")] Vec<u8>),
}

/// One slot of a `SlotsComponent`: its name and three parallel per-item arrays.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AstroSlot {
    /// Slot name, as a string-pool index.
    pub name: i32,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(items.len()))]
    item_count: u32,
    /// Object indices of the items in the slot.
    #[br(count = item_count)]
    pub items: Vec<i32>,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(item_flags.len()))]
    flag_count: u32,
    /// One byte per item (0 in known saves).
    #[br(parse_with = checked_bytes, args(flag_count))]
    pub item_flags: Vec<u8>,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(item_values.len()))]
    value_count: u32,
    /// One `i32` per item (0 for single items, 2 and 4 for a pair in known saves).
    #[br(count = value_count)]
    pub item_values: Vec<i32>,
}

/// Class whose native data is a slot list.
const SLOTS_COMPONENT_CLASS: &str = "/Script/Astro.SlotsComponent";
/// Fewest bytes a slot takes (name and three empty arrays).
const MIN_SLOT_LEN: u64 = 16;

/// Reads `len` bytes, checking first that the stream has them (no allocation from the length alone).
#[binrw::parser(reader)]
fn checked_bytes(len: u32) -> BinResult<Vec<u8>> {
    let pos = reader.stream_position()?;
    let left = remaining(reader)?;
    if u64::from(len) > left {
        return Err(assert_fail(pos, format!("{len} bytes, only {left} left")));
    }
    let mut bytes = vec![0; len as usize];
    reader.read_exact(&mut bytes)?;
    Ok(bytes)
}

impl AstroNativeData {
    /// Decodes the native data of an object of class `class_name` found at `pos`.
    pub(super) fn read(
        bytes: &[u8],
        pos: u64,
        class_name: &FString,
        strict: bool,
    ) -> BinResult<Self> {
        if bytes.is_empty() {
            return Ok(AstroNativeData::None);
        }
        if !class_name.is(SLOTS_COMPONENT_CLASS) {
            return Ok(AstroNativeData::Bytes(bytes.to_vec()));
        }
        match read_slots(bytes, pos) {
            Ok(slots) => Ok(AstroNativeData::Slots(slots)),
            Err(e) if strict => Err(e),
            Err(_) => Ok(AstroNativeData::Bytes(bytes.to_vec())),
        }
    }

    pub(super) fn put(&self, out: &mut Vec<u8>) -> BinResult<()> {
        match self {
            AstroNativeData::None => Ok(()),
            AstroNativeData::Bytes(bytes) => {
                out.extend_from_slice(bytes);
                Ok(())
            }
            AstroNativeData::Slots(slots) => {
                let count = u32::try_from(slots.len())
                    .map_err(|_| assert_fail(0, "more than 2^32 slots".into()))?;
                crate::put_binrw(&count, out)?;
                slots
                    .iter()
                    .try_for_each(|slot| crate::put_binrw(slot, out))
            }
        }
    }
}

/// A `u32` slot count and the slots, which must use up `bytes` (found at `pos`).
fn read_slots(bytes: &[u8], pos: u64) -> BinResult<Vec<AstroSlot>> {
    let mut reader = binrw::io::Cursor::new(bytes);
    let count: u32 = read_in(&mut reader, pos, "slot count")?;
    if u64::from(count) * MIN_SLOT_LEN > bytes.len() as u64 {
        return Err(assert_fail(
            pos,
            format!("{count} slots do not fit in {} bytes", bytes.len()),
        ));
    }
    let slots = (0..count)
        .map(|i| read_in(&mut reader, pos, "slot").map_err(|e| nest(e, &format!("slots[{i}]"))))
        .collect::<BinResult<Vec<AstroSlot>>>()?;
    let used = reader.position();
    if used != bytes.len() as u64 {
        return Err(assert_fail(
            pos + used,
            format!("{} bytes after the slots", bytes.len() as u64 - used),
        ));
    }
    Ok(slots)
}
