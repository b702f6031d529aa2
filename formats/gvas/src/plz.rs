//! Palworld's "PlZ" wrapper: `u32` uncompressed length, `u32` compressed length, "PlZ", a type byte
//! (`0x31` zlib once, `0x32` zlib twice), then the zlib stream; and its "PlM" form (Palworld 0.6
//! on): the same header with "PlM" and type `0x31`, then an Oodle stream.
//!
//! For the double form, the compressed length field is the length of the intermediate stream (the
//! outer stream's uncompressed size). Both lengths are derived from the data on write.
//!
//! PlM is read with `oozextract` (an open-source Oodle decompressor). No open-source Oodle
//! compressor exists, so an edited PlM body is written as PlZ type `0x32` (zlib twice), which is
//! what the community tools write (palworld-save-tools, the palworld.tf editor: "Palworld can read
//! both formats", iebb/PalworldSaveEditor#11) and what the game loads; an unedited body re-emits
//! the original Oodle stream byte for byte.

use binrw::{BinRead, binrw};
use serde::{Deserialize, Serialize};
use unreal::chunked::{DeflateParams, ZlibStream};

use crate::Error;

/// Size of the fixed PlZ header.
const HEADER_LEN: usize = 12;
/// Type byte of a body compressed once.
const ONCE: u8 = 0x31;
/// Type byte of a body compressed twice.
const TWICE: u8 = 0x32;
/// Path prefix for errors in this wrapper.
const PATH: &str = "PlZ";

/// Magic of the Oodle form.
const PLM_MAGIC: &[u8; 3] = b"PlM";
/// The only PlM type byte seen: one Oodle stream.
const PLM_ONCE: u8 = 0x31;
/// Oodle blocks hold at most 256 KiB and take at least two header bytes each, which bounds the
/// body a stream of a given size can claim (so a header cannot make the reader allocate more).
const OODLE_MAX_RATIO: u64 = 0x40000 / 2;

/// The fixed header before the zlib stream.
#[binrw]
#[brw(little)]
struct PlzHeader {
    uncompressed_len: u32,
    compressed_len: u32,
    #[brw(magic = b"PlZ")]
    kind: u8,
}

/// The fixed header before the Oodle stream.
#[binrw]
#[brw(little)]
struct PlmHeader {
    uncompressed_len: u32,
    compressed_len: u32,
    #[brw(magic = b"PlM")]
    kind: u8,
}

/// A PlM-wrapped body as stored: the Oodle stream, kept to be written back while the body is
/// unchanged (its length and Adler-32 tell).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plm {
    /// The type byte (`0x31`).
    pub kind: u8,
    /// The stored Oodle stream.
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub compressed: Vec<u8>,
    /// Length of the body the stream decompresses to.
    pub body_len: u64,
    /// Adler-32 of that body.
    pub body_adler32: u32,
}

impl Plm {
    /// Whether `data` has the PlM signature.
    pub(crate) fn detect(data: &[u8]) -> bool {
        data.get(8..11) == Some(PLM_MAGIC)
    }

