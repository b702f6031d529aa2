//! `String8` and `String16`: length-prefixed, NUL-terminated strings, kept exactly as stored.
//!
//! A string that decodes and re-encodes to the same bytes is kept as text; anything else (a missing
//! terminator, unpaired UTF-16 surrogates, invalid UTF-8) is kept as its raw bytes so that writing
//! gives the original file back.

use crate::list::remaining;
use crate::network::json::form::json_enum;
use binrw::{BinRead, BinResult, BinWrite, Endian};
use serde::{Deserialize, Serialize};
use std::io::{Read, Seek, Write};

/// Code points for Windows-1252 bytes 0x80..=0x9F; the five bytes the code page leaves undefined map
/// to the C1 control with the same value, so every byte decodes and encodes back to itself.
const CP1252_HIGH: [char; 32] = [
    '\u{20AC}', '\u{0081}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{02C6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{008D}', '\u{017D}', '\u{008F}',
    '\u{0090}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}', '\u{0153}', '\u{009D}', '\u{017E}', '\u{0178}',
];

fn cp1252_decode(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            0x80..=0x9F => CP1252_HIGH[usize::from(b - 0x80)],
            _ => char::from(b),
        })
        .collect()
}

/// Decodes Windows-1252 bytes, reusing their buffer when they are ASCII (nearly every name and
/// object in a replay), where the text is the bytes themselves.
fn cp1252_into_string(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(text) if text.is_ascii() => text,
        Ok(text) => cp1252_decode(text.as_bytes()),
        Err(invalid) => cp1252_decode(invalid.as_bytes()),
    }
}

fn cp1252_encode_char(c: char) -> Option<u8> {
    match u32::from(c) {
        code @ (0..=0x7F | 0xA0..=0xFF) => u8::try_from(code).ok(),
        _ => CP1252_HIGH
            .iter()
            .position(|&high| high == c)
            .and_then(|i| u8::try_from(0x80 + i).ok()),
    }
}

fn cp1252_encode(text: &str) -> Option<Vec<u8>> {
    text.chars().map(cp1252_encode_char).collect()
}

fn read_length<R: Read + Seek>(reader: &mut R, endian: Endian) -> BinResult<(u64, i32)> {
    let pos = reader.stream_position()?;
    Ok((pos, i32::read_options(reader, endian, ())?))
}

fn read_bytes<R: Read + Seek>(reader: &mut R, pos: u64, len: u64) -> BinResult<Vec<u8>> {
    let available = remaining(reader)?;
    if len > available {
        return Err(binrw::Error::AssertFail {
            pos,
            message: format!("string of {len} bytes exceeds the {available} bytes left"),
        });
    }
    let mut bytes = vec![0; usize::try_from(len).unwrap_or(usize::MAX)];
    reader.read_exact(&mut bytes)?;
    Ok(bytes)
}

fn length_error(pos: u64, length: i32) -> binrw::Error {
    binrw::Error::AssertFail {
        pos,
        message: format!("invalid string length {length}"),
    }
}

/// A `String8`: `i32` byte count, then UTF-8 bytes ending in a NUL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum String8 {
    /// Well-formed text; the terminator is implied.
    Text(String),
    /// Bytes (terminator included) that are not well-formed NUL-terminated UTF-8 (hex in JSON).
    Raw(#[serde(with = "unreal::chunked::hex_bytes")] Vec<u8>),
}

impl String8 {
    /// The decoded text (lossy for raw strings: the terminator is dropped, invalid bytes replaced).
    pub fn as_str(&self) -> std::borrow::Cow<'_, str> {
        match self {
            String8::Text(text) => text.as_str().into(),
            String8::Raw(bytes) => {
                String::from_utf8_lossy(bytes.strip_suffix(&[0]).unwrap_or(bytes))
            }
        }
    }

    /// Bytes this string occupies in the file, length prefix included.
    pub fn encoded_len(&self) -> usize {
        4 + match self {
            String8::Text(text) => text.len() + 1,
            String8::Raw(bytes) => bytes.len(),
        }
    }
}

impl From<&str> for String8 {
    fn from(text: &str) -> Self {
        String8::Text(text.to_owned())
    }
}

impl BinRead for String8 {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(reader: &mut R, endian: Endian, (): ()) -> BinResult<Self> {
        let (pos, length) = read_length(reader, endian)?;
        let len = u64::try_from(length).map_err(|_| length_error(pos, length))?;
        let mut bytes = read_bytes(reader, pos, len)?;
        if bytes.pop_if(|last| *last == 0).is_none() {
            return Ok(String8::Raw(bytes));
        }
        Ok(match String::from_utf8(bytes) {
            Ok(text) => String8::Text(text),
            Err(invalid) => {
                let mut bytes = invalid.into_bytes();
                bytes.push(0);
                String8::Raw(bytes)
            }
        })
    }
}

