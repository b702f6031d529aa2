//! [`ZlibReader`]: the uncompressed bytes of a zlib stream as a `Read + Seek` stream that inflates
//! on demand and keeps only what has not been read yet.
//!
//! A parser of length-framed data (an Astroneer world: thousands of objects, each behind its own
//! length) reads through it without the whole decompressed body ever being in memory, so the peak
//! heap of a read is the model plus a window instead of the model plus the body.

use std::io::{self, Read, Seek, SeekFrom};

use flate2::{Decompress, FlushDecompress, Status};

use super::{Error, ZlibStream, claimed_len, err};

/// Most bytes one refill inflates.
const STEP: usize = 64 * 1024;

/// A zlib stream read as it inflates; see the [module docs](self).
///
/// Seeking is free (it only moves the position); reading before the part still kept, which a
/// parser only does to restore its position after an error, fails. [`ZlibReader::finish`] checks
/// that the stream ends exactly at the length its container claims.
pub struct ZlibReader<'a> {
    compressed: &'a [u8],
    /// Where `compressed` starts in the file, for errors.
    offset: usize,
    /// The uncompressed length the container claims (bounded by what deflate can produce).
    claimed: u64,
    inflater: Decompress,
    /// Inflated bytes not dropped yet; `window[0]` is at uncompressed position `window_start`.
    window: Vec<u8>,
    window_start: u64,
    pos: u64,
    ended: bool,
    /// The first fault of the stream itself, kept so that it is reported as such rather than as
    /// whatever a parser makes of the missing data.
    failure: Option<Error>,
}

impl<'a> ZlibReader<'a> {
    /// A reader of `compressed`, which its container says inflates to `claimed` bytes;
    /// `offset` is where `compressed` starts in the file (for errors).
    pub fn new(compressed: &'a [u8], claimed: u64, offset: usize) -> Result<Self, Error> {
        let claimed = claimed_len(compressed, claimed, offset)? as u64;
        Ok(ZlibReader {
            compressed,
            offset,
            claimed,
            inflater: Decompress::new(true),
            window: Vec::new(),
            window_start: 0,
            pos: 0,
            ended: false,
            failure: None,
        })
    }

    /// The uncompressed length the container claims (where `SeekFrom::End(0)` is).
    pub fn claimed_len(&self) -> u64 {
        self.claimed
    }

    /// The bytes from the current position on: at least `want` of them unless the data ends
    /// first (`usize::MAX` inflates everything that is left). The position does not move.
    pub fn peek(&mut self, want: usize) -> io::Result<&[u8]> {
        if self.pos < self.window_start {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "position 0x{:x} of a streamed zlib body was already dropped (kept from 0x{:x})",
                    self.pos, self.window_start
                ),
            ));
        }
        let until = self.pos.saturating_add(want as u64);
        while self.produced() < until && self.inflate_more()? {}
        let from = usize::try_from(self.pos - self.window_start).unwrap_or(usize::MAX);
        Ok(self.window.get(from..).unwrap_or_default())
    }

    /// Inflates what is left and checks the stream: no fault, exactly the claimed length, no
    /// bytes after its end. Returns the stream, kept for writing the same bytes back.
    pub fn finish(mut self) -> Result<ZlibStream, Error> {
        self.pos = u64::MAX;
        while let Ok(true) = self.inflate_more() {}
        if let Some(failure) = self.failure {
            return Err(failure);
        }
        let produced = self.produced();
        if produced != self.claimed {
            return Err(err(
                self.offset,
                format!(
                    "zlib stream holds {produced} bytes, its header says {}",
                    self.claimed
                ),
            ));
        }
        let consumed = self.consumed();
        if consumed != self.compressed.len() {
            return Err(err(
                self.offset + consumed,
                format!(
                    "{} bytes follow the end of the zlib stream",
                    self.compressed.len() - consumed
                ),
            ));
        }
        Ok(ZlibStream {
            uncompressed_len: self.claimed,
            compressed: self.compressed.to_vec(),
            inflated: true,
        })
    }

    /// Uncompressed position just past the last inflated byte.
    fn produced(&self) -> u64 {
        self.window_start + self.window.len() as u64
    }

    fn consumed(&self) -> usize {
        usize::try_from(self.inflater.total_in()).unwrap_or(usize::MAX)
    }

    /// Drops what was read, then inflates up to [`STEP`] more bytes; false once the stream ended.
    fn inflate_more(&mut self) -> io::Result<bool> {
        if let Some(failure) = &self.failure {
            return Err(io::Error::new(io::ErrorKind::InvalidData, failure.clone()));
        }
        if self.ended {
            return Ok(false);
        }
        self.drop_read();
        let consumed = self.consumed();
        let before = self.produced();
        // Room for one byte past the claim, so that an overlong stream shows; no more, so that a
        // small stream gets a small window.
        let room = (self.claimed + 1).saturating_sub(before).min(STEP as u64) as usize;
        self.window.reserve_exact(room);
        let input = self.compressed.get(consumed..).unwrap_or_default();
        let fault =
            match self
                .inflater
                .decompress_vec(input, &mut self.window, FlushDecompress::None)
            {
                Err(e) => Some((consumed, format!("invalid zlib data: {e}"))),
                Ok(Status::StreamEnd) => {
                    self.ended = true;
                    None
                }
                Ok(_) if self.consumed() == consumed && self.produced() == before => {
                    Some((self.compressed.len(), "zlib stream is truncated".to_owned()))
                }
                Ok(_) => None,
            };
        let fault = fault.or_else(|| {
            (self.produced() > self.claimed).then(|| {
                (
                    self.consumed(),
                    format!(
                        "zlib stream holds more than the {} bytes its header says",
                        self.claimed
                    ),
                )
            })
        });
        if let Some((at, message)) = fault {
            let failure = err(self.offset + at, message);
            self.failure = Some(failure.clone());
            return Err(io::Error::new(io::ErrorKind::InvalidData, failure));
        }
        Ok(true)
    }

    /// Drops the inflated bytes before the position.
    fn drop_read(&mut self) {
        let read = self.pos.min(self.produced()) - self.window_start.min(self.pos);
        let read = usize::try_from(read).unwrap_or(self.window.len());
        self.window.drain(..read.min(self.window.len()));
        self.window_start += read as u64;
    }
}

