//! The `BitCodec` trait (one definition gives both directions) and the network's basic types:
//! vectors, quaternions, rotations, strings and float bit patterns.

use serde::{Deserialize, Serialize};

use super::VersionTriple;
use super::bits::{BitReader, BitWriter, FAST_BITS, Fail, Res, max_code};
use super::json::form::{json_enum, json_struct};

/// What attribute decoding needs besides the bits: version gates and product attribute objects.
#[derive(Debug, Clone, Copy)]
pub(crate) struct AttrCtx {
    pub(crate) version: VersionTriple,
    pub(crate) is_rl_223: bool,
    pub(crate) products: ProductObjects,
}

/// Object indices of the `TAGame.ProductAttribute_*_TA` classes (first occurrence; `u32::MAX` if absent).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ProductObjects {
    pub(crate) user_color: u32,
    pub(crate) painted: u32,
    pub(crate) special_edition: u32,
    pub(crate) team_edition: u32,
    pub(crate) title: u32,
}

/// The larger of the two vector size limits ([`AttrCtx::vector_max`]): sizes are below it, so a
/// component takes at most `VECTOR_MAX + 1` bits.
const VECTOR_MAX: u64 = 22;

/// Bits of the widest vector component.
const WIDEST_COMPONENT: u32 = VECTOR_MAX as u32 + 1;

/// Most bits [`Vector3i::read_from_window`] skips before the vector: a rigid body's sleeping flag.
pub(crate) const MAX_SKIP: u32 = 1;

/// [`Vector3i::read_from_window`]'s second load holds two components of the widest size, and its
/// first the skipped bits, the size code (at most 5 bits) and one component.
const _: () =
    assert!(2 * WIDEST_COMPONENT <= FAST_BITS && MAX_SKIP + 5 + WIDEST_COMPONENT <= FAST_BITS);

impl AttrCtx {
    pub(crate) fn at_least(&self, major: u32, minor: u32, net: u32) -> bool {
        self.version >= VersionTriple { major, minor, net }
    }

    /// Vector size limit: `bmc[4, 22]` from net version 7 on, `bmc[4, 20]` before.
    pub(crate) fn vector_max(&self) -> u64 {
        if self.version.net >= 7 {
            VECTOR_MAX
        } else {
            20
        }
    }
}

