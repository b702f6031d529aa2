//! Primitive value types shared by every pattern: texts, raw booleans, money, compressed dates and the
//! packed voxel words (spec "Primitives" in freerct-notes.md).

use binrw::{BinRead, BinResult, BinWrite, Endian, binrw};
use modular_bitfield::prelude::*;
use serde::{Deserialize, Serialize};
use std::io::{Read, Seek, Write};

/// An amount of money in cents (signed 64 bit).
pub type Money = i64;

/// FreeRCT text: a u32 count of code points, then that many UTF-32LE code points (no terminator).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Text(pub String);

impl Text {
    /// The text as a string slice.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Text {
    fn from(value: &str) -> Self {
        Self(value.to_owned())
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl BinRead for Text {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(reader: &mut R, endian: Endian, (): ()) -> BinResult<Self> {
        let count = u32::read_options(reader, endian, ())?;
        // Grow while reading instead of reserving `count` up front: a hostile count then fails at the
        // end of the input without a large allocation.
        let mut text = String::new();
        for _ in 0..count {
            let pos = reader.stream_position()?;
            let code = u32::read_options(reader, endian, ())?;
            let ch = char::from_u32(code).ok_or_else(|| binrw::Error::AssertFail {
                pos,
                message: format!("text code point {code:#x} is not a Unicode scalar value"),
            })?;
            text.push(ch);
        }
        Ok(Self(text))
    }
}

impl BinWrite for Text {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(
        &self,
        writer: &mut W,
        endian: Endian,
        (): (),
    ) -> BinResult<()> {
        let count =
            u32::try_from(self.0.chars().count()).map_err(|_| binrw::Error::AssertFail {
                pos: writer.stream_position().unwrap_or(0),
                message: "text longer than u32::MAX code points".into(),
            })?;
        count.write_options(writer, endian, ())?;
        for ch in self.0.chars() {
            u32::from(ch).write_options(writer, endian, ())?;
        }
        Ok(())
    }
}

/// A boolean byte. FreeRCT writes 0 or 1 and treats any non-zero value as true; the raw byte is kept so a
/// file round-trips exactly.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Bool(pub u8);

impl Bool {
    /// Whether the byte means true (non-zero).
    pub fn get(self) -> bool {
        self.0 != 0
    }
}

impl From<bool> for Bool {
    fn from(value: bool) -> Self {
        Self(u8::from(value))
    }
}

/// Bit layout of a compressed date word.
#[bitfield(bits = 32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PatternDateBits {
    /// Day of the month, 1-based (bits 0-4).
    pub day: B5,
    /// Month, 1-based (bits 5-8).
    pub month: B4,
    /// Year, starting at 1 (bits 9-15).
    pub year: B7,
    /// Fraction of the day, 0-299 (bits 16-25).
    pub fraction: B10,
    /// Always zero in files (bits 26-31).
    pub unused: B6,
}

/// A date in the compressed u32 format (Date block, messages, objectives).
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PatternDate(pub u32);

impl PatternDate {
    /// Builds a date from its parts; values wider than their bit field are truncated.
    pub fn new(year: u8, month: u8, day: u8, fraction: u16) -> Self {
        let bits = PatternDateBits::new()
            .with_day_checked(day & 0x1f)
            .and_then(|b| b.with_month_checked(month & 0xf))
            .and_then(|b| b.with_year_checked(year & 0x7f))
            .and_then(|b| b.with_fraction_checked(fraction & 0x3ff))
            .unwrap_or_default();
        Self(u32::from_le_bytes(bits.into_bytes()))
    }

    /// The packed fields.
    pub fn bits(self) -> PatternDateBits {
        PatternDateBits::from_bytes(self.0.to_le_bytes())
    }
}

impl Default for PatternDateBits {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Display for PatternDate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let b = self.bits();
        write!(
            f,
            "year {} month {} day {} (fraction {}/300)",
            b.year(),
            b.month(),
            b.day(),
            b.fraction()
        )
    }
}

/// Bit layout of a voxel's ground word (FreeRCT `Voxel::ground`).
#[bitfield(bits = 32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VoxelGround {
    /// Foundation type; 15 means no foundation.
    pub foundation_type: B4,
    /// Ground type; 15 means no ground.
    pub ground_type: B4,
    /// Foundation slopes, one bit per raised corner of each edge.
    pub foundation_slope: B8,
    /// Imploded ground slope.
    pub ground_slope: B5,
    /// Growth of the grass.
    pub growth: B3,
    /// Not used, zero.
    pub unused: B8,
}

/// Bit layout of a voxel's fence word: one 4-bit fence type per tile edge (15 = no fence).
#[bitfield(bits = 16)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VoxelFences {
    /// Fence on the north-east edge.
    pub north_east: B4,
    /// Fence on the south-east edge.
    pub south_east: B4,
    /// Fence on the south-west edge.
    pub south_west: B4,
    /// Fence on the north-west edge.
    pub north_west: B4,
}

/// Number of flat path sprites (FreeRCT `PATH_FLAT_COUNT`); imploded slopes at or above it are ramps.
pub const PATH_FLAT_COUNT: u8 = 47;
/// Number of path sprites, flat and ramps (FreeRCT `PATH_COUNT`).
pub const PATH_COUNT: u8 = 51;
/// Imploded slope marking a voxel reserved above a path (FreeRCT `PATH_INVALID`); the whole instance
/// data word is this value.
pub const PATH_INVALID: u8 = 63;

/// Bit layout of the instance data word of a path voxel (instance 4): FreeRCT packs the imploded
/// path sprite and the path type into it (src/map.h `MakePathInstanceData`, `GetImplodedPathSlope`,
/// `GetPathType`; sprite numbers in src/path.h). Bits FreeRCT does not use are kept in `reserved` so
/// every word round-trips.
#[bitfield(bits = 16)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathInstanceData {
    /// Imploded path sprite (bits 0-5): below [`PATH_FLAT_COUNT`] flat, below [`PATH_COUNT`] a ramp,
    /// [`PATH_INVALID`] a voxel reserved above a path.
    pub slope: B6,
    /// Path type (bits 6-9): index of the path type in the sprite manager.
    pub path_type: B4,
    /// Not used by FreeRCT, zero in files (bits 10-15).
    pub reserved: B6,
}

impl PathInstanceData {
    /// Whether the word describes a path (not a voxel reserved above one).
    pub fn is_valid_path(self) -> bool {
        self.slope() != PATH_INVALID
    }

    /// Whether the path is a ramp rather than flat.
    pub fn is_ramp(self) -> bool {
        (PATH_FLAT_COUNT..PATH_COUNT).contains(&self.slope())
    }
}

/// Three u16 voxel coordinates, as used for positions of rides, entrances and path objects.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct XyzU16 {
    /// X coordinate.
    pub x: u16,
    /// Y coordinate.
    pub y: u16,
    /// Z coordinate.
    pub z: u16,
}
