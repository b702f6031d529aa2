//! The support code every generated module uses: a byte/bit reader over a slice, a writer
//! that mirrors it, string encodings, `process` transforms and the error type.
//!
//! The generator writes this file verbatim next to the generated modules (as `ks_runtime.rs`),
//! so generated code depends only on the crates listed in `codegen/README.md`. It holds no
//! schema knowledge: every layout decision lives in the generated code.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

/// Result of every generated read, write and instance.
pub type KResult<T> = Result<T, KError>;

/// A read or write failure: a Kaitai exception kind, a message, the field path and the
/// byte offset in the stream where it happened.
#[derive(Debug, Clone, PartialEq)]
pub struct KError {
    /// Kaitai's exception name, e.g. `EndOfStreamError`, `ValidationNotEqualError`.
    pub kind: &'static str,
    /// What went wrong.
    pub message: String,
    /// Dotted field path from the outermost type, filled in as the error travels up.
    pub path: String,
    /// Byte offset in the stream being read or written.
    pub pos: usize,
}

impl KError {
    /// A new error of `kind` at `pos`.
    pub fn new(kind: &'static str, message: impl Into<String>, pos: usize) -> Self {
        KError {
            kind,
            message: message.into(),
            path: String::new(),
            pos,
        }
    }

    /// Prefixes the field path with `field`.
    pub fn at(mut self, field: &str) -> Self {
        self.path = if self.path.is_empty() {
            field.to_string()
        } else {
            format!("{field}.{}", self.path)
        };
        self
    }

    /// A missing optional value used in an expression.
    pub fn null(what: &str) -> Self {
        KError::new("NullError", format!("{what} is absent"), 0)
    }
}

impl fmt::Display for KError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)?;
        if !self.path.is_empty() {
            write!(f, " (field {})", self.path)?;
        }
        write!(f, " at offset {}", self.pos)
    }
}

impl std::error::Error for KError {}

impl From<KError> for binrw::Error {
    fn from(e: KError) -> Self {
        binrw::Error::AssertFail {
            pos: e.pos as u64,
            message: e.to_string(),
        }
    }
}

/// The bytes the root stream has read, for checking a write-back over the parsed span.
pub type Coverage = Rc<RefCell<Vec<bool>>>;

/// A reader over a byte slice with Kaitai's bit-reading rules.
pub struct KStream<'a> {
    data: &'a [u8],
    pos: usize,
    bits: u128,
    bits_left: u32,
    cover: Option<Coverage>,
    pads: Vec<u8>,
    depth: u32,
}

/// How deeply structs may nest (through substreams too) before reading stops with an error
/// instead of exhausting the stack.
pub const MAX_DEPTH: u32 = 100;

macro_rules! read_int {
    ($($name:ident $t:ty, $n:literal, $conv:ident;)*) => {$(
        #[doc = concat!("Reads a `", stringify!($t), "`.")]
        pub fn $name(&mut self) -> KResult<$t> {
            let b = self.read_bytes($n)?;
            let mut a = [0u8; $n];
            a.copy_from_slice(b);
            Ok(<$t>::$conv(a))
        }
    )*};
}

macro_rules! write_int {
    ($($name:ident $t:ty, $conv:ident;)*) => {$(
        #[doc = concat!("Writes a `", stringify!($t), "`.")]
        pub fn $name(&mut self, v: $t) -> KResult<()> {
            self.write_bytes(&v.$conv())
        }
    )*};
}

