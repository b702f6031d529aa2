//! Paths into hand-written newtypes: a field whose type is a `-savepoint-rust-type` with
//! `-savepoint-transparent: <member>` is a Rust newtype, so the Kaitai path `field.<member>`
//! (e.g. `is_valid.value` of Satisfactory's `bool32`) is `field.0` in Rust.

use super::Module;
use crate::binrw::schema::{FieldType, TypeDef};

impl Module<'_> {
    /// `p` with `.0` for the member of a newtype field of `def`, or `None` when it has none.
    pub(super) fn through_newtypes(&self, def: &TypeDef, p: &[String]) -> Option<Vec<String>> {
        let [field, member] = p else {
            return None;
        };
        let field = def.seq.iter().find(|f| &f.id == field)?;
        let FieldType::Named { name, .. } = &field.ty else {
            return None;
        };
        let (_, target) = self.schemas.resolve(self.file, name)?;
        let newtype = target.rust_type.is_some() && target.transparent.as_ref() == Some(member);
        newtype.then(|| vec![field.id.clone(), "0".into()])
    }
}
