//! `enums:` of a type and its nested types, flattened, and named apart when they share a name.

use serde_yaml::{Mapping, Value};

use super::cx::Cx;
use super::keys::not_ident;
use super::{KsEnum, snake_to_camel};
use crate::SchemaError;

impl Cx<'_> {
    /// The `enums` of the type at `ypath` and of its nested types, flattened.
    pub(super) fn enums(
        &self,
        ypath: &str,
        map: &Mapping,
        out: &mut Vec<KsEnum>,
    ) -> Result<(), SchemaError> {
        if let Some(list) = map.get("enums") {
            let epath = format!("{ypath}/enums");
            let list = list
                .as_mapping()
                .ok_or_else(|| self.err(&epath, "enums must be a mapping"))?;
            for (name, values) in list {
                let name = name
                    .as_str()
                    .ok_or_else(|| self.err(&epath, "enum names are strings"))?;
                let vpath = format!("{epath}/{name}");
                if !crate::binrw::tokens::is_ident(&snake_to_camel(name)) {
                    return Err(self.err(&vpath, not_ident(name)));
                }
                let values = values
                    .as_mapping()
                    .ok_or_else(|| self.err(&vpath, "an enum is a mapping of values to names"))?;
                let mut pairs = Vec::new();
                for (i, (k, v)) in values.iter().enumerate() {
                    let id = v.as_str().or_else(|| v.get("id").and_then(Value::as_str));
                    // Values up to `u64::MAX` (Kaitai's `u8` type).
                    let key = k
                        .as_i64()
                        .map(i128::from)
                        .or_else(|| k.as_u64().map(i128::from));
                    match (key, id) {
                        (Some(_), Some(id))
                            if !crate::binrw::tokens::is_ident(&snake_to_camel(id)) =>
                        {
                            return Err(self.err(&self.key_path(&vpath, i, k), not_ident(id)));
                        }
                        (Some(k), Some(id)) => pairs.push((k, snake_to_camel(id))),
                        _ => {
                            return Err(self.err(
                                &self.key_path(&vpath, i, k),
                                "enum values are integers with a name or {id}",
                            ));
                        }
                    }
                }
                let scope: Vec<String> = ypath
                    .split("/types/")
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect();
                out.push(KsEnum {
                    id: name.to_string(),
                    scope,
                    rust_name: snake_to_camel(name),
                    values: pairs,
                });
            }
        }
        if let Some(types) = map.get("types").and_then(Value::as_mapping) {
            for (id, t) in types {
                if let (Some(id), Some(t)) = (id.as_str(), t.as_mapping()) {
                    self.enums(&format!("{ypath}/types/{id}"), t, out)?;
                }
            }
        }
        Ok(())
    }
}

/// Enums that share a name are named by the type that declares them (`Container2Animal`);
/// two that would still share a Rust name are refused.
pub(super) fn name_clashing_enums(
    cx: &Cx,
    file_id: &str,
    enums: &mut [KsEnum],
) -> Result<(), SchemaError> {
    let ids: Vec<String> = enums.iter().map(|e| e.id.clone()).collect();
    for e in enums.iter_mut() {
        if ids.iter().filter(|id| **id == e.id).count() > 1 {
            let owner = e.scope.last().map_or(file_id, String::as_str);
            e.rust_name = format!("{}{}", snake_to_camel(owner), snake_to_camel(&e.id));
        }
    }
    for (i, e) in enums.iter().enumerate() {
        if enums[..i].iter().any(|o| o.rust_name == e.rust_name) {
            let ypath: String = e.scope.iter().map(|t| format!("/types/{t}")).collect();
            return Err(cx.err(
                &format!("{ypath}/enums/{}", e.id),
                "a second enum with this name declared in a type of the same id (the binrw backend names each by its type and name)",
            ));
        }
    }
    Ok(())
}
