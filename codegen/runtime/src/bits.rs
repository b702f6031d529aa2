//! Kaitai's bit-sized integers (`b1`..`b64`, either bit order): a run of consecutive bit fields
//! shares one [`KsBits`] cursor, a `#[br(temp)]` field that reads and writes nothing itself;
//! each field is read and written through it with `parse_with = ks_bits_read` /
//! `write_with = ks_bits_write`, and the run ends with [`ks_bits_align`], whose field keeps the
//! bits Kaitai skips up to the byte boundary so that writing is byte-exact.

use std::cell::Cell;

use binrw::io::{Read, Seek, SeekFrom, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};

use crate::binrw_error::FieldError;

/// The bit cursor of a run of bit fields: the bits of the current byte not read (or not
/// written) yet.
#[derive(Debug, Default)]
pub struct KsBits {
    /// (bits, how many, most significant bit first).
    state: Cell<(u128, u32, bool)>,
}

impl BinRead for KsBits {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(_: &mut R, _: Endian, _: ()) -> BinResult<Self> {
        Ok(KsBits::default())
    }
}

impl BinWrite for KsBits {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, _: &mut W, _: Endian, _: ()) -> BinResult<()> {
        Ok(())
    }
}

/// A value of a bit field: `bool` for `b1`, an unsigned integer, or a Kaitai enum (generated
/// modules implement it for their enums).
pub trait KsBitValue: Sized {
    /// The value of `bits` (which fit the field's width).
    fn from_bits(bits: u64) -> Self;
    /// The bits of the value.
    fn to_bits(&self) -> u64;
}

impl KsBitValue for bool {
    fn from_bits(bits: u64) -> Self {
        bits != 0
    }
    fn to_bits(&self) -> u64 {
        u64::from(*self)
    }
}

/// `KsBitValue` for unsigned integers: the field's type is the narrowest that holds its width,
/// so `from_bits` never saturates on a value the cursor produced.
macro_rules! unsigned_bit_value {
    ($($t:ty),*) => {$(
        impl KsBitValue for $t {
            fn from_bits(bits: u64) -> Self {
                <$t>::try_from(bits).unwrap_or(<$t>::MAX)
            }
            fn to_bits(&self) -> u64 {
                u64::from(*self)
            }
        }
    )*};
}
unsigned_bit_value!(u8, u16, u32, u64);

/// What a bit field's `parse_with` reads: a value or an optional value (under `if`).
pub trait KsBitsIn: Sized {
    /// The value of `bits`.
    fn from_bits(bits: u64) -> Self;
}

impl<T: KsBitValue> KsBitsIn for T {
    fn from_bits(bits: u64) -> Self {
        T::from_bits(bits)
    }
}

impl<T: KsBitValue> KsBitsIn for Option<T> {
    fn from_bits(bits: u64) -> Self {
        Some(T::from_bits(bits))
    }
}

/// What a bit field's `write_with` writes: a value, an optional value or a list.
pub trait KsBitsOut {
    /// Calls `each` with the bits of every value.
    fn each_bits(&self, each: &mut dyn FnMut(u64) -> BinResult<()>) -> BinResult<()>;
}

impl<T: KsBitValue> KsBitsOut for T {
    fn each_bits(&self, each: &mut dyn FnMut(u64) -> BinResult<()>) -> BinResult<()> {
        each(self.to_bits())
    }
}

impl<T: KsBitValue> KsBitsOut for Option<T> {
    fn each_bits(&self, each: &mut dyn FnMut(u64) -> BinResult<()>) -> BinResult<()> {
        self.iter().try_for_each(|v| each(v.to_bits()))
    }
}

impl<T: KsBitValue> KsBitsOut for Vec<T> {
    fn each_bits(&self, each: &mut dyn FnMut(u64) -> BinResult<()>) -> BinResult<()> {
        self.iter().try_for_each(|v| each(v.to_bits()))
    }
}

/// The low `n` bits set (`n` at most 72: 64 bits of a field plus 8 of a byte read).
fn mask(n: u32) -> u128 {
    (1u128 << n) - 1
}

