//! The Unreal compressed chunk archive and kept zlib streams.
//!
//! `FArchive::SerializeCompressed` writes an archive as a header (`PACKAGE_FILE_TAG`, the maximum chunk
//! size and, in the UE5 "v2" header, a compressor byte), a summary `FCompressedChunkInfo` (total
//! compressed and uncompressed size), one `FCompressedChunkInfo` per chunk and then the compressed chunks.
//! Satisfactory saves (`FArchiveLoadCompressedProxy`) are a sequence of such archives with one chunk
//! each; other games write one archive with many chunks. Both layouts are read and written here.
//!
//! Byte-exact round trips: the games' deflate output cannot be reproduced by zlib-rs, so every original
//! compressed stream is kept ([`ZlibStream`]) and written back when its uncompressed bytes did not
//! change. "Did not change" is checked without keeping the uncompressed bytes: same length and the same
//! Adler-32 as the zlib trailer of the original stream (which the inflater verified while reading).

use std::borrow::Cow;
use std::fmt;

use binrw::io::Cursor;
use binrw::{BinRead, BinWrite, binrw};
use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};
use schema_derive::version;
use serde::{Deserialize, Serialize};

mod reader;
pub use reader::ZlibReader;

/// `PACKAGE_FILE_TAG`, the first four bytes of every compressed archive.
pub const PACKAGE_FILE_TAG: u32 = 0x9E2A_83C1;
/// `ARCHIVE_V2_HEADER_TAG`: the upper half of the 64-bit tag in UE5 archives that carry a compressor byte.
pub const ARCHIVE_V2_HEADER_TAG: u32 = 0x2222_2222;
/// Compressor number of zlib in the v2 header (`NAME_Zlib` in the engine's compression format list).
pub const COMPRESSOR_ZLIB: u8 = 3;
/// The engine's default maximum uncompressed chunk size (`COMPRESSION_CHUNK_SIZE`, 128 KiB).
pub const DEFAULT_CHUNK_SIZE: i64 = 131_072;
/// deflate never expands its output by more than this factor, so larger claims are bounded by it.
const MAX_DEFLATE_RATIO: usize = 1032;

/// A failure while reading or writing compressed data: what went wrong and where (offset in the input).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// Byte offset in the compressed input where the problem was found.
    pub offset: usize,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at 0x{:x}", self.message, self.offset)
    }
}

impl std::error::Error for Error {}

fn err(offset: usize, message: impl Into<String>) -> Error {
    Error {
        offset,
        message: message.into(),
    }
}

/// Parameters for compressing data anew (only used for chunks whose content changed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeflateParams {
    /// zlib level, 0 to 9.
    pub level: u32,
    /// log2 of the window size, 9 to 15.
    pub window_bits: u8,
}

impl Default for DeflateParams {
    /// Level 6 with a 32 KiB window: what Unreal's zlib compressor uses.
    fn default() -> Self {
        DeflateParams {
            level: 6,
            window_bits: 15,
        }
    }
}

/// One zlib stream (header, deflate data, Adler-32 trailer) exactly as stored in a file.
#[derive(Debug, Clone, Eq, Serialize, Deserialize)]
pub struct ZlibStream {
    /// Length of the data the stream decompresses to.
    pub uncompressed_len: u64,
    /// The stream's bytes (hex in JSON).
    #[serde(with = "hex_bytes")]
    pub compressed: Vec<u8>,
    /// Set when this stream was inflated (read from a file, or made by deflate) and so is known to
    /// hold `uncompressed_len` bytes with its trailer's checksum. A stream from JSON is not, so
    /// [`ZlibStream::holds`] inflates it before it is re-emitted.
    #[serde(skip)]
    inflated: bool,
}

impl PartialEq for ZlibStream {
    /// The stored bytes and length; where the value came from does not matter.
    fn eq(&self, other: &Self) -> bool {
        self.uncompressed_len == other.uncompressed_len && self.compressed == other.compressed
    }
}

impl ZlibStream {
    /// Inflates all of `compressed`, which must decompress to exactly `expected_len` bytes, appending
    /// them to `out`; `offset` is where `compressed` starts in the file (for errors).
    ///
    /// The output buffer grows with the data actually produced, so a lying length cannot force a
    /// large allocation.
    pub fn inflate(
        compressed: &[u8],
        expected_len: u64,
        offset: usize,
        out: &mut Vec<u8>,
    ) -> Result<ZlibStream, Error> {
        let expected = claimed_len(compressed, expected_len, offset)?;
        let start = out.len();
        inflate_into(compressed, expected, offset, out)?;
        let produced = out.len() - start;
        if produced != expected {
            return Err(err(
                offset,
                format!("zlib stream holds {produced} bytes, its header says {expected}"),
            ));
        }
        Ok(ZlibStream {
            uncompressed_len: expected_len,
            compressed: compressed.to_vec(),
            inflated: true,
        })
    }