impl BinWrite for String8 {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(
        &self,
        writer: &mut W,
        endian: Endian,
        (): (),
    ) -> BinResult<()> {
        let body_len = self.encoded_len() - 4;
        let length = i32::try_from(body_len).map_err(|_| binrw::Error::AssertFail {
            pos: writer.stream_position().unwrap_or(0),
            message: format!("string of {body_len} bytes is too long"),
        })?;
        length.write_options(writer, endian, ())?;
        match self {
            String8::Text(text) => {
                writer.write_all(text.as_bytes())?;
                writer.write_all(&[0])?;
            }
            String8::Raw(bytes) => writer.write_all(bytes)?,
        }
        Ok(())
    }
}

json_enum! {
    /// A `String16`: `i32` length, positive for Windows-1252 bytes, negative for UTF-16LE code units,
    /// zero for an empty string without terminator.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
    pub enum String16 {
        /// Length 0: no bytes at all.
        Empty,
        /// Windows-1252 text; the terminating NUL is implied.
        Windows1252(String),
        /// UTF-16LE text; the terminating NUL code unit is implied.
        Utf16(String),
        /// The stored length and bytes of a string that does not decode and re-encode to itself.
        Raw {
            /// The stored length (negative: UTF-16 code units).
            length: i32,
            /// The stored bytes (hex in JSON).
            #[serde(with = "unreal::chunked::hex_bytes")]
            bytes: Vec<u8>,
        },
    }
}

impl String16 {
    /// Stores `text` the way the game does: Windows-1252 when every character fits, else UTF-16.
    pub fn new(text: &str) -> Self {
        if text.is_empty() {
            String16::Empty
        } else if cp1252_encode(text).is_some() {
            String16::Windows1252(text.to_owned())
        } else {
            String16::Utf16(text.to_owned())
        }
    }

    /// The decoded text (lossy for raw strings).
    pub fn as_str(&self) -> std::borrow::Cow<'_, str> {
        match self {
            String16::Empty => "".into(),
            String16::Windows1252(text) | String16::Utf16(text) => text.as_str().into(),
            String16::Raw { length, bytes } if *length < 0 => {
                let units: Vec<u16> = bytes
                    .chunks_exact(2)
                    .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
                    .take_while(|&unit| unit != 0)
                    .collect();
                String::from_utf16_lossy(&units).into()
            }
            String16::Raw { bytes, .. } => {
                cp1252_decode(bytes.strip_suffix(&[0]).unwrap_or(bytes)).into()
            }
        }
    }

    /// The string a length prefix and the bytes after it hold (`bytes` must be as many as
    /// `length` says, or the string is kept raw).
    pub(crate) fn decode(length: i32, mut bytes: Vec<u8>) -> Self {
        if byte_len(length) != Some(bytes.len() as u64) {
            return String16::Raw { length, bytes };
        }
        if length == 0 {
            return String16::Empty;
        }
        if length < 0 {
            return match decode_utf16(&bytes) {
                Some(text) => String16::Utf16(text),
                None => String16::Raw { length, bytes },
            };
        }
        match bytes.pop_if(|last| *last == 0) {
            Some(_) => String16::Windows1252(cp1252_into_string(bytes)),
            None => String16::Raw { length, bytes },
        }
    }

    /// The length prefix and the bytes that follow it, as they are written.
    pub(crate) fn encode(&self) -> Result<(i32, Vec<u8>), String> {
        let too_long = |n: usize| format!("string of {n} units is too long");
        match self {
            String16::Empty => Ok((0, Vec::new())),
            String16::Windows1252(text) => {
                let mut bytes = cp1252_encode(text)
                    .ok_or_else(|| format!("{text:?} has characters outside Windows-1252"))?;
                bytes.push(0);
                let length = i32::try_from(bytes.len()).map_err(|_| too_long(bytes.len()))?;
                Ok((length, bytes))
            }
            String16::Utf16(text) => {
                let mut bytes: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
                bytes.extend_from_slice(&[0, 0]);
                let units = bytes.len() / 2;
                let length = i32::try_from(units).map_err(|_| too_long(units))?;
                Ok((-length, bytes))
            }
            String16::Raw { length, bytes } => {
                if byte_len(*length) != Some(bytes.len() as u64) {
                    return Err(format!(
                        "raw string length {length} does not match {} bytes",
                        bytes.len()
                    ));
                }
                Ok((*length, bytes.clone()))
            }
        }
    }

    /// Bytes this string occupies in the file, length prefix included.
    pub fn encoded_len(&self) -> usize {
        4 + match self {
            String16::Empty => 0,
            String16::Windows1252(text) => text.chars().count() + 1,
            String16::Utf16(text) => 2 * (text.encode_utf16().count() + 1),
            String16::Raw { bytes, .. } => bytes.len(),
        }
    }
}

