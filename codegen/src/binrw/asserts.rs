//! The reader's and writer's checks: `#[br(assert(..))]`, the writer's `#[bw(assert(..))]`
//! naming the field it checks, presence checks of optional fields and `valid`.

use quote::quote;

use super::super::expr::{Expr, Side};
use super::super::schema::{Field, FieldType, TypeDef, Valid};
use super::super::tokens::{ident, source};
use super::Module;
use super::field_types::int_type;
use super::savepoint_enum::value_pattern;
use crate::SchemaError;

impl<'a> Module<'a> {
    /// The checks of a `valid` beyond integer literals (see `valid.rs`).
    pub(super) fn valid_checks(
        &self,
        def: &TypeDef,
        field: &Field,
        cond: &str,
        element: &str,
    ) -> Result<String, SchemaError> {
        use super::super::repeat::{At, Element};
        let list = field.repeat_eos || field.repeat_expr.is_some() || field.repeat_until.is_some();
        let (kind, element) = match element {
            "u8" if matches!(field.ty, FieldType::None) => (Element::Bytes(At::Plain), "[u8]"),
            "KsBytes" => (Element::Bytes(At::Value), element),
            "KsStr" => (Element::Str, element),
            "f32" | "f64" => (Element::Float, element),
            _ if matches!(&field.ty, FieldType::Named { name, .. } if int_type(name).is_some()) => {
                (Element::Int, element)
            }
            _ => {
                return Err(self.field_err(
                    field,
                    "`valid` on this type is not supported by the binrw backend",
                ));
            }
        };
        if field.cond.is_some() || field.enum_name.is_some() {
            return Err(self.field_err(
                field,
                "`valid` on a conditional or enum field is not supported by the binrw backend",
            ));
        }
        let path = format!("{}.{}", def.rust_name, field.id);
        super::super::valid::checks(&path, &field.id, cond, element, &kind, list)
            .map_err(|e| self.field_err(field, e))
    }
}

/// Indents every non-empty line by four spaces (fields and variants).
pub(in crate::binrw) fn indent(text: &str) -> String {
    text.lines()
        .map(|l| {
            if l.is_empty() {
                "\n".to_string()
            } else {
                format!("    {l}\n")
            }
        })
        .collect()
}

/// A `#[br(assert(...))]`-style attribute, on one line when it is short, else one argument a line.
pub(in crate::binrw) fn assert_attr(
    directive: &str,
    cond: &str,
    message: &str,
    args: &[&str],
) -> String {
    let mut parts = vec![cond.to_string(), format!("{message:?}")];
    parts.extend(args.iter().map(|a| a.to_string()));
    assert_lines(directive, &parts)
}

/// A `#[bw(assert(...))]` whose error names `field` (`Type.field`) for the error's path: binrw
/// records no field context while writing (see `savepoint_runtime::binrw_error::FieldError`).
pub(in crate::binrw) fn write_check(
    field: &str,
    cond: &str,
    message: &str,
    args: &[&str],
) -> String {
    let message = match args {
        [] => format!("{message:?}"),
        _ => format!("format!({message:?}, {})", args.join(", ")),
    };
    let error = format!("savepoint_runtime::binrw_error::FieldError::new({field:?}, {message})");
    assert_lines("bw", &[cond.to_string(), error])
}

/// The writer's check that the optional `field` (named `path`) is present exactly when its
/// condition `cond` holds; nothing when `cond` reads the stream, which the writer does not
/// know (see `io.rs`).
pub(in crate::binrw) fn presence_check(path: &str, field: &Field, cond: &Expr) -> String {
    if super::super::io::reads_stream(cond) {
        return String::new();
    }
    let (id, write) = (ident(&field.id), cond.rust(Side::Write));
    let check = source(&quote!(#id.is_some() == (#write)));
    let message = format!(
        "{path} must be present exactly when {}",
        source(&cond.rust(Side::Read))
    );
    write_check(path, &check, &message, &[])
}

pub(super) fn assert_lines(directive: &str, parts: &[String]) -> String {
    let one_line = format!("#[{directive}(assert({}))]\n", parts.join(", "));
    if one_line.len() <= 96 && !parts[0].contains('\n') {
        return one_line;
    }
    format!("#[{directive}(assert(\n{}))]\n", indent(&parts.join(",\n")))
}

/// The reader's check of a `valid:`, or `None` when it can never fail for the type.
pub(super) fn valid_check(id: &str, valid: &Valid, rust_type: &str) -> Option<String> {
    if !valid.any_of.is_empty() {
        let pattern = source(&value_pattern(&valid.any_of));
        return Some(format!("matches!({id}, {pattern})"));
    }
    let unsigned = rust_type.starts_with('u');
    let min = valid.min.filter(|m| !(unsigned && *m == 0));
    if let (Some(1), None, Some(list)) = (min, valid.max, id.strip_suffix(".len()")) {
        return Some(format!("!{list}.is_empty()"));
    }
    match (min, valid.max) {
        (Some(a), Some(b)) => {
            // The writer's `*field` is a reference already.
            let reference = id
                .strip_prefix('*')
                .map_or(format!("&{id}"), str::to_string);
            Some(format!("({a}..={b}).contains({reference})"))
        }
        (Some(a), None) => Some(format!("{id} >= {a}")),
        (None, Some(b)) => Some(format!("{id} <= {b}")),
        (None, None) => None,
    }
}
