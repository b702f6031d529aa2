//! `FString` exactly as stored: an `i32` length whose sign picks the encoding, then the characters
//! including a terminating NUL.
//!
//! * length 0: no characters at all (`value: None`),
//! * length > 0: `length` Latin-1 bytes ("ANSI"), the last one NUL (length 1 = just NUL: `Some("")`),
//! * length < 0: `-length` UTF-16LE units, the last one NUL (`wide: true`).
//!
//! JSON: `null` for length 0, a plain string for ANSI, `{"utf16": "..."}` for UTF-16.

use crate::Error;
use crate::cursor::ByteReader;
use binrw::io::{Read, Seek, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;

/// An Unreal `FString` with everything needed to write the same bytes back.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct FString {
    /// The text without its terminator; `None` when the stored length is 0.
    pub value: Option<Cow<'static, str>>,
    /// Stored as UTF-16 (negative length) rather than Latin-1.
    pub wide: bool,
}

/// `FName` is written as an `FString` in save games.
pub type FName = FString;

impl FString {
    /// A Latin-1/ASCII string (what Unreal writes whenever every character fits in one byte).
    pub fn new(s: impl Into<Cow<'static, str>>) -> Self {
        let s = s.into();
        let wide = s.chars().any(|c| c as u32 > 0xff);
        FString {
            value: Some(s),
            wide,
        }
    }

    /// The text, `""` for both the empty and the NUL-only string.
    pub fn as_str(&self) -> &str {
        self.value.as_deref().unwrap_or("")
    }

    /// True when the text equals `s` (byte comparison, no allocation).
    pub fn is(&self, s: &str) -> bool {
        self.as_str() == s
    }

    /// Reads one FString from the cursor.
    pub(crate) fn parse(r: &mut ByteReader<'_>) -> Result<Self, Error> {
        let at = r.offset();
        let len = r.i32("FString length")?;
        if len == 0 {
            return Ok(FString {
                value: None,
                wide: false,
            });
        }
        if len > 0 {
            let bytes = r.bytes(len as usize, "FString characters")?;
            decode_latin1(bytes).map_err(|m| Error::new(at, m))
        } else {
            let units = (len as i64).unsigned_abs() as usize;
            let bytes = r.bytes(units * 2, "FString UTF-16 characters")?;
            decode_utf16(bytes).map_err(|m| Error::new(at, m))
        }
    }

    /// Number of bytes `put` will write.
    pub fn encoded_len(&self) -> usize {
        match &self.value {
            None => 4,
            Some(s) if self.wide => 4 + 2 * (s.encode_utf16().count() + 1),
            Some(s) if s.is_ascii() => 4 + s.len() + 1,
            Some(s) => 4 + s.chars().count() + 1,
        }
    }

    /// Appends the stored form to `out`.
    pub fn put(&self, out: &mut Vec<u8>) -> Result<(), Error> {
        let Some(s) = &self.value else {
            out.extend_from_slice(&0i32.to_le_bytes());
            return Ok(());
        };
        let len_at = out.len();
        if !self.wide && s.is_ascii() {
            // The common case: the length is known up front, so no patching.
            let n =
                i32::try_from(s.len() + 1).map_err(|_| Error::new(len_at, "FString too long"))?;
            out.reserve(s.len() + 5);
            out.extend_from_slice(&n.to_le_bytes());
            out.extend_from_slice(s.as_bytes());
            out.push(0);
            return Ok(());
        }
        out.extend_from_slice(&[0; 4]);
        let units = if self.wide {
            let mut n = 0usize;
            for u in s.encode_utf16().chain([0]) {
                out.extend_from_slice(&u.to_le_bytes());
                n += 1;
            }
            -(i32::try_from(n).map_err(|_| Error::new(len_at, "FString too long"))?)
        } else {
            let mut n = 1usize;
            for c in s.chars() {
                let b = u8::try_from(c as u32).map_err(|_| {
                    Error::new(
                        len_at,
                        format!("character {c:?} needs a UTF-16 FString (wide)"),
                    )
                })?;
                out.push(b);
                n += 1;
            }
            out.push(0);
            i32::try_from(n).map_err(|_| Error::new(len_at, "FString too long"))?
        };
        out[len_at..len_at + 4].copy_from_slice(&units.to_le_bytes());
        Ok(())
    }
}

