//! `-savepoint-enum-ahead` (on a type): the type is read ahead, not kept, and a boolean value
//! instance of it chooses which of two types is then read from the same place, a Rust enum of
//! the two. Satisfactory's `BlueprintDescription` is an `FString` or, in Update 6/7 configs,
//! UTF-8 counted by an int32 without its NUL: both start with the count, and only the last
//! character tells them apart (`is_fstring`). The emitter's side is `emit/enum_ahead_emit.rs`.

use serde_yaml::{Mapping, Value};

use super::tokens::is_ident;

/// `-savepoint-enum-ahead: {name, on, variants: {true: {name, type}, false: {name, type}}}`.
#[derive(Debug, Clone)]
pub struct EnumAhead {
    /// The enum's name (the type read ahead keeps its own Rust name).
    pub name: String,
    /// The boolean value instance of the type that chooses.
    pub on: String,
    /// The variant (name, Kaitai type) where `on` is true.
    pub when_true: (String, String),
    /// The variant where it is false.
    pub when_false: (String, String),
}

/// The type's `-savepoint-enum-ahead`, if any.
pub(super) fn parse(map: &Mapping) -> Result<Option<EnumAhead>, String> {
    let Some(value) = map.get("-savepoint-enum-ahead") else {
        return Ok(None);
    };
    let key = |v: &Value, k: &str| {
        v.get(k)
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or_else(|| format!("`{k}` is missing"))
    };
    let variants = value
        .get("variants")
        .and_then(Value::as_mapping)
        .ok_or("`variants` maps true and false to {name, type}")?;
    let variant = |b: bool| -> Result<(String, String), String> {
        let v = variants
            .get(Value::Bool(b))
            .ok_or_else(|| format!("`variants` needs `{b}`"))?;
        let (name, ty) = (key(v, "name")?, key(v, "type")?);
        match is_ident(&name) {
            true => Ok((name, ty)),
            false => Err(format!("`{name}` is not an identifier")),
        }
    };
    if variants.len() != 2 {
        return Err("`variants` has exactly the keys true and false".into());
    }
    let (name, on) = (key(value, "name")?, key(value, "on")?);
    if !is_ident(&name) {
        return Err(format!("`{name}` is not an identifier"));
    }
    Ok(Some(EnumAhead {
        name,
        on,
        when_true: variant(true)?,
        when_false: variant(false)?,
    }))
}