    /// Inflates all of `compressed` into `out`, which it must fill exactly; `offset` is where
    /// `compressed` starts in the file (for errors). For readers that know where each chunk's
    /// bytes go: no intermediate buffer, no copy.
    pub fn inflate_to(
        compressed: &[u8],
        out: &mut [u8],
        offset: usize,
    ) -> Result<ZlibStream, Error> {
        let expected = claimed_len(compressed, out.len() as u64, offset)?;
        let mut inflater = Decompress::new(true);
        // Output past `out` lands here, which is how an overlong stream is caught.
        let mut spare = [0u8; 1];
        loop {
            let consumed = usize::try_from(inflater.total_in()).unwrap_or(compressed.len());
            let produced = usize::try_from(inflater.total_out()).unwrap_or(usize::MAX);
            if produced > expected {
                return Err(err(
                    offset,
                    format!("zlib stream holds more than the {expected} bytes its header says"),
                ));
            }
            let input = compressed.get(consumed..).unwrap_or_default();
            let output = match out.get_mut(produced..) {
                Some(rest) if !rest.is_empty() => rest,
                _ => &mut spare[..],
            };
            let status = inflater
                .decompress(input, output, FlushDecompress::None)
                .map_err(|e| err(offset + consumed, format!("invalid zlib data: {e}")))?;
            let progressed = inflater.total_in() as usize != consumed
                || inflater.total_out() as usize != produced;
            if status == Status::StreamEnd {
                break;
            }
            if !progressed {
                return Err(err(offset + compressed.len(), "zlib stream is truncated"));
            }
        }
        let produced = usize::try_from(inflater.total_out()).unwrap_or(usize::MAX);
        if produced != expected {
            return Err(err(
                offset,
                format!("zlib stream holds {produced} bytes, its header says {expected}"),
            ));
        }
        let consumed = usize::try_from(inflater.total_in()).unwrap_or(0);
        if consumed != compressed.len() {
            return Err(err(
                offset + consumed,
                format!(
                    "{} bytes follow the end of the zlib stream",
                    compressed.len() - consumed
                ),
            ));
        }
        Ok(ZlibStream {
            uncompressed_len: expected as u64,
            compressed: compressed.to_vec(),
            inflated: true,
        })
    }

    /// Compresses `data` into a new stream.
    pub fn deflate(data: &[u8], params: DeflateParams) -> Result<ZlibStream, Error> {
        let mut compressor = Compress::new_with_window_bits(
            Compression::new(params.level),
            true,
            params.window_bits,
        );
        let mut compressed = Vec::with_capacity(data.len() / 2 + 64);
        loop {
            if compressed.len() == compressed.capacity() {
                compressed.reserve(compressed.capacity().max(64));
            }
            let consumed = usize::try_from(compressor.total_in()).unwrap_or(data.len());
            let status = compressor
                .compress_vec(
                    data.get(consumed..).unwrap_or_default(),
                    &mut compressed,
                    FlushCompress::Finish,
                )
                .map_err(|e| err(0, format!("zlib compression failed: {e}")))?;
            if status == Status::StreamEnd {
                break;
            }
        }
        Ok(ZlibStream {
            uncompressed_len: data.len() as u64,
            compressed,
            inflated: true,
        })
    }

    /// The Adler-32 of the uncompressed data, from the stream's trailer.
    pub fn adler32(&self) -> Option<u32> {
        let trailer = self.compressed.len().checked_sub(4)?;
        let bytes: [u8; 4] = self.compressed.get(trailer..)?.try_into().ok()?;
        Some(u32::from_be_bytes(bytes))
    }

    /// Whether this stream decompresses to `data`: same length and same Adler-32 for a stream that
    /// was inflated before, and the inflated bytes themselves for one that was not (from JSON, where
    /// any byte may have been edited while the trailer still matches).
    pub fn holds(&self, data: &[u8]) -> bool {
        let same_sum =
            data.len() as u64 == self.uncompressed_len && self.adler32() == Some(adler32(data));
        same_sum && (self.inflated || self.inflates_to(data))
    }

    /// Whether this stream was inflated (read from a file, or made by deflate), rather than taken
    /// unchecked from JSON.
    pub fn was_inflated(&self) -> bool {
        self.inflated
    }

    fn inflates_to(&self, data: &[u8]) -> bool {
        let mut out = Vec::new();
        ZlibStream::inflate(&self.compressed, self.uncompressed_len, 0, &mut out)
            .is_ok_and(|_| out == data)
    }

    /// This stream when it still holds `data`, otherwise `data` compressed anew.
    pub fn reuse_or_deflate(
        &self,
        data: &[u8],
        params: DeflateParams,
    ) -> Result<Cow<'_, ZlibStream>, Error> {
        if self.holds(data) {
            Ok(Cow::Borrowed(self))
        } else {
            ZlibStream::deflate(data, params).map(Cow::Owned)
        }
    }
}

