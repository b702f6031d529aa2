//! A flag saying whether a later field is there (`-savepoint-flag-of: <field id>` on the flag,
//! whose `if` the field carries): Satisfactory's `bool` before an optional struct
//! (`has_mActiveAction`, `bHasValidStruct`). Like a `-savepoint-count-of` count, the flag is not
//! kept: the reader reads it to decide (`#[br(temp)]`) and the writer writes whether the field
//! holds a value (`#[bw(calc = ..)]`), so the two cannot disagree.
//!
//! The flag is an integer (the field's `if: <flag> != 0`, written as 0 or 1) or a hand-written
//! `-savepoint-transparent` newtype of a boolean (`if: <flag>.<member>`, written as
//! `Type(present)`, the newtype's one member, as `newtype.rs` reads it).

use proc_macro2::TokenStream;
use quote::quote;

use super::Module;
use crate::SchemaError;
use crate::binrw::schema::{Field, FieldType, TypeDef};
use crate::binrw::tokens::ident;
use crate::expr::Source;

/// Whether an earlier flag of `def` records whether `field` is there: the writer computes the
/// flag from the field, so it checks nothing more.
pub(super) fn flagged(def: &TypeDef, field: &Field) -> bool {
    def.seq
        .iter()
        .any(|f| f.flag_of.as_deref() == Some(field.id.as_str()))
}

impl Module<'_> {
    /// The flag `field` of `def` (of Rust type `element`) recording whether `flag_of` is there.
    pub(super) fn flag_field(
        &self,
        def: &TypeDef,
        field: &Field,
        flag_of: &str,
        element: &TokenStream,
    ) -> Result<TokenStream, SchemaError> {
        let after = def.seq.iter().skip_while(|f| f.id != field.id).skip(1);
        let target = after.clone().find(|f| f.id == flag_of).ok_or_else(|| {
            self.field_err(
                field,
                format!("-savepoint-flag-of names no later field `{flag_of}`"),
            )
        })?;
        let plain = field.cond.is_none() && field.repeat_expr.is_none() && !field.repeat_eos;
        let (cond, calc) = self.flag_calc(field, element, flag_of)?;
        // Compared as trees, so spacing and parentheses do not matter.
        let wanted = crate::expr::parse(&cond).ok();
        let target_cond = target.cond.as_ref().map(Source::tree);
        if !plain || field.repeat_until.is_some() || target_cond != wanted.as_ref() {
            return Err(self.field_err(
                field,
                format!(
                    "a -savepoint-flag-of flag is a plain field, and `{flag_of}` has `if: {cond}`"
                ),
            ));
        }
        let id = ident(&field.id);
        Ok(quote! {
            #[br(temp)]
            #[bw(calc = #calc)]
            #id: #element,
        })
    }

    /// The `if` the flagged field must carry and the value the writer computes for the flag.
    fn flag_calc(
        &self,
        field: &Field,
        element: &TokenStream,
        flag_of: &str,
    ) -> Result<(String, TokenStream), SchemaError> {
        let target = ident(flag_of);
        let FieldType::Named { name, kind, .. } = &field.ty else {
            return Err(self.field_err(field, "a -savepoint-flag-of flag needs a type"));
        };
        if kind.rust_int().is_some() {
            return Ok((
                format!("{} != 0", field.id),
                quote!(#element::from(#target.is_some())),
            ));
        }
        let newtype = (!kind.builtin())
            .then(|| self.resolve(field, name).ok())
            .flatten()
            .and_then(|(_, t)| t.rust_type.as_ref().and(t.transparent.as_ref()));
        let Some(member) = newtype else {
            return Err(self.field_err(
                field,
                "a -savepoint-flag-of flag is an integer or a -savepoint-transparent hand-written newtype",
            ));
        };
        Ok((
            format!("{}.{member}", field.id),
            quote!(#element(#target.is_some())),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::generate_from;

    fn module(tag: &str, seq: &str) -> Result<String, String> {
        let schema = format!("meta: {{id: fo, endian: le}}\nseq:\n{seq}");
        generate_from(tag, &[("fo.ksy", &schema)], "fo")
            .map(|m| m.source)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_flag_needs_a_later_field_under_its_if() {
        let ok =
            "  - {id: f, type: u1, -savepoint-flag-of: x}\n  - {id: x, type: u1, if: f != 0}\n";
        assert!(
            module("fo-ok", ok)
                .unwrap()
                .contains("calc = u8::from(x.is_some())")
        );
        // The `if` is compared as an expression, not as text.
        let spaced = ok.replace("if: f != 0", "if: '(f!=0)'");
        assert!(module("fo-spaced", &spaced).is_ok());
        let other_if = ok.replace("if: f != 0", "if: f == 1");
        let err = module("fo-if", &other_if).unwrap_err();
        assert!(err.contains("`x` has `if: f != 0`"), "{err}");
        let missing = ok.replace("flag-of: x", "flag-of: y");
        let err = module("fo-none", &missing).unwrap_err();
        assert!(err.contains("names no later field `y`"), "{err}");
    }
}
