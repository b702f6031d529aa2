//! Where a body's bytes come from: a slice (plain files and the containers inflated whole), or an
//! Astroneer zlib stream inflated while it is parsed, so that its decompressed body is never held
//! whole next to the model.

use std::io::{self, Read, Seek};

use binrw::io::Cursor;
use unreal::chunked::ZlibReader;

/// A body being read: a `Read + Seek` stream that can also lend the bytes ahead as a slice (the
/// unreal property reader works on slices).
pub(crate) trait BodyInput: Read + Seek {
    /// The bytes from the current position on: at least `want` of them unless the body ends first
    /// (a slice lends all it has). The position does not move.
    fn peek(&mut self, want: usize) -> io::Result<&[u8]>;

    /// The body's length (claimed, for a stream).
    fn body_len(&self) -> u64;
}

impl BodyInput for Cursor<&[u8]> {
    fn peek(&mut self, _want: usize) -> io::Result<&[u8]> {
        let data: &[u8] = self.get_ref();
        let from = usize::try_from(self.position()).unwrap_or(usize::MAX);
        Ok(data.get(from..).unwrap_or_default())
    }

    fn body_len(&self) -> u64 {
        self.get_ref().len() as u64
    }
}

impl BodyInput for ZlibReader<'_> {
    fn peek(&mut self, want: usize) -> io::Result<&[u8]> {
        ZlibReader::peek(self, want)
    }

    fn body_len(&self) -> u64 {
        self.claimed_len()
    }
}