/// A value with one bit layout, read and written by the same definition.
pub(crate) trait BitCodec: Sized {
    fn read(r: &mut BitReader<'_>, c: &AttrCtx) -> Res<Self>;
    fn write(&self, w: &mut BitWriter, c: &AttrCtx) -> Res<()>;
}

/// Declares a struct whose fields are stored one after another, each by its own `BitCodec`; its
/// JSON (serde's and the fast writer's) comes from the same fields through
/// [`json_struct!`](super::json::form::json_struct).
macro_rules! bit_struct {
    (
        $(#[doc = $doc:literal])*
        pub struct $name:ident { $($(#[doc = $fdoc:literal])* pub $f:ident : $t:ty),+ $(,)? }
    ) => {
        $crate::network::json::form::json_struct! {
            $(#[doc = $doc])*
            #[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
            pub struct $name { $($(#[doc = $fdoc])* pub $f: $t),+ }
        }

        impl $crate::network::codec::BitCodec for $name {
            #[inline]
            fn read(
                r: &mut $crate::network::bits::BitReader<'_>,
                c: &$crate::network::codec::AttrCtx,
            ) -> $crate::network::bits::Res<Self> {
                Ok(Self { $($f: <$t as $crate::network::codec::BitCodec>::read(r, c)?),* })
            }
            fn write(
                &self,
                w: &mut $crate::network::bits::BitWriter,
                c: &$crate::network::codec::AttrCtx,
            ) -> $crate::network::bits::Res<()> {
                $($crate::network::codec::BitCodec::write(&self.$f, w, c)?;)*
                Ok(())
            }
        }
    };
}
pub(crate) use bit_struct;

macro_rules! int_codec {
    ($($t:ty => $bits:expr),*) => {$(
        impl BitCodec for $t {
            #[inline]
            fn read(r: &mut BitReader<'_>, _: &AttrCtx) -> Res<Self> {
                Ok(r.bits($bits, stringify!($t))? as $t)
            }
            #[inline]
            fn write(&self, w: &mut BitWriter, _: &AttrCtx) -> Res<()> {
                w.bits(*self as u64, $bits);
                Ok(())
            }
        }
    )*};
}
int_codec!(u8 => 8, u16 => 16, u32 => 32, i32 => 32);

impl BitCodec for u64 {
    #[inline]
    fn read(r: &mut BitReader<'_>, _: &AttrCtx) -> Res<Self> {
        r.u64("u64")
    }
    fn write(&self, w: &mut BitWriter, _: &AttrCtx) -> Res<()> {
        w.bits(*self, 64);
        Ok(())
    }
}

impl BitCodec for i64 {
    #[inline]
    fn read(r: &mut BitReader<'_>, _: &AttrCtx) -> Res<Self> {
        Ok(r.u64("i64")? as i64)
    }
    fn write(&self, w: &mut BitWriter, _: &AttrCtx) -> Res<()> {
        w.bits(*self as u64, 64);
        Ok(())
    }
}

impl BitCodec for bool {
    #[inline]
    fn read(r: &mut BitReader<'_>, _: &AttrCtx) -> Res<Self> {
        r.bit("bool")
    }
    #[inline]
    fn write(&self, w: &mut BitWriter, _: &AttrCtx) -> Res<()> {
        w.bit(*self);
        Ok(())
    }
}

/// A flag bit, then the value when the flag is set.
impl<T: BitCodec> BitCodec for Option<T> {
    #[inline]
    fn read(r: &mut BitReader<'_>, c: &AttrCtx) -> Res<Self> {
        if r.bit("presence flag")? {
            Ok(Some(T::read(r, c)?))
        } else {
            Ok(None)
        }
    }
    fn write(&self, w: &mut BitWriter, c: &AttrCtx) -> Res<()> {
        w.bit(self.is_some());
        match self {
            Some(v) => v.write(w, c),
            None => Ok(()),
        }
    }
}

impl<T: BitCodec> BitCodec for Box<T> {
    #[inline]
    fn read(r: &mut BitReader<'_>, c: &AttrCtx) -> Res<Self> {
        T::read(r, c).map(Box::new)
    }
    #[inline]
    fn write(&self, w: &mut BitWriter, c: &AttrCtx) -> Res<()> {
        (**self).write(w, c)
    }
}

/// A 32-bit float kept as its bit pattern, so NaN payloads and -0.0 survive rewriting.
///
/// In JSON it is [`unreal::F32`]'s form: a plain number when finite (the shortest form that
/// reads back to the same bits), `{"bits": n}` for NaN and infinities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct F32Bits(pub u32);

impl Serialize for F32Bits {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        unreal::F32(self.get()).serialize(s)
    }
}

impl<'de> Deserialize<'de> for F32Bits {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        unreal::F32::deserialize(d).map(|f| F32Bits(f.0.to_bits()))
    }
}

impl F32Bits {
    /// The float value.
    pub fn get(self) -> f32 {
        f32::from_bits(self.0)
    }
}

impl From<f32> for F32Bits {
    fn from(v: f32) -> Self {
        F32Bits(v.to_bits())
    }
}

impl BitCodec for F32Bits {
    #[inline]
    fn read(r: &mut BitReader<'_>, _: &AttrCtx) -> Res<Self> {
        r.u32("f32").map(F32Bits)
    }
    #[inline]
    fn write(&self, w: &mut BitWriter, _: &AttrCtx) -> Res<()> {
        w.bits(u64::from(self.0), 32);
        Ok(())
    }
}

json_struct! {
    /// `Vector3i` (and `Vector3f`, which is the same bits divided by 100): the chosen bit size is kept
    /// because the writer cannot derive it.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub struct Vector3i {
        /// `size` from `bmc[4, M]`; each component uses `size + 2` bits.
        pub size: u8,
        /// X component with the bias removed.
        pub x: i32,
        /// Y component with the bias removed.
        pub y: i32,
        /// Z component with the bias removed.
        pub z: i32,
    }
}

impl Vector3i {
    /// The `Vector3f` reading of these bits: each component divided by 100.
    pub fn as_f32(&self) -> [f32; 3] {
        [
            self.x as f32 / 100.0,
            self.y as f32 / 100.0,
            self.z as f32 / 100.0,
        ]
    }
}

impl Vector3i {
    /// The vector from [`BitReader::peek`]s, when the stream holds 8 more bytes past its first
    /// component: `bmc[4, max]` (`max` at most [`VECTOR_MAX`]) then three `size + 2`-bit values,
    /// starting `skip` bits (at most [`MAX_SKIP`]) into `window`, a peek of `r`; the skipped bits
    /// are consumed with the vector, so a caller takes a flag before it from the same load.
    /// Sizes up to 15 fit one load; larger ones (most locations and linear velocities) take y
    /// and z from a second load after x, where reading them field by field cost the full parse
    /// 2.6-4% more instructions (callgrind, three large corpus replays).
    #[inline(always)]
    pub(crate) fn read_from_window(
        r: &mut BitReader<'_>,
        max: u64,
        window: u64,
        skip: u32,
    ) -> Option<Self> {
        debug_assert!(max <= VECTOR_MAX && skip <= MAX_SKIP);
        let data = window >> skip & 0xf;
        let (size, head) = if data + 16 >= max {
            (data, skip + 4)
        } else {
            (data + (window >> (skip + 4) & 1) * 16, skip + 5)
        };
        let bits = size as u32 + 2;
        let first = window >> head;
        let rest = if head + 3 * bits <= FAST_BITS {
            first >> bits
        } else {
            r.peek_at(head + bits)?
        };
        let mask = (1u64 << bits) - 1;
        let bias = 1i64 << (size + 1);
        let part = |v: u64| ((v & mask) as i64 - bias) as i32;
        r.consume((head + 3 * bits) as usize);
        Some(Vector3i {
            size: size as u8,
            x: part(first),
            y: part(rest),
            z: part(rest >> bits),
        })
    }

    /// The vector whose sizes are below `max` ([`AttrCtx::vector_max`], which a caller reading
    /// several vectors looks up once).
    #[inline(always)]
    pub(crate) fn read_max(r: &mut BitReader<'_>, max: u64) -> Res<Self> {
        // The size and all three components from one or two loads, unless the stream ends.
        if let Some(window) = r.peek()
            && let Some(v) = Self::read_from_window(r, max, window, 0)
        {
            return Ok(v);
        }
        let size = r.bits_max(4, max, "vector size")? as u32;
        let bits = size + 2;
        // Components in as few reads as the 56-bit lookahead allows (all three up to 18 bits
        // each, else two then one; `bits` is at most 23): fewer dependent steps.
        let mask = (1u64 << bits) - 1;
        let [x, y, z] = if 3 * bits <= 56 {
            let v = r.bits(3 * bits, "vector components")?;
            [v & mask, (v >> bits) & mask, v >> (2 * bits)]
        } else {
            let v = r.bits(2 * bits, "vector components")?;
            [v & mask, v >> bits, r.bits(bits, "vector component")?]
        };
        let bias = 1i64 << (size + 1);
        Ok(Vector3i {
            size: size as u8,
            x: (x as i64 - bias) as i32,
            y: (y as i64 - bias) as i32,
            z: (z as i64 - bias) as i32,
        })
    }
}

impl BitCodec for Vector3i {
    #[inline(always)]
    fn read(r: &mut BitReader<'_>, c: &AttrCtx) -> Res<Self> {
        Self::read_max(r, c.vector_max())
    }
    #[inline(always)]
    fn write(&self, w: &mut BitWriter, c: &AttrCtx) -> Res<()> {
        let size = u32::from(self.size);
        // Checked first: it bounds `size`, so the shifts below cannot overflow.
        let (code, width) = max_code(u64::from(size), 4, c.vector_max())?;
        let bias = 1i64 << (size + 1);
        let bits = size + 2;
        let [x, y, z] = [self.x, self.y, self.z].map(|v| i64::from(v) + bias);
        // A negative or too large biased component has bits at or above `bits`.
        if (x | y | z) >> bits != 0 {
            return Err(Fail::Bad(format!(
                "vector components {:?} do not fit size {size}",
                [self.x, self.y, self.z]
            )));
        }
        let (x, y, z) = (x as u64, y as u64, z as u64);
        // The size and all three components in one write when they fit one (sizes up to 15,
        // nearly all vectors), else the size and two components, then the third.
        if width + 3 * bits <= FAST_BITS {
            w.bits(
                code | (x | y << bits | z << (2 * bits)) << width,
                width + 3 * bits,
            );
        } else {
            w.bits(code | (x | y << bits) << width, width + 2 * bits);
            w.bits(z, bits);
        }
        Ok(())
    }
}

json_enum! {
    /// A rotation as stored: 18-bit "smallest three" from net version 7, three 16-bit values before
    /// (the bit layout is [`PackedRigidBody`](super::PackedRigidBody)'s, whose rotation it is).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub enum Quaternion {
        /// Net version < 7: x, y, z as compressed 16-bit floats (w is 0).
        Compressed {
            /// Raw 16-bit x.
            x: u16,
            /// Raw 16-bit y.
            y: u16,
            /// Raw 16-bit z.
            z: u16,
        },
        /// Net version >= 7: index of the largest component, then the other three as 18-bit values.
        SmallestThree {
            /// Which component (0 = x .. 3 = w) is omitted and recomputed.
            largest: u8,
            /// First stored component.
            a: u32,
            /// Second stored component.
            b: u32,
            /// Third stored component.
            c: u32,
        },
    }
}

impl Quaternion {
    /// The (x, y, z, w) floats.
    pub fn to_xyzw(&self) -> [f32; 4] {
        match *self {
            Quaternion::Compressed { x, y, z } => {
                let f = |v: u16| (f32::from(v) - 32768.0) / 32767.0;
                [f(x), f(y), f(z), 0.0]
            }
            Quaternion::SmallestThree { largest, a, b, c } => {
                let f = |v: u32| ((v as f32 / 262_143.0) - 0.5) * std::f32::consts::SQRT_2;
                let (a, b, c) = (f(a), f(b), f(c));
                let extra = (1.0 - a * a - b * b - c * c).max(0.0).sqrt();
                match largest {
                    0 => [extra, a, b, c],
                    1 => [a, extra, b, c],
                    2 => [a, b, extra, c],
                    _ => [a, b, c, extra],
                }
            }
        }
    }
}

bit_struct! {
    /// `Rotation`: yaw, pitch and roll, each an optional signed byte.
    pub struct Rotation {
        /// Yaw.
        pub yaw: Option<i8>,
        /// Pitch.
        pub pitch: Option<i8>,
        /// Roll.
        pub roll: Option<i8>,
    }
}

impl BitCodec for i8 {
    #[inline]
    fn read(r: &mut BitReader<'_>, _: &AttrCtx) -> Res<Self> {
        Ok(r.u8("i8")? as i8)
    }
    fn write(&self, w: &mut BitWriter, _: &AttrCtx) -> Res<()> {
        w.bits(u64::from(*self as u8), 8);
        Ok(())
    }
}

/// A `String16` inside the bit stream, kept as stored: the signed length (negative = UTF-16)
/// and the raw bytes including the terminator.
///
/// In JSON it has the form of a header [`String16`](crate::String16) (`{"Windows1252": "text"}`,
/// `{"Utf16": "text"}`, `"Empty"`, or `{"Raw": {"length", "bytes"}}` for bytes that are not such
/// text), so that its text is readable and editable.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NetString {
    /// The stored length: characters, negative for UTF-16.
    pub len: i32,
    /// The raw bytes (`len` bytes, or `-2 * len` for UTF-16).
    pub bytes: Vec<u8>,
}

impl NetString {
    /// Builds a Windows-1252 string with a terminator from ASCII/Latin-1 text, else UTF-16.
    pub fn new(text: &str) -> Self {
        if text.chars().all(|ch| (ch as u32) < 0x80) {
            let mut bytes = text.as_bytes().to_vec();
            bytes.push(0);
            NetString {
                len: bytes.len() as i32,
                bytes,
            }
        } else {
            let mut units: Vec<u16> = text.encode_utf16().collect();
            units.push(0);
            let bytes = units.iter().flat_map(|u| u.to_le_bytes()).collect();
            NetString {
                len: -(units.len() as i32),
                bytes,
            }
        }
    }

    /// The same length and bytes as a header string.
    pub(crate) fn to_string16(&self) -> crate::String16 {
        crate::String16::decode(self.len, self.bytes.clone())
    }

    /// Decoded text without the terminator (Windows-1252 is read as Latin-1).
    pub fn to_string_lossy(&self) -> String {
        let text: String = if self.len < 0 {
            let units: Vec<u16> = self
                .bytes
                .chunks_exact(2)
                .map(|p| u16::from_le_bytes([p[0], p[1]]))
                .collect();
            String::from_utf16_lossy(&units)
        } else {
            self.bytes.iter().map(|&b| char::from(b)).collect()
        };
        text.trim_end_matches('\0').to_string()
    }

    fn byte_len(len: i32) -> usize {
        if len < 0 {
            (i64::from(len).unsigned_abs() * 2) as usize
        } else {
            len as usize
        }
    }
}

impl BitCodec for NetString {
    fn read(r: &mut BitReader<'_>, _: &AttrCtx) -> Res<Self> {
        let len = r.u32("string length")? as i32;
        let bytes = r.bytes(Self::byte_len(len), "string bytes")?;
        Ok(NetString { len, bytes })
    }
    fn write(&self, w: &mut BitWriter, _: &AttrCtx) -> Res<()> {
        if Self::byte_len(self.len) != self.bytes.len() {
            return Err(Fail::Bad(format!(
                "string length {} does not match {} bytes",
                self.len,
                self.bytes.len()
            )));
        }
        w.bits(u64::from(self.len as u32), 32);
        w.bytes(&self.bytes);
        Ok(())
    }
}

impl Serialize for NetString {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_string16().serialize(s)
    }
}

impl<'de> Deserialize<'de> for NetString {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (len, bytes) = crate::String16::deserialize(d)?
            .encode()
            .map_err(serde::de::Error::custom)?;
        Ok(NetString { len, bytes })
    }
}