impl<'a> KStream<'a> {
    /// A stream over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        KStream {
            data,
            pos: 0,
            bits: 0,
            bits_left: 0,
            cover: None,
            pads: Vec::new(),
            depth: 0,
        }
    }

    /// A stream over `data` that records which bytes were read.
    pub fn with_coverage(data: &'a [u8]) -> (Self, Coverage) {
        let cover = Rc::new(RefCell::new(vec![false; data.len()]));
        let mut s = KStream::new(data);
        s.cover = Some(cover.clone());
        (s, cover)
    }

    /// A stream over `data` (a substream of this one) that continues its nesting depth.
    pub fn substream<'b>(&self, data: &'b [u8]) -> KStream<'b> {
        let mut s = KStream::new(data);
        s.depth = self.depth;
        s
    }

    /// Entering a struct: an error past [`MAX_DEPTH`] levels.
    pub fn enter(&mut self) -> KResult<()> {
        if self.depth >= MAX_DEPTH {
            return Err(KError::new(
                "DepthError",
                format!("structs nested deeper than {MAX_DEPTH}"),
                self.pos,
            ));
        }
        self.depth += 1;
        Ok(())
    }

    /// Leaving a struct entered with [`Self::enter`].
    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Bytes in the stream.
    pub fn size(&self) -> usize {
        self.data.len()
    }

    /// Current byte position.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Whether all bytes (and bits) were consumed.
    pub fn is_eof(&self) -> bool {
        self.pos >= self.data.len() && self.bits_left == 0
    }

    /// Moves to `pos` (Kaitai allows any position up to the end).
    pub fn seek(&mut self, pos: i128) -> KResult<()> {
        self.align_to_byte();
        if pos < 0 || pos as u128 > self.data.len() as u128 {
            return Err(KError::new(
                "EndOfStreamError",
                format!(
                    "seek to {pos} outside a stream of {} bytes",
                    self.data.len()
                ),
                self.pos,
            ));
        }
        self.pos = pos as usize;
        Ok(())
    }

    /// Leaves a partly read byte of bits; its unread bits are logged (see [`Self::take_pads`]).
    pub fn align_to_byte(&mut self) {
        if self.bits_left > 0 {
            self.pads.push(self.bits as u8);
        }
        self.bits = 0;
        self.bits_left = 0;
    }

    /// Where the log of unread bits stands (taken at the start of a struct).
    pub fn pad_mark(&self) -> usize {
        self.pads.len()
    }

    /// The unread bits of partly read bytes since `mark`, in order, so a writer can put
    /// them back (see [`KWriter::push_pads`]).
    pub fn take_pads(&mut self, mark: usize) -> Vec<u8> {
        self.pads.split_off(mark.min(self.pads.len()))
    }

    fn mark(&self, from: usize, to: usize) {
        if let Some(c) = &self.cover {
            c.borrow_mut()[from..to].iter_mut().for_each(|b| *b = true);
        }
    }

    /// Reads `n` bytes; a negative or too large `n` is an error, never an allocation.
    pub fn read_bytes(&mut self, n: i128) -> KResult<&'a [u8]> {
        self.align_to_byte();
        let left = self.data.len() - self.pos;
        if n < 0 || n as u128 > left as u128 {
            return Err(KError::new(
                "EndOfStreamError",
                format!("requested {n} bytes, but only {left} bytes available"),
                self.pos,
            ));
        }
        let from = self.pos;
        self.pos += n as usize;
        self.mark(from, self.pos);
        Ok(&self.data[from..self.pos])
    }

    /// Reads the rest of the stream.
    pub fn read_bytes_full(&mut self) -> &'a [u8] {
        self.align_to_byte();
        let from = self.pos;
        self.pos = self.data.len();
        self.mark(from, self.pos);
        &self.data[from..]
    }

    /// Reads up to a terminator (a multi-byte one at multiples of its width) and returns every
    /// byte consumed (the terminator included when `consume`); [`strip`] turns that into the
    /// value.
    pub fn read_bytes_term(
        &mut self,
        term: &[u8],
        consume: bool,
        eos_error: bool,
    ) -> KResult<&'a [u8]> {
        self.align_to_byte();
        let from = self.pos;
        match find_term(&self.data[from..], term) {
            Some(i) => {
                self.pos = from + i + if consume { term.len() } else { 0 };
                self.mark(from, self.pos);
                Ok(&self.data[from..self.pos])
            }
            None if eos_error => Err(KError::new(
                "EndOfStreamError",
                format!("end of stream reached, but no terminator {term:?} found"),
                from,
            )),
            None => Ok(self.read_bytes_full()),
        }
    }

    /// Position in bits, for detecting reads that consume nothing.
    pub fn bit_pos(&self) -> usize {
        self.pos * 8 - self.bits_left as usize
    }

    read_int! {
        read_u1 u8, 1, from_le_bytes;
        read_s1 i8, 1, from_le_bytes;
        read_u2le u16, 2, from_le_bytes;
        read_u2be u16, 2, from_be_bytes;
        read_s2le i16, 2, from_le_bytes;
        read_s2be i16, 2, from_be_bytes;
        read_u4le u32, 4, from_le_bytes;
        read_u4be u32, 4, from_be_bytes;
        read_s4le i32, 4, from_le_bytes;
        read_s4be i32, 4, from_be_bytes;
        read_u8le u64, 8, from_le_bytes;
        read_u8be u64, 8, from_be_bytes;
        read_s8le i64, 8, from_le_bytes;
        read_s8be i64, 8, from_be_bytes;
        read_f4le f32, 4, from_le_bytes;
        read_f4be f32, 4, from_be_bytes;
        read_f8le f64, 8, from_le_bytes;
        read_f8be f64, 8, from_be_bytes;
    }

    fn need_bits(&mut self, n: u32, le: bool) -> KResult<()> {
        while self.bits_left < n {
            let Some(&b) = self.data.get(self.pos) else {
                return Err(KError::new(
                    "EndOfStreamError",
                    format!(
                        "requested {n} bits, but only {} bits available",
                        self.bits_left
                    ),
                    self.pos,
                ));
            };
            self.mark(self.pos, self.pos + 1);
            self.pos += 1;
            if le {
                self.bits |= u128::from(b) << self.bits_left;
            } else {
                self.bits = (self.bits << 8) | u128::from(b);
            }
            self.bits_left += 8;
        }
        Ok(())
    }

    /// Reads an `n`-bit big-endian (most significant bit first) integer.
    pub fn read_bits_int_be(&mut self, n: u32) -> KResult<u64> {
        self.need_bits(n, false)?;
        let shift = self.bits_left - n;
        let v = (self.bits >> shift) & mask(n);
        self.bits_left = shift;
        self.bits &= mask(shift);
        Ok(v as u64)
    }

    /// Reads an `n`-bit little-endian (least significant bit first) integer.
    pub fn read_bits_int_le(&mut self, n: u32) -> KResult<u64> {
        self.need_bits(n, true)?;
        let v = self.bits & mask(n);
        self.bits >>= n;
        self.bits_left -= n;
        Ok(v as u64)
    }
}

