//! Kaitai value instances that a seq field's `if`, `size`, count or `switch-on` names and that
//! binrw directives cannot spell: a generated type computes such a value into a field of its
//! own just before the field that needs it, from the fields read (or held, when writing) so
//! far. The field holds the value on both sides and is never read from or written to the
//! stream.

use binrw::io::{Seek, Write};
use binrw::{BinResult, BinWrite, Endian};

use crate::binrw_error::FieldError;

/// A computed value, held while a type is read or written; it writes no bytes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct KsValue<T>(pub T);

impl<T> BinWrite for KsValue<T> {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, _: &mut W, _: Endian, _: ()) -> BinResult<()> {
        Ok(())
    }
}

/// The value instance `what` (`Type.instance`) for a field that reads it when `needed` holds:
/// `value()` there, where undefined (`None`: an absent field, a value that does not fit) is an
/// error, as Kaitai fails on it; `T::default()` otherwise, which the field does not read.
pub fn ks_value<T: Default>(
    needed: bool,
    value: impl FnOnce() -> Option<T>,
    what: &'static str,
) -> Result<KsValue<T>, FieldError> {
    if !needed {
        return Ok(KsValue(T::default()));
    }
    value()
        .map(KsValue)
        .ok_or_else(|| FieldError::new(what, format!("{what} is undefined where a field needs it")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_undefined_value_fails_only_where_needed() {
        assert_eq!(ks_value(true, || Some(7i128), "T.v"), Ok(KsValue(7)));
        assert_eq!(ks_value(false, || None::<i128>, "T.v"), Ok(KsValue(0)));
        let err = ks_value(true, || None::<String>, "T.v").unwrap_err();
        assert_eq!(err.field, "T.v");
        assert_eq!(err.message, "T.v is undefined where a field needs it");
    }

    #[test]
    fn writes_nothing() {
        let mut out = binrw::io::Cursor::new(Vec::new());
        KsValue(5u8).write_le(&mut out).unwrap();
        assert!(out.into_inner().is_empty());
    }
}
