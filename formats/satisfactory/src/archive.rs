//! The compressed body: Satisfactory's one-chunk archives, inflated as read or in parallel.
//!
//! The file-side model is the `unreal` crate's [`ChunkedArchive`] (every original zlib stream kept, so
//! an unchanged chunk is written back as stored and changed data is compressed anew, even when an edit
//! changes the body's size). Reading scans the archive headers first; the chunks are then inflated
//! as the body is read ([`Source::lazy`]), on one thread or with the objects decoded on another
//! (see `SaveBody::read`). Files whose archives are not the regular one-chunk kind go through the
//! `unreal` crate's sequential reader.

use unreal::chunked::{
    ARCHIVE_V2_HEADER_TAG, ArchiveHeader, COMPRESSOR_ZLIB, ChunkedArchive, DEFAULT_CHUNK_SIZE,
    DeflateParams, PACKAGE_FILE_TAG,
};

use crate::Error;
use crate::reader::Reader;
use crate::source::Source;

/// deflate never expands its output by more than this factor (zlib's bound).
const MAX_DEFLATE_RATIO: u64 = 1032;

/// One chunk found by the header scan: its zlib stream, where that starts in the file, and the
/// length it inflates to (at most [`DEFAULT_CHUNK_SIZE`]).
pub(crate) struct ChunkRef<'a> {
    pub compressed: &'a [u8],
    pub offset: usize,
    pub len: usize,
}

/// The body stored in the chunks in `data` (which starts at file offset `base`), to read.
pub(crate) fn open(data: &[u8], base: usize) -> Result<Source<'_>, Error> {
    let Some((header, chunks)) = scan(data, base)? else {
        let (archive, body) =
            ChunkedArchive::read(data, base).map_err(|e| Error::zlib("chunks", e))?;
        return Ok(Source::whole(archive, body));
    };
    Ok(Source::lazy(header, chunks))
}

/// Writes `body` as `archive`'s chunks onto `out`.
pub(crate) fn write(archive: &ChunkedArchive, body: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    archive
        .write(body, DeflateParams::default(), out)
        .map_err(|e| Error::zlib("chunks", e))
}

/// The archive headers of regular one-chunk archives; `None` when some archive is not one (the
/// sequential reader then handles, or rejects, the data).
fn scan(data: &[u8], base: usize) -> Result<Option<(ArchiveHeader, Vec<ChunkRef<'_>>)>, Error> {
    let mut r = Reader::new(data, base);
    let mut chunks = Vec::new();
    let mut first = None;
    while !r.is_empty() {
        let Some((header, chunk)) = scan_one(&mut r)? else {
            return Ok(None);
        };
        if first.is_some_and(|h| h != header) {
            return Ok(None);
        }
        first = Some(header);
        chunks.push(chunk);
    }
    Ok(first.map(|h| (h, chunks)))
}

fn scan_one<'a>(r: &mut Reader<'a>) -> Result<Option<(ArchiveHeader, ChunkRef<'a>)>, Error> {
    if r.u32("chunk header.tag")? != PACKAGE_FILE_TAG {
        return Ok(None);
    }
    let v2 = match r.u32("chunk header.version")? {
        0 => false,
        ARCHIVE_V2_HEADER_TAG => true,
        _ => return Ok(None),
    };
    let max_chunk_size = r.i64("chunk header.max_chunk_size")?;
    let compressor = if v2 {
        Some(r.u8("chunk header.compressor")?)
    } else {
        None
    };
    let summary = (
        r.i64("chunk header.summary")?,
        r.i64("chunk header.summary")?,
    );
    let info = (r.i64("chunk header.size")?, r.i64("chunk header.size")?);
    let regular = max_chunk_size == DEFAULT_CHUNK_SIZE
        && compressor.is_none_or(|c| c == COMPRESSOR_ZLIB)
        && summary == info
        && info.1 > 0
        && info.1 <= max_chunk_size
        && info.0 >= 0
        && (info.0 as u64).saturating_mul(MAX_DEFLATE_RATIO) >= info.1 as u64
        && (info.0 as u64) <= r.remaining() as u64;
    if !regular {
        return Ok(None);
    }
    let offset = r.offset();
    let compressed = r.bytes(info.0 as usize, "chunk data")?;
    let header = ArchiveHeader {
        v2_compressor: compressor,
        max_chunk_size,
    };
    let chunk = ChunkRef {
        compressed,
        offset,
        len: info.1 as usize,
    };
    Ok(Some((header, chunk)))
}
