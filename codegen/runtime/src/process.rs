//! Kaitai's `process` on byte arrays and user types: `xor`, `rol` / `ror`, `zlib` and custom
//! routines ([`crate::custom_process`]). The bytes
//! as stored are kept and written back while they still decode to the value, so an unchanged
//! zlib stream is not recompressed; an edited value is encoded again and framed.

use binrw::io::{Read, Seek, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};
use serde::{Deserialize, Serialize};

use crate::custom_process::{KsCustom, KsCustomProcess};
use crate::frame::{KsFrame, read_area, write_area};

/// Largest output a `process: zlib` field inflates to, so a small hostile stream cannot claim
/// unbounded memory.
pub const KS_ZLIB_LIMIT: u64 = 256 << 20;

/// How stored bytes become a field's bytes (generated code passes it as an argument).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KsProcess {
    /// `xor(key)`: every byte xored with the key, repeated.
    Xor(Vec<u8>),
    /// `rol(n)` (and `ror(n)` as `rol(8 - n)`): every byte rotated left by `n` bits.
    Rol(u32),
    /// `zlib`: a zlib stream.
    Zlib,
    /// A routine the schema names and the user implements.
    Custom(KsCustom),
}

fn zlib_error(pos: u64, e: std::io::Error) -> binrw::Error {
    binrw::Error::Custom {
        pos,
        err: Box::new(format!("zlib: {e}")),
    }
}

fn custom_error(pos: u64, c: &KsCustom, e: String) -> binrw::Error {
    binrw::Error::Custom {
        pos,
        err: Box::new(format!("process {}: {e}", c.name)),
    }
}

impl KsProcess {
    /// `xor(key)` with an integer key: its low byte.
    pub fn xor_int(key: i128) -> Self {
        KsProcess::Xor(vec![key.to_le_bytes()[0]])
    }

    /// A custom routine, named `name` in the schema (see [`crate::custom_process`]).
    pub fn custom(name: &'static str, routine: impl KsCustomProcess + 'static) -> Self {
        KsProcess::Custom(KsCustom::new(name, routine))
    }

    /// `rol(n)`, with `n` taken modulo 8.
    pub fn rol(n: i128) -> Self {
        KsProcess::Rol(u32::try_from(n.rem_euclid(8)).unwrap_or(0))
    }

    /// The field's bytes from the stored ones (`pos` is where they start, for errors).
    pub fn decode(&self, stored: &[u8], pos: u64) -> BinResult<Vec<u8>> {
        match self {
            KsProcess::Xor(key) if key.is_empty() => Ok(stored.to_vec()),
            KsProcess::Xor(key) => Ok(stored
                .iter()
                .zip(key.iter().cycle())
                .map(|(b, k)| b ^ k)
                .collect()),
            KsProcess::Rol(n) => Ok(stored.iter().map(|b| b.rotate_left(*n)).collect()),
            KsProcess::Zlib => {
                let mut out = Vec::new();
                flate2::read::ZlibDecoder::new(stored)
                    .take(KS_ZLIB_LIMIT)
                    .read_to_end(&mut out)
                    .map_err(|e| zlib_error(pos, e))?;
                Ok(out)
            }
            KsProcess::Custom(c) => c
                .routine()
                .decode(stored)
                .map_err(|e| custom_error(pos, c, e)),
        }
    }

    /// The stored bytes of edited field bytes (the inverse of [`KsProcess::decode`]; zlib at
    /// the default level).
    pub fn encode(&self, value: &[u8], pos: u64) -> BinResult<Vec<u8>> {
        match self {
            KsProcess::Xor(_) => self.decode(value, pos),
            KsProcess::Rol(n) => Ok(value.iter().map(|b| b.rotate_right(*n)).collect()),
            KsProcess::Zlib => {
                let mut e =
                    flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
                e.write_all(value)
                    .and_then(|()| e.finish())
                    .map_err(|e| zlib_error(pos, e))
            }
            KsProcess::Custom(c) => c
                .routine()
                .encode(value)
                .map_err(|e| custom_error(pos, c, e)),
        }
    }

    /// Reads the framed stored bytes and decodes what the frame delimits: (stored, decoded).
    fn read<R: Read + Seek>(&self, r: &mut R, frame: &KsFrame) -> BinResult<(Vec<u8>, Vec<u8>)> {
        let pos = r.stream_position()?;
        let raw = frame.read(r)?;
        let value = self.decode(frame.value_of(&raw), pos)?;
        Ok((raw, value))
    }

