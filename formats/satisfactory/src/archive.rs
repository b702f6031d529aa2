//! The compressed body: Satisfactory's one-chunk archives, inflated as read or in parallel.
//!
//! The file-side model is the `unreal` crate's [`ChunkedArchive`] (every original zlib stream kept, so
//! an unchanged chunk is written back as stored and changed data is compressed anew, even when an edit
//! changes the body's size). Reading scans the archive headers first; the chunks are then inflated
//! as the body is read ([`Source::lazy`]), on one thread or with the objects decoded on another
//! (see `SaveBody::read`). Files whose archives are not the regular one-chunk kind go through the
//! `unreal` crate's sequential reader.
//!
//! Each chunk's header is [`ChunkHeader`], generated from `schema/chunks.ksy`.

use unreal::chunked::{
    ARCHIVE_V2_HEADER_TAG, ArchiveHeader, COMPRESSOR_ZLIB, ChunkLayout, ChunkedArchive,
    DEFAULT_CHUNK_SIZE, DeflateParams, PACKAGE_FILE_TAG, ZlibStream,
};

pub use crate::generated::chunks::ChunkHeader;

use crate::Error;
use crate::reader::{Reader, put};
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

/// Writes `body` as `archive`'s chunks onto `out`: one [`ChunkHeader`] and its stream per chunk
/// (Satisfactory's layout), or the `unreal` crate's layout of one archive of many chunks.
pub(crate) fn write(archive: &ChunkedArchive, body: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let zlib = |e| Error::zlib("chunks", e);
    let params = DeflateParams::default();
    if archive.layout != ChunkLayout::ArchivePerChunk {
        return archive.write(body, params, out).map_err(zlib);
    }
    for chunk in archive.streams(body, params).map_err(zlib)? {
        put(
            &chunk_header(&archive.header, &chunk, out.len())?,
            out,
            "chunk header",
        )?;
        out.extend_from_slice(&chunk.compressed);
    }
    Ok(())
}

/// The header of one chunk of a one-chunk archive; refuses what the readers refuse (another
/// compressor than zlib, a maximum chunk size that is not positive). `at`: where it goes.
fn chunk_header(
    header: &ArchiveHeader,
    chunk: &ZlibStream,
    at: usize,
) -> Result<ChunkHeader, Error> {
    if header.max_chunk_size <= 0 {
        return Err(Error::new(
            "chunks.header.max_chunk_size",
            at,
            format!("{} is not a positive chunk size", header.max_chunk_size),
        ));
    }
    if let Some(c) = header.v2_compressor.filter(|&c| c != COMPRESSOR_ZLIB) {
        return Err(Error::new(
            "chunks.header.v2_compressor",
            at,
            format!("compressor {c} is not zlib ({COMPRESSOR_ZLIB})"),
        ));
    }
    let size = |n: u64| {
        i64::try_from(n)
            .map_err(|_| Error::new("chunk header", at, format!("size {n} exceeds i64")))
    };
    let (compressed, uncompressed) = (
        size(chunk.compressed.len() as u64)?,
        size(chunk.uncompressed_len)?,
    );
    Ok(ChunkHeader {
        package_file_tag: PACKAGE_FILE_TAG.to_le_bytes(),
        archive_header: match header.v2_compressor {
            Some(_) => ARCHIVE_V2_HEADER_TAG,
            None => 0,
        },
        max_chunk_size: header.max_chunk_size,
        compressor_num: header.v2_compressor,
        compressed_size_summary: compressed,
        uncompressed_size_summary: uncompressed,
        compressed_size: compressed,
        uncompressed_size: uncompressed,
    })
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

/// One chunk: its header, when it reads and is regular, and its stream. Any other header is left
/// to the sequential reader, which reports what is wrong with it.
fn scan_one<'a>(r: &mut Reader<'a>) -> Result<Option<(ArchiveHeader, ChunkRef<'a>)>, Error> {
    let Ok(header) = r.binrw::<ChunkHeader>("chunk header") else {
        return Ok(None);
    };
    if !regular(&header, r.remaining()) {
        return Ok(None);
    }
    let offset = r.offset();
    let compressed = r.bytes(header.compressed_size as usize, "chunk data")?;
    let archive_header = ArchiveHeader {
        v2_compressor: header.compressor_num,
        max_chunk_size: header.max_chunk_size,
    };
    let chunk = ChunkRef {
        compressed,
        offset,
        len: header.uncompressed_size as usize,
    };
    Ok(Some((archive_header, chunk)))
}

