//! `-savepoint-one-of` (on the first of several gated fields): the fields, of which at most one
//! is present, are one Rust field of an enum, a variant for each and a unit variant where none
//! is. Satisfactory's config stores `LastEditedBy` as a `TArray` at config version 4 and as an
//! `FPlayerInfoHandle` from 6 on, nothing before: Kaitai reads two gated fields, the model
//! holds one `LastEditedBy`. The emitter's side is `emit/one_of_emit.rs`.

use serde_yaml::{Mapping, Value};

use super::tokens::is_ident;

/// `-savepoint-one-of: {id, name, variants: {<field id>: <Variant>, ..}, else: <Variant>, doc}`.
#[derive(Debug, Clone)]
pub struct OneOf {
    /// The Rust field's id.
    pub id: String,
    /// The enum's name.
    pub name: String,
    /// Each member field (this one first, the others right after it) and its variant.
    pub variants: Vec<(String, String)>,
    /// The unit variant where no member is present.
    pub none: String,
    /// The Rust field's doc.
    pub doc: Option<String>,
}

/// The field's `-savepoint-one-of`, if any.
pub(super) fn parse(map: &Mapping) -> Result<Option<OneOf>, String> {
    let Some(value) = map.get("-savepoint-one-of") else {
        return Ok(None);
    };
    let key = |k: &str| {
        value
            .get(k)
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or_else(|| format!("expected {{id, name, variants, else}}: `{k}` is missing"))
    };
    let (id, name, none) = (key("id")?, key("name")?, key("else")?);
    let doc = value.get("doc").and_then(Value::as_str).map(str::to_owned);
    let list = value
        .get("variants")
        .and_then(Value::as_mapping)
        .ok_or("`variants` maps each member field's id to its variant")?;
    let mut variants = Vec::new();
    for (field, variant) in list {
        match (field.as_str(), variant.as_str()) {
            (Some(f), Some(v)) if is_ident(v) => variants.push((f.to_owned(), v.to_owned())),
            _ => {
                return Err(format!(
                    "variant `{field:?}: {variant:?}` is not a field id and a Rust name"
                ));
            }
        }
    }
    if let Some(bad) = [&id, &name, &none].into_iter().find(|n| !is_ident(n)) {
        return Err(format!("`{bad}` is not an identifier"));
    }
    Ok(Some(OneOf {
        id,
        name,
        variants,
        none,
        doc,
    }))
}
