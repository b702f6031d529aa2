//! The decompressed body as a source read front to back.
//!
//! A body of regular one-chunk archives read on one thread is inflated lazily, chunk by chunk, into
//! a window that holds only the bytes still needed: [`Source::ensure`] inflates the next chunks and
//! compacts read bytes away, so the window grows only as far as the largest single need (a streaming
//! level's blobs, one object: about 1.2 MB for the corpus saves), the objects are decoded while
//! their bytes are still in cache, and the body is never whole in memory. Any other body is
//! inflated whole first (in parallel, or by the sequential archive reader) and read through the
//! same interface, so the frame pass over a body has one form.

use unreal::chunked::{ArchiveHeader, ChunkLayout, ChunkedArchive, DEFAULT_CHUNK_SIZE, ZlibStream};

use crate::Error;
use crate::archive::ChunkRef;
use crate::reader::Reader;

/// Bytes the first attempt of [`Source::read`] makes sure of, when fewer are at hand.
const FIRST_READ: usize = 4096;
/// The most bytes one chunk inflates to (what `archive` accepts as a regular chunk).
const MAX_CHUNK: usize = DEFAULT_CHUNK_SIZE as usize;

/// Where the bytes come from.
enum Inflate<'a> {
    /// The whole body is in the window; the archive is complete.
    Whole(ChunkedArchive),
    /// Chunks are inflated as the window needs them; `streams` are the ones inflated so far.
    Lazy {
        header: ArchiveHeader,
        chunks: std::vec::IntoIter<ChunkRef<'a>>,
        streams: Vec<ZlibStream>,
    },
}

/// A decompressed body read front to back, with absolute body offsets for errors.
pub(crate) struct Source<'a> {
    inflate: Inflate<'a>,
    /// `window[..end]` are inflated body bytes, from body offset `base` on.
    window: Vec<u8>,
    end: usize,
    base: usize,
    /// Window index of the next byte to read.
    pos: usize,
    /// Body offset from which bytes are kept although read (see [`Source::keep`]).
    mark: Option<usize>,
    /// Body offset where the current region (see [`Source::region`]) ends.
    limit: usize,
}

impl<'a> Source<'a> {
    /// A source over a body inflated whole, with its archive.
    pub(crate) fn whole(archive: ChunkedArchive, body: Vec<u8>) -> Self {
        let end = body.len();
        Source {
            inflate: Inflate::Whole(archive),
            window: body,
            end,
            base: 0,
            pos: 0,
            mark: None,
            limit: end,
        }
    }

    /// A source that inflates `chunks` (whose lengths are checked against their compressed size)
    /// as it is read.
    pub(crate) fn lazy(header: ArchiveHeader, chunks: Vec<ChunkRef<'a>>) -> Self {
        let total = chunks.iter().map(|c| c.len).sum();
        let streams = Vec::with_capacity(chunks.len());
        Source {
            inflate: Inflate::Lazy {
                header,
                chunks: chunks.into_iter(),
                streams,
            },
            window: Vec::new(),
            end: 0,
            base: 0,
            pos: 0,
            mark: None,
            limit: total,
        }
    }

    /// The archive headers' form (the first archive's, for a whole body).
    pub(crate) fn archive_header(&self) -> ArchiveHeader {
        match &self.inflate {
            Inflate::Whole(archive) => archive.header,
            Inflate::Lazy { header, .. } => *header,
        }
    }

    /// Whether the body was inflated whole (objects are then left to decode at the end).
    pub(crate) fn is_whole(&self) -> bool {
        matches!(self.inflate, Inflate::Whole(_))
    }

    /// Body offset of the next byte.
    #[inline]
    pub(crate) fn offset(&self) -> usize {
        self.base + self.pos
    }

    /// Bytes left in the current region (the body, or a blob).
    #[inline]
    pub(crate) fn remaining(&self) -> usize {
        self.limit - self.offset()
    }