fn mask(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// A writer that mirrors [`KStream`]: bytes at a position that can be moved, bits packed
/// the way Kaitai reads them.
#[derive(Default)]
pub struct KWriter {
    buf: Vec<u8>,
    pos: usize,
    bits: u128,
    bits_left: u32,
    bits_le: bool,
    pad_frames: Vec<std::collections::VecDeque<u8>>,
}

impl KWriter {
    /// An empty writer.
    pub fn new() -> Self {
        KWriter::default()
    }

    /// The bytes written, any pending bits flushed.
    pub fn into_inner(mut self) -> Vec<u8> {
        self.align_to_byte();
        self.buf
    }

    /// Current byte position.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Bytes written so far.
    pub fn size(&self) -> usize {
        self.buf.len()
    }

    /// Whether the position is at the end of what was written.
    pub fn is_eof(&self) -> bool {
        self.pos >= self.buf.len()
    }

    /// Moves to `pos`; a gap is filled with zero bytes when written past.
    pub fn seek(&mut self, pos: i128) -> KResult<()> {
        self.align_to_byte();
        if !(0..=(1i128 << 40)).contains(&pos) {
            return Err(KError::new(
                "EndOfStreamError",
                format!("seek to {pos}"),
                self.pos,
            ));
        }
        self.pos = pos as usize;
        Ok(())
    }

    /// Makes `pads` (a struct's unread bits, from [`KStream::take_pads`]) fill the partly
    /// written bytes of the struct being written.
    pub fn push_pads(&mut self, pads: &[u8]) {
        self.pad_frames.push(pads.iter().copied().collect());
    }

    /// Ends the struct started by [`Self::push_pads`].
    pub fn pop_pads(&mut self) {
        self.pad_frames.pop();
    }

    /// Writes the pending bits, filled up to a whole byte with the bits the reader left
    /// unread there (zero when unknown).
    pub fn align_to_byte(&mut self) {
        if self.bits_left > 0 {
            let fill = self
                .pad_frames
                .last_mut()
                .and_then(|f| f.pop_front())
                .unwrap_or(0);
            let free = 8 - self.bits_left;
            let b = if self.bits_le {
                (self.bits as u8) | ((u16::from(fill) << self.bits_left) as u8)
            } else {
                ((self.bits << free) as u8) | (fill & ((1u16 << free) - 1) as u8)
            };
            self.bits = 0;
            self.bits_left = 0;
            self.put(&[b]);
        }
    }

    fn put(&mut self, b: &[u8]) {
        let end = self.pos + b.len();
        if self.buf.len() < end {
            self.buf.resize(end, 0);
        }
        self.buf[self.pos..end].copy_from_slice(b);
        self.pos = end;
    }

    /// Writes bytes.
    pub fn write_bytes(&mut self, b: &[u8]) -> KResult<()> {
        self.align_to_byte();
        self.put(b);
        Ok(())
    }

    write_int! {
        write_u1 u8, to_le_bytes;
        write_s1 i8, to_le_bytes;
        write_u2le u16, to_le_bytes;
        write_u2be u16, to_be_bytes;
        write_s2le i16, to_le_bytes;
        write_s2be i16, to_be_bytes;
        write_u4le u32, to_le_bytes;
        write_u4be u32, to_be_bytes;
        write_s4le i32, to_le_bytes;
        write_s4be i32, to_be_bytes;
        write_u8le u64, to_le_bytes;
        write_u8be u64, to_be_bytes;
        write_s8le i64, to_le_bytes;
        write_s8be i64, to_be_bytes;
        write_f4le f32, to_le_bytes;
        write_f4be f32, to_be_bytes;
        write_f8le f64, to_le_bytes;
        write_f8be f64, to_be_bytes;
    }

    /// Writes an `n`-bit big-endian integer.
    pub fn write_bits_int_be(&mut self, n: u32, v: u64) -> KResult<()> {
        self.bits_le = false;
        self.bits = (self.bits << n) | (u128::from(v) & mask(n));
        self.bits_left += n;
        while self.bits_left >= 8 {
            self.bits_left -= 8;
            let b = (self.bits >> self.bits_left) as u8;
            self.bits &= mask(self.bits_left);
            self.put(&[b]);
        }
        Ok(())
    }

    /// Writes an `n`-bit little-endian integer.
    pub fn write_bits_int_le(&mut self, n: u32, v: u64) -> KResult<()> {
        self.bits_le = true;
        self.bits |= (u128::from(v) & mask(n)) << self.bits_left;
        self.bits_left += n;
        while self.bits_left >= 8 {
            let b = self.bits as u8;
            self.bits >>= 8;
            self.bits_left -= 8;
            self.put(&[b]);
        }
        Ok(())
    }
}

/// A string together with the bytes it was read from (terminator, padding and anything after
/// the terminator included), so an unedited string writes back exactly.
#[derive(Debug, Clone, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct KStr {
    /// The decoded text.
    pub value: String,
    /// Every byte the field occupied in the stream.
    pub raw: Vec<u8>,
}