/// Bytes that follow a `String16` length prefix.
fn byte_len(length: i32) -> Option<u64> {
    if length < 0 {
        length.checked_neg().map(|units| 2 * units as u64)
    } else {
        u64::try_from(length).ok()
    }
}

fn decode_utf16(bytes: &[u8]) -> Option<String> {
    let (text, terminator) = bytes.split_at_checked(bytes.len().checked_sub(2)?)?;
    if terminator != [0, 0] {
        return None;
    }
    let units = text
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]));
    char::decode_utf16(units)
        .collect::<Result<String, _>>()
        .ok()
}

impl BinRead for String16 {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(reader: &mut R, endian: Endian, (): ()) -> BinResult<Self> {
        let (pos, length) = read_length(reader, endian)?;
        if length == 0 {
            return Ok(String16::Empty);
        }
        let len = byte_len(length).ok_or_else(|| length_error(pos, length))?;
        let bytes = read_bytes(reader, pos, len)?;
        Ok(String16::decode(length, bytes))
    }
}

impl BinWrite for String16 {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(
        &self,
        writer: &mut W,
        endian: Endian,
        (): (),
    ) -> BinResult<()> {
        let (length, bytes) = self.encode().map_err(|message| binrw::Error::AssertFail {
            pos: writer.stream_position().unwrap_or(0),
            message,
        })?;
        length.write_options(writer, endian, ())?;
        writer.write_all(&bytes)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use binrw::io::Cursor;

    fn round_trip16(bytes: &[u8]) -> String16 {
        let value = String16::read_le(&mut Cursor::new(bytes)).expect("decodes");
        let mut out = Cursor::new(Vec::new());
        value.write_le(&mut out).expect("encodes");
        assert_eq!(out.into_inner(), bytes);
        value
    }

    #[test]
    fn windows_1252_high_bytes() {
        let value = round_trip16(&[4, 0, 0, 0, 0x80, 0xB3, 0x81, 0]);
        assert_eq!(value, String16::Windows1252("\u{20AC}\u{B3}\u{81}".into()));
    }

    /// Bytes that also form valid UTF-8 are still Windows-1252 characters, one per byte.
    #[test]
    fn windows_1252_that_looks_like_utf8() {
        let value = round_trip16(&[3, 0, 0, 0, 0xC3, 0xA9, 0]);
        assert_eq!(value, String16::Windows1252("\u{C3}\u{A9}".into()));
        assert!(matches!(
            round_trip16(&[3, 0, 0, 0, b'o', b'k', 1]),
            String16::Raw { length: 3, .. }
        ));
    }

    #[test]
    fn string8_text_and_raw() {
        let read = |bytes: &[u8]| String8::read_le(&mut Cursor::new(bytes)).expect("decodes");
        assert_eq!(
            read(&[4, 0, 0, 0, 0xC3, 0xA9, b'!', 0]),
            String8::Text("\u{E9}!".into())
        );
        assert_eq!(
            read(&[3, 0, 0, 0, 0xC3, b'!', 0]),
            String8::Raw(vec![0xC3, b'!', 0])
        );
        assert_eq!(
            read(&[2, 0, 0, 0, b'a', b'b']),
            String8::Raw(vec![b'a', b'b'])
        );
    }

    #[test]
    fn utf16_text() {
        let value = round_trip16(&[0xFD, 0xFF, 0xFF, 0xFF, 0x23, 0x26, b'D', 0, 0, 0]);
        assert_eq!(value, String16::Utf16("\u{2623}D".into()));
    }

    #[test]
    fn unpaired_surrogate_is_raw() {
        let value = round_trip16(&[0xFE, 0xFF, 0xFF, 0xFF, 0x00, 0xD8, 0, 0]);
        assert!(matches!(value, String16::Raw { length: -2, .. }));
    }

    #[test]
    fn length_beyond_input_fails() {
        let bytes = [0xCC, 0xCC, 0xCC, 0x0C, 0];
        assert!(String16::read_le(&mut Cursor::new(&bytes[..])).is_err());
        assert!(String8::read_le(&mut Cursor::new(&bytes[..])).is_err());
    }

    #[test]
    fn new_picks_encoding() {
        assert!(matches!(
            String16::new("caf\u{e9}"),
            String16::Windows1252(_)
        ));
        assert!(matches!(String16::new("\u{2623}"), String16::Utf16(_)));
        assert_eq!(String16::new("\u{2623}").encoded_len(), 8);
    }
}
