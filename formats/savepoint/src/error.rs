//! The savepoint error type: detection and JSON failures plus each format crate's own error.

use crate::Format;

/// Everything that can go wrong reading, writing or converting a file.
///
/// Format errors are passed through unchanged: they already name the format, field path and offset.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Neither the bytes nor the file name identify a known format.
    #[error("unknown format: no known magic number or file extension")]
    UnknownFormat,
    /// The format is recognised but this build has no reader for it.
    #[error("{0}: recognised, but reading this format is not supported yet")]
    Unsupported(Format),
    /// A `--hint` that is not `PATH=Type`.
    #[error("invalid struct hint {0:?}: expected PATH=Type, e.g. PlayerAttributes.Key=Struct")]
    InvalidHint(String),
    /// A FreeRCT save failed to read or write.
    #[error(transparent)]
    FreeRct(#[from] freerct::Error),
    /// A GVAS SaveGame failed to read or write.
    #[error(transparent)]
    Gvas(#[from] gvas::Error),
    /// A Rocket League replay failed to read or write.
    #[error(transparent)]
    RocketLeague(#[from] rocketleague::Error),
    /// A Satisfactory save, blueprint or blueprint config failed to read or write.
    #[error(transparent)]
    Satisfactory(#[from] satisfactory::Error),
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The JSON is malformed or does not describe a supported file.
    #[error("json: {0}")]
    Json(#[from] serde_json::Error),
    /// The JSON nests brackets deeper than [`crate::MAX_JSON_DEPTH`].
    #[error(
        "json: nested deeper than {} levels at byte {offset}",
        crate::MAX_JSON_DEPTH
    )]
    JsonTooDeep {
        /// Byte offset of the first bracket past the bound.
        offset: usize,
    },
    /// The file is shorter than every magic number, and its name does not tell the format.
    #[error(
        "file too short to be any known format: {0} bytes (every magic number is at least {min} bytes)",
        min = crate::detect::SHORTEST_MAGIC
    )]
    TooShort(usize),
}

impl Error {
    /// The error for `len` bytes whose format neither they nor the file name tell.
    pub fn undetected(len: usize) -> Self {
        if len < crate::detect::SHORTEST_MAGIC {
            Error::TooShort(len)
        } else {
            Error::UnknownFormat
        }
    }
}
