//! The arguments of a user type with `size`, `size-eos` or `terminator`, stored as `KsSub<T>`:
//! binrw hands them to `KsSub`, which passes them on to `T` when it reads or writes the area,
//! so they travel in the field's `args_raw` beside the frame, not in `args(..)`.

use super::super::schema::{Field, TypeDef};
use super::Module;
use crate::SchemaError;

impl Module<'_> {
    /// `args_raw` of a sized user-type field: (reader, writer), each `(frame, (arg, ..))`.
    pub(super) fn sub_args(
        &mut self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<(String, String), SchemaError> {
        if field.with_version {
            return Err(self.field_err(
                field,
                "-savepoint-with-version on a sized user type is not supported by the binrw backend",
            ));
        }
        let (frame_read, frame_write) = self.frame_values(def, field, None)?;
        let read = self.field_args(def, field)?.unwrap_or_default();
        let mut write = self.writer_args(field)?;
        write.extend(self.nav_args(def, field)?.1);
        Ok((
            format!("({frame_read}, {})", tuple(&read)),
            format!("({frame_write}, {})", tuple(&write)),
        ))
    }
}

/// A Rust tuple of `items`: `()`, `(a,)`, `(a, b,)`.
pub(super) fn tuple(items: &[String]) -> String {
    if items.is_empty() {
        "()".into()
    } else {
        format!("({},)", items.join(", "))
    }
}