/// Whether `h` heads one zlib chunk of the engine's default size whose stream fits in the
/// `remaining` bytes and may inflate to its uncompressed size.
fn regular(h: &ChunkHeader, remaining: usize) -> bool {
    let (compressed, uncompressed) = (h.compressed_size, h.uncompressed_size);
    matches!(h.archive_header, 0 | ARCHIVE_V2_HEADER_TAG)
        && h.max_chunk_size == DEFAULT_CHUNK_SIZE
        && h.compressor_num.is_none_or(|c| c == COMPRESSOR_ZLIB)
        && (h.compressed_size_summary, h.uncompressed_size_summary) == (compressed, uncompressed)
        && uncompressed > 0
        && uncompressed <= h.max_chunk_size
        && compressed >= 0
        && (compressed as u64).saturating_mul(MAX_DEFLATE_RATIO) >= uncompressed as u64
        && (compressed as u64) <= remaining as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn archive(v2_compressor: Option<u8>) -> (ChunkedArchive, Vec<u8>) {
        let body: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
        let header = ArchiveHeader {
            v2_compressor,
            max_chunk_size: DEFAULT_CHUNK_SIZE,
        };
        let params = DeflateParams::default();
        let archive = ChunkedArchive::new(header, ChunkLayout::ArchivePerChunk, &body, params)
            .expect("compresses");
        (archive, body)
    }

    /// Chunks written through [`ChunkHeader`] are found by the scan (v1 and v2 headers) and read
    /// back by the `unreal` crate's sequential reader as the same archive.
    #[test]
    fn written_chunk_headers_scan_and_read_back() {
        for compressor in [None, Some(COMPRESSOR_ZLIB)] {
            let (archive, body) = archive(compressor);
            let mut out = Vec::new();
            write(&archive, &body, &mut out).unwrap();
            let (header, chunks) = scan(&out, 0).unwrap().expect("regular chunks");
            assert_eq!(header, archive.header);
            assert_eq!(chunks.len(), 3);
            let lens: Vec<usize> = chunks.iter().map(|c| c.len).collect();
            assert_eq!(lens, [131_072, 131_072, 300_000 - 2 * 131_072]);
            let header_len = if compressor.is_some() { 49 } else { 48 };
            assert_eq!(chunks[0].offset, header_len);
            let (read, read_body) = ChunkedArchive::read(&out, 0).unwrap();
            assert_eq!((read, read_body), (archive, body));
        }
    }

    #[test]
    fn the_writer_refuses_a_compressor_the_readers_refuse() {
        let (mut archive, body) = archive(Some(COMPRESSOR_ZLIB));
        archive.header.v2_compressor = Some(4);
        let e = write(&archive, &body, &mut vec![0; 10])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("chunks.header.v2_compressor: compressor 4") && e.contains("0xa"),
            "{e}"
        );
    }

    #[test]
    fn the_writer_refuses_a_chunk_size_the_readers_refuse() {
        for size in [0, -977_881] {
            let (mut archive, body) = archive(Some(COMPRESSOR_ZLIB));
            archive.header.max_chunk_size = size;
            let e = write(&archive, &body, &mut vec![0; 10])
                .unwrap_err()
                .to_string();
            let named = format!("chunks.header.max_chunk_size: {size} is not a positive");
            assert!(e.contains(&named) && e.contains("0xa"), "{e}");
        }
    }

    /// A header that is not a regular one-chunk header leaves the data to the sequential reader.
    #[test]
    fn an_irregular_header_is_not_scanned() {
        let (archive, body) = archive(None);
        let mut out = Vec::new();
        write(&archive, &body, &mut out).unwrap();
        // The tag, the header version, the maximum chunk size, the summary's compressed size.
        for at in [0, 4, 8, 16] {
            let mut bad = out.clone();
            bad[at] ^= 1;
            assert!(scan(&bad, 0).unwrap().is_none(), "byte {at}");
        }
        assert!(scan(&out[..20], 0).unwrap().is_none());
    }
}
