//! JSON text composed in a small fixed buffer ([`Json`]) that is appended to the output when
//! full: a write is then one bounds check and a copy, where appending each piece to the output
//! `Vec` reloaded its length and capacity after every byte stored. The items of the frame model
//! (frames, segments, attribute updates, rigid bodies) and every value whose JSON has a bound
//! that fits are composed in a [`Record`]: one check for the item, none per piece. Both write
//! through [`Sink`], which the model's [`WriteJson`] impls are written against. Numbers are formatted in place: integers by [`put_int`],
//! floats by `zmij` (the crate serde_json formats `f32` with) once per value ([`Floats`]).

use super::super::F32Bits;
use super::floats::{FLOAT_TEXT, Floats};
use super::form::WriteJson;

/// Size of the composing buffer.
const CHUNK: usize = 8192;
/// Bytes an integer takes at most here: a sign and the 10 digits of a `u32`.
const INT_BYTES: usize = 11;
/// The largest magnitude every `f64` reader holds exactly (`unreal::json`'s bound): 2^53.
const EXACT: u64 = 1 << 53;
/// Lowercase hex digits, as serde_json and `hex_bytes` write them.
const HEX: &[u8; 16] = b"0123456789abcdef";

/// JSON text composed in a fixed buffer and appended to the output a chunk at a time. The
/// buffer is local, so its fill level stays in a register; text that does not fit after a flush
/// (longer than the buffer) goes to the output directly.
pub(super) struct Json<'o> {
    out: &'o mut Vec<u8>,
    buf: [u8; CHUNK],
    len: usize,
    floats: Floats,
    /// Whether a record overflowed (no value of the frame model does): reported by
    /// [`Json::finish`], so that composing a value cannot fail half way.
    overflowed: bool,
}

impl<'o> Json<'o> {
    pub(super) fn new(out: &'o mut Vec<u8>) -> Self {
        Json {
            out,
            buf: [0; CHUNK],
            len: 0,
            floats: Floats::new(),
            overflowed: false,
        }
    }

    /// Appends what is composed to the output; the error of a record that overflowed.
    pub(super) fn finish(mut self) -> serde_json::Result<()> {
        self.flush();
        if self.overflowed {
            return Err(serde::ser::Error::custom(format!(
                "JSON value longer than {RECORD} bytes"
            )));
        }
        Ok(())
    }

    /// Appends the composed text to the output.
    #[cold]
    #[inline(never)]
    pub(super) fn flush(&mut self) {
        self.out
            .extend_from_slice(self.buf.get(..self.len).unwrap_or_default());
        self.len = 0;
    }

    /// The output, with everything composed so far appended (for serde).
    pub(super) fn out(&mut self) -> &mut Vec<u8> {
        self.flush();
        self.out
    }

    /// Room for `n` more bytes at the end of the buffer, flushing it first when needed; `None`
    /// only when `n` exceeds the whole buffer.
    #[inline(always)]
    fn room(&mut self, n: usize) -> Option<&mut [u8]> {
        if self.len + n > CHUNK {
            self.flush();
        }
        self.buf.get_mut(self.len..self.len + n)
    }

    /// Composes a value of at most [`RECORD`] bytes (a frame, an actor segment, an attribute
    /// update, a rigid body, a value whose [`WriteJson::MAX`] fits) through a [`Record`], which
    /// checks the room once for the whole value and then writes each piece unchecked. A value
    /// that still overflows is left out and reported by [`Json::finish`] rather than cut short.
    #[inline(always)]
    pub(super) fn record(&mut self, write: impl FnOnce(&mut Record<'_>)) {
        if self.len + ROOM > CHUNK {
            self.flush();
        }
        // The buffer and the cache borrowed apart (through `room` the whole `self` would be).
        let room = self.buf.get_mut(self.len..self.len + ROOM);
        let Some(buf) = room.and_then(|room| room.first_chunk_mut::<ROOM>()) else {
            self.overflowed = true;
            return;
        };
        let floats = &mut self.floats;
        let mut record = Record { buf, at: 0, floats };
        write(&mut record);
        let at = record.at;
        if at > RECORD {
            self.overflowed = true;
            return;
        }
        self.len += at;
    }
}

impl Sink for Json<'_> {
    #[inline(always)]
    fn lit(&mut self, text: &[u8]) {
        match self.room(text.len()) {
            Some(room) => {
                room.copy_from_slice(text);
                self.len += text.len();
            }
            None => self.out.extend_from_slice(text),
        }
    }

    #[inline(always)]
    fn int(&mut self, value: impl Into<i64>) {
        let value: i64 = value.into();
        if let Some(room) = self
            .room(INT_BYTES)
            .and_then(|r| r.first_chunk_mut::<INT_BYTES>())
        {
            match put_int(room, value) {
                written @ ..=INT_BYTES => self.len += written,
                _ => self.lit(itoa::Buffer::new().format(value).as_bytes()),
            }
        }
    }