    /// Writes `raw` while it still decodes to `value`, else `value` encoded and framed.
    fn write<W: Write + Seek>(
        &self,
        w: &mut W,
        frame: &KsFrame,
        value: &[u8],
        raw: &[u8],
    ) -> BinResult<()> {
        let pos = w.stream_position()?;
        if self
            .decode(frame.value_of(raw), pos)
            .is_ok_and(|v| v == value)
        {
            w.write_all(raw)?;
        } else {
            w.write_all(&frame.encode(&self.encode(value, pos)?, pos)?)?;
        }
        Ok(())
    }
}

/// A processed byte array: `value` is the field's bytes, `raw` the bytes as stored (with any
/// terminator and padding), written back while `value` is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KsProcBytes {
    /// The bytes after `process`.
    pub value: Vec<u8>,
    /// The bytes as stored.
    pub raw: Vec<u8>,
}

impl BinRead for KsProcBytes {
    type Args<'a> = (KsFrame, KsProcess);

    fn read_options<R: Read + Seek>(
        r: &mut R,
        _: Endian,
        (frame, process): Self::Args<'_>,
    ) -> BinResult<Self> {
        let (raw, value) = process.read(r, &frame)?;
        Ok(KsProcBytes { value, raw })
    }
}

impl BinWrite for KsProcBytes {
    type Args<'a> = (KsFrame, KsProcess);

    fn write_options<W: Write + Seek>(
        &self,
        w: &mut W,
        _: Endian,
        (frame, process): Self::Args<'_>,
    ) -> BinResult<()> {
        process.write(w, &frame, &self.value, &self.raw)
    }
}

/// A user type read from processed bytes: the value, the decoded bytes it left unparsed, and
/// the bytes as stored (written back while value and tail decode from them unchanged).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KsProcSub<T> {
    /// The parsed value.
    pub value: T,
    /// The rest of the decoded bytes.
    pub tail: Vec<u8>,
    /// The bytes as stored.
    pub raw: Vec<u8>,
}

impl<T: BinRead> BinRead for KsProcSub<T> {
    type Args<'a> = (KsFrame, KsProcess, T::Args<'a>);

    fn read_options<R: Read + Seek>(
        r: &mut R,
        endian: Endian,
        (frame, process, inner): Self::Args<'_>,
    ) -> BinResult<Self> {
        let (raw, plain) = process.read(r, &frame)?;
        let (value, used) = read_area::<T>(&plain, endian, inner)?;
        Ok(KsProcSub {
            value,
            tail: plain[used..].to_vec(),
            raw,
        })
    }
}

