//! The arguments of a user type with `size`, `size-eos` or `terminator`, stored as `KsSub<T>`:
//! binrw hands them to `KsSub`, which passes them on to `T` when it reads or writes the area,
//! so they travel in the field's `args_raw` beside the frame, not in `args(..)`.

use proc_macro2::TokenStream;
use quote::quote;

use super::super::schema::{Field, TypeDef};
use super::Module;
use super::field_args::tuple;
use crate::SchemaError;

impl Module<'_> {
    /// `args_raw` of a sized user-type field: (reader, writer), each `(frame, (arg, ..))`.
    pub(super) fn sub_args(
        &mut self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<(TokenStream, TokenStream), SchemaError> {
        if field.with_version {
            return Err(self.field_err(
                field,
                "-savepoint-with-version on a sized user type is not supported by the binrw backend",
            ));
        }
        let (frame_read, frame_write) = self.frame_values(def, field, None)?;
        let read = tuple(&self.type_args(def, field)?.unwrap_or_default());
        let mut write = self.writer_args(field)?;
        write.extend(self.nav_args(def, field)?.1);
        let write = tuple(&write);
        Ok((quote!((#frame_read, #read)), quote!((#frame_write, #write))))
    }
}