/// `expected_len`, the uncompressed length a container claims for `compressed`, when deflate could
/// produce it from that many bytes: every buffer sized from a claim is then bounded by the input.
fn claimed_len(compressed: &[u8], expected_len: u64, offset: usize) -> Result<usize, Error> {
    usize::try_from(expected_len)
        .ok()
        .filter(|&n| n / MAX_DEFLATE_RATIO <= compressed.len())
        .ok_or_else(|| {
            err(
                offset,
                format!(
                    "zlib stream of {} bytes cannot hold the {expected_len} bytes its header claims",
                    compressed.len()
                ),
            )
        })
}

/// The Adler-32 checksum of `data`, as a zlib trailer stores it.
pub fn adler32(data: &[u8]) -> u32 {
    zlib_rs::adler32::adler32(1, data)
}

/// Inflates `compressed` onto `out`, producing at most `expected + 1` bytes (one more than allowed
/// so that overlong streams are detected) and requiring the stream to end exactly at the input's end.
fn inflate_into(
    compressed: &[u8],
    expected: usize,
    offset: usize,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    let start = out.len();
    let limit = expected.saturating_add(1);
    let mut inflater = Decompress::new(true);
    out.reserve_exact(limit.min(compressed.len().saturating_mul(4).saturating_add(4096)));
    loop {
        let produced = out.len() - start;
        if out.len() == out.capacity() {
            if produced >= limit {
                return Err(err(
                    offset,
                    format!("zlib stream holds more than the {expected} bytes its header says"),
                ));
            }
            out.reserve_exact(produced.max(4096).min(limit - produced));
        }
        let consumed = usize::try_from(inflater.total_in()).unwrap_or(compressed.len());
        let input = compressed.get(consumed..).unwrap_or_default();
        let status = inflater
            .decompress_vec(input, out, FlushDecompress::None)
            .map_err(|e| err(offset + consumed, format!("invalid zlib data: {e}")))?;
        if status == Status::StreamEnd {
            break;
        }
        let progressed = inflater.total_in() as usize != consumed || out.len() - start != produced;
        if !progressed {
            return Err(err(offset + compressed.len(), "zlib stream is truncated"));
        }
    }
    let consumed = usize::try_from(inflater.total_in()).unwrap_or(0);
    if consumed != compressed.len() {
        return Err(err(
            offset + consumed,
            format!(
                "{} bytes follow the end of the zlib stream",
                compressed.len() - consumed
            ),
        ));
    }
    Ok(())
}

/// How the chunks are grouped into archives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChunkLayout {
    /// One archive holding every chunk (`FArchive::SerializeCompressed`).
    SingleArchive,
    /// One archive per chunk (Satisfactory's `FArchiveLoadCompressedProxy`).
    ArchivePerChunk,
}

/// The archive header shared by every archive of the data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArchiveHeader {
    /// `Some(compressor)` for the UE5 v2 header (tag upper half `0x22222222`), `None` for v1.
    pub v2_compressor: Option<u8>,
    /// Maximum uncompressed size of a chunk; new chunks are cut to this size.
    pub max_chunk_size: i64,
}

/// A compressed chunk archive: its header, layout and every original compressed chunk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChunkedArchive {
    /// Header written before each archive.
    pub header: ArchiveHeader,
    /// Grouping of the chunks into archives.
    pub layout: ChunkLayout,
    /// Chunks in order; their uncompressed bytes concatenated are the archive's payload.
    pub chunks: Vec<ZlibStream>,
}

/// `FCompressedChunkInfo`: the compressed and uncompressed size of one chunk, or (as an archive's
/// summary) of all its chunks.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FCompressedChunkInfo {
    compressed_size: i64,
    uncompressed_size: i64,
}

impl FCompressedChunkInfo {
    fn new(compressed: u64, uncompressed: u64) -> Result<Self, Error> {
        let size = |n: u64| i64::try_from(n).map_err(|_| err(0, format!("size {n} exceeds i64")));
        Ok(FCompressedChunkInfo {
            compressed_size: size(compressed)?,
            uncompressed_size: size(uncompressed)?,
        })
    }

    /// Both sizes, which must not be negative; `at` is where the info was read (for errors).
    fn sizes(self, at: usize, what: &str) -> Result<(u64, u64), Error> {
        let (c, u) = (self.compressed_size, self.uncompressed_size);
        match (u64::try_from(c), u64::try_from(u)) {
            (Ok(c), Ok(u)) => Ok((c, u)),
            _ => Err(err(at, format!("{what}: negative size ({c}, {u})"))),
        }
    }
}

/// The header in front of every archive: `PACKAGE_FILE_TAG`, the header version (0 for v1,
/// `ARCHIVE_V2_HEADER_TAG` for v2), the maximum chunk size, the compressor (v2 only) and the summary.
#[version(header_version: u32 = header_version)]
#[binrw]
#[brw(little, magic = 0x9E2A_83C1u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FArchiveHeader {
    header_version: u32,
    max_chunk_size: i64,
    #[only(header_version == ARCHIVE_V2_HEADER_TAG)]
    compressor: Option<u8>,
    summary: FCompressedChunkInfo,
}