impl From<&str> for FString {
    fn from(s: &str) -> Self {
        FString::new(s.to_owned())
    }
}
/// Names that occur in nearly every property tag, shared instead of allocated per occurrence.
fn interned(text: &[u8]) -> Option<&'static str> {
    Some(match text {
        b"BoolProperty" => "BoolProperty",
        b"Int8Property" => "Int8Property",
        b"Int16Property" => "Int16Property",
        b"IntProperty" => "IntProperty",
        b"Int64Property" => "Int64Property",
        b"ByteProperty" => "ByteProperty",
        b"UInt16Property" => "UInt16Property",
        b"UInt32Property" => "UInt32Property",
        b"UInt64Property" => "UInt64Property",
        b"FloatProperty" => "FloatProperty",
        b"DoubleProperty" => "DoubleProperty",
        b"StrProperty" => "StrProperty",
        b"NameProperty" => "NameProperty",
        b"EnumProperty" => "EnumProperty",
        b"TextProperty" => "TextProperty",
        b"ObjectProperty" => "ObjectProperty",
        b"ClassProperty" => "ClassProperty",
        b"InterfaceProperty" => "InterfaceProperty",
        b"WeakObjectProperty" => "WeakObjectProperty",
        b"SoftObjectProperty" => "SoftObjectProperty",
        b"SoftClassProperty" => "SoftClassProperty",
        b"LazyObjectProperty" => "LazyObjectProperty",
        b"DelegateProperty" => "DelegateProperty",
        b"MulticastDelegateProperty" => "MulticastDelegateProperty",
        b"MulticastInlineDelegateProperty" => "MulticastInlineDelegateProperty",
        b"MulticastSparseDelegateProperty" => "MulticastSparseDelegateProperty",
        b"FieldPathProperty" => "FieldPathProperty",
        b"StructProperty" => "StructProperty",
        b"ArrayProperty" => "ArrayProperty",
        b"SetProperty" => "SetProperty",
        b"MapProperty" => "MapProperty",
        b"OptionalProperty" => "OptionalProperty",
        b"None" => "None",
        b"Guid" => "Guid",
        b"DateTime" => "DateTime",
        b"Timespan" => "Timespan",
        b"Vector2D" => "Vector2D",
        b"Vector" => "Vector",
        b"Vector4" => "Vector4",
        b"Rotator" => "Rotator",
        b"Quat" => "Quat",
        b"Box" => "Box",
        b"Box2D" => "Box2D",
        b"IntPoint" => "IntPoint",
        b"IntVector" => "IntVector",
        b"LinearColor" => "LinearColor",
        b"Color" => "Color",
        b"Transform" => "Transform",
        b"SoftObjectPath" => "SoftObjectPath",
        b"SoftClassPath" => "SoftClassPath",
        b"GameplayTagContainer" => "GameplayTagContainer",
        b"/Script/CoreUObject" => "/Script/CoreUObject",
        b"Translation" => "Translation",
        b"Rotation" => "Rotation",
        b"Scale3D" => "Scale3D",
        _ => return None,
    })
}

fn decode_latin1(bytes: &[u8]) -> Result<FString, String> {
    let Some((&0, text)) = bytes.split_last() else {
        return Err("FString is not NUL-terminated".into());
    };
    let value = match interned(text) {
        Some(name) => Cow::Borrowed(name),
        None => match std::str::from_utf8(text) {
            Ok(s) if s.is_ascii() => Cow::Owned(s.to_owned()),
            _ => Cow::Owned(text.iter().map(|&b| b as char).collect()),
        },
    };
    Ok(FString {
        value: Some(value),
        wide: false,
    })
}

fn decode_utf16(bytes: &[u8]) -> Result<FString, String> {
    let units = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]));
    let n = bytes.len() / 2;
    if bytes[bytes.len() - 2..] != [0, 0] {
        return Err("UTF-16 FString is not NUL-terminated".into());
    }
    let value = char::decode_utf16(units.take(n - 1))
        .collect::<Result<String, _>>()
        .map_err(|e| format!("UTF-16 FString: {e}"))?;
    Ok(FString {
        value: Some(Cow::Owned(value)),
        wide: true,
    })
}

impl BinRead for FString {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(reader: &mut R, endian: Endian, (): ()) -> BinResult<Self> {
        let pos = reader.stream_position()?;
        let len = i32::read_options(reader, endian, ())?;
        let byte_len = if len >= 0 {
            len as u64
        } else {
            (len as i64).unsigned_abs() * 2
        };
        let mut bytes = Vec::new();
        reader.take(byte_len).read_to_end(&mut bytes)?;
        if bytes.len() as u64 != byte_len {
            return Err(binrw::Error::Custom {
                pos,
                err: Box::new("FString runs past the end of the data"),
            });
        }
        let decoded = match len {
            0 => Ok(FString::default()),
            1.. => decode_latin1(&bytes),
            _ => decode_utf16(&bytes),
        };
        decoded.map_err(|m| binrw::Error::Custom {
            pos,
            err: Box::new(m),
        })
    }
}

impl BinWrite for FString {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, writer: &mut W, _: Endian, (): ()) -> BinResult<()> {
        let pos = writer.stream_position()?;
        let mut out = Vec::with_capacity(self.encoded_len());
        self.put(&mut out).map_err(|e| binrw::Error::Custom {
            pos,
            err: Box::new(e.message),
        })?;
        writer.write_all(&out)?;
        Ok(())
    }
}

#[derive(Serialize)]
struct WideRef<'a> {
    utf16: &'a str,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Repr {
    Plain(Option<String>),
    Wide { utf16: String },
}

impl Serialize for FString {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match (&self.value, self.wide) {
            (Some(v), true) => WideRef { utf16: v }.serialize(s),
            (v, _) => v.as_deref().serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for FString {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match Repr::deserialize(d)? {
            Repr::Plain(value) => FString {
                value: value.map(Cow::Owned),
                wide: false,
            },
            Repr::Wide { utf16 } => FString {
                value: Some(Cow::Owned(utf16)),
                wide: true,
            },
        })
    }
}
