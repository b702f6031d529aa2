//! An argument that is a gated field or, where its gate is false, a number:
//! `<if> ? <field> : <N>`, where `<field>` is an earlier field of the type whose `if` is that
//! same `<if>`. Satisfactory's lightweight buildable subsystem passes its
//! `currentLightweightVersion` on, which SaveVersions before 48 lack (the instances are then at
//! version 1): `type: t_map_..(save_version, save_version >= 48 ? current_lightweight_version
//! : 1, props)`.
//!
//! The field is an `Option`, so the expression as the backend writes others (`if c { field }
//! else { 1 }`) would not compile; the argument is `field.unwrap_or(N)` instead, on both sides
//! (the field is `Copy`, a reference on the writer's side, which auto-deref reads through). It
//! is the same value: where the `if` holds, the field is there (the reader read it, the writer
//! refuses a value without it), and elsewhere it is not.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::Module;
use crate::SchemaError;
use crate::binrw::expr::{self, Expr};
use crate::binrw::schema::{Field, FieldType};
use crate::binrw::tokens::ident;
use crate::expr::Source;

impl Module<'_> {
    /// `field.unwrap_or(N)` when `arg` (an argument `field` passes) has the shape above, else
    /// `None`. Both sides of the field take it.
    pub(super) fn gated_arg(
        &self,
        field: &Field,
        arg: &Source,
    ) -> Result<Option<TokenStream>, SchemaError> {
        let Some(def) = self.owner(field) else {
            return Ok(None);
        };
        let Ok(Expr::Ternary(cond, then, otherwise)) = expr::lower_plain(arg) else {
            return Ok(None);
        };
        let (Expr::Path(path), Expr::Int(n)) = (&*then, &*otherwise) else {
            return Ok(None);
        };
        let [name] = path.as_slice() else {
            return Ok(None);
        };
        let earlier = def.seq.iter().take_while(|f| f.id != field.id);
        let Some(gated) = earlier.filter(|f| f.id == *name).last() else {
            return Ok(None);
        };
        let same_if = gated
            .cond
            .as_ref()
            .is_some_and(|c| expr::lower_plain(c).ok().as_ref() == Some(&*cond));
        if !same_if {
            return Ok(None);
        }
        let plain_int =
            matches!(&gated.ty, FieldType::Named { kind, .. } if kind.rust_int().is_some());
        if !plain_int || gated.repeat_expr.is_some() || gated.repeat_eos {
            return Err(self.field_err(
                field,
                format!("`{arg}`: the field `{name}` under its `if` must be one integer"),
            ));
        }
        let (name, n) = (ident(name), Literal::i64_unsuffixed(*n));
        Ok(Some(quote!(#name.unwrap_or(#n))))
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::generate_from;

    fn module(tag: &str, arg: &str) -> Result<String, String> {
        let schema = format!(
            "meta: {{id: ga, endian: le}}\n-savepoint-namespace: true\ntypes:\n  rec:\n    \
             seq:\n      - {{id: v, type: u1}}\n      - {{id: n, type: u2, if: v >= 2}}\n      \
             - {{id: x, type: 'child({arg})'}}\n  \
             child:\n    params: [{{id: p, type: u2}}]\n    seq:\n      \
             - {{id: y, type: u1, if: p > 1}}\n"
        );
        generate_from(tag, &[("ga.ksy", &schema)], "ga")
            .map(|m| m.source)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_gated_field_or_a_number_is_the_field_unwrapped() {
        let m = module("gated-arg", "v >= 2 ? n : 1").unwrap();
        assert!(m.contains("#[br(args(n.unwrap_or(1)))]"), "{m}");
        assert!(m.contains("#[bw(args(n.unwrap_or(1)))]"), "{m}");
    }

    #[test]
    fn another_if_is_an_ordinary_ternary() {
        let m = module("gated-other", "v >= 3 ? v : 1").unwrap();
        assert!(!m.contains("unwrap_or("), "{m}");
    }
}
