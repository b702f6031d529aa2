//! Params of a Rust type the schema names (`-savepoint-rust-type` on a param, e.g.
//! `&unreal::PropertyContext`): a context the caller lends rather than a value of the file, such
//! as the property readers Satisfactory's inventory items need for the property lists inside
//! them. Kaitai has no such value, so the schema gives the param a type its compiler accepts
//! (`any`) and the Rust type beside it.
//!
//! Such a param is imported by the reader and the writer alike (`#[br(import(props:
//! &PropertyContext))]`, `#[bw(import(ks_arg_props: &PropertyContext))]`), never kept as a
//! field, and passed on as it is (a reference is `Copy`) on both sides. So that it reaches every
//! type below that needs it, a field's type is given on the writer's side too, besides the
//! params `writer_params.rs` finds, each param of that kind, its named version's param (which
//! schema-derive imports for the writer as for the reader) and every param of a hand-written
//! type (`-savepoint-rust-type` on the type), whose `BinWrite` takes what its `BinRead` does.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::Module;
use crate::SchemaError;
use crate::binrw::expr::{Side, writer_import};
use crate::binrw::schema::{Field, TypeDef, TypeRef};
use crate::binrw::tokens::ident;
use crate::binrw::version_param::is_version_param;
use crate::expr::Source;

/// The `-savepoint-rust-type` of `def`'s param `id`.
pub(in crate::binrw) fn rust_type<'d>(def: &'d TypeDef, id: &str) -> Option<&'d str> {
    def.param(id)?.rust_type.as_deref()
}

/// Whether the writer of `target` takes its param `id` whatever it does with it (see the
/// module documentation).
pub(in crate::binrw) fn writer_takes(target: &TypeDef, id: &str) -> bool {
    rust_type(target, id).is_some() || target.rust_type.is_some() || is_version_param(target, id)
}

impl Module<'_> {
    /// The reader's import (`props: &PropertyContext`) of `def`'s param `id` when it has a Rust
    /// type, whose path the module imports.
    pub(super) fn rust_param_import(
        &mut self,
        def: &TypeDef,
        id: &str,
    ) -> Result<Option<TokenStream>, SchemaError> {
        let Some((ty, used)) = self.rust_param_type(def, id)? else {
            return Ok(None);
        };
        if let Some(path) = used {
            self.uses.insert(path.into_token_stream());
        }
        let id = ident(id);
        Ok(Some(quote!(#id: #ty)))
    }

    /// The writer's import (`ks_arg_props: &PropertyContext`) of `def`'s param `id`, which has
    /// a Rust type (the reader's import brought its path in).
    pub(super) fn rust_param_writer_import(
        &self,
        def: &TypeDef,
        id: &str,
    ) -> Result<TokenStream, SchemaError> {
        let (ty, _) = self.rust_param_type(def, id)?.ok_or_else(|| {
            self.err(
                &def.yaml_path,
                format!("param `{id}` has no -savepoint-rust-type"),
            )
        })?;
        let id = writer_import(id);
        Ok(quote!(#id: #ty))
    }

    /// The writer's argument `arg` of `field` for the param `param` of `target` when
    /// [`writer_takes`] it: the owner's named version by value (schema-derive binds it so),
    /// a Rust-typed value as it is, anything else as the writer's other arguments are.
    pub(super) fn taken_writer_arg(
        &self,
        field: &Field,
        target: &TypeDef,
        arg: &Source,
        (param, ty): (&str, &TypeRef),
    ) -> Result<Option<TokenStream>, SchemaError> {
        if !writer_takes(target, param) {
            return Ok(None);
        }
        let version = arg.as_name().filter(|n| {
            self.owner(field)
                .is_some_and(|def| is_version_param(def, n))
        });
        if let Some(version) = version {
            return Ok(Some(ident(version).into_token_stream()));
        }
        let value = self.expr_in(field, arg, false)?.rust(Side::Write);
        Ok(Some(match rust_type(target, param) {
            Some(_) => value,
            None => super::list_args::lend(ty, value),
        }))
    }

    /// The reader's argument for `target`'s param `param` when it has a Rust type: the value
    /// as it is, not a clone.
    pub(super) fn rust_param_arg(
        &self,
        field: &Field,
        target: &TypeDef,
        arg: &Source,
        param: &str,
    ) -> Result<Option<TokenStream>, SchemaError> {
        if rust_type(target, param).is_none() {
            return Ok(None);
        }
        Ok(Some(self.expr_in(field, arg, false)?.rust(Side::Read)))
    }

    /// The Rust type of `def`'s param `id` as the module spells it, with the path to import: a
    /// path of several segments (behind a `&`) is imported and spelled by its last segment.
    pub(super) fn rust_param_type(
        &self,
        def: &TypeDef,
        id: &str,
    ) -> Result<Option<(syn::Type, Option<syn::Path>)>, SchemaError> {
        let Some(rust) = rust_type(def, id) else {
            return Ok(None);
        };
        let at = def.params.iter().position(|p| p.id == id).unwrap_or(0);
        let mut ty: syn::Type = syn::parse_str(rust).map_err(|e| {
            self.err(
                &format!("{}/params/{at}/-savepoint-rust-type", def.yaml_path),
                format!("`{rust}` is not a Rust type: {e}"),
            )
        })?;
        let inner = match &mut ty {
            syn::Type::Reference(r) => &mut *r.elem,
            other => other,
        };
        let mut used = None;
        if let syn::Type::Path(p) = inner
            && p.qself.is_none()
            && p.path.segments.len() > 1
            && p.path.segments.iter().all(|s| s.arguments.is_none())
        {
            used = Some(p.path.clone());
            let last = p.path.segments.pop().map(|s| s.into_value());
            p.path = syn::Path::from(last.map_or_else(|| ident(id), |s| s.ident));
        }
        Ok(Some((ty, used)))
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::generate_from;

    fn module(tag: &str, param: &str) -> Result<String, String> {
        let schema = format!(
            "meta: {{id: rp, endian: le}}\n-savepoint-namespace: true\ntypes:\n  rec:\n    \
             params:\n      - {param}\n    seq:\n      - {{id: x, type: u1}}\n"
        );
        generate_from(tag, &[("rp.ksy", &schema)], "rp")
            .map(|m| m.source)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_rust_typed_param_is_imported_on_both_sides_and_not_kept() {
        let m = module(
            "rp-ok",
            "{id: cx, type: any, -savepoint-rust-type: '&a::b::Cx'}",
        )
        .unwrap();
        assert!(m.contains("use a::b::Cx;"), "{m}");
        assert!(m.contains("#[br(import(cx: &Cx))]"), "{m}");
        // Unused by the fields, so the writer does not take it.
        assert!(!m.contains("bw(import"), "{m}");
        assert!(!m.contains("pub cx"), "{m}");
    }

    #[test]
    fn a_param_refuses_what_is_not_a_rust_type_or_a_known_key() {
        let bad = module("rp-bad", "{id: cx, type: any, -savepoint-rust-type: '&&'}").unwrap_err();
        assert!(
            bad.contains("/types/rec/params/0/-savepoint-rust-type"),
            "{bad}"
        );
        assert!(bad.contains("is not a Rust type"), "{bad}");
        let typo = module("rp-typo", "{id: cx, type: any, -savepoint-rust-typ: X}").unwrap_err();
        assert!(
            typo.contains("/types/rec/params/0/-savepoint-rust-typ"),
            "{typo}"
        );
    }
}