    /// Reads the wrapper and returns it with the decompressed body.
    pub(crate) fn read(data: &[u8]) -> Result<(Plm, Vec<u8>), Error> {
        const PATH: &str = "PlM";
        let header = PlmHeader::read(&mut binrw::io::Cursor::new(data))
            .map_err(|e| Error::binrw_read(PATH, 0, data.len(), e))?;
        if header.kind != PLM_ONCE {
            return Err(Error::new(
                "PlM.kind",
                11,
                format!(
                    "unknown PlM type {} (0x31, one Oodle stream, expected)",
                    crate::error::magic(&[header.kind], 1)
                ),
            ));
        }
        let stored = &data[HEADER_LEN..];
        if u64::from(header.compressed_len) != stored.len() as u64 {
            return Err(Error::new(
                "PlM.compressed_len",
                4,
                format!(
                    "says {} bytes, {} bytes follow the header",
                    header.compressed_len,
                    stored.len()
                ),
            ));
        }
        let claimed = u64::from(header.uncompressed_len);
        if claimed > (stored.len() as u64).saturating_mul(OODLE_MAX_RATIO) {
            return Err(Error::new(
                "PlM.uncompressed_len",
                0,
                format!(
                    "claims {claimed} bytes, more than an Oodle stream of {} bytes can hold",
                    stored.len()
                ),
            ));
        }
        // Bounded above; zeroed memory is mapped lazily, so a lying claim costs no more.
        let mut body = vec![0u8; claimed as usize];
        let produced = oozextract::Extractor::new()
            .read_from_slice(stored, &mut body)
            .map_err(|e| {
                Error::new(
                    "PlM.stream",
                    HEADER_LEN,
                    format!("Oodle stream does not decompress: {e}"),
                )
            })?;
        if produced != body.len() {
            return Err(Error::new(
                "PlM.uncompressed_len",
                0,
                format!("says {claimed} bytes, the Oodle stream holds {produced}"),
            ));
        }
        let plm = Plm {
            kind: header.kind,
            compressed: stored.to_vec(),
            body_len: claimed,
            body_adler32: unreal::chunked::adler32(&body),
        };
        Ok((plm, body))
    }

    /// Whether `body` is the one the stored stream holds.
    pub fn holds(&self, body: &[u8]) -> bool {
        body.len() as u64 == self.body_len && unreal::chunked::adler32(body) == self.body_adler32
    }

    /// Wraps `body`: the stored Oodle stream when the body is unchanged, else PlZ zlib twice.
    pub(crate) fn write(&self, body: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        if !self.holds(body) {
            return write_twice(body, out);
        }
        let header = PlmHeader {
            uncompressed_len: length_field(body.len(), "uncompressed length")?,
            compressed_len: length_field(self.compressed.len(), "compressed length")?,
            kind: self.kind,
        };
        crate::put_binrw(&header, out).map_err(|e| Error::binrw("PlM", 0, e))?;
        out.extend_from_slice(&self.compressed);
        Ok(())
    }
}

/// Whether `stream`, taken from JSON, really holds `body` through both zlib layers.
fn inflates_twice_to(stream: &ZlibStream, body: &[u8]) -> bool {
    let mut inner = Vec::new();
    let mut inflated = Vec::new();
    ZlibStream::inflate(&stream.compressed, stream.uncompressed_len, 0, &mut inner).is_ok()
        && ZlibStream::inflate(&inner, body.len() as u64, 0, &mut inflated).is_ok()
        && inflated == body
}

/// Writes `body` as a fresh PlZ of type `0x32` (zlib twice).
fn write_twice(body: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let zlib = |e| Error::zlib(PATH, e);
    let params = DeflateParams::default();
    let inner = ZlibStream::deflate(body, params).map_err(zlib)?;
    let outer = ZlibStream::deflate(&inner.compressed, params).map_err(zlib)?;
    let header = PlzHeader {
        uncompressed_len: length_field(body.len(), "uncompressed length")?,
        compressed_len: length_field(inner.compressed.len(), "compressed length")?,
        kind: TWICE,
    };
    crate::put_binrw(&header, out).map_err(|e| Error::binrw(PATH, 0, e))?;
    out.extend_from_slice(&outer.compressed);
    Ok(())
}

/// A PlZ-wrapped body as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Plz {
    /// Type `0x31`: the body compressed once; `stream` holds it.
    Once {
        /// The stored zlib stream.
        stream: ZlibStream,
    },
    /// Type `0x32`: the body compressed, and the result compressed again.
    Twice {
        /// The stored (outer) zlib stream; it decompresses to the inner stream.
        stream: ZlibStream,
        /// Length of the body (what the inner stream decompresses to).
        body_len: u64,
        /// Adler-32 of the body, from the inner stream's trailer.
        body_adler32: u32,
    },
}