    /// Makes the next `n` bytes of the current region available in the window.
    pub(crate) fn ensure(&mut self, n: usize, path: &str) -> Result<(), Error> {
        if n > self.remaining() {
            return Err(self.short(n, path));
        }
        if self.pos + n <= self.end {
            return Ok(());
        }
        self.compact();
        // Room for the need and the chunk that ends past it, so inflating never reallocates.
        let room = self.pos + n + MAX_CHUNK;
        if self.window.capacity() < room {
            self.window.reserve_exact(room - self.window.len());
        }
        while self.pos + n > self.end {
            self.inflate_next()?;
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn short(&self, n: usize, path: &str) -> Error {
        Error::new(
            path,
            self.offset(),
            format!("{n} bytes needed, {} left", self.remaining()),
        )
    }

    /// Moves the bytes still needed (from the mark, or else the next byte, on) to the window's start.
    fn compact(&mut self) {
        let keep = self.mark.map_or(self.pos, |m| m - self.base).min(self.pos);
        if keep > 0 {
            self.window.copy_within(keep..self.end, 0);
            self.base += keep;
            self.pos -= keep;
            self.end -= keep;
        }
    }

    /// Inflates the next chunk after the window's bytes.
    fn inflate_next(&mut self) -> Result<(), Error> {
        let at = self.base + self.end;
        let Inflate::Lazy {
            chunks, streams, ..
        } = &mut self.inflate
        else {
            return Err(Error::new("chunks", at, "body ends early"));
        };
        let Some(chunk) = chunks.next() else {
            return Err(Error::new("chunks", at, "body ends early"));
        };
        streams.push(inflate_chunk(&mut self.window, self.end, &chunk)?);
        self.end += chunk.len;
        Ok(())
    }

    /// The bytes at body offset `at`, which must be in the window (read while kept, see
    /// [`Source::keep`], or not read yet and made sure of).
    pub(crate) fn bytes(&self, at: usize, len: usize) -> &[u8] {
        &self.window[at - self.base..at - self.base + len]
    }

    /// Reads a value with `read` from the bytes at hand, making more of the region available and
    /// reading again when that fails short of the region's end: values of a size known only by
    /// reading them (arrays, maps) come out as from the whole region, errors included.
    pub(crate) fn read<T>(
        &mut self,
        mut read: impl FnMut(&mut Reader<'_>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let mut want = self.at_hand().max(FIRST_READ.min(self.remaining()));
        loop {
            self.ensure(want, "")?;
            let available = self.at_hand();
            let at = self.offset();
            let mut r = Reader::new(&self.window[self.pos..self.pos + available], at);
            match read(&mut r) {
                Ok(value) => {
                    self.pos += r.offset() - at;
                    return Ok(value);
                }
                Err(e) if available == self.remaining() => return Err(e),
                Err(_) => want = available.saturating_mul(2).min(self.remaining()),
            }
        }
    }

    /// Bytes of the region in the window from the next one on.
    fn at_hand(&self) -> usize {
        (self.end - self.pos).min(self.remaining())
    }

    /// Reads the next `n` bytes (made sure of) with `read`, which gets exactly them, and skips them.
    pub(crate) fn sub<T>(
        &mut self,
        n: usize,
        path: &str,
        read: impl FnOnce(&mut Reader<'_>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        self.ensure(n, path)?;
        let at = self.offset();
        let mut r = Reader::new(&self.window[self.pos..self.pos + n], at);
        let value = read(&mut r)?;
        self.pos += n;
        Ok(value)
    }

    /// Skips the next `n` bytes (made sure of); returns their body offset.
    pub(crate) fn skip(&mut self, n: usize, path: &str) -> Result<usize, Error> {
        self.ensure(n, path)?;
        let at = self.offset();
        self.pos += n;
        Ok(at)
    }

    /// Goes back (or on) to body offset `at`, which must be in the window (kept).
    pub(crate) fn seek(&mut self, at: usize) {
        self.pos = at - self.base;
    }

    /// Runs `f` with the bytes from body offset `from` on kept in the window although read, so
    /// they can be read again or decoded after what follows them.
    pub(crate) fn keep<T>(&mut self, from: usize, f: impl FnOnce(&mut Self) -> T) -> T {
        let outer = self.mark;
        self.mark = Some(outer.map_or(from, |m| m.min(from)));
        let value = f(self);
        self.mark = outer;
        value
    }

    /// Runs `f` over the next `len` bytes as the region (a blob: it cannot read past them).
    pub(crate) fn region<T>(
        &mut self,
        len: usize,
        f: impl FnOnce(&mut Self) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let outer = self.limit;
        self.limit = self.offset() + len.min(self.remaining());
        let value = f(self);
        self.limit = outer;
        value
    }

    /// The rest of the region.
    pub(crate) fn rest(&mut self) -> Result<Vec<u8>, Error> {
        let n = self.remaining();
        let at = self.skip(n, "")?;
        Ok(self.bytes(at, n).to_vec())
    }

    /// An `i32` count, checked like [`unreal::cursor::ByteReader::count`] against the bytes left
    /// in the region.
    pub(crate) fn count(&mut self, min_size: usize, path: &str) -> Result<usize, Error> {
        let at = self.offset();
        let n = self.read(|r| r.i32(path))?;
        self.checked(i64::from(n), min_size, at, path)
    }

    /// An `i64` count, checked like [`Source::count`].
    pub(crate) fn count64(&mut self, min_size: usize, path: &str) -> Result<usize, Error> {
        let at = self.offset();
        let n = self.read(|r| r.i64(path))?;
        self.checked(n, min_size, at, path)
    }

    /// `n` elements read at `at` as a count, checked like [`Source::count`].
    pub(crate) fn checked(
        &self,
        n: i64,
        min_size: usize,
        at: usize,
        path: &str,
    ) -> Result<usize, Error> {
        usize::try_from(n)
            .ok()
            .filter(|&n| n.saturating_mul(min_size.max(1)) <= self.remaining())
            .ok_or_else(|| {
                Error::new(
                    path,
                    at,
                    format!("count {n} exceeds the {} bytes left", self.remaining()),
                )
            })
    }

    /// The archive (inflating what the read left, which a body read to its end does not) and,
    /// for a body inflated whole, its bytes.
    pub(crate) fn finish(mut self) -> Result<(ChunkedArchive, Option<Vec<u8>>), Error> {
        match self.inflate {
            Inflate::Whole(archive) => Ok((archive, Some(self.window))),
            Inflate::Lazy {
                header,
                chunks,
                mut streams,
            } => {
                for chunk in chunks {
                    streams.push(inflate_chunk(&mut self.window, 0, &chunk)?);
                }
                let archive = ChunkedArchive {
                    header,
                    layout: ChunkLayout::ArchivePerChunk,
                    chunks: streams,
                };
                Ok((archive, None))
            }
        }
    }
}

/// Inflates `chunk` into `window` from index `at` on (growing the window if it has no room).
fn inflate_chunk(
    window: &mut Vec<u8>,
    at: usize,
    chunk: &ChunkRef<'_>,
) -> Result<ZlibStream, Error> {
    let to = at + chunk.len;
    if window.len() < to {
        window.resize(to, 0);
    }
    ZlibStream::inflate_to(chunk.compressed, &mut window[at..to], chunk.offset)
        .map_err(|e| Error::zlib("chunks", e))
}

#[cfg(test)]
pub(crate) mod tests {
    use unreal::chunked::{ArchiveHeader, DeflateParams, ZlibStream};

    use super::*;

    /// Bytes that do not repeat within a chunk, so a misplaced chunk shows.
    fn sample(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i / 251 + i % 251) as u8).collect()
    }

    pub(crate) fn deflated(body: &[u8]) -> Vec<ZlibStream> {
        body.chunks(MAX_CHUNK)
            .map(|c| ZlibStream::deflate(c, DeflateParams::default()).unwrap())
            .collect()
    }

    /// A source inflating `streams`, the deflated chunks of `body`.
    pub(crate) fn lazy<'a>(streams: &'a [ZlibStream], body: &[u8]) -> Source<'a> {
        let chunks = streams
            .iter()
            .zip(body.chunks(MAX_CHUNK))
            .map(|(s, c)| ChunkRef {
                compressed: &s.compressed,
                offset: 0,
                len: c.len(),
            })
            .collect();
        let header = ArchiveHeader {
            v2_compressor: Some(3),
            max_chunk_size: DEFAULT_CHUNK_SIZE,
        };
        Source::lazy(header, chunks)
    }

