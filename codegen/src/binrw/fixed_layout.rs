//! `-savepoint-fixed-layout: <trait path>` on a type whose fields all have a fixed size: besides
//! its `#[binrw]` impls, the type implements that trait, which reads it from the first bytes of
//! a slice the caller checked once (binrw's `Read + Seek` path costs several times as much for
//! small structs read by the ten thousand, such as a save's object transforms). Both come from
//! the one field list, so the slice reader and binrw's cannot drift apart.
//!
//! The trait is the caller's (Satisfactory's schemas name `unreal::layout::FixedLe`); it has
//! `const SIZE: usize` and `fn from_le(b: &[u8]) -> Self`, and every field's type implements it
//! too: the impl adds the fields' sizes and reads each at its offset.

use quote::quote;

use super::super::schema::KsType;
use super::Module;
use crate::SchemaError;
use crate::binrw::schema::{Field, FieldType, TypeDef};
use crate::binrw::tokens::ident;

impl Module<'_> {
    /// The `-savepoint-fixed-layout` impl of `def`, appended to the items (nothing without it).
    pub(super) fn fixed_layout(&mut self, def: &TypeDef) -> Result<(), SchemaError> {
        let Some(path) = &def.fixed_layout else {
            return Ok(());
        };
        let at = format!("{}/-savepoint-fixed-layout", def.yaml_path);
        if !def.params.is_empty() || !def.instances.is_empty() || def.type_enum.is_some() {
            return Err(self.err(&at, "needs a type without params or instances"));
        }
        let written: syn::Path = syn::parse_str(path)
            .map_err(|e| self.err(&at, format!("`{path}` is not a Rust trait path ({e})")))?;
        let fixed = self.use_rust_path(written, self.file);
        let (mut types, mut names) = (Vec::new(), Vec::new());
        for field in &def.seq {
            if !is_plain(field) {
                return Err(self.field_err(
                    field,
                    "a -savepoint-fixed-layout type's fields are plain fields of one type each",
                ));
            }
            types.push(self.element_type(field)?);
            names.push(ident(&field.id));
        }
        let Some(last) = names.last() else {
            return Err(self.err(&at, "needs at least one field"));
        };
        let (name, last) = (ident(&def.rust_name), last.clone());
        let sizes = types.iter().map(|t| quote!(<#t as #fixed>::SIZE));
        let earlier = names.len() - 1;
        let (names, types) = (&names[..earlier], &types[..earlier]);
        // Each field's type is inferred from the struct expression.
        let item = quote! {
            impl #fixed for #name {
                const SIZE: usize = #(#sizes)+*;

                #[inline]
                fn from_le(b: &[u8]) -> Self {
                    let at = 0;
                    #(
                        let #names = #fixed::from_le(b.get(at..).unwrap_or_default());
                        let at = at + <#types as #fixed>::SIZE;
                    )*
                    let #last = #fixed::from_le(b.get(at..).unwrap_or_default());
                    Self { #(#names,)* #last }
                }
            }
        };
        self.items.extend(item);
        Ok(())
    }
}

/// Whether `field` is one value of a number type or a user type, read unconditionally and whole.
fn is_plain(field: &Field) -> bool {
    let sized = |kind: &KsType| !kind.builtin() || kind.rust_int().or(kind.rust_float()).is_some();
    let named =
        matches!(&field.ty, FieldType::Named { kind, args, .. } if args.is_empty() && sized(kind));
    named
        && field.terminator.is_none()
        && field.encoding.is_none()
        && field.cond.is_none()
        && field.repeat_expr.is_none()
        && !field.repeat_eos
        && field.repeat_until.is_none()
        && field.size.is_none()
        && !field.size_eos
        && field.contents.is_none()
        && field.valid.is_none()
        && field.valid_expr.is_none()
        && field.process.is_none()
        && field.count_of.is_none()
        && field.flag_of.is_none()
}

#[cfg(test)]
mod tests {
    use super::super::super::generate_from;

    fn module(tag: &str, seq: &str) -> Result<String, String> {
        let schema = format!(
            "meta: {{id: fl, endian: le}}\n-savepoint-namespace: true\ntypes:\n  pair:\n    \
             -savepoint-fixed-layout: a::Fixed\n    seq:\n{seq}"
        );
        generate_from(tag, &[("fl.ksy", &schema)], "fl")
            .map(|m| m.source)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_field_that_is_not_one_plain_value_is_refused() {
        let ok = module("fl-ok", "      - {id: a, type: u4}\n").unwrap();
        assert!(ok.contains("use a::Fixed;"), "{ok}");
        assert!(ok.contains("impl Fixed for Pair"), "{ok}");
        for (i, field) in [
            "{id: n, type: u1, repeat: expr, repeat-expr: 2}",
            "{id: n, type: strz, encoding: ASCII}",
            "{id: n, type: u1, valid: 1}",
        ]
        .iter()
        .enumerate()
        {
            let e = module(&format!("fl-bad{i}"), &format!("      - {field}\n")).unwrap_err();
            assert!(e.contains("/types/pair/seq/0"), "{e}");
            assert!(e.contains("plain fields of one type each"), "{e}");
        }
    }
}
