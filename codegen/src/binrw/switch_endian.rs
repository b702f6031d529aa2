//! A calculated `meta/endian` switched on `_parent.<field>` (or `_root.<field>` where the
//! parent is the root): the byte order of the field whose type has it, decided by binrw's
//! `is_big` on that earlier field.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::super::schema::{CaseKey, EndianSwitch, Field, FieldType, TypeDef};
use super::switch::any;
use super::switch_sel::Sel;
use super::{Check, Module, check, field_check};
use crate::SchemaError;
use crate::binrw::tokens::ident;
use crate::expr::{Expr, Source};

impl Module<'_> {
    /// The byte-order attributes of a field whose user type has a calculated `meta/endian`
    /// switched on `_parent.X`: `X` is an earlier field of `def`, so binrw's `is_big` decides the
    /// byte order the type (and what it reads without its own) is read and written in.
    pub(super) fn endian_attrs(
        &self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<Option<TokenStream>, SchemaError> {
        let FieldType::Named { name, kind, .. } = &field.ty else {
            return Ok(None);
        };
        if kind.rust_int().is_some() || kind.is_str() {
            return Ok(None);
        }
        let Some((decl, target)) = self.schemas.resolve(self.file, name) else {
            return Ok(None);
        };
        let Some(EndianSwitch { on, cases }) = &target.endian_switch else {
            return Ok(None);
        };
        // `_root.X` is `_parent.X` for a field of the root of the file that declares the type
        // (Kaitai gives a type of another file its own root).
        let parent = |up: &str| up == "_parent" || (up == "_root" && is_root(def, decl, self.file));
        let sel_name = match on.tree() {
            Expr::Attr(base, name) if matches!(&**base, Expr::Name(up) if parent(up)) => name,
            _ => {
                return Err(self.field_err(
                    field,
                    format!("calculated endianness switched on `{on}`: the binrw backend needs `_parent.<field>`, or `_root.<field>` where the field of that type is the root's"),
                ));
            }
        };
        let sel = self.selector(def, field, &Source::name(sel_name))?;
        let access = match (&sel, ident(sel_name)) {
            (Sel::Str | Sel::Bytes { framed: true }, name) => quote!(#name.value),
            (_, name) => name.into_token_stream(),
        };
        let (mut big_r, mut big_w, mut little_r, mut little_w) = (vec![], vec![], vec![], vec![]);
        let mut default = None;
        for (key, big) in cases {
            let CaseKey::Value(key) = key else {
                default = Some(*big);
                continue;
            };
            let (r, w) = self.case_conds(field, &sel, &access, sel_name, key)?;
            if *big {
                big_r.push(r);
                big_w.push(w);
            } else {
                little_r.push(r);
                little_w.push(w);
            }
        }
        let (read, write) = match default {
            Some(true) => {
                let (r, w) = (any(&little_r), any(&little_w));
                (quote!(!(#r)), quote!(!(#w)))
            }
            _ => (any(&big_r), any(&big_w)),
        };
        let mut out = quote!(#[br(is_big = #read)] #[bw(is_big = #write)]);
        if default.is_none() {
            let all: Vec<TokenStream> = big_r.into_iter().chain(little_r).collect();
            let message = format!(
                "{}.{}: no byte order for this {sel_name}",
                def.rust_name, field.id
            );
            out.extend(check(Check::Read, &any(&all), &message, &[]));
            // The writer refuses it too, rather than write in an order nothing reads back.
            let all: Vec<TokenStream> = big_w.into_iter().chain(little_w).collect();
            let path = format!("{}.{}", def.rust_name, field.id);
            let message = format!("no byte order for this {sel_name}");
            out.extend(field_check(&path, &any(&all), &message, &[]));
        }
        Ok(Some(out))
    }
}

/// Whether `def`, a type of file `file`, is the root of `decl`, the file declaring the type
/// one of its fields reads.
fn is_root(def: &TypeDef, decl: &str, file: &str) -> bool {
    def.yaml_path.is_empty() && decl == file
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_root_selector_is_taken_only_for_a_field_of_the_root() {
        let body = "  body:\n    meta:\n      endian:\n        switch-on: _root.magic\n        cases:\n          '[1]': le\n          '[2]': be\n    seq:\n      - {id: v, type: u2}\n";
        let head = "meta: {id: r}\nseq:\n  - {id: magic, size: 1}\n";
        let generate = |tag, ksy: &str| {
            crate::binrw::generate_from(tag, &[("r.ksy", ksy)], "r").map(|m| m.source)
        };
        let root = generate(
            "endian-root",
            &format!("{head}  - {{id: b, type: body}}\ntypes:\n{body}"),
        )
        .unwrap();
        assert!(root.contains("is_big = magic"), "{root}");
        // Read by a nested type's field, `_root.magic` is not its parent's field: refused.
        let nested = format!(
            "{head}  - {{id: w, type: wrap}}\ntypes:\n  wrap:\n    seq:\n      - {{id: b, type: body}}\n{body}"
        );
        let err = generate("endian-root-nested", &nested).unwrap_err();
        assert_eq!(err.yaml_path, "/types/wrap/seq/0", "{err}");
        assert!(
            err.message
                .contains("`_root.<field>` where the field of that type is the root's"),
            "{err}"
        );
    }
}
