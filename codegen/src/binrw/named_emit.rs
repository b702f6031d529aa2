//! The emitter's side of named versions (see `named.rs`): the type's `#[version]` and each
//! field's gate.

use proc_macro2::TokenStream;

use super::super::named_versions;
use super::Module;
use crate::SchemaError;
use crate::binrw::schema::{Field, TypeDef};

impl Module<'_> {
    /// `#[version(..)]` for each `-savepoint-version` of the type, else nothing. Its gates are
    /// not `-savepoint-since/-until`, so the type has no `VersionSource` for them.
    pub(super) fn named_version_head(&mut self, def: &TypeDef) -> Result<TokenStream, SchemaError> {
        if def.named_versions.is_empty() {
            return Ok(TokenStream::new());
        }
        let head = named_versions::head(def).map_err(|e| self.err(&def.yaml_path, e))?;
        self.derive_macros.insert("version");
        Ok(head)
    }

    /// The gate attributes of `field` when its `if` compares one of the type's named versions.
    pub(super) fn named_gate(
        &mut self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<Option<TokenStream>, SchemaError> {
        if def.named_versions.is_empty() {
            return self.refuse_absent(field).map(|()| None);
        }
        // The constant's path as the schema gives it, named by its last segment.
        let bound = field.gate_const.as_deref().map(syn::parse_str::<syn::Path>);
        let bound = bound
            .transpose()
            .map_err(|_| self.field_err(field, "-savepoint-gate-const is not a Rust path"))?;
        let bound = bound.map(|path| self.use_rust_path(path, self.file));
        let gate = named_versions::gate(def, field, bound.as_ref(), self.settings.serde)
            .map_err(|e| self.field_err(field, e))?;
        let Some(gate) = gate else {
            return self.refuse_absent(field).map(|()| None);
        };
        // Two gates on one constant (`>= N` and `< N`) check it once.
        if let Some(check) = gate.const_check
            && self.const_checks.insert(check.to_string())
        {
            self.items.extend(check);
        }
        Ok(Some(gate.attrs))
    }

    fn refuse_absent(&self, field: &Field) -> Result<(), SchemaError> {
        match (field.absent_default, &field.gate_const, field.omit_absent) {
            (false, None, false) => Ok(()),
            _ => Err(self.field_err(
                field,
                "-savepoint-absent, -savepoint-gate-const and -savepoint-serde-omit-absent need a gate on the type's -savepoint-version",
            )),
        }
    }
}