impl KsBits {
    /// The pending bits, checking that the bit order changes only on a byte boundary.
    fn order(&self, big: bool, pos: u64) -> BinResult<(u128, u32)> {
        let (bits, count, was) = self.state.get();
        if count > 0 && was != big {
            return Err(binrw::Error::AssertFail {
                pos,
                message: "the bit order changes inside a byte".into(),
            });
        }
        Ok((bits, count))
    }

    /// Whether no bits of a started byte are pending.
    pub fn aligned(&self) -> bool {
        self.state.get().1 == 0
    }

    /// Reads `width` (1..=64) bits in the given order (`big`: most significant bit first).
    pub fn read<R: Read + Seek>(&self, r: &mut R, width: u32, big: bool) -> BinResult<u64> {
        let (mut bits, mut count) = self.order(big, r.stream_position()?)?;
        while count < width {
            let mut byte = [0u8];
            r.read_exact(&mut byte)?;
            if big {
                bits = (bits << 8) | u128::from(byte[0]);
            } else {
                bits |= u128::from(byte[0]) << count;
            }
            count += 8;
        }
        let value = if big {
            let v = (bits >> (count - width)) & mask(width);
            bits &= mask(count - width);
            v
        } else {
            let v = bits & mask(width);
            bits >>= width;
            v
        };
        self.state.set((bits, count - width, big));
        Ok(u64::try_from(value).unwrap_or(u64::MAX))
    }

    /// Writes the low `width` bits of `value`, and every byte they complete.
    pub fn write<W: Write + Seek>(
        &self,
        w: &mut W,
        value: u64,
        width: u32,
        big: bool,
    ) -> BinResult<()> {
        let (mut bits, mut count) = self.order(big, w.stream_position()?)?;
        let value = u128::from(value) & mask(width);
        if big {
            bits = (bits << width) | value;
        } else {
            bits |= value << count;
        }
        count += width;
        while count >= 8 {
            count -= 8;
            // The byte is the top 8 pending bits (big) or the bottom 8 (little).
            let byte = if big {
                let b = (bits >> count) as u8;
                bits &= mask(count);
                b
            } else {
                let b = bits as u8;
                bits >>= 8;
                b
            };
            w.write_all(&[byte])?;
        }
        self.state.set((bits, count, big));
        Ok(())
    }
}

/// Reads one bit field (`args_raw = (&cursor, width, big)`).
pub fn ks_bits_read<R: Read + Seek, T: KsBitsIn>(
    r: &mut R,
    _: Endian,
    (bits, width, big): (&KsBits, u32, bool),
) -> BinResult<T> {
    bits.read(r, width, big).map(T::from_bits)
}

/// Reads `count` bit fields; each consumes input, so a huge count stops at the end of it
/// without reserving anything up front.
pub fn ks_bits_read_n<R: Read + Seek, T: KsBitValue>(
    r: &mut R,
    _: Endian,
    (bits, width, big, count): (&KsBits, u32, bool, usize),
) -> BinResult<Vec<T>> {
    let mut out = Vec::new();
    for _ in 0..count {
        out.push(T::from_bits(bits.read(r, width, big)?));
    }
    Ok(out)
}

/// Reads bit fields until no bit is left in the stream (`repeat: eos`).
pub fn ks_bits_read_eos<R: Read + Seek, T: KsBitValue>(
    r: &mut R,
    _: Endian,
    (bits, width, big): (&KsBits, u32, bool),
) -> BinResult<Vec<T>> {
    let mut out = Vec::new();
    loop {
        if bits.aligned() {
            let mut byte = [0u8];
            if r.read(&mut byte)? == 0 {
                return Ok(out);
            }
            r.seek(SeekFrom::Current(-1))?;
        }
        out.push(T::from_bits(bits.read(r, width, big)?));
    }
}

