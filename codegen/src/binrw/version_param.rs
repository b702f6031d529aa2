//! A named version given to the type by its caller: `-savepoint-version: {id: v, type: s4,
//! from: v}` where `v` is the type's first Kaitai param (`params: [{id: v, type: s4}]`), not
//! one of its fields. Satisfactory's class data is laid out by the object's SaveVersion, which
//! the object header holds, not the class data itself.
//!
//! schema-derive declares such a version as a binrw argument of the reader and the writer
//! (`#[version(v: i32 = import)]`), ahead of the type's other imports, so the param is neither
//! one of the backend's own `import(..)` arguments nor a stored field, and the writer's gate
//! checks get it from schema-derive rather than from the backend's writer params.

use proc_macro2::TokenStream;
use quote::quote;

use super::schema::{NamedVersion, TypeDef};
use super::tokens::ident;

/// Whether `id` is a param one of `def`'s named versions is imported as.
pub(super) fn is_version_param(def: &TypeDef, id: &str) -> bool {
    def.named_versions
        .iter()
        .any(|v| v.from == id && def.param(id).is_some())
}

/// The type's `#[version(.. = import)]` when its named version comes from a param, `None` when
/// it comes from a field. `nth` counts the type's earlier versions that come from params: the
/// param must be at that place (schema-derive puts the versions first among the imports, in
/// their order, and callers pass Kaitai's arguments in param order), with the version's name
/// and type.
pub(super) fn head(
    v: &NamedVersion,
    def: &TypeDef,
    nth: usize,
) -> Option<Result<TokenStream, String>> {
    let at = def.params.iter().position(|p| p.id == v.from)?;
    let param = &def.params[at];
    if at != nth || param.id != v.id || param.ty.rust_int() != Some(v.ty.as_str()) {
        let place = if nth == 0 {
            "the first param".to_string()
        } else {
            format!("param {} (after the versions before it)", nth + 1)
        };
        return Some(Err(format!(
            "-savepoint-version from the param `{}` needs it to be {place}, named `{}`, of type {}",
            v.from, v.id, v.ty
        )));
    }
    let (id, ty) = (ident(&v.id), ident(&v.ty));
    Some(Ok(quote!(#[version(#id: #ty = import)])))
}

#[cfg(test)]
mod tests {
    use super::super::generate_from;

    /// A namespace whose type `rec` has the params `params` and a field gated on `v`.
    fn module(tag: &str, params: &str) -> Result<String, String> {
        let schema = format!(
            "meta: {{id: vp, endian: le}}\n-savepoint-namespace: true\ntypes:\n  rec:\n    \
             -savepoint-version: {{id: v, type: s4, from: v}}\n    params: {params}\n    seq:\n      \
             - {{id: x, type: s4, if: 'v >= 3'}}\n"
        );
        generate_from(tag, &[("vp.ksy", &schema)], "vp")
            .map(|m| m.source)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_version_param_is_imported_by_schema_derive_alone() {
        let m = module("vp-ok", "[{id: v, type: s4}, {id: n, type: u1}]").unwrap();
        assert!(m.contains("#[version(v: i32 = import)]\n#[binrw]"), "{m}");
        assert!(m.contains("#[br(import(n: u8))]"), "{m}");
        assert!(!m.contains("v: i32,") && !m.contains("bw(import"), "{m}");
        assert!(
            m.contains("#[since(v >= 3)]\n    pub x: Option<i32>,"),
            "{m}"
        );
    }

    #[test]
    fn the_version_param_comes_first_with_the_version_type() {
        let late = module("vp-late", "[{id: n, type: u1}, {id: v, type: s4}]").unwrap_err();
        assert!(late.contains("first param"), "{late}");
        let wide = module("vp-wide", "[{id: v, type: s8}]").unwrap_err();
        assert!(wide.contains("of type i32"), "{wide}");
    }
}
