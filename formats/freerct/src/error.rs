//! The error type: format name, field path and byte offset.

use savepoint_runtime::escape::{MAX_PRINTED_CHARS, escape_text};

/// A read or write failure, naming the field path and the byte offset.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "freerct: {}: {} at {offset:#x}",
    escape_text(path, MAX_PRINTED_CHARS),
    escape_text(message, 4 * MAX_PRINTED_CHARS)
)]
pub struct Error {
    /// Field path from the root, e.g. `SaveGame.world.x_size`.
    pub path: String,
    /// What went wrong.
    pub message: String,
    /// Byte offset in the file.
    pub offset: u64,
}

impl Error {
    /// Converts a binrw error; `fallback_pos` is used for errors without a position (end of input).
    pub(crate) fn from_binrw(err: binrw::Error, fallback_pos: u64) -> Self {
        let flat = savepoint_runtime::binrw_error::flatten(&err);
        let (message, offset) = match flat.pos {
            _ if flat.eof => ("unexpected end of input".to_owned(), fallback_pos),
            Some(pos) => (flat.message, pos),
            None => (flat.message, fallback_pos),
        };
        Self {
            path: build_path(&flat.path),
            message,
            offset,
        }
    }

    /// Input left over after the final RAND block.
    pub(crate) fn trailing(offset: u64, extra: u64) -> Self {
        Self {
            path: "SaveGame".into(),
            message: format!("{extra} unexpected bytes after the last pattern"),
            offset,
        }
    }
}

/// `Owner.field` steps (outermost first) as one path: the outermost owner, then every field.
fn build_path(steps: &[String]) -> String {
    let mut path = steps
        .first()
        .and_then(|step| step.split_once('.'))
        .map_or("SaveGame", |(owner, _)| owner)
        .to_owned();
    for step in steps {
        path.push('.');
        path.push_str(
            step.split_once('.')
                .map_or(step.as_str(), |(_, field)| field),
        );
    }
    path
}