/// Bytes together with the bytes they were read from: the field before its terminator or
/// padding was stripped, or before `process: zlib` decompressed it.
#[derive(Debug, Clone, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct KBytes {
    /// The value.
    pub value: Vec<u8>,
    /// Every byte the field occupied in the stream.
    pub raw: Vec<u8>,
}

/// A user type read from a sized substream: the value, the bytes of the substream it did not
/// parse, and (for `process: zlib`) the compressed bytes as stored.
#[derive(Debug, Clone, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct KSub<T> {
    /// The parsed value.
    pub value: T,
    /// Bytes of the substream after the value.
    pub tail: Vec<u8>,
    /// The stored bytes before `process`, when the transform cannot be inverted exactly.
    pub raw: Vec<u8>,
}

/// The value of a padded / terminated field given every byte it occupied: cut at the first
/// terminator (a multi-byte one only at multiples of its width), or else strip the padding.
pub fn strip<'b>(raw: &'b [u8], pad: Option<u8>, term: Option<&[u8]>, include: bool) -> &'b [u8] {
    if let Some(t) = term
        && let Some(i) = find_term(raw, t)
    {
        return &raw[..i + if include { t.len() } else { 0 }];
    }
    match pad {
        Some(p) => &raw[..raw.iter().rposition(|&b| b != p).map_or(0, |i| i + 1)],
        None => raw,
    }
}

fn find_term(b: &[u8], t: &[u8]) -> Option<usize> {
    if t.is_empty() {
        return None;
    }
    b.chunks_exact(t.len())
        .position(|c| c == t)
        .map(|i| i * t.len())
}

