//! binrw errors as one line each: the field path from binrw's context frames, the position, and
//! the message of the innermost failure, with no backtrace, colours or source locations (binrw's
//! own `Display` prints all three, over several lines).

/// A binrw error reduced to what an error line needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlatError {
    /// Field steps, outermost first, as `Owner.field`.
    pub path: Vec<String>,
    /// Stream position of the failure; `None` for I/O errors, which carry none.
    pub pos: Option<u64>,
    /// What went wrong, on one line.
    pub message: String,
    /// Whether the input ended before the failing field was complete.
    pub eof: bool,
}

/// A writer's check that failed on one field, as the error of a `#[bw(assert(...))]`: binrw
/// records no field context while writing, so the check names its field itself (`Type.field`)
/// and [`flatten`] puts it in the path, as a reader's context frame would be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// `Type.field`.
    pub field: &'static str,
    /// What is wrong with the value.
    pub message: String,
}

impl FieldError {
    /// The failure of `field`'s check.
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        FieldError {
            field,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Flattens `error`. Of an enum's variant errors the one that got furthest into the input is kept
/// (the others failed on the variant's tag or condition, which says little).
pub fn flatten(error: &binrw::Error) -> FlatError {
    match error {
        binrw::Error::Backtrace(backtrace) => {
            let mut inner = flatten(&backtrace.error);
            // Frames are innermost first.
            let steps = backtrace.frames.iter().rev().filter_map(frame_step);
            inner.path.splice(0..0, steps);
            inner
        }
        binrw::Error::EnumErrors {
            pos,
            variant_errors,
        } => variant_errors
            .iter()
            .map(|(_, e)| flatten(e))
            .filter(|e| e.pos.is_none_or(|at| at > *pos) || e.eof)
            .max_by_key(|e| (e.pos, !e.eof))
            .unwrap_or_else(|| leaf(*pos, "no variant matched".to_owned())),
        binrw::Error::BadMagic { pos, found } => leaf(
            *pos,
            format!("unexpected value {}", one_line(&format!("{found:?}"))),
        ),
        binrw::Error::AssertFail { pos, message } => leaf(*pos, one_line(message)),
        binrw::Error::Custom { pos, err } => match err.downcast_ref::<FieldError>() {
            Some(field) => FlatError {
                path: vec![field.field.to_owned()],
                ..leaf(*pos, one_line(&field.message))
            },
            None => leaf(*pos, one_line(&err.to_string())),
        },
        binrw::Error::NoVariantMatch { pos } => leaf(*pos, "no variant matched".to_owned()),
        binrw::Error::Io(io) => FlatError {
            path: Vec::new(),
            pos: None,
            eof: io.kind() == std::io::ErrorKind::UnexpectedEof,
            message: one_line(&io.to_string()),
        },
        other => FlatError {
            path: Vec::new(),
            pos: None,
            eof: false,
            message: one_line(&other.to_string()),
        },
    }
}

fn leaf(pos: u64, message: String) -> FlatError {
    FlatError {
        path: Vec::new(),
        pos: Some(pos),
        message,
        eof: false,
    }
}

/// binrw's "While parsing field 'x' in Y" (or "writing") as `Y.x`; other context as it is.
fn frame_step(frame: &binrw::error::BacktraceFrame) -> Option<String> {
    use binrw::error::BacktraceFrame;
    let message = match frame {
        BacktraceFrame::Full { message, .. } | BacktraceFrame::Message(message) => message,
        BacktraceFrame::Custom(_) => return None,
    };
    let step = message
        .strip_prefix("While parsing field '")
        .or_else(|| message.strip_prefix("While writing field '"))
        .and_then(|rest| rest.split_once("' in "))
        .map(|(field, owner)| format!("{owner}.{field}"));
    Some(step.unwrap_or_else(|| one_line(message)))
}

/// `text` with line breaks and other control characters escaped, so it stays on one line.
fn one_line(text: &str) -> String {
    crate::escape::escape_text(text, usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use binrw::{BinRead, binrw, io::Cursor};

    #[binrw]
    #[brw(little)]
    #[derive(Debug)]
    struct Outer {
        count: u8,
        inner: Inner,
    }

    #[binrw]
    #[brw(little)]
    #[derive(Debug)]
    struct Inner {
        #[br(assert(value < 10, "value {} too large\nsecond line", value))]
        value: u8,
    }

    /// A writer check naming its field, as the binrw backend of codegen emits them.
    #[binrw]
    #[brw(little)]
    #[derive(Debug)]
    struct Checked {
        #[bw(assert(*value < 10, FieldError::new("Checked.value", format!("invalid {}", value))))]
        value: u8,
    }

    #[binrw]
    #[brw(little)]
    #[derive(Debug)]
    enum Choice {
        #[brw(magic = 1u8)]
        One(Outer),
        #[brw(magic = 2u8)]
        Two(u32),
    }

    #[test]
    fn one_line_with_path_and_position() {
        let err = Outer::read(&mut Cursor::new([1u8, 20])).unwrap_err();
        let flat = flatten(&err);
        assert_eq!(flat.path, ["Outer.inner"]);
        assert_eq!(flat.pos, Some(1));
        assert_eq!(flat.message, "value 20 too large\\nsecond line");
    }

    #[test]
    fn a_writer_check_names_its_field() {
        use binrw::BinWrite;
        let mut out = Cursor::new(vec![0u8; 3]);
        out.set_position(2);
        let err = Checked { value: 12 }.write(&mut out).unwrap_err();
        let flat = flatten(&err);
        assert_eq!(flat.path, ["Checked.value"]);
        assert_eq!(flat.pos, Some(2));
        assert_eq!(flat.message, "invalid 12");
    }

    #[test]
    fn the_variant_that_got_furthest_explains_an_enum() {
        let err = Choice::read(&mut Cursor::new([1u8, 0, 20])).unwrap_err();
        let flat = flatten(&err);
        assert_eq!(flat.message, "value 20 too large\\nsecond line", "{flat:?}");
        assert_eq!(flat.path, ["Choice::One.self_0", "Outer.inner"]);
        let err = Choice::read(&mut Cursor::new([2u8, 0])).unwrap_err();
        assert!(flatten(&err).eof, "{:?}", flatten(&err));
        let err = Choice::read(&mut Cursor::new([7u8])).unwrap_err();
        assert_eq!(flatten(&err).message, "no variant matched");
    }
}