impl FArchiveHeader {
    /// Offsets of the fields the checks below report, from the start of the header.
    const HEADER_VERSION_AT: usize = 4;
    const MAX_CHUNK_SIZE_AT: usize = 8;
    const COMPRESSOR_AT: usize = 16;

    fn for_archive(header: &ArchiveHeader, summary: FCompressedChunkInfo) -> Self {
        FArchiveHeader {
            header_version: match header.v2_compressor {
                Some(_) => ARCHIVE_V2_HEADER_TAG,
                None => 0,
            },
            max_chunk_size: header.max_chunk_size,
            compressor: header.v2_compressor,
            summary,
        }
    }

    /// Checks what this crate can read; `at` is where the header starts (for errors).
    fn check(&self, at: usize) -> Result<ArchiveHeader, Error> {
        let version = self.header_version;
        if version != 0 && version != ARCHIVE_V2_HEADER_TAG {
            return Err(err(
                at + Self::HEADER_VERSION_AT,
                format!("unknown archive header version 0x{version:08x}"),
            ));
        }
        if self.max_chunk_size <= 0 {
            return Err(err(
                at + Self::MAX_CHUNK_SIZE_AT,
                format!("invalid maximum chunk size {}", self.max_chunk_size),
            ));
        }
        if let Some(c) = self.compressor.filter(|&c| c != COMPRESSOR_ZLIB) {
            return Err(err(
                at + Self::COMPRESSOR_AT,
                format!("compressor {c} is not supported (only zlib, {COMPRESSOR_ZLIB})"),
            ));
        }
        Ok(ArchiveHeader {
            v2_compressor: self.compressor,
            max_chunk_size: self.max_chunk_size,
        })
    }
}

/// Reads a `#[binrw]` value at the cursor; errors carry `base` plus the value's position.
fn read_disk<T>(cursor: &mut Cursor<&[u8]>, base: usize, what: &str) -> Result<T, Error>
where
    T: for<'a> BinRead<Args<'a> = ()>,
{
    let at = cursor.position() as usize;
    T::read_le(cursor).map_err(|e| binrw_error(e, cursor.get_ref(), at, base, what))
}

