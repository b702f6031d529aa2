//! `worldSaveData.FoliageGridSaveDataMap`: foliage models per grid cell and their instances
//! (trees, rocks), with the engine's compact rotator and packed vector encodings.

use binrw::binrw;
use serde::{Deserialize, Serialize};
use unreal::{F32, F64, FGuid, FString};

/// `FoliageGridSaveDataMap.Value.ModelMap.Value.RawData`: a foliage model in a grid cell.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FoliageModel {
    /// The model's ID.
    pub model_id: FString,
    /// Foliage preset type byte.
    pub foliage_preset_type: u8,
    /// The grid cell (x, y, z).
    pub cell_coord: [i64; 3],
    /// Bytes after the known fields, kept as stored.
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}

/// One component of an `FRotator::SerializeCompressedShort`: a flag byte, then the angle as a
/// u16 (65536 = 360 degrees) when the flag is set (the engine leaves 0 out).
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShortAngle {
    /// Nonzero when `value` follows (kept as stored).
    pub flag: u8,
    /// The angle, 65536 per turn.
    #[br(if(flag != 0))]
    pub value: Option<u16>,
}

impl ShortAngle {
    /// The angle in degrees.
    pub fn degrees(&self) -> f64 {
        f64::from(self.value.unwrap_or(0)) * (360.0 / 65536.0)
    }
}

/// An engine packed vector (`WritePackedVector`, scale factor 1): a header (bit count per
/// component in its low 6 bits, "scaled" in the rest), then the components.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PackedVector {
    /// Bits per component (low 6 bits) and extra info (bit 6 up), as stored.
    pub header: u32,
    /// The components.
    #[br(args(header))]
    #[bw(args(*header))]
    pub components: PackedComponents,
}

/// The components of a [`PackedVector`].
#[binrw]
#[brw(little, import(header: u32))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum PackedComponents {
    /// Integers of `(bits + 7) / 8` bytes each, sign-extended from their byte width (the engine
    /// reads them as `bits`-bit two's complement numbers).
    #[br(pre_assert(header & 63 != 0))]
    Quantized(
        #[br(parse_with = read_quantized, args(quantized_len(header)))]
        #[bw(write_with = write_quantized, args(quantized_len(header)))]
        [i64; 3],
    ),
    /// Three doubles (bit count 0, extra info set).
    #[br(pre_assert(header >> 6 != 0))]
    Doubles([F64; 3]),
    /// Three floats (bit count 0, no extra info).
    Floats([F32; 3]),
}

fn quantized_len(header: u32) -> usize {
    (header as usize & 63).div_ceil(8)
}

#[binrw::parser(reader)]
fn read_quantized(len: usize) -> binrw::BinResult<[i64; 3]> {
    let mut out = [0i64; 3];
    for value in &mut out {
        let mut bytes = [0u8; 8];
        reader.read_exact(&mut bytes[..len])?;
        let shift = 64 - 8 * len as u32;
        *value = (i64::from_le_bytes(bytes) << shift) >> shift;
    }
    Ok(out)
}

#[binrw::writer(writer)]
fn write_quantized(values: &[i64; 3], len: usize) -> binrw::BinResult<()> {
    for value in values {
        writer.write_all(&value.to_le_bytes()[..len])?;
    }
    Ok(())
}

impl PackedVector {
    /// The vector's value (x, y, z).
    pub fn value(&self) -> [f64; 3] {
        match &self.components {
            PackedComponents::Quantized(v) => {
                let bits = self.header & 63;
                v.map(|c| {
                    let shift = 64 - bits;
                    ((c << shift) >> shift) as f64
                })
            }
            PackedComponents::Doubles(v) => v.map(|c| c.0),
            PackedComponents::Floats(v) => v.map(|c| f64::from(c.0)),
        }
    }
}

/// `FoliageGridSaveDataMap.Value.ModelMap.Value.InstanceDataMap.Value.RawData`: one instance.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FoliageInstance {
    /// The instance's ID.
    pub model_instance_id: FGuid,
    /// Rotation: pitch, yaw, roll.
    pub rotator: [ShortAngle; 3],
    /// Location.
    pub location: PackedVector,
    /// Scale (x).
    pub scale_x: F32,
    /// Hit points.
    pub hp: i32,
    /// Bytes after the known fields, kept as stored.
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}