    /// Reading a body in small pieces gives its bytes in order, with the window never holding
    /// much more than a chunk, and every chunk's stream for the archive.
    #[test]
    fn the_window_stays_small_while_the_body_streams_by() {
        let body = sample(10 * MAX_CHUNK + 1234);
        let streams = deflated(&body);
        let mut src = lazy(&streams, &body);
        let mut read = Vec::with_capacity(body.len());
        let mut most = 0;
        while src.remaining() > 0 {
            let n = src.remaining().min(1000);
            let at = src.skip(n, "piece").unwrap();
            read.extend_from_slice(src.bytes(at, n));
            most = most.max(src.window.capacity());
        }
        assert!(read == body);
        assert!(most <= 2 * MAX_CHUNK + 1000, "window grew to {most} bytes");
        let (archive, whole) = src.finish().unwrap();
        assert!(whole.is_none());
        assert_eq!(archive.chunks, streams);
    }

    /// Kept bytes survive the chunks inflated after them; a value that needs more than is at
    /// hand is read again from more; past the region's end is an error at the right offset.
    #[test]
    fn kept_bytes_retried_reads_and_region_ends() {
        let body = sample(3 * MAX_CHUNK);
        let streams = deflated(&body);
        let mut src = lazy(&streams, &body);
        src.skip(100, "lead").unwrap();
        let kept = src.keep(100, |src| {
            src.skip(2 * MAX_CHUNK, "far").unwrap();
            src.bytes(100, 16).to_vec()
        });
        assert!(kept == body[100..116]);
        let at = src.offset();
        let long = src
            .read(|r| r.bytes(5 * FIRST_READ, "long").map(<[u8]>::to_vec))
            .unwrap();
        assert!(long == body[at..at + 5 * FIRST_READ]);
        let left = src.remaining();
        let error = src
            .region(10, |src| src.read(|r| r.bytes(11, "x").map(|_| ())))
            .unwrap_err();
        assert_eq!(error.offset, src.offset());
        assert_eq!(src.remaining(), left);
        assert!(src.ensure(left + 1, "past").is_err());
    }
}