    /// Composed in a record of its own: [`Record::float`] is the one float writer.
    fn float(&mut self, value: F32Bits) {
        self.record(|r| r.float(value));
    }

    /// In one record when its JSON fits one, else piece by piece.
    #[inline(always)]
    fn value<T: WriteJson + ?Sized>(&mut self, value: &T) {
        if T::MAX <= RECORD {
            self.record(|r| value.write_json(r));
        } else {
            value.write_json(self);
        }
    }
}

/// Most bytes a [`Record`] takes.
pub(crate) const RECORD: usize = 512;
/// Room past a record's end: a piece starting inside the record (the longest literal, 34 bytes,
/// or a number) ends inside the room.
const SLACK: usize = 64;
/// The room a record is composed in.
const ROOM: usize = RECORD + SLACK;

/// A value composed in a fixed room. Each piece starts at `at` modulo [`RECORD`] and is at most
/// [`SLACK`] bytes long, so it lies inside the room by construction and the compiler drops the
/// bounds checks (for literals, whose length is known). `at` counts every byte asked for, so a
/// value overflowing the record (whose pieces wrapped around) is detected and refused.
pub(crate) struct Record<'b> {
    buf: &'b mut [u8; ROOM],
    at: usize,
    floats: &'b mut Floats,
}

impl Record<'_> {
    /// Where the next `len` bytes go: inside the room whenever `len` is at most [`SLACK`].
    #[inline(always)]
    fn piece(&mut self, len: usize) -> Option<&mut [u8]> {
        let start = self.at % RECORD;
        self.buf.get_mut(start..start + len)
    }

    /// A comma unless `first`: stored either way, counted only when it is wanted.
    #[inline(always)]
    pub(super) fn comma(&mut self, first: bool) {
        if let Some(to) = self.piece(1) {
            to.fill(b',');
        }
        self.at += usize::from(!first);
    }
}

impl Sink for Record<'_> {
    /// Text of at most [`SLACK`] bytes (longer text is refused as an overflow).
    #[inline(always)]
    fn lit(&mut self, text: &[u8]) {
        match self.piece(text.len()) {
            Some(to) => to.copy_from_slice(text),
            None => self.at = ROOM,
        }
        self.at += text.len();
    }

    #[inline(always)]
    fn int(&mut self, value: impl Into<i64>) {
        let value: i64 = value.into();
        if let Some(room) = self
            .piece(INT_BYTES)
            .and_then(|r| r.first_chunk_mut::<INT_BYTES>())
        {
            match put_int(room, value) {
                written @ ..=INT_BYTES => self.at += written,
                // Wider than any value of the frame model: refused as an overflow.
                _ => self.at = ROOM,
            }
        }
    }

    /// A float as serde writes `unreal::F32`: the shortest text that reads back to the same
    /// bits (zmij, as serde_json), or `{"bits":N}` for NaN and the infinities.
    #[inline(always)]
    fn float(&mut self, value: F32Bits) {
        if !value.get().is_finite() {
            self.lit(b"{\"bits\":");
            self.int(value.0);
            self.lit(b"}");
            return;
        }
        match self.floats.get(value.0) {
            // The whole block is stored, the text's length counted.
            Some(slot) => {
                let (block, len) = (*slot.block(), slot.len());
                if let Some(to) = self.piece(FLOAT_TEXT) {
                    to.copy_from_slice(&block);
                }
                self.at += len;
            }
            // Longer than a slot holds (no finite `f32` is).
            None => self.lit(zmij::Buffer::new().format_finite(value.get()).as_bytes()),
        }
    }

    #[inline(always)]
    fn value<T: WriteJson + ?Sized>(&mut self, value: &T) {
        value.write_json(self);
    }
}

/// Where the fast writer's text goes: a [`Json`] (any length, checked piece by piece) or a
/// [`Record`] (bounded, checked once). The pieces every value is written with: text, integers,
/// floats and the model's values; the rest is composed of them here, once for both.
pub(crate) trait Sink: Sized {
    /// Text as is.
    fn lit(&mut self, text: &[u8]);
    /// A JSON integer (every integer of the frame model fits an `i64`).
    fn int(&mut self, value: impl Into<i64>);
    /// A float as serde writes `unreal::F32`.
    fn float(&mut self, value: F32Bits);
    /// A value of the model, by its [`WriteJson`] impl.
    fn value<T: WriteJson + ?Sized>(&mut self, value: &T);

    #[inline(always)]
    fn boolean(&mut self, value: bool) {
        self.lit(if value { b"true" } else { b"false" });
    }