impl Plz {
    /// Whether `data` has the PlZ signature.
    pub(crate) fn detect(data: &[u8]) -> bool {
        data.get(8..11) == Some(b"PlZ")
    }

    /// Reads the wrapper and returns it with the decompressed body.
    pub(crate) fn read(data: &[u8]) -> Result<(Plz, Vec<u8>), Error> {
        let header = PlzHeader::read(&mut binrw::io::Cursor::new(data))
            .map_err(|e| Error::binrw_read(PATH, 0, data.len(), e))?;
        let stored = &data[HEADER_LEN.min(data.len())..];
        let zlib = |e| Error::zlib(PATH, e);
        match header.kind {
            ONCE => {
                check_len(header.compressed_len, stored.len() as u64, 4)?;
                let mut body = Vec::new();
                let stream = ZlibStream::inflate(
                    stored,
                    header.uncompressed_len.into(),
                    HEADER_LEN,
                    &mut body,
                )
                .map_err(zlib)?;
                Ok((Plz::Once { stream }, body))
            }
            TWICE => {
                let mut inner = Vec::new();
                let stream = ZlibStream::inflate(
                    stored,
                    header.compressed_len.into(),
                    HEADER_LEN,
                    &mut inner,
                )
                .map_err(zlib)?;
                let mut body = Vec::new();
                let inner_stream =
                    ZlibStream::inflate(&inner, header.uncompressed_len.into(), 0, &mut body)
                        .map_err(|e| Error::zlib("PlZ inner stream", e))?;
                let body_adler32 = inner_stream.adler32().ok_or_else(|| {
                    Error::new("PlZ inner stream", 0, "zlib stream without a checksum")
                })?;
                let plz = Plz::Twice {
                    stream,
                    body_len: inner_stream.uncompressed_len,
                    body_adler32,
                };
                Ok((plz, body))
            }
            other => Err(Error::new(
                format!("{PATH}.kind"),
                11,
                format!("unknown PlZ type 0x{other:02x} (0x31 zlib once, 0x32 zlib twice)"),
            )),
        }
    }

    /// Wraps `body`, re-emitting the stored stream when the body is unchanged.
    pub(crate) fn write(&self, body: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        let zlib = |e| Error::zlib(PATH, e);
        let params = DeflateParams::default();
        let (kind, compressed_len, stream) = match self {
            Plz::Once { stream } => {
                let stream = stream.reuse_or_deflate(body, params).map_err(zlib)?;
                (ONCE, stream.compressed.len(), stream)
            }
            Plz::Twice {
                stream,
                body_len,
                body_adler32,
            } => {
                let unchanged = body.len() as u64 == *body_len
                    && unreal::chunked::adler32(body) == *body_adler32
                    && (stream.was_inflated() || inflates_twice_to(stream, body));
                if !unchanged {
                    return write_twice(body, out);
                }
                (
                    TWICE,
                    stream.uncompressed_len as usize,
                    std::borrow::Cow::Borrowed(stream),
                )
            }
        };
        let header = PlzHeader {
            uncompressed_len: length_field(body.len(), "uncompressed length")?,
            compressed_len: length_field(compressed_len, "compressed length")?,
            kind,
        };
        crate::put_binrw(&header, out).map_err(|e| Error::binrw(PATH, 0, e))?;
        out.extend_from_slice(&stream.compressed);
        Ok(())
    }
}

fn check_len(field: u32, actual: u64, at: usize) -> Result<(), Error> {
    if u64::from(field) == actual {
        Ok(())
    } else {
        Err(Error::new(
            format!("{PATH}.compressed_len"),
            at,
            format!("says {field} bytes, {actual} bytes follow the header"),
        ))
    }
}

fn length_field(len: usize, what: &str) -> Result<u32, Error> {
    u32::try_from(len)
        .map_err(|_| Error::new(PATH, 0, format!("{what} {len} does not fit the PlZ header")))
}
