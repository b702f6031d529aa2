//! The error type: which part of the file, which field, and the byte offset.

use std::fmt;

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
        let offset = base + binrw_position(&error).unwrap_or(0);
        Error::new(path, offset, binrw_message(&error))
    }

    /// Like [`Error::binrw`] for a reader over `len` bytes: running out of data is reported at the
    /// end of those bytes (I/O errors carry no position of their own).
    pub(crate) fn binrw_read(path: &str, base: usize, len: usize, error: binrw::Error) -> Self {
        let offset = binrw_position(&error).unwrap_or(len);
        Error::new(path, base + offset, binrw_message(&error))
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

/// The innermost position a binrw error carries.
fn binrw_position(error: &binrw::Error) -> Option<usize> {
    match error {
        binrw::Error::BadMagic { pos, .. }
        | binrw::Error::AssertFail { pos, .. }
        | binrw::Error::Custom { pos, .. }
        | binrw::Error::NoVariantMatch { pos }
        | binrw::Error::EnumErrors { pos, .. } => usize::try_from(*pos).ok(),
        binrw::Error::Backtrace(backtrace) => binrw_position(&backtrace.error),
        _ => None,
    }
}

/// The context message of one binrw backtrace frame ("While parsing field 'x' in Y").
fn frame_message(frame: &binrw::error::BacktraceFrame) -> String {
    match frame {
        binrw::error::BacktraceFrame::Full { message, .. }
        | binrw::error::BacktraceFrame::Message(message) => message.trim().to_owned(),
        binrw::error::BacktraceFrame::Custom(context) => context.to_string(),
    }
}

/// The message of a binrw error with its field frames (which name the failing fields) on one line.
fn binrw_message(error: &binrw::Error) -> String {
    match error {
        binrw::Error::Backtrace(backtrace) => {
            let fields: Vec<String> = backtrace
                .frames
                .iter()
                .map(frame_message)
                .filter(|m| !m.is_empty())
                .collect();
            let inner = binrw_message(&backtrace.error);
            if fields.is_empty() {
                inner
            } else {
                format!("{inner} ({})", fields.join("; "))
            }
        }
        binrw::Error::Io(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => {
            "unexpected end of data".to_owned()
        }
        binrw::Error::AssertFail { message, .. } => message.clone(),
        binrw::Error::Custom { err, .. } => {
            err.downcast_ref::<String>().cloned().unwrap_or_else(|| {
                err.downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .unwrap_or_else(|| error.to_string())
            })
        }
        other => other.to_string(),
    }
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
            self.path, self.message, self.offset
        )
    }
}

impl std::error::Error for Error {}
