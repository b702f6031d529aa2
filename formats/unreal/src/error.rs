//! The error type: a message plus the property path and the absolute byte offset where it happened.

use crate::escape::MAX_PRINTED_CHARS;
use std::fmt;

/// A read or write failure in the Unreal property system.
///
/// `path` is built while the error travels up the property tree, e.g. `Root.Inventory[3].Items.Key`,
/// so the happy path never pays for path strings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// Dotted property path, outermost first.
    pub path: String,
    /// Absolute byte offset (relative to the start of the buffer the caller described with `base_offset`).
    pub offset: usize,
    /// What went wrong.
    pub message: String,
}

impl Error {
    pub(crate) fn new(offset: usize, message: impl Into<String>) -> Self {
        Error {
            path: String::new(),
            offset,
            message: message.into(),
        }
    }

    /// Prepends one path segment (a property name, `[i]`, `Key`, ...).
    pub(crate) fn within(mut self, segment: &str) -> Self {
        let segment = &crate::escape::Printable(segment).to_string();
        if self.path.is_empty() {
            self.path = segment.to_owned();
        } else if self.path.starts_with('[') {
            self.path = format!("{segment}{}", self.path);
        } else {
            self.path = format!("{segment}.{}", self.path);
        }
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = if self.path.is_empty() {
            "Root"
        } else {
            &self.path
        };
        let message = crate::escape::escape_text(&self.message, 4 * MAX_PRINTED_CHARS);
        write!(f, "unreal: {path}: {message} at {:#x}", self.offset)
    }
}

impl std::error::Error for Error {}

impl From<binrw::Error> for Error {
    /// One line: binrw's field path and innermost message (see [`crate::binrw_error`]).
    fn from(e: binrw::Error) -> Self {
        let flat = crate::binrw_error::flatten(&e);
        let message = match flat.path.is_empty() {
            true => flat.message,
            false => format!("{}: {}", flat.path.join("."), flat.message),
        };
        Error::new(flat.pos.unwrap_or(0) as usize, message)
    }
}
