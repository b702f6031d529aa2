//! A `switch-on` field whose cases are all integers (`len: {switch-on: code, cases: {1: u1,
//! 2: u2}}`) used by a seq field's `if`, `size` or count: its enum gets a `ks_int()` method, the
//! integer of whichever case was read, and the expressions call it (`len.ks_int()`, the same for
//! the reader's value and the writer's reference). Kaitai's value is null when no case matched,
//! and using it fails; so when no `_` case exists, the value must be used unconditionally (a
//! field's `if`, or a field without one), and the reader fails at the switch field itself when
//! nothing matched, as the later use would; the writer refuses `Unmatched` there too.

use proc_macro2::TokenStream;
use quote::quote;

use super::super::expr::{Expr, lower_size};
use super::super::schema::{Field, FieldType, TypeDef};
use super::super::tokens::ident;
use super::asserts::{Check, check, field_check};
use super::switch::variant_name;
use crate::expr::Source;

/// The method called for the integer of the switch.
const METHOD: &str = "ks_int()";

/// `e` with each path naming an integer switch of `def` (see [`int_switch`]) calling its
/// [`METHOD`]; another switch-on field is refused.
pub(super) fn switch_values(def: &TypeDef, e: &Expr) -> Result<Expr, String> {
    let mut paths = Vec::new();
    e.paths(&mut paths);
    for p in paths {
        let Some(field) = def.seq.iter().find(|f| {
            f.id == p[0] && matches!(f.ty, FieldType::Switch { .. }) && f.variants.is_none()
        }) else {
            continue;
        };
        if p.len() != 1 || !int_switch(field) {
            return Err(format!(
                "the switch-on field `{}` in a seq expression is not supported by the binrw backend (only one whose cases are all integers)",
                p[0]
            ));
        }
    }
    Ok(e.map_paths(&|p: &[String]| {
        let field = def.seq.iter().find(|f| f.id == p[0] && p.len() == 1)?;
        int_switch(field).then(|| vec![p[0].clone(), METHOD.to_string()])
    }))
}

/// Whether `field` is a plain (unsized, unrepeated, unconditional) switch whose cases are all
/// integers.
fn int_switch(field: &Field) -> bool {
    let plain = field.size.is_none()
        && !field.size_eos
        && field.cond.is_none()
        && field.repeat_expr.is_none()
        && !field.repeat_eos
        && field.repeat_until.is_none()
        && field.variants.is_none();
    plain
        && matches!(field.ty, FieldType::Switch { .. })
        && field
            .switch_cases
            .iter()
            .all(|c| c.kind.rust_int().is_some())
}

/// Whether the expression `source` of `def` names `id`, itself or through the value instances
/// it names (which seq expressions write out in place), up to a few levels deep.
fn mentions(def: &TypeDef, source: &Source, id: &str, depth: u32) -> bool {
    let Ok(e) = lower_size(source) else {
        return false;
    };
    let mut paths = Vec::new();
    e.paths(&mut paths);
    paths.iter().any(|p| {
        p[0] == id
            || (depth < 8
                && def
                    .instances
                    .iter()
                    .any(|i| i.id == p[0] && mentions(def, &i.value, id, depth + 1)))
    })
}

/// How the seq fields of `def` after `field` use its value: `None` when none does, else whether
/// one always evaluates it (a field's `if`, or the expressions of a field without one).
fn uses(def: &TypeDef, field: &Field) -> Option<bool> {
    let names = |e: Option<&Source>| e.is_some_and(|e| mentions(def, e, &field.id, 0));
    let mut found = None;
    for f in def
        .seq
        .iter()
        .skip_while(|f| !std::ptr::eq(*f, field))
        .skip(1)
    {
        let args: Vec<&Source> = match &f.ty {
            FieldType::Named { args, .. } => args.iter().collect(),
            FieldType::Switch { on, .. } => vec![on],
            FieldType::None => Vec::new(),
        };
        let body = names(f.size.as_ref())
            || names(f.repeat_expr.as_ref())
            || args.into_iter().any(|a| names(Some(a)));
        let always = names(f.cond.as_ref()) || (body && f.cond.is_none());
        if always || body {
            found = Some(found.unwrap_or(false) || always);
        }
    }
    found
}

/// For an integer switch `field` of `def` (its enum `name`) that seq expressions use: the
/// enum's `ks_int()` method, and the field's checks that a case matched (empty when a `_` case
/// always does); an error when no `_` exists and every use is conditional.
pub(super) fn value_items(
    def: &TypeDef,
    field: &Field,
    name: &str,
) -> Result<Option<(TokenStream, TokenStream)>, String> {
    if !int_switch(field) {
        return Ok(None);
    }
    let Some(always) = uses(def, field) else {
        return Ok(None);
    };
    let default = field.switch_cases.iter().any(|c| c.key.is_else());
    let (enum_name, id) = (ident(name), ident(&field.id));
    let mut variants = Vec::new();
    for case in &field.switch_cases {
        let variant = ident(&variant_name(&case.ty));
        if !variants.contains(&variant) {
            variants.push(variant);
        }
    }
    let mut arms: Vec<TokenStream> = variants
        .iter()
        .map(|v| quote!(#enum_name::#v(v) => i128::from(*v),))
        .collect();
    let mut checks = TokenStream::new();
    if !default {
        if !always {
            return Err(format!(
                "the switch-on field `{}`, which may match no case, used only under an `if` is not supported by the binrw backend",
                field.id
            ));
        }
        // The reader refuses `Unmatched` below, before any use.
        arms.push(quote!(#enum_name::Unmatched => 0,));
        let cond = quote!(!matches!(#id, #enum_name::Unmatched));
        let path = format!("{}.{}", def.rust_name, field.id);
        let message = format!("{path}: no case matched, and a later field uses its value");
        checks.extend(check(Check::Read, &cond, &message, &[]));
        checks.extend(field_check(&path, &cond, &message, &[]));
    }
    let doc = format!(
        " The integer read, whichever case matched (what `{}` is in seq expressions).",
        field.id
    );
    let method = quote! {
        impl #enum_name {
            #[doc = #doc]
            pub fn ks_int(&self) -> i128 {
                match self {
                    #(#arms)*
                }
            }
        }
    };
    Ok(Some((method, checks)))
}