/// The bytes a padded/terminated field writes: `raw` if `value` is still what `raw` holds,
/// otherwise `value`, the terminator (unless included or `consume` is off) and padding.
#[allow(clippy::too_many_arguments)]
pub fn unstrip(
    value: &[u8],
    raw: &[u8],
    pad: Option<u8>,
    term: Option<&[u8]>,
    include: bool,
    consume: bool,
    size: Option<usize>,
) -> KResult<Vec<u8>> {
    if strip(raw, pad, term, include) == value {
        return Ok(raw.to_vec());
    }
    let mut out = value.to_vec();
    if let Some(t) = term
        && !include
        && consume
    {
        out.extend_from_slice(t);
    }
    if let Some(n) = size {
        if out.len() > n {
            return Err(KError::new(
                "SizeError",
                format!("{} bytes do not fit in {n}", out.len()),
                0,
            ));
        }
        out.resize(n, pad.unwrap_or(0));
    }
    Ok(out)
}

fn enc_key(enc: &str) -> String {
    enc.to_ascii_uppercase().replace(['-', '_'], "")
}

/// Decodes `b` in Kaitai encoding `enc`.
pub fn decode(b: &[u8], enc: &str) -> KResult<String> {
    let bad = || KError::new("ConversionError", format!("bytes are not valid {enc}"), 0);
    match enc_key(enc).as_str() {
        "UTF8" => String::from_utf8(b.to_vec()).map_err(|_| bad()),
        "ASCII" => Ok(b.iter().map(|&c| char::from(c)).collect()),
        "UTF16LE" | "UTF16BE" => {
            if !b.len().is_multiple_of(2) {
                return Err(bad());
            }
            let le = enc_key(enc) == "UTF16LE";
            let units = b.chunks_exact(2).map(|c| {
                if le {
                    u16::from_le_bytes([c[0], c[1]])
                } else {
                    u16::from_be_bytes([c[0], c[1]])
                }
            });
            char::decode_utf16(units)
                .collect::<Result<String, _>>()
                .map_err(|_| bad())
        }
        "IBM437" | "CP437" => Ok(b.iter().map(|&c| cp437(c)).collect()),
        other => {
            let e = encoding_rs::Encoding::for_label(other.as_bytes())
                .or_else(|| encoding_rs::Encoding::for_label(enc.as_bytes()))
                .ok_or_else(|| KError::new("UnknownEncodingError", enc.to_string(), 0))?;
            let (s, had_errors) = e.decode_without_bom_handling(b);
            if had_errors {
                return Err(bad());
            }
            Ok(s.into_owned())
        }
    }
}

/// Encodes `s` in Kaitai encoding `enc`.
pub fn encode(s: &str, enc: &str) -> KResult<Vec<u8>> {
    let bad = || {
        KError::new(
            "ConversionError",
            format!("text is not representable in {enc}"),
            0,
        )
    };
    match enc_key(enc).as_str() {
        "UTF8" => Ok(s.as_bytes().to_vec()),
        "ASCII" => s
            .chars()
            .map(|c| u8::try_from(c).map_err(|_| bad()))
            .collect(),
        "UTF16LE" => Ok(s.encode_utf16().flat_map(u16::to_le_bytes).collect()),
        "UTF16BE" => Ok(s.encode_utf16().flat_map(u16::to_be_bytes).collect()),
        "IBM437" | "CP437" => s
            .chars()
            .map(|c| (0..=255u8).find(|&b| cp437(b) == c).ok_or_else(bad))
            .collect(),
        other => {
            let e = encoding_rs::Encoding::for_label(other.as_bytes())
                .or_else(|| encoding_rs::Encoding::for_label(enc.as_bytes()))
                .ok_or_else(|| KError::new("UnknownEncodingError", enc.to_string(), 0))?;
            let (b, _, had_errors) = e.encode(s);
            if had_errors {
                return Err(bad());
            }
            Ok(b.into_owned())
        }
    }
}

fn cp437(b: u8) -> char {
    const HIGH: &str = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{a0}";
    const LOW: &str = "\u{0}☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼";
    match b {
        0..=31 => LOW.chars().nth(usize::from(b)).unwrap_or('?'),
        127 => '⌂',
        32..=126 => char::from(b),
        _ => HIGH.chars().nth(usize::from(b - 128)).unwrap_or('?'),
    }
}

/// `process: xor(key)` with a one-byte key (its own inverse).
pub fn process_xor_one(b: &[u8], key: i128) -> Vec<u8> {
    b.iter().map(|&c| c ^ key as u8).collect()
}

/// `process: xor(key)` with a multi-byte key (its own inverse).
pub fn process_xor_many(b: &[u8], key: &[u8]) -> Vec<u8> {
    if key.is_empty() {
        return b.to_vec();
    }
    b.iter()
        .zip(key.iter().cycle())
        .map(|(&c, &k)| c ^ k)
        .collect()
}

