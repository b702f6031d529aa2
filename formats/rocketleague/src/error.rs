//! The crate error: which section failed, the field path inside it, the byte offset and why.

use std::fmt;
use unreal::escape::{MAX_PRINTED_CHARS, escape_text};

/// The part of a replay an error belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    /// Sizes and CRCs framing the sections.
    Framing,
    /// The header section.
    Header,
    /// The body section (levels, keyframes, network stream size).
    Body,
    /// The network stream.
    Network,
    /// The footer after the network stream.
    Footer,
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Section::Framing => "framing",
            Section::Header => "header",
            Section::Body => "body",
            Section::Network => "network",
            Section::Footer => "footer",
        })
    }
}

/// A read or write failure, e.g.
/// `rocketleague: header: Header.properties: list of 7 elements cannot fit ... at 0x3a1`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    section: Section,
    path: String,
    offset: u64,
    message: String,
}

impl Error {
    pub(crate) fn new(
        section: Section,
        path: impl Into<String>,
        offset: u64,
        message: impl Into<String>,
    ) -> Self {
        Error {
            section,
            path: path.into(),
            offset,
            message: message.into(),
        }
    }

    /// Converts a binrw error raised while handling the section at file offsets `base..end`
    /// (an early end of input is reported at `end`, where the data ran out).
    pub(crate) fn from_binrw(
        section: Section,
        (base, end): (u64, u64),
        error: &binrw::Error,
    ) -> Self {
        let flat = unreal::binrw_error::flatten(error);
        let (offset, message) = match flat.pos {
            _ if flat.eof => (end, "section ends before the field is complete".to_owned()),
            Some(pos) => (base + pos, flat.message),
            None => (base, flat.message),
        };
        Error::new(section, flat.path.join("."), offset, message)
    }

    /// The section the error belongs to.
    pub fn section(&self) -> Section {
        self.section
    }

    /// The field path inside the section (may be empty).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Byte offset in the file (for network errors: the byte holding the failing bit, whose
    /// position in the stream the message gives).
    pub fn offset(&self) -> u64 {
        self.offset
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rocketleague: {}: ", self.section)?;
        if !self.path.is_empty() {
            write!(f, "{}: ", escape_text(&self.path, MAX_PRINTED_CHARS))?;
        }
        let message = escape_text(&self.message, 4 * MAX_PRINTED_CHARS);
        write!(f, "{message} at 0x{:x}", self.offset)
    }
}

impl std::error::Error for Error {}
