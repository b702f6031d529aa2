//! Palworld's "PlZ" wrapper: `u32` uncompressed length, `u32` compressed length, "PlZ", a type byte
//! (`0x31` zlib once, `0x32` zlib twice), then the zlib stream.
//!
//! For the double form, the compressed length field is the length of the intermediate stream (the
//! outer stream's uncompressed size). Both lengths are derived from the data on write.

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

/// The fixed header before the zlib stream.
#[binrw]
#[brw(little)]
struct PlzHeader {
    uncompressed_len: u32,
    compressed_len: u32,
    #[brw(magic = b"PlZ")]
    kind: u8,
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
                    && unreal::chunked::adler32(body) == *body_adler32;
                if unchanged {
                    (
                        TWICE,
                        stream.uncompressed_len as usize,
                        std::borrow::Cow::Borrowed(stream),
                    )
                } else {
                    let inner = ZlibStream::deflate(body, params).map_err(zlib)?;
                    let outer = ZlibStream::deflate(&inner.compressed, params).map_err(zlib)?;
                    (
                        TWICE,
                        inner.compressed.len(),
                        std::borrow::Cow::Owned(outer),
                    )
                }
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
