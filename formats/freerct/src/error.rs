//! The error type: format name, field path and byte offset.

use binrw::error::BacktraceFrame;

/// A read or write failure, naming the field path and the byte offset.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("freerct: {path}: {message} at {offset:#x}")]
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
        let mut fields = Vec::new();
        let root = match err {
            binrw::Error::Backtrace(bt) => {
                // Frames are innermost first; the path reads outermost first.
                for frame in bt.frames.iter().rev() {
                    if let Some(step) = field_of(frame) {
                        fields.push(step);
                    }
                }
                *bt.error
            }
            other => other,
        };
        let path = build_path(&fields);
        let (message, offset) = describe(root, fallback_pos);
        Self {
            path,
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

/// Extracts (struct, field) from a binrw context frame "While parsing field 'f' in S".
fn field_of(frame: &BacktraceFrame) -> Option<(String, String)> {
    let message = match frame {
        BacktraceFrame::Full { message, .. } | BacktraceFrame::Message(message) => message,
        BacktraceFrame::Custom(_) => return None,
    };
    let rest = message
        .strip_prefix("While parsing field '")
        .or_else(|| message.strip_prefix("While writing field '"))?;
    let (field, owner) = rest.split_once("' in ")?;
    Some((owner.to_owned(), field.to_owned()))
}

fn build_path(fields: &[(String, String)]) -> String {
    let mut path = fields
        .first()
        .map_or_else(|| "SaveGame".to_owned(), |(owner, _)| owner.clone());
    for (_, field) in fields {
        path.push('.');
        path.push_str(field);
    }
    path
}

fn describe(root: binrw::Error, fallback_pos: u64) -> (String, u64) {
    match root {
        binrw::Error::AssertFail { pos, message } => (message, pos),
        binrw::Error::BadMagic { pos, found } => (format!("bad magic {found:?}"), pos),
        binrw::Error::Custom { pos, err } => (err.to_string(), pos),
        binrw::Error::NoVariantMatch { pos } => ("no variant matched".into(), pos),
        binrw::Error::EnumErrors {
            pos,
            variant_errors,
        } => {
            let inner: Vec<String> = variant_errors
                .iter()
                .map(|(name, e)| format!("{name}: {e}"))
                .collect();
            (format!("no variant matched ({})", inner.join("; ")), pos)
        }
        binrw::Error::Io(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => {
            ("unexpected end of input".into(), fallback_pos)
        }
        other => (other.to_string(), fallback_pos),
    }
}
