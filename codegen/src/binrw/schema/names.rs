//! Types of one id nested in different types, renamed by the type that declares them.

use super::cx::Cx;
use super::{FieldType, TypeDef, snake_to_camel};
use crate::SchemaError;

/// Types that share an id (nested in different types) take the id of the type that declares
/// them as a prefix (`main::foo_obj` is `main_foo_obj`, Rust `MainFooObj`), and the fields that
/// name them by the bare id are pointed at the one Kaitai's scoping finds: a type nested in the
/// naming type, else in its enclosing types, outward. Other references keep the bare id, which
/// then names no type and is refused as unknown.
pub(super) fn name_clashing_types(cx: &Cx, types: &mut [TypeDef]) -> Result<(), SchemaError> {
    let scope = |t: &TypeDef| -> Vec<String> {
        t.yaml_path
            .split("/types/")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    };
    let clashing: Vec<String> = types
        .iter()
        .filter(|t| types.iter().filter(|o| o.id == t.id).count() > 1)
        .map(|t| t.id.clone())
        .collect();
    if clashing.is_empty() {
        return Ok(());
    }
    let scopes: Vec<Vec<String>> = types.iter().map(scope).collect();
    let mut new_ids = Vec::new();
    for (t, s) in types.iter().zip(&scopes) {
        if !clashing.contains(&t.id) || t.yaml_path.is_empty() {
            new_ids.push(t.id.clone());
            continue;
        }
        let owner = if s.len() >= 2 {
            &s[s.len() - 2]
        } else {
            return Err(cx.err(&t.yaml_path, "a top-level type with the id of a nested one is not supported by the binrw backend"));
        };
        new_ids.push(format!("{owner}_{}", t.id));
    }
    for (i, id) in new_ids.iter().enumerate() {
        if new_ids[..i].contains(id)
            || (new_ids[i] != types[i].id && types.iter().any(|t| t.id == *id))
        {
            return Err(cx.err(
                &types[i].yaml_path,
                "a second type with this id in types of the same id (the binrw backend names each by its enclosing type and id)",
            ));
        }
    }
    for i in 0..types.len() {
        let s = &scopes[i];
        let lookup = |name: &str| -> Option<String> {
            // Innermost first: nested in the naming type, then in each enclosing one.
            (0..=s.len()).rev().find_map(|n| {
                let mut want = s[..n].to_vec();
                want.push(name.to_string());
                scopes
                    .iter()
                    .position(|o| *o == want)
                    .map(|j| new_ids[j].clone())
            })
        };
        let fields = types[i]
            .seq
            .iter_mut()
            .chain(types[i].positioned.iter_mut().map(|p| &mut p.field))
            .chain(types[i].on_request.iter_mut().map(|p| &mut p.field));
        for f in fields {
            if let FieldType::Named { name, .. } = &mut f.ty
                && clashing.contains(name)
                && let Some(id) = lookup(name)
            {
                *name = id;
            }
        }
    }
    for (t, id) in types.iter_mut().zip(new_ids) {
        if t.id != id {
            // An explicit `-savepoint-rust-name` stays.
            if t.rust_name == snake_to_camel(&t.id) {
                t.rust_name = snake_to_camel(&id);
            }
            t.id = id;
        }
    }
    Ok(())
}
