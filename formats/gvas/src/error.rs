//! The error type: which part of the file, which field, and the byte offset.

use std::fmt;
use unreal::escape::{MAX_PRINTED_CHARS, escape_text};

/// A read or write failure, naming the field path and the byte offset.
///
/// Offsets inside a compressed container are offsets in the decompressed body; the path then starts
/// with the container (e.g. `PlZ body: SaveFile.properties.Inventory[3]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// Dotted field path, outermost first.
    pub path: String,
    /// Byte offset of the problem (in the file, or in the decompressed body; see `path`).
    pub offset: usize,
    /// What went wrong.
    pub message: String,
    /// Whether [`Error::offset`] counts in the file or in a container's decompressed body.
    pub offset_in: OffsetIn,
}

/// What an error offset counts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OffsetIn {
    /// The file as stored.
    #[default]
    File,
    /// The body a container (PlZ, PlM, chunked archive, Astroneer) decompresses to.
    Body,
}

impl Error {
    pub(crate) fn new(path: impl Into<String>, offset: usize, message: impl Into<String>) -> Self {
        Error {
            path: path.into(),
            offset,
            message: message.into(),
            offset_in: OffsetIn::File,
        }
    }

    /// An error inside the decompressed body of `container` (its offset counts in the body).
    pub(crate) fn in_body(mut self, container: &str) -> Self {
        self = self.within(&format!("{container} body"));
        self.offset_in = OffsetIn::Body;
        self
    }

    /// Prefixes the path with `outer` (a container or parent field).
    pub(crate) fn within(mut self, outer: &str) -> Self {
        self.path = if self.path.is_empty() {
            outer.to_owned()
        } else {
            format!("{outer}.{}", self.path)
        };
        self
    }

    /// Wraps a binrw error raised while reading or writing the structure at `path`; `base` is the
    /// offset of the binrw stream's start.
    pub(crate) fn binrw(path: &str, base: usize, error: binrw::Error) -> Self {
        Self::binrw_at(path, base, 0, &error)
    }

    /// Like [`Error::binrw`] for a reader over `len` bytes: running out of data is reported at the
    /// end of those bytes (I/O errors carry no position of their own).
    pub(crate) fn binrw_read(path: &str, base: usize, len: usize, error: binrw::Error) -> Self {
        Self::binrw_at(path, base, len, &error)
    }

    /// One line (see [`unreal::binrw_error`]): binrw's field steps extend `path`; an error without
    /// a position is reported at `base + fallback`.
    fn binrw_at(path: &str, base: usize, fallback: usize, error: &binrw::Error) -> Self {
        let flat = unreal::binrw_error::flatten(error);
        let offset = match flat.pos.and_then(|pos| usize::try_from(pos).ok()) {
            Some(pos) if !flat.eof => pos,
            _ => fallback,
        };
        let message = if flat.eof {
            "unexpected end of data".to_owned()
        } else {
            flat.message
        };
        let mut full = path.to_owned();
        for step in &flat.path {
            // Steps are `Owner.field`; the owner is the structure `path` already names.
            full.push('.');
            full.push_str(
                step.split_once('.')
                    .map_or(step.as_str(), |(_, field)| field),
            );
        }
        Error::new(full, base + offset, message)
    }

    /// Wraps a chunk/zlib error from the container layer.
    pub(crate) fn zlib(path: &str, error: unreal::chunked::Error) -> Self {
        Error::new(path, error.offset, error.message)
    }

    /// Wraps an error of the Unreal property system (its path is inside the property list at `path`).
    pub(crate) fn property(path: &str, error: unreal::Error) -> Self {
        let inner = if error.path.is_empty() {
            path.to_owned()
        } else {
            format!("{path}.{}", error.path)
        };
        Error::new(inner, error.offset, error.message)
    }
}

/// Up to the first `n` bytes of `data` as hex and as text (`47 56 41 53 "GVAS"`), for errors
/// about magic values.
pub(crate) fn magic(data: &[u8], n: usize) -> String {
    let head = &data[..data.len().min(n)];
    let hex: Vec<String> = head.iter().map(|b| format!("{b:02x}")).collect();
    let text: String = head
        .iter()
        .flat_map(|&b| std::ascii::escape_default(b))
        .map(char::from)
        .collect();
    format!("{} \"{text}\"", hex.join(" "))
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let region = match self.offset_in {
            OffsetIn::File => "file",
            OffsetIn::Body => "body",
        };
        write!(
            f,
            "gvas: {}: {} at {region} offset 0x{:x}",
            escape_text(&self.path, MAX_PRINTED_CHARS),
            escape_text(&self.message, 4 * MAX_PRINTED_CHARS),
            self.offset
        )
    }
}

impl std::error::Error for Error {}