impl<T: BinWrite> BinWrite for KsProcSub<T> {
    type Args<'a> = (KsFrame, KsProcess, T::Args<'a>);

    fn write_options<W: Write + Seek>(
        &self,
        w: &mut W,
        endian: Endian,
        (frame, process, inner): Self::Args<'_>,
    ) -> BinResult<()> {
        let plain = write_area(&self.value, &self.tail, endian, inner)?;
        process.write(w, &frame, &plain, &self.raw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use binrw::io::Cursor;

    fn sized(n: usize) -> KsFrame {
        KsFrame {
            size: Some(n),
            unit: 1,
            ..KsFrame::default()
        }
    }

    fn write(value: &KsProcBytes, frame: KsFrame, process: KsProcess) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        value
            .write_options(&mut out, Endian::Little, (frame, process))
            .unwrap();
        out.into_inner()
    }

    #[test]
    fn xor_and_rotate_invert_each_other() {
        for (process, stored, plain) in [
            (KsProcess::Xor(vec![0x0f, 0xf0]), [0x1f, 0xf1], [0x10, 0x01]),
            (KsProcess::xor_int(0x1ff), [0x00, 0xff], [0xff, 0x00]),
            (KsProcess::rol(1), [0x81, 0x40], [0x03, 0x80]),
            (KsProcess::rol(8 - 1), [0x03, 0x80], [0x81, 0x40]),
            (KsProcess::Xor(vec![]), [1, 2], [1, 2]),
        ] {
            assert_eq!(process.decode(&stored, 0).unwrap(), plain, "{process:?}");
            assert_eq!(process.encode(&plain, 0).unwrap(), stored, "{process:?}");
        }
        assert_eq!(KsProcess::rol(-1), KsProcess::Rol(7));
    }

    #[test]
    fn zlib_keeps_its_stream_until_the_value_changes() {
        // Level 9 here: the writer's default level would compress differently.
        let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        e.write_all(b"hello hello hello").unwrap();
        let stored = e.finish().unwrap();
        let frame = sized(stored.len());
        let mut r = Cursor::new(&stored[..]);
        let b =
            KsProcBytes::read_options(&mut r, Endian::Little, (frame, KsProcess::Zlib)).unwrap();
        assert_eq!(b.value, b"hello hello hello");
        assert_eq!(write(&b, frame, KsProcess::Zlib), stored);
        let edited = KsProcBytes {
            value: b"bye".to_vec(),
            raw: b.raw,
        };
        let eos = KsFrame {
            eos: true,
            ..KsFrame::default()
        };
        let again = write(&edited, eos, KsProcess::Zlib);
        assert_eq!(KsProcess::Zlib.decode(&again, 0).unwrap(), b"bye");
    }

    #[test]
    fn broken_zlib_is_an_error_at_its_offset() {
        let mut r = Cursor::new(&[0u8, 0, 0x78, 0x9c, 1, 2][..]);
        r.set_position(2);
        let err = KsProcBytes::read_options(&mut r, Endian::Little, (sized(4), KsProcess::Zlib))
            .unwrap_err();
        assert!(matches!(err, binrw::Error::Custom { pos: 2, .. }), "{err}");
    }

    /// A routine that stores each byte with its high bit as a free flag: decoding clears it,
    /// encoding leaves it clear, so only the kept stored bytes preserve a set flag.
    struct LowSeven;

    impl crate::custom_process::KsCustomProcess for LowSeven {
        fn decode(&self, stored: &[u8]) -> Result<Vec<u8>, String> {
            match stored.first() {
                Some(0xff) => Err("0xff is reserved".into()),
                _ => Ok(stored.iter().map(|b| b & 0x7f).collect()),
            }
        }

        fn encode(&self, value: &[u8]) -> Result<Vec<u8>, String> {
            Ok(value.to_vec())
        }
    }

    #[test]
    fn a_custom_routine_keeps_stored_bytes_and_names_itself_in_errors() {
        let custom = KsProcess::custom("low_seven", LowSeven);
        let mut r = Cursor::new(&[0x81u8, 0x02][..]);
        let b =
            KsProcBytes::read_options(&mut r, Endian::Little, (sized(2), custom.clone())).unwrap();
        assert_eq!(b.value, [0x01, 0x02]);
        // Unchanged: the stored high bit survives, though `encode` would clear it.
        assert_eq!(write(&b, sized(2), custom.clone()), [0x81, 0x02]);
        let edited = KsProcBytes {
            value: vec![0x03, 0x04],
            raw: b.raw,
        };
        assert_eq!(write(&edited, sized(2), custom.clone()), [0x03, 0x04]);
        let mut r = Cursor::new(&[0u8, 0xff, 0x00][..]);
        r.set_position(1);
        let err =
            KsProcBytes::read_options(&mut r, Endian::Little, (sized(2), custom)).unwrap_err();
        assert!(matches!(err, binrw::Error::Custom { pos: 1, .. }), "{err}");
        assert!(
            err.to_string()
                .contains("process low_seven: 0xff is reserved"),
            "{err}"
        );
    }

    #[test]
    fn a_processed_sub_type_keeps_its_tail() {
        let frame = sized(3);
        let process = KsProcess::Xor(vec![0xff]);
        let mut r = Cursor::new(&[0xfe, 0xff, 0xaa][..]);
        let sub =
            KsProcSub::<u16>::read_options(&mut r, Endian::Little, (frame, process.clone(), ()))
                .unwrap();
        assert_eq!((sub.value, sub.tail.as_slice()), (0x0001, &[0x55][..]));
        let edited = KsProcSub { value: 2u16, ..sub };
        let mut out = Cursor::new(Vec::new());
        edited
            .write_options(&mut out, Endian::Little, (frame, process, ()))
            .unwrap();
        assert_eq!(out.into_inner(), [0xfd, 0xff, 0xaa]);
    }
}
