//! The error type: a message plus the property path and the absolute byte offset where it happened.

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
        write!(f, "unreal: {path}: {} at {:#x}", self.message, self.offset)
    }
}

impl std::error::Error for Error {}

impl From<binrw::Error> for Error {
    fn from(e: binrw::Error) -> Self {
        let offset = match &e {
            binrw::Error::BadMagic { pos, .. }
            | binrw::Error::AssertFail { pos, .. }
            | binrw::Error::Custom { pos, .. }
            | binrw::Error::NoVariantMatch { pos }
            | binrw::Error::EnumErrors { pos, .. } => *pos as usize,
            _ => 0,
        };
        Error::new(offset, e.to_string())
    }
}