/// Writes one, an optional or a list of bit fields, each checked to fit its width (the error
/// names `field`, as `Type.field`).
pub fn ks_bits_write<W: Write + Seek, T: KsBitsOut>(
    value: &T,
    w: &mut W,
    _: Endian,
    (bits, width, big, field): (&KsBits, u32, bool, &'static str),
) -> BinResult<()> {
    value.each_bits(&mut |v| {
        if width < 64 && v >> width != 0 {
            return Err(binrw::Error::Custom {
                pos: w.stream_position()?,
                err: Box::new(FieldError::new(
                    field,
                    format!("{v} does not fit in {width} bits"),
                )),
            });
        }
        bits.write(w, v, width, big)
    })
}

/// Ends a run of bit fields when reading: the bits left in the current byte, which Kaitai
/// skips.
pub fn ks_bits_align<R: Read + Seek>(_: &mut R, _: Endian, bits: &KsBits) -> BinResult<u8> {
    let (left, _, big) = bits.state.get();
    bits.state.set((0, 0, big));
    Ok(left as u8)
}

/// Ends a run of bit fields when writing: fills the current byte with the kept bits.
pub fn ks_bits_align_write<W: Write + Seek>(
    pad: &u8,
    w: &mut W,
    _: Endian,
    bits: &KsBits,
) -> BinResult<()> {
    let (_, count, big) = bits.state.get();
    if count > 0 {
        bits.write(w, u64::from(*pad), 8 - count, big)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use binrw::io::Cursor;

    /// Reads fields of `widths` then the pad, writes them back, and returns the values.
    fn round_trip(bytes: &[u8], widths: &[u32], big: bool) -> Vec<u64> {
        let (bits, mut r) = (KsBits::default(), Cursor::new(bytes));
        let values: Vec<u64> = widths
            .iter()
            .map(|w| ks_bits_read(&mut r, Endian::Little, (&bits, *w, big)).unwrap())
            .collect();
        let pad = ks_bits_align(&mut r, Endian::Little, &bits).unwrap();
        let (bits, mut w) = (KsBits::default(), Cursor::new(Vec::new()));
        for (v, width) in values.iter().zip(widths) {
            ks_bits_write(v, &mut w, Endian::Little, (&bits, *width, big, "T.f")).unwrap();
        }
        ks_bits_align_write(&pad, &mut w, Endian::Little, &bits).unwrap();
        assert_eq!(w.into_inner(), bytes, "{widths:?} big={big}");
        values
    }

    #[test]
    fn both_bit_orders_with_the_pad_kept() {
        assert_eq!(round_trip(&[0b1010_0111], &[1, 3], true), [1, 0b010]);
        assert_eq!(round_trip(&[0b1010_0111], &[1, 3], false), [1, 0b011]);
        assert_eq!(round_trip(&[0xab, 0xcd], &[12], true), [0xabc]);
        assert_eq!(round_trip(&[0xab, 0xcd], &[12], false), [0xdab]);
        let all = [0xff; 9];
        assert_eq!(round_trip(&all, &[7, 64], true), [0x7f, u64::MAX]);
    }

    #[test]
    fn a_value_too_wide_is_refused_with_its_field() {
        let (bits, mut w) = (KsBits::default(), Cursor::new(Vec::new()));
        let err = ks_bits_write(&9u8, &mut w, Endian::Little, (&bits, 3, true, "Hdr.kind"));
        let flat = crate::binrw_error::flatten(&err.unwrap_err());
        assert_eq!(flat.path, ["Hdr.kind"]);
        assert_eq!(flat.message, "9 does not fit in 3 bits");
    }

    #[test]
    fn order_change_inside_a_byte_is_an_error() {
        let (bits, mut r) = (KsBits::default(), Cursor::new(&[0u8; 2][..]));
        bits.read(&mut r, 3, true).unwrap();
        assert!(bits.read(&mut r, 3, false).is_err());
    }

    #[test]
    fn counted_and_eos_lists_stop_at_the_end() {
        let bytes = [0b1100_1001u8];
        let bits = KsBits::default();
        let huge = ks_bits_read_n::<_, u8>(
            &mut Cursor::new(&bytes[..]),
            Endian::Little,
            (&bits, 2, true, usize::MAX),
        );
        assert!(huge.is_err());
        let bits = KsBits::default();
        let all: Vec<u8> = ks_bits_read_eos(
            &mut Cursor::new(&bytes[..]),
            Endian::Little,
            (&bits, 2, true),
        )
        .unwrap();
        assert_eq!(all, [0b11, 0b00, 0b10, 0b01]);
    }
}