/// `process: rol(n)` (`ror` is `rol` by `8 - n`).
pub fn process_rotate_left(b: &[u8], n: i128) -> Vec<u8> {
    let n = n.rem_euclid(8) as u32;
    b.iter().map(|&c| c.rotate_left(n)).collect()
}

/// Largest output `process: zlib` inflates, so a small hostile stream cannot claim memory.
pub const ZLIB_LIMIT: u64 = 256 << 20;

/// `process: zlib`: inflates `b`.
pub fn process_zlib(b: &[u8]) -> KResult<Vec<u8>> {
    use std::io::Read;
    let mut out = Vec::new();
    flate2::read::ZlibDecoder::new(b)
        .take(ZLIB_LIMIT)
        .read_to_end(&mut out)
        .map_err(|e| KError::new("ProcessError", format!("zlib: {e}"), 0))?;
    Ok(out)
}

/// The inverse of `process: zlib`: `raw` if it still inflates to `plain`, else a new stream.
pub fn unprocess_zlib(plain: &[u8], raw: &[u8]) -> KResult<Vec<u8>> {
    if process_zlib(raw).is_ok_and(|p| p == plain) {
        return Ok(raw.to_vec());
    }
    use std::io::Write;
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(plain)
        .and_then(|()| e.finish())
        .map_err(|err| KError::new("ProcessError", format!("zlib: {err}"), 0))
}

/// Kaitai's `%`: the result has the sign of the divisor.
pub fn kmod(a: i128, b: i128) -> KResult<i128> {
    if b == 0 {
        return Err(KError::new("ZeroDivisionError", "modulo by zero", 0));
    }
    let r = a % b;
    Ok(if r != 0 && (r < 0) != (b < 0) {
        r + b
    } else {
        r
    })
}

