//! The crate error: which section failed, the field path inside it, the byte offset and why.

use std::fmt;

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
        let mut path = Vec::new();
        if let binrw::Error::Backtrace(backtrace) = error {
            for frame in backtrace.frames.iter().rev() {
                if let binrw::error::BacktraceFrame::Full { message, .. }
                | binrw::error::BacktraceFrame::Message(message) = frame
                {
                    path.push(field_of(message));
                }
            }
        }
        let root = error.root_cause();
        let (offset, message) = match root {
            binrw::Error::BadMagic { pos, found } => {
                (Some(*pos), format!("unknown value {found:?}"))
            }
            binrw::Error::AssertFail { pos, message } => (Some(*pos), message.clone()),
            binrw::Error::Custom { pos, err } => (Some(*pos), err.to_string()),
            binrw::Error::NoVariantMatch { pos } => {
                (Some(*pos), "unknown property type".to_owned())
            }
            binrw::Error::EnumErrors { pos, .. } => (Some(*pos), "no variant matched".to_owned()),
            binrw::Error::Io(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => (
                Some(end - base),
                "section ends before the field is complete".to_owned(),
            ),
            other => (None, other.to_string()),
        };
        Error::new(section, path.join("."), base + offset.unwrap_or(0), message)
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

/// Turns binrw's "While parsing field 'x' in Y" into `Y.x`.
fn field_of(message: &str) -> String {
    let parsed = message
        .strip_prefix("While parsing field '")
        .and_then(|rest| rest.split_once("' in "))
        .map(|(field, owner)| format!("{owner}.{field}"));
    parsed.unwrap_or_else(|| message.to_owned())
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rocketleague: {}: ", self.section)?;
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        write!(f, "{} at 0x{:x}", self.message, self.offset)
    }
}

impl std::error::Error for Error {}