impl Read for ZlibReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let data = self.peek(1)?;
        let n = data.len().min(buf.len());
        buf[..n].copy_from_slice(&data[..n]);
        self.pos += n as u64;
        Ok(n)
    }
}

impl Seek for ZlibReader<'_> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let pos = match to {
            SeekFrom::Start(n) => Some(n),
            SeekFrom::Current(d) => self.pos.checked_add_signed(d),
            SeekFrom::End(d) => self.claimed.checked_add_signed(d),
        };
        self.pos = pos
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "seek before the start"))?;
        Ok(self.pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chunked::DeflateParams;

    fn stream(data: &[u8]) -> ZlibStream {
        ZlibStream::deflate(data, DeflateParams::default()).expect("deflates")
    }

    /// Bytes that do not compress to nothing, so several refills are needed.
    fn sample(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i * 7 + i / 251) as u8).collect()
    }

    #[test]
    fn reads_the_same_bytes_as_inflate_and_keeps_a_window() {
        let data = sample(5 * STEP + 123);
        let z = stream(&data);
        let mut reader = ZlibReader::new(&z.compressed, data.len() as u64, 16).unwrap();
        let mut out = Vec::new();
        let mut chunk = [0; 1000];
        loop {
            let n = reader.read(&mut chunk).unwrap();
            if n == 0 {
                break;
            }
            out.extend_from_slice(&chunk[..n]);
            assert!(
                reader.window.capacity() <= 3 * STEP,
                "window grew to the body"
            );
        }
        assert_eq!(out, data);
        assert_eq!(reader.finish().unwrap(), z);
    }

    #[test]
    fn seeks_forward_past_unread_data_and_to_the_claimed_end() {
        let data = sample(3 * STEP);
        let z = stream(&data);
        let mut reader = ZlibReader::new(&z.compressed, data.len() as u64, 0).unwrap();
        assert_eq!(reader.seek(SeekFrom::End(0)).unwrap(), data.len() as u64);
        reader.seek(SeekFrom::Start(2 * STEP as u64 + 5)).unwrap();
        let mut b = [0; 3];
        reader.read_exact(&mut b).unwrap();
        assert_eq!(b, data[2 * STEP + 5..2 * STEP + 8]);
        reader.seek(SeekFrom::Start(10)).unwrap();
        let e = reader.read_exact(&mut b).unwrap_err();
        assert!(e.to_string().contains("already dropped"), "{e}");
    }

    #[test]
    fn peek_returns_at_least_what_is_asked_without_moving() {
        let data = sample(2 * STEP);
        let z = stream(&data);
        let mut reader = ZlibReader::new(&z.compressed, data.len() as u64, 0).unwrap();
        assert!(reader.peek(STEP + 1).unwrap().len() > STEP);
        assert_eq!(reader.peek(usize::MAX).unwrap(), &data[..]);
        assert_eq!(reader.stream_position().unwrap(), 0);
    }

    #[test]
    fn a_wrong_claim_is_reported_by_finish() {
        let data = sample(1000);
        let z = stream(&data);
        for claimed in [999u64, 1001] {
            let mut reader = ZlibReader::new(&z.compressed, claimed, 16).unwrap();
            let mut out = Vec::new();
            let _ = reader.read_to_end(&mut out);
            let e = reader.finish().unwrap_err();
            assert!(e.message.contains("header says"), "{claimed}: {e}");
        }
    }

    #[test]
    fn truncated_corrupt_and_overlong_streams_fail_with_file_offsets() {
        let data = sample(4 * STEP);
        let z = stream(&data);
        let len = data.len() as u64;
        let truncated = &z.compressed[..z.compressed.len() / 2];
        let mut reader = ZlibReader::new(truncated, len, 16).unwrap();
        let e = io::copy(&mut reader, &mut io::sink()).unwrap_err();
        assert!(e.to_string().contains("truncated"), "{e}");
        let e = reader.finish().unwrap_err();
        assert_eq!(e.offset, 16 + truncated.len());

        let mut corrupt = z.compressed.clone();
        corrupt[0] ^= 0xff;
        let e = ZlibReader::new(&corrupt, len, 16)
            .unwrap()
            .finish()
            .unwrap_err();
        assert!(e.message.contains("invalid zlib data"), "{e}");

        let mut trailing = z.compressed.clone();
        trailing.push(0);
        let e = ZlibReader::new(&trailing, len, 0)
            .unwrap()
            .finish()
            .unwrap_err();
        assert!(e.message.contains("follow the end"), "{e}");
    }

    #[test]
    fn a_claim_deflate_cannot_produce_is_refused_up_front() {
        assert!(ZlibReader::new(&[0; 10], 1 << 40, 0).is_err());
    }
}
