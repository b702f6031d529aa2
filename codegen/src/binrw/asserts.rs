//! The reader's and writer's checks: `#[br(assert(..))]`, the writer's `#[bw(assert(..))]`
//! naming the field it checks, presence checks of optional fields and `valid`.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::super::expr::{Expr, Side};
use super::super::schema::{Field, FieldType, TypeDef, Valid};
use super::super::tokens::{ident, source};
use super::Module;
use super::elem::Elem;
use super::savepoint_enum::value_pattern;
use crate::SchemaError;

impl<'a> Module<'a> {
    /// The checks of a `valid` beyond integer literals (see `valid.rs`).
    pub(super) fn valid_checks(
        &self,
        def: &TypeDef,
        field: &Field,
        cond: &crate::expr::Source,
        element: &TokenStream,
        elem: Elem,
    ) -> Result<TokenStream, SchemaError> {
        use super::super::repeat::{At, Element};
        let list = field.repeat_eos || field.repeat_expr.is_some() || field.repeat_until.is_some();
        let bytes = quote!([u8]);
        let (kind, element) = match elem {
            Elem::Byte => (Element::Bytes(At::Plain), &bytes),
            Elem::Bytes => (Element::Bytes(At::Value), element),
            Elem::Str => (Element::Str, element),
            Elem::Float => (Element::Float, element),
            _ if matches!(&field.ty, FieldType::Named { kind, .. } if kind.rust_int().is_some()) => {
                (Element::Int, element)
            }
            _ => {
                return Err(self.field_err(
                    field,
                    "`valid` on this type is not supported by the binrw backend",
                ));
            }
        };
        if field.cond.is_some() {
            return Err(self.field_err(
                field,
                "`valid` on a conditional field is not supported by the binrw backend",
            ));
        }
        // An enum field is checked as the integer it is read from and written as
        // (`i128::from(*x)`), so its enum's values are compared as their integers.
        let cond = match &field.enum_name {
            Some(_) => self.enum_values_as_ints(cond),
            None => cond.clone(),
        };
        let path = format!("{}.{}", def.rust_name, field.id);
        super::super::valid::checks(&path, &field.id, &cond, element, &kind, list)
            .map_err(|e| self.field_err(field, e))
    }

    /// `cond` with each value of an enum of the file (`types::function`) as its integer; a
    /// name the file's enums do not hold is left for the translation to refuse.
    pub(super) fn enum_values_as_ints(&self, cond: &crate::expr::Source) -> crate::expr::Source {
        cond.map(&|e| {
            let crate::expr::Expr::Path(segments) = e else {
                return None;
            };
            let (value, name) = segments.split_last()?;
            let (_, en) = self.schemas.resolve_enum(self.file, &name.join("::"))?;
            // The values are kept by their Rust names.
            let value = super::super::schema::snake_to_camel(value);
            let (n, _) = en.values.iter().find(|(_, v)| *v == value)?;
            Some(crate::expr::Expr::Int(*n))
        })
    }
}

/// Which check an attribute is: the reader's after the field is read (`#[br(assert)]`), the
/// reader's before it (`#[br(pre_assert)]`) or the writer's (`#[bw(assert)]`).
#[derive(Clone, Copy)]
pub(in crate::binrw) enum Check {
    Read,
    BeforeRead,
    Write,
}

/// A check attribute: `cond`, else an error with `message`, a `format!` string of `args`.
pub(in crate::binrw) fn check(
    kind: Check,
    cond: &TokenStream,
    message: &str,
    args: &[TokenStream],
) -> TokenStream {
    let attr = match kind {
        Check::Read => quote!(br(assert(#cond, #message #(, #args)*))),
        Check::BeforeRead => quote!(br(pre_assert(#cond, #message #(, #args)*))),
        Check::Write => quote!(bw(assert(#cond, #message #(, #args)*))),
    };
    quote!(#[#attr])
}

/// A `#[bw(assert(..))]` whose error names `path` (`Type.field`) for the error's path: binrw
/// records no field context while writing (see `savepoint_runtime::binrw_error::FieldError`).
pub(in crate::binrw) fn field_check(
    path: &str,
    cond: &TokenStream,
    message: &str,
    args: &[TokenStream],
) -> TokenStream {
    let message = match args {
        [] => quote!(#message),
        _ => quote!(format!(#message, #(#args),*)),
    };
    let error = quote!(savepoint_runtime::binrw_error::FieldError::new(#path, #message));
    quote!(#[bw(assert(#cond, #error))])
}

/// The writer's check that the optional `field` (named `path`) is present exactly when its
/// condition `cond` holds; nothing when `cond` reads the stream, which the writer does not
/// know (see `io.rs`).
pub(in crate::binrw) fn presence(path: &str, field: &Field, cond: &Expr) -> Option<TokenStream> {
    presence_named(path, field, cond, &source(&cond.rust(Side::Read)))
}

/// [`presence`], its message naming the condition as `named` (the schema's text where `cond`
/// is a local computed from it).
pub(in crate::binrw) fn presence_named(
    path: &str,
    field: &Field,
    cond: &Expr,
    named: &str,
) -> Option<TokenStream> {
    if super::super::io::reads_stream(cond) {
        return None;
    }
    let (id, write) = (ident(&field.id), cond.rust(Side::Write));
    let message = format!("{path} must be present exactly when {named}");
    Some(field_check(
        path,
        &quote!(#id.is_some() == (#write)),
        &message,
        &[],
    ))
}

/// What a `valid` checks: a field as the reader sees it (`x`), as the writer does (`*x`, a
/// reference), or the length of a list (`x.len()`).
#[derive(Clone, Copy)]
pub(in crate::binrw) enum Checked<'s> {
    Read(&'s str),
    Write(&'s str),
    Len(&'s str),
}

/// The check of a `valid:`, or `None` when it can never fail for the type.
pub(in crate::binrw) fn valid_check(
    value: Checked,
    valid: &Valid,
    unsigned: bool,
) -> Option<TokenStream> {
    let (id, by_value, by_ref) = match value {
        Checked::Read(id) => {
            let id = ident(id);
            (id.clone(), quote!(#id), quote!(&#id))
        }
        Checked::Write(id) => {
            let id = ident(id);
            (id.clone(), quote!(*#id), quote!(#id))
        }
        Checked::Len(id) => {
            let id = ident(id);
            (id.clone(), quote!(#id.len()), quote!(&#id.len()))
        }
    };
    if !valid.any_of.is_empty() {
        let pattern = value_pattern(&valid.any_of);
        return Some(quote!(matches!(#by_value, #pattern)));
    }
    let min = valid.min.filter(|m| !(unsigned && *m == 0));
    let bound = |n: i64| Literal::i64_unsuffixed(n);
    match (min.map(bound), valid.max.map(bound)) {
        (Some(_), None) if matches!(value, Checked::Len(_)) && min == Some(1) => {
            Some(quote!(!#id.is_empty()))
        }
        (Some(a), Some(b)) => Some(quote!((#a..=#b).contains(#by_ref))),
        (Some(a), None) => Some(quote!(#by_value >= #a)),
        (None, Some(b)) => Some(quote!(#by_value <= #b)),
        (None, None) => None,
    }
}