fn binrw_error(error: binrw::Error, data: &[u8], at: usize, base: usize, what: &str) -> Error {
    match error {
        binrw::Error::Backtrace(backtrace) => binrw_error(*backtrace.error, data, at, base, what),
        binrw::Error::BadMagic { pos, .. } => {
            let pos = pos as usize;
            let found = data
                .get(pos..pos + 4)
                .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
            err(
                base + pos,
                format!("archive tag 0x{PACKAGE_FILE_TAG:08x} expected, found 0x{found:08x}"),
            )
        }
        binrw::Error::Io(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => err(
            base + at,
            format!("{what}: data ends after {} bytes", data.len() - at),
        ),
        other => err(base + at, format!("{what}: {other}")),
    }
}

/// Appends a `#[binrw]` value to `out`.
fn put_disk<T>(value: &T, out: &mut Vec<u8>) -> Result<(), Error>
where
    T: for<'a> BinWrite<Args<'a> = ()>,
{
    let at = out.len();
    let mut cursor = Cursor::new(out);
    cursor.set_position(at as u64);
    value
        .write_le(&mut cursor)
        .map_err(|e| err(at, crate::binrw_error::flatten(&e).message))
}

impl ChunkedArchive {
    /// Whether `data` starts with a compressed archive tag.
    pub fn detect(data: &[u8]) -> bool {
        data.get(..4) == Some(&PACKAGE_FILE_TAG.to_le_bytes()[..])
    }

    /// Reads archives until the end of `data` and returns the model plus the decompressed payload.
    /// `base_offset` is where `data` starts in the file (for error offsets).
    pub fn read(data: &[u8], base_offset: usize) -> Result<(ChunkedArchive, Vec<u8>), Error> {
        let mut cursor = Cursor::new(data);
        let mut payload = Vec::new();
        let mut chunks = Vec::new();
        let mut header = None;
        let mut archives = 0usize;
        let mut multi_chunk_archive = false;
        while (cursor.position() as usize) < data.len() {
            let (this_header, count) =
                read_archive(&mut cursor, base_offset, &mut chunks, &mut payload)?;
            if header.is_some_and(|h| h != this_header) {
                return Err(err(
                    base_offset + cursor.position() as usize,
                    "archive headers differ between chunks",
                ));
            }
            header = Some(this_header);
            archives += 1;
            multi_chunk_archive |= count != 1;
        }
        let header = header.ok_or_else(|| err(base_offset, "no compressed archive found"))?;
        let layout = match (archives, multi_chunk_archive) {
            (1, _) if chunks.len() != 1 => ChunkLayout::SingleArchive,
            (_, false) => ChunkLayout::ArchivePerChunk,
            _ => {
                return Err(err(
                    base_offset,
                    "several archives holding several chunks each are not supported",
                ));
            }
        };
        let archive = ChunkedArchive {
            header,
            layout,
            chunks,
        };
        Ok((archive, payload))
    }

    /// Compresses `payload` into a fresh archive (new chunks cut at `header.max_chunk_size`).
    pub fn new(
        header: ArchiveHeader,
        layout: ChunkLayout,
        payload: &[u8],
        params: DeflateParams,
    ) -> Result<ChunkedArchive, Error> {
        let mut archive = ChunkedArchive {
            header,
            layout,
            chunks: Vec::new(),
        };
        archive.chunks = archive.rechunk(payload, params)?;
        Ok(archive)
    }

    /// Writes `payload` as this archive. When its length is unchanged, each original chunk whose bytes
    /// are unchanged is emitted as stored and only changed chunks are compressed anew. When the length
    /// changed, the unchanged full-size chunks at the start are kept and the rest is cut into new
    /// chunks of the maximum size.
    pub fn write(
        &self,
        payload: &[u8],
        params: DeflateParams,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        let chunks = self.streams(payload, params)?;
        self.emit(&chunks, out)
    }

    /// The compressed chunks [`ChunkedArchive::write`] writes for `payload`: the original streams
    /// where their bytes are unchanged, new ones for the rest (for a format that frames each
    /// chunk with its own header type).
    pub fn streams(
        &self,
        payload: &[u8],
        params: DeflateParams,
    ) -> Result<Vec<Cow<'_, ZlibStream>>, Error> {
        let original_len: u64 = self.chunks.iter().map(|c| c.uncompressed_len).sum();
        let mut chunks: Vec<Cow<'_, ZlibStream>> = Vec::with_capacity(self.chunks.len());
        let mut pos = 0usize;
        if original_len == payload.len() as u64 {
            for chunk in &self.chunks {
                let end = pos + chunk.uncompressed_len as usize;
                chunks.push(chunk.reuse_or_deflate(&payload[pos..end], params)?);
                pos = end;
            }
        } else {
            // Only full chunks can be kept: every chunk but the last must have the maximum size.
            let full = self.header.max_chunk_size as u64;
            for chunk in self
                .chunks
                .iter()
                .take_while(|c| c.uncompressed_len == full)
            {
                let end = pos.saturating_add(chunk.uncompressed_len as usize);
                match payload.get(pos..end) {
                    Some(bytes) if chunk.holds(bytes) => chunks.push(Cow::Borrowed(chunk)),
                    _ => break,
                }
                pos = end;
            }
            chunks.extend(
                self.rechunk(&payload[pos..], params)?
                    .into_iter()
                    .map(Cow::Owned),
            );
        }
        Ok(chunks)
    }

    /// Cuts `payload` into chunks of at most `max_chunk_size` bytes and compresses each.
    fn rechunk(&self, payload: &[u8], params: DeflateParams) -> Result<Vec<ZlibStream>, Error> {
        let size = usize::try_from(self.header.max_chunk_size)
            .ok()
            .filter(|&s| s > 0)
            .ok_or_else(|| {
                err(
                    0,
                    format!("invalid maximum chunk size {}", self.header.max_chunk_size),
                )
            })?;
        payload
            .chunks(size)
            .map(|piece| ZlibStream::deflate(piece, params))
            .collect()
    }

    fn emit(&self, chunks: &[Cow<'_, ZlibStream>], out: &mut Vec<u8>) -> Result<(), Error> {
        match self.layout {
            ChunkLayout::SingleArchive => self.emit_archive(chunks, out),
            ChunkLayout::ArchivePerChunk => chunks
                .iter()
                .try_for_each(|chunk| self.emit_archive(std::slice::from_ref(chunk), out)),
        }
    }

    fn emit_archive(&self, chunks: &[Cow<'_, ZlibStream>], out: &mut Vec<u8>) -> Result<(), Error> {
        let compressed: u64 = chunks.iter().map(|c| c.compressed.len() as u64).sum();
        let uncompressed: u64 = chunks.iter().map(|c| c.uncompressed_len).sum();
        let summary = FCompressedChunkInfo::new(compressed, uncompressed)?;
        let header = FArchiveHeader::for_archive(&self.header, summary);
        // What the reader would refuse is not written either.
        header.check(out.len())?;
        put_disk(&header, out)?;
        for chunk in chunks {
            let info =
                FCompressedChunkInfo::new(chunk.compressed.len() as u64, chunk.uncompressed_len)?;
            put_disk(&info, out)?;
        }
        for chunk in chunks {
            out.extend_from_slice(&chunk.compressed);
        }
        Ok(())
    }
}

/// Reads one archive (header, summary, chunk table, chunk data); returns its header and chunk count.
fn read_archive(
    cursor: &mut Cursor<&[u8]>,
    base: usize,
    chunks: &mut Vec<ZlibStream>,
    payload: &mut Vec<u8>,
) -> Result<(ArchiveHeader, usize), Error> {
    let at = cursor.position() as usize;
    let disk: FArchiveHeader = read_disk(cursor, base, "archive header")?;
    let header = disk.check(base + at)?;
    // The summary is the header's last 16 bytes.
    let summary_at = cursor.position() as usize - 16;
    let (total_compressed, total_uncompressed) =
        disk.summary.sizes(base + summary_at, "archive summary")?;
    let infos = read_chunk_table(
        cursor,
        base,
        header.max_chunk_size as u64,
        total_uncompressed,
    )?;
    let compressed_sum: u64 = infos.iter().map(|&(c, _)| c).sum();
    if compressed_sum != total_compressed {
        return Err(err(
            base + summary_at,
            format!(
                "archive summary says {total_compressed} compressed bytes, its chunks hold {compressed_sum}"
            ),
        ));
    }
    let data = *cursor.get_ref();
    for &(compressed_len, uncompressed_len) in &infos {
        // read_chunk_table checked that every chunk fits in the data.
        let data_at = cursor.position() as usize;
        let end = data_at + compressed_len as usize;
        chunks.push(ZlibStream::inflate(
            &data[data_at..end],
            uncompressed_len,
            base + data_at,
            payload,
        )?);
        cursor.set_position(end as u64);
    }
    Ok((header, infos.len()))
}

/// Reads chunk infos until their uncompressed sizes add up to the summary's; each chunk's compressed
/// bytes must fit in what follows the table so far.
fn read_chunk_table(
    cursor: &mut Cursor<&[u8]>,
    base: usize,
    max_chunk_size: u64,
    total_uncompressed: u64,
) -> Result<Vec<(u64, u64)>, Error> {
    let mut infos = Vec::new();
    let mut covered = 0u64;
    let mut compressed_total = 0u64;
    while covered < total_uncompressed {
        let at = cursor.position() as usize;
        let info: FCompressedChunkInfo = read_disk(cursor, base, "chunk size")?;
        let (compressed, uncompressed) = info.sizes(base + at, "chunk size")?;
        if uncompressed == 0 || uncompressed > max_chunk_size {
            return Err(err(
                base + at,
                format!("chunk of {uncompressed} bytes (maximum chunk size is {max_chunk_size})"),
            ));
        }
        let left = (cursor.get_ref().len() as u64).saturating_sub(cursor.position());
        compressed_total = compressed_total.saturating_add(compressed);
        if compressed_total > left {
            return Err(err(
                base + at,
                format!("chunk of {compressed} compressed bytes, only {left} left"),
            ));
        }
        covered += uncompressed;
        infos.push((compressed, uncompressed));
    }
    if covered != total_uncompressed {
        return Err(err(
            base + cursor.position() as usize,
            format!("chunks hold {covered} bytes, archive summary says {total_uncompressed}"),
        ));
    }
    Ok(infos)
}

/// Serde for byte buffers as lowercase hex strings (compact JSON for compressed data).
pub mod hex_bytes {
    use std::borrow::Cow;

    use serde::{Deserialize, Deserializer, Serializer, de::Error as _};

    const DIGITS: &[u8; 16] = b"0123456789abcdef";

    /// Writes `bytes` as a hex string.
    pub fn serialize<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
        let mut text = String::with_capacity(bytes.len() * 2);
        for &b in bytes {
            text.push(DIGITS[usize::from(b >> 4)] as char);
            text.push(DIGITS[usize::from(b & 15)] as char);
        }
        serializer.serialize_str(&text)
    }

    /// Reads a hex string written by [`serialize`].
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        let text = <Cow<'de, str>>::deserialize(deserializer)?;
        let digits = text.as_bytes();
        if digits.len() % 2 != 0 {
            return Err(D::Error::custom("hex string of odd length"));
        }
        digits
            .chunks_exact(2)
            .map(|pair| match (nibble(pair[0]), nibble(pair[1])) {
                (Some(hi), Some(lo)) => Ok(hi << 4 | lo),
                _ => Err(D::Error::custom("invalid hex digit")),
            })
            .collect()
    }

    fn nibble(digit: u8) -> Option<u8> {
        match digit {
            b'0'..=b'9' => Some(digit - b'0'),
            b'a'..=b'f' => Some(digit - b'a' + 10),
            b'A'..=b'F' => Some(digit - b'A' + 10),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(len: usize) -> Vec<u8> {
        (0..len)
            .map(|i| (i * 7 % 251) as u8 ^ (i >> 9) as u8)
            .collect()
    }

    fn header(v2: bool, size: i64) -> ArchiveHeader {
        ArchiveHeader {
            v2_compressor: v2.then_some(COMPRESSOR_ZLIB),
            max_chunk_size: size,
        }
    }

    #[test]
    fn both_layouts_and_headers_round_trip() {
        let payload = sample(10_000);
        for layout in [ChunkLayout::SingleArchive, ChunkLayout::ArchivePerChunk] {
            for v2 in [false, true] {
                let archive = ChunkedArchive::new(
                    header(v2, 4096),
                    layout,
                    &payload,
                    DeflateParams::default(),
                )
                .unwrap();
                assert_eq!(archive.chunks.len(), 3);
                let mut bytes = Vec::new();
                archive
                    .write(&payload, DeflateParams::default(), &mut bytes)
                    .unwrap();
                let (again, decoded) = ChunkedArchive::read(&bytes, 0).unwrap();
                assert_eq!(decoded, payload);
                assert_eq!(again, archive);
            }
        }
    }

    #[test]
    fn unchanged_chunks_are_reemitted_and_changed_ones_recompressed() {
        let payload = sample(10_000);
        // Level 1 marks the original streams; new ones use level 9 and differ for this data.
        let fast = DeflateParams {
            level: 1,
            window_bits: 15,
        };
        let archive = ChunkedArchive::new(
            header(true, 4096),
            ChunkLayout::ArchivePerChunk,
            &payload,
            fast,
        )
        .unwrap();
        let mut edited = payload.clone();
        edited[5000] ^= 0xff;
        let strong = DeflateParams {
            level: 9,
            window_bits: 15,
        };
        let mut bytes = Vec::new();
        archive.write(&edited, strong, &mut bytes).unwrap();
        let (again, decoded) = ChunkedArchive::read(&bytes, 0).unwrap();
        assert_eq!(decoded, edited);
        assert_eq!(again.chunks[0], archive.chunks[0]);
        assert_eq!(again.chunks[2], archive.chunks[2]);
        assert_ne!(again.chunks[1], archive.chunks[1]);
    }

    #[test]
    fn longer_payload_keeps_prefix_and_rechunks_rest() {
        let payload = sample(10_000);
        let archive = ChunkedArchive::new(
            header(false, 4096),
            ChunkLayout::SingleArchive,
            &payload,
            DeflateParams::default(),
        )
        .unwrap();
        let mut longer = payload.clone();
        longer.extend_from_slice(&sample(5000));
        let mut bytes = Vec::new();
        archive
            .write(&longer, DeflateParams::default(), &mut bytes)
            .unwrap();
        let (again, decoded) = ChunkedArchive::read(&bytes, 0).unwrap();
        assert_eq!(decoded, longer);
        assert_eq!(again.chunks.len(), 4);
        assert_eq!(again.chunks[..2], archive.chunks[..2]);
    }

    #[test]
    fn corrupt_and_truncated_archives_are_errors() {
        let payload = sample(10_000);
        let archive = ChunkedArchive::new(
            header(true, 4096),
            ChunkLayout::ArchivePerChunk,
            &payload,
            DeflateParams::default(),
        )
        .unwrap();
        let mut bytes = Vec::new();
        archive
            .write(&payload, DeflateParams::default(), &mut bytes)
            .unwrap();
        for cut in (0..bytes.len()).step_by(7) {
            assert!(ChunkedArchive::read(&bytes[..cut], 0).is_err(), "cut {cut}");
        }
        for at in (0..bytes.len()).step_by(5) {
            let mut bad = bytes.clone();
            bad[at] ^= 0x5a;
            if let Ok((_, decoded)) = ChunkedArchive::read(&bad, 0) {
                assert_eq!(decoded.len(), payload.len());
            }
        }
        let mut bad_tag = bytes.clone();
        bad_tag[0] = 0;
        let error = ChunkedArchive::read(&bad_tag, 0x40).unwrap_err();
        assert_eq!(error.offset, 0x40);
        assert!(error.to_string().contains("archive tag"), "{error}");
    }

    #[test]
    fn writer_refuses_headers_the_reader_refuses() {
        let payload = sample(100);
        let cases = [
            (header(true, 4096), Some(0), "compressor 0 is not supported"),
            (header(false, 0), None, "invalid maximum chunk size 0"),
        ];
        for (mut header, compressor, message) in cases {
            header.v2_compressor = compressor.or(header.v2_compressor);
            let archive = ChunkedArchive {
                header,
                layout: ChunkLayout::SingleArchive,
                chunks: Vec::new(),
            };
            let error = archive
                .write(&payload, DeflateParams::default(), &mut Vec::new())
                .unwrap_err();
            assert!(error.message.starts_with(message), "{error}");
        }
    }

    #[test]
    fn header_errors_point_at_their_field() {
        let payload = sample(100);
        let archive = ChunkedArchive::new(
            header(true, 4096),
            ChunkLayout::SingleArchive,
            &payload,
            DeflateParams::default(),
        )
        .unwrap();
        let mut bytes = Vec::new();
        archive
            .write(&payload, DeflateParams::default(), &mut bytes)
            .unwrap();
        let cases: [(usize, &[u8], usize, &str); 6] = [
            (
                0,
                &[0, 0, 0, 0],
                0,
                "archive tag 0x9e2a83c1 expected, found 0x00000000",
            ),
            (
                4,
                &[1, 0, 0, 0],
                4,
                "unknown archive header version 0x00000001",
            ),
            (8, &[0; 8], 8, "invalid maximum chunk size 0"),
            (16, &[4], 16, "compressor 4 is not supported"),
            (17, &[0xff; 8], 17, "archive summary: negative size"),
            (33, &[0xff; 8], 33, "chunk size: negative size"),
        ];
        for (at, patch, offset, message) in cases {
            let mut bad = bytes.clone();
            bad[at..at + patch.len()].copy_from_slice(patch);
            let error = ChunkedArchive::read(&bad, 0x100).unwrap_err();
            assert_eq!(error.offset, 0x100 + offset, "{error}");
            assert!(error.message.starts_with(message), "{error}");
        }
        let error = ChunkedArchive::read(&bytes[..20], 0).unwrap_err();
        assert_eq!(error.offset, 0, "{error}");
        assert!(error.message.contains("archive header"), "{error}");
    }

    #[test]
    fn v1_header_layout() {
        let payload = sample(100);
        let archive = ChunkedArchive::new(
            header(false, 4096),
            ChunkLayout::SingleArchive,
            &payload,
            DeflateParams::default(),
        )
        .unwrap();
        let mut bytes = Vec::new();
        archive
            .write(&payload, DeflateParams::default(), &mut bytes)
            .unwrap();
        let compressed = archive.chunks[0].compressed.len() as i64;
        let mut expected = Vec::new();
        expected.extend_from_slice(&PACKAGE_FILE_TAG.to_le_bytes());
        expected.extend_from_slice(&0u32.to_le_bytes());
        expected.extend_from_slice(&4096i64.to_le_bytes());
        for _ in 0..2 {
            expected.extend_from_slice(&compressed.to_le_bytes());
            expected.extend_from_slice(&100i64.to_le_bytes());
        }
        assert_eq!(bytes[..expected.len()], expected);
        assert_eq!(bytes.len(), expected.len() + compressed as usize);
    }

    #[test]
    fn huge_claimed_size_is_rejected_without_allocating() {
        let stream = ZlibStream::deflate(b"abc", DeflateParams::default()).unwrap();
        let error =
            ZlibStream::inflate(&stream.compressed, 1 << 40, 9, &mut Vec::new()).unwrap_err();
        assert_eq!(error.offset, 9);
    }

    /// Inflating into a slice gives the data when the slice has its exact length, and an error for
    /// a shorter or longer slice, a cut stream or bytes after the stream.
    #[test]
    fn inflate_to_fills_exactly_its_slice() {
        let data = sample(70_000);
        let stream = ZlibStream::deflate(&data, DeflateParams::default()).unwrap();
        let mut out = vec![0; data.len()];
        let read = ZlibStream::inflate_to(&stream.compressed, &mut out, 5).unwrap();
        assert!(out == data);
        assert_eq!(read, stream);
        for len in [data.len() - 1, data.len() + 1] {
            let mut out = vec![0; len];
            let error = ZlibStream::inflate_to(&stream.compressed, &mut out, 5).unwrap_err();
            assert!(error.message.contains("its header says"), "{error}");
        }
        let cut = &stream.compressed[..stream.compressed.len() - 10];
        let error = ZlibStream::inflate_to(cut, &mut out, 5).unwrap_err();
        assert!(error.message.contains("truncated"), "{error}");
        let mut longer = stream.compressed.clone();
        longer.extend_from_slice(&[0, 0]);
        let error = ZlibStream::inflate_to(&longer, &mut out, 5).unwrap_err();
        assert_eq!(error.offset, 5 + stream.compressed.len());
    }

    #[test]
    fn adler_detects_same_length_edits() {
        let data = sample(3000);
        let stream = ZlibStream::deflate(&data, DeflateParams::default()).unwrap();
        assert!(stream.holds(&data));
        let mut edited = data.clone();
        edited[1234] = edited[1234].wrapping_add(1);
        assert!(!stream.holds(&edited));
        assert!(!stream.holds(&data[1..]));
    }

    #[test]
    fn a_stream_from_json_is_inflated_before_it_is_kept() {
        let data = sample(3000);
        let stream = ZlibStream::deflate(&data, DeflateParams::default()).unwrap();
        let json = serde_json::to_string(&stream).unwrap();
        let same: ZlibStream = serde_json::from_str(&json).unwrap();
        assert!(!same.was_inflated());
        assert!(same.holds(&data));
        // An edit inside the deflate data that keeps the length and the Adler-32 trailer.
        let mut edited = same.clone();
        let middle = edited.compressed.len() / 2;
        edited.compressed[middle] ^= 0x55;
        assert_eq!(edited.adler32(), stream.adler32());
        assert!(!edited.holds(&data));
        let rewritten = edited
            .reuse_or_deflate(&data, DeflateParams::default())
            .unwrap();
        assert_eq!(rewritten.compressed, stream.compressed);
    }
}