    /// A `u64` as `unreal::json::uint64` writes it (see [`exact_or_string`]).
    fn uint64(&mut self, value: u64) {
        exact_or_string(self, value, itoa::Buffer::new().format(value));
    }

    /// An `i64` as `unreal::json::int64` writes it (see [`exact_or_string`]).
    fn int64(&mut self, value: i64) {
        exact_or_string(
            self,
            value.unsigned_abs(),
            itoa::Buffer::new().format(value),
        );
    }

    /// Bytes as a quoted hex string (`unreal::chunked::hex_bytes`).
    fn hex(&mut self, bytes: &[u8]) {
        self.lit(b"\"");
        for &b in bytes {
            self.lit(&[HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
        }
        self.lit(b"\"");
    }

    /// A quoted string escaped as serde_json escapes it: `"` and `\\` with a backslash, the
    /// control characters as `\b \t \n \f \r` or `\u00xx`, everything else as is. Runs of
    /// bytes that need no escape are copied whole.
    fn string(&mut self, text: &str) {
        self.lit(b"\"");
        let mut rest = text.as_bytes();
        while let Some(at) = rest
            .iter()
            .position(|&b| b < 0x20 || b == b'"' || b == b'\\')
        {
            let (plain, escaped) = rest.split_at(at);
            self.lit(plain);
            let Some((&b, after)) = escaped.split_first() else {
                break;
            };
            match b {
                b'"' => self.lit(b"\\\""),
                b'\\' => self.lit(b"\\\\"),
                0x08 => self.lit(b"\\b"),
                b'\t' => self.lit(b"\\t"),
                b'\n' => self.lit(b"\\n"),
                0x0c => self.lit(b"\\f"),
                b'\r' => self.lit(b"\\r"),
                _ => self.lit(&[
                    b'\\',
                    b'u',
                    b'0',
                    b'0',
                    HEX[usize::from(b >> 4)],
                    HEX[usize::from(b & 15)],
                ]),
            }
            rest = after;
        }
        self.lit(rest);
        self.lit(b"\"");
    }
}

/// An integer's `digits`: a number while an `f64` holds it exactly (`magnitude` up to 2^53),
/// else a decimal string, so readers that hold numbers as `f64` keep it.
fn exact_or_string(s: &mut impl Sink, magnitude: u64, digits: &str) {
    if magnitude <= EXACT {
        s.lit(digits.as_bytes());
    } else {
        s.lit(b"\"");
        s.lit(digits.as_bytes());
        s.lit(b"\"");
    }
}

/// `"0"` to `"99"` as two bytes each, a one-digit value padded with a space (never written: its
/// count says one byte).
const SMALL: [[u8; 2]; 100] = {
    let mut table = [[0u8; 2]; 100];
    let mut i = 0;
    while i < 100 {
        table[i] = if i < 10 {
            [b'0' + i as u8, b' ']
        } else {
            [b'0' + (i / 10) as u8, b'0' + (i % 10) as u8]
        };
        i += 1;
    }
    table
};

/// `"00"` to `"99"`: the two digits of each value, a one-digit value with its leading zero.
const PAIRS: [[u8; 2]; 100] = {
    let mut table = [[0u8; 2]; 100];
    let mut i = 0;
    while i < 100 {
        table[i] = [b'0' + (i / 10) as u8, b'0' + (i % 10) as u8];
        i += 1;
    }
    table
};

/// Writes `value` as JSON at the start of `room`; returns the bytes written. Values under 100
/// (ids, sizes, counts, flags: most integers outside positions) are a table look-up; under
/// 10^8 (positions, velocities, rotations) they take [`lead_and_pairs`] with one, two or three
/// pairs after the leading digits; wider ones (rare in a replay: a few ids) go through `itoa`,
/// and do not fit `room` only when beyond the `u32` range.
#[inline(always)]
pub(super) fn put_int(room: &mut [u8; INT_BYTES], value: i64) -> usize {
    let sign = usize::from(value < 0);
    room[0] = b'-';
    let magnitude = value.unsigned_abs();
    match magnitude {
        0..100 => lead(room, sign, magnitude as usize),
        100..10_000 => lead_and_pairs::<1>(room, sign, magnitude),
        10_000..1_000_000 => lead_and_pairs::<2>(room, sign, magnitude),
        1_000_000..100_000_000 => lead_and_pairs::<3>(room, sign, magnitude),
        _ => {
            let mut text = itoa::Buffer::new();
            let digits = text.format(magnitude).as_bytes();
            match room.get_mut(sign..sign + digits.len()) {
                Some(to) => {
                    to.copy_from_slice(digits);
                    sign + digits.len()
                }
                // More digits than a `u32` has: no frame model value; counted as overflowing.
                None => INT_BYTES + 1,
            }
        }
    }
}

/// Writes `value` (< 100) at `at` with no leading zero; returns the end. Two bytes are stored
/// either way (a one-digit value's second is a space, never counted).
#[inline(always)]
fn lead(room: &mut [u8; INT_BYTES], at: usize, value: usize) -> usize {
    if let (Some(to), Some(pair)) = (room.get_mut(at..at + 2), SMALL.get(value)) {
        to.copy_from_slice(pair);
    }
    at + 1 + usize::from(value >= 10)
}

/// Fractional bits of the fixed-point quotient in [`lead_and_pairs`].
const FRACTION_BITS: u32 = 47;

/// Writes `value` (from 10^(2K) up to 10^(2K+2)) after `sign` bytes: its leading one or two
/// digits, then `K` pairs; returns the end. The value is turned into the fixed-point quotient
/// `value / 10^(2K)` once (one multiply by a rounded-up reciprocal); its integer part is the
/// lead, and each multiply of the fraction by 100 moves the next pair into the integer part.
///
/// Exact because the reciprocal's rounding adds less than `value` units of 2^-47 to the
/// fraction, which stays below one step of 10^-(2K) while `value * 10^(2K) < 2^47`: at most
/// 10^8 * 10^6 = 10^14 < 1.4 * 10^14 here, so no pair is rounded into the next. Nothing
/// overflows a `u64`: the product is under 10^8 * 2^28 < 2^55, a fraction times 100 under 2^54.
#[inline(always)]
fn lead_and_pairs<const K: u32>(room: &mut [u8; INT_BYTES], sign: usize, value: u64) -> usize {
    const MASK: u64 = (1 << FRACTION_BITS) - 1;
    let reciprocal = (1u64 << FRACTION_BITS).div_ceil(10u64.pow(2 * K));
    let mut fixed = value * reciprocal;
    let mut at = lead(room, sign, (fixed >> FRACTION_BITS) as usize);
    for _ in 0..K {
        fixed = (fixed & MASK) * 100;
        let pair = PAIRS.get((fixed >> FRACTION_BITS) as usize);
        if let (Some(to), Some(pair)) = (room.get_mut(at..at + 2), pair) {
            to.copy_from_slice(pair);
        }
        at += 2;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Integers at every digit-count boundary, both signs and the extremes of each width give
    /// the text `format!` gives.
    #[test]
    fn integers_match_the_standard_formatting() {
        let mut values: Vec<i64> = vec![
            0,
            i64::from(i32::MIN),
            i64::from(u32::MAX),
            i64::MIN,
            i64::MAX,
        ];
        // Every value up to 10^5 (both signs), a stride through the rest of the pairs range,
        // and every value next to its top, where the fixed-point quotient is closest to wrong.
        values.extend(-100_000..100_000);
        values.extend((0..100_000_000).step_by(9_973));
        values.extend(99_900_000..100_000_000);
        for power in 0..19 {
            let p = 10i64.pow(power);
            values.extend([p - 1, p, p + 1, -(p - 1), -p, -(p + 1), p * 7 + 3]);
        }
        for v in values {
            let mut out = b"x".to_vec();
            let mut j = Json::new(&mut out);
            j.int(v);
            j.flush();
            assert_eq!(String::from_utf8(out).unwrap(), format!("x{v}"));
        }
    }

    /// Floats give serde_json's text for `unreal::F32` over bit patterns spread across the
    /// whole range (a prime stride) and the edges: zeros, subnormals, extremes, infinities, NaNs.
    #[test]
    fn floats_match_serde() {
        let edges = [
            0,
            0x8000_0000,
            1,
            0x007f_ffff,
            0x7f7f_ffff,
            0xff7f_ffff,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_1234,
            1.5f32.to_bits(),
        ];
        for bits in edges.into_iter().chain((0..u32::MAX).step_by(65_537)) {
            let mut out = Vec::new();
            let mut j = Json::new(&mut out);
            j.float(F32Bits(bits));
            j.finish().unwrap();
            let serde = serde_json::to_string(&unreal::F32(f32::from_bits(bits))).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), serde, "bits {bits:#x}");
        }
    }

    /// Text longer than the buffer goes straight to the output, after what was composed.
    #[test]
    fn long_text_keeps_its_place() {
        let long = vec![b'a'; CHUNK + 5];
        let mut out = Vec::new();
        let mut j = Json::new(&mut out);
        j.lit(b"[");
        j.lit(&long);
        j.int(7);
        j.flush();
        assert_eq!(out.len(), CHUNK + 7);
        assert_eq!(out.first(), Some(&b'['));
        assert_eq!(out.last(), Some(&b'7'));
    }
}
