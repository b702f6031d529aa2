//! The error type: which part of the file, which field, and the byte offset.

use std::fmt;

/// A read or write failure, naming the field path and the byte offset.
///
/// Offsets of the header (and of the compressed chunks) are file offsets; offsets inside the body are
/// offsets in the decompressed body, and the path then starts with `body`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// Dotted field path, outermost first (e.g. `body.levels[3].objects[17].properties.mItems`).
    pub path: String,
    /// Byte offset of the problem.
    pub offset: usize,
    /// What went wrong.
    pub message: String,
}

impl Error {
    pub(crate) fn new(path: impl Into<String>, offset: usize, message: impl Into<String>) -> Self {
        Error {
            path: path.into(),
            offset,
            message: message.into(),
        }
    }

    /// Prefixes the path with `outer` (a parent field).
    pub(crate) fn within(mut self, outer: &str) -> Self {
        self.path = if self.path.is_empty() {
            outer.to_owned()
        } else if self.path.starts_with('[') {
            format!("{outer}{}", self.path)
        } else {
            format!("{outer}.{}", self.path)
        };
        self
    }

    /// Wraps a chunk/zlib error from the Unreal archive layer.
    pub(crate) fn zlib(path: &str, error: unreal::chunked::Error) -> Self {
        Error::new(path, error.offset, error.message)
    }

    /// Wraps an error of the Unreal property system raised inside the property list at `path`.
    pub(crate) fn property(path: &str, error: unreal::Error) -> Self {
        let inner = if error.path.is_empty() {
            path.to_owned()
        } else {
            format!("{path}.{}", error.path)
        };
        Error::new(inner, error.offset, error.message)
    }

    /// Wraps a binrw error raised while handling the value at `path`; `base` is where the binrw
    /// stream starts and `len` its length (running out of data is reported at its end).
    pub(crate) fn binrw(path: &str, base: usize, len: usize, error: &binrw::Error) -> Self {
        let flat = unreal::binrw_error::flatten(error);
        let at = match flat.pos.and_then(|pos| usize::try_from(pos).ok()) {
            Some(pos) if !flat.eof => pos,
            _ => len,
        };
        let message = if flat.eof {
            "unexpected end of data".to_owned()
        } else {
            flat.message
        };
        Error::new(path, base + at, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = if self.path.is_empty() {
            "file"
        } else {
            &self.path
        };
        write!(
            f,
            "satisfactory: {path}: {} at 0x{:x}",
            self.message, self.offset
        )
    }
}

impl std::error::Error for Error {}