/// Kaitai's integer `/`: rounds towards negative infinity.
pub fn kdiv(a: i128, b: i128) -> KResult<i128> {
    if b == 0 {
        return Err(KError::new("ZeroDivisionError", "division by zero", 0));
    }
    let q = a
        .checked_div(b)
        .ok_or_else(|| KError::new("OverflowError", "division overflows", 0))?;
    Ok(if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

/// `str.to_i(radix)`.
pub fn str_to_i(s: &str, radix: i128) -> KResult<i128> {
    if !(2..=36).contains(&radix) {
        return Err(KError::new("ConversionError", format!("radix {radix}"), 0));
    }
    i128::from_str_radix(s, radix as u32)
        .map_err(|_| KError::new("ConversionError", format!("{s:?} is not an integer"), 0))
}

/// `int.to_s` in base `radix`.
pub fn int_to_s(v: i128, radix: u32) -> String {
    if radix == 10 || !(2..=36).contains(&radix) {
        return v.to_string();
    }
    let neg = v < 0;
    let mut n = v.unsigned_abs();
    let mut digits = Vec::new();
    loop {
        digits.push(std::char::from_digit((n % u128::from(radix)) as u32, radix).unwrap_or('?'));
        n /= u128::from(radix);
        if n == 0 {
            break;
        }
    }
    if neg {
        digits.push('-');
    }
    digits.iter().rev().collect()
}

/// Element `i` of a slice, or an error (never a panic) when out of range.
pub fn at<T>(v: &[T], i: i128) -> KResult<&T> {
    usize::try_from(i)
        .ok()
        .and_then(|i| v.get(i))
        .ok_or_else(|| {
            KError::new(
                "IndexError",
                format!("index {i} out of {} elements", v.len()),
                0,
            )
        })
}

/// `substring(from, to)` by characters.
pub fn substring(s: &str, from: i128, to: i128) -> String {
    let from = from.max(0) as usize;
    let to = to.max(0) as usize;
    s.chars().skip(from).take(to.saturating_sub(from)).collect()
}

/// Smallest element, or an error for an empty sequence.
pub fn kmin<T: PartialOrd + Clone>(v: &[T]) -> KResult<T> {
    v.iter()
        .cloned()
        .reduce(|a, b| if b < a { b } else { a })
        .ok_or_else(|| KError::new("IndexError", "min of an empty array", 0))
}

/// Largest element, or an error for an empty sequence.
pub fn kmax<T: PartialOrd + Clone>(v: &[T]) -> KResult<T> {
    v.iter()
        .cloned()
        .reduce(|a, b| if b > a { b } else { a })
        .ok_or_else(|| KError::new("IndexError", "max of an empty array", 0))
}

/// An integer converted to a storage type, or an error when it does not fit.
pub fn fit<T: TryFrom<i128>>(v: i128, what: &str) -> KResult<T> {
    T::try_from(v)
        .map_err(|_| KError::new("ConversionError", format!("{what}: {v} out of range"), 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_division_and_modulo() {
        assert_eq!(kdiv(-7, 2), Ok(-4));
        assert_eq!(kdiv(7, -2), Ok(-4));
        assert_eq!(kdiv(7, 2), Ok(3));
        assert_eq!(kmod(-7, 3), Ok(2));
        assert_eq!(kmod(7, -3), Ok(-2));
        assert!(kdiv(1, 0).is_err());
        assert!(kdiv(i128::MIN, -1).is_err());
        assert!(kmod(1, 0).is_err());
    }

    #[test]
    fn terminator_before_padding_and_unedited_raw() {
        let raw = b"ab.cd....";
        assert_eq!(strip(raw, Some(b'.'), Some(b"."), true), b"ab.");
        assert_eq!(strip(raw, Some(b'.'), None, false), b"ab.cd");
        assert_eq!(strip(b"a\0b\0\0\0", None, Some(b"\0\0"), false), b"a\0b\0");
        assert_eq!(
            unstrip(b"ab.", raw, Some(b'.'), Some(b"."), true, true, Some(9)).unwrap(),
            raw
        );
        assert_eq!(
            unstrip(b"x", raw, Some(b'.'), Some(b"@"), false, true, Some(4)).unwrap(),
            b"x@.."
        );
        assert!(unstrip(b"too long", raw, None, None, false, true, Some(3)).is_err());
    }

    #[test]
    fn lengths_are_checked_before_reading() {
        let mut s = KStream::new(b"\x01\x02\x03");
        assert_eq!(s.read_bytes(-1).unwrap_err().kind, "EndOfStreamError");
        assert_eq!(s.read_bytes(1 << 62).unwrap_err().kind, "EndOfStreamError");
        assert_eq!(s.read_u2le(), Ok(0x0201));
        assert!(s.read_u2le().is_err());
        assert!(s.seek(4).is_err());
    }

    #[test]
    fn bits_write_back_as_read() {
        let data = [0b1011_0110u8, 0b0101_1100, 0xff];
        for le in [false, true] {
            let mut r = KStream::new(&data);
            let mut w = KWriter::new();
            for n in [3, 7, 6, 8] {
                let v = if le {
                    r.read_bits_int_le(n)
                } else {
                    r.read_bits_int_be(n)
                }
                .unwrap();
                if le {
                    w.write_bits_int_le(n, v)
                } else {
                    w.write_bits_int_be(n, v)
                }
                .unwrap();
            }
            assert_eq!(w.into_inner(), data);
        }
    }

    #[test]
    fn unread_bits_of_a_partly_read_byte_are_written_back() {
        let data = [0b1011_0110u8, 0x42, 0b0000_0101];
        for le in [false, true] {
            let mut r = KStream::new(&data);
            let mark = r.pad_mark();
            let a = if le {
                r.read_bits_int_le(3)
            } else {
                r.read_bits_int_be(3)
            }
            .unwrap();
            let b = r.read_u1().unwrap();
            let c = if le {
                r.read_bits_int_le(2)
            } else {
                r.read_bits_int_be(2)
            }
            .unwrap();
            r.align_to_byte();
            let pads = r.take_pads(mark);
            assert_eq!(pads.len(), 2);

            let mut w = KWriter::new();
            w.push_pads(&pads);
            if le {
                w.write_bits_int_le(3, a)
            } else {
                w.write_bits_int_be(3, a)
            }
            .unwrap();
            w.write_u1(b).unwrap();
            if le {
                w.write_bits_int_le(2, c)
            } else {
                w.write_bits_int_be(2, c)
            }
            .unwrap();
            w.align_to_byte();
            w.pop_pads();
            assert_eq!(w.into_inner(), data, "le: {le}");

            let mut plain = KWriter::new();
            plain.write_bits_int_be(3, 0b101).unwrap();
            assert_eq!(plain.into_inner(), [0b1010_0000], "no pads: zero fill");
        }
    }
}
