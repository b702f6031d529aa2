//! `valid` beyond integer literals for the binrw backend: `eq`, `min`, `max` and `any-of` with
//! strings, byte arrays and floats, `valid/expr`, and `valid` on every element of a list.
//!
//! The keys become one Kaitai condition on `_`, translated like a `repeat-until` condition
//! (see `repeat.rs`) into a closure over the element; the reader asserts it (binrw's
//! `AssertFail`, Kaitai's validation error) and the writer checks it again.

use proc_macro2::TokenStream;
use quote::quote;
use serde_yaml::{Mapping, Value};

use super::emit;
use super::repeat::{self, Element};
use super::tokens::ident;

/// The `valid` mapping as one Kaitai condition on `_`.
pub(super) fn expression(m: &Mapping) -> Result<String, String> {
    let text = |v: &Value| match v {
        Value::Number(n) => Ok(n.to_string()),
        Value::String(s) => Ok(s.clone()),
        other => Err(format!(
            "a `valid` value must be a number or an expression, not {other:?}"
        )),
    };
    let mut parts = Vec::new();
    for (key, op) in [("eq", "=="), ("min", ">="), ("max", "<=")] {
        if let Some(v) = m.get(key) {
            parts.push(format!("_ {op} ({})", text(v)?));
        }
    }
    if let Some(list) = m.get("any-of") {
        let list = list.as_sequence().ok_or("`any-of` is a list")?;
        let alternatives = list
            .iter()
            .map(|v| Ok(format!("_ == ({})", text(v)?)))
            .collect::<Result<Vec<_>, String>>()?;
        parts.push(format!("({})", alternatives.join(" or ")));
    }
    if let Some(v) = m.get("expr") {
        parts.push(format!("({})", text(v)?));
    }
    if parts.is_empty() {
        return Err("an empty `valid`".into());
    }
    Ok(parts.join(" and "))
}

/// The reader's assertion and the writer's check of `condition` on field `id` of Rust type
/// `element` (each element when `list`), named `path` (`Type.field`) in errors.
pub(super) fn checks(
    path: &str,
    id: &str,
    condition: &crate::expr::Source,
    element: &TokenStream,
    kind: &Element,
    list: bool,
) -> Result<TokenStream, String> {
    let cond = repeat::condition(condition, kind)?;
    let id = ident(id);
    let closure = quote!(|x: &#element| #cond);
    let (read, write) = match list {
        true => {
            let all = quote!(#id.iter().all(#closure));
            (all.clone(), all)
        }
        // The reader has the field's value, the writer a reference to it.
        false => (quote!((#closure)(&#id)), quote!((#closure)(#id))),
    };
    let message = format!("{path} is not valid: {condition}");
    let read = emit::check(emit::Check::Read, &read, &message, &[]);
    let write = emit::field_check(path, &write, &message, &[]);
    Ok(quote!(#read #write))
}
