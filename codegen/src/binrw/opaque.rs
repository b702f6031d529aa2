//! Opaque external types (`meta/ks-opaque-types: true`): a type name that no schema declares
//! is a Rust type the user names ([`crate::Builder::opaque_type`]) and implements `BinRead` and
//! `BinWrite` for (with `()` arguments; the field's byte order is passed on), plus the derives
//! the generated types have (`Debug`, `Clone`, `PartialEq`, and serde's unless
//! `.serde(false)`). Each such name becomes a type of the naming file that is that Rust type and
//! reads nothing itself, as a type with only `-savepoint-rust-type` is, so fields, sized
//! substreams, `process` and value instances treat it as any other user type.

use std::collections::BTreeMap;

use super::schema::{FieldType, KsType, Schemas, TypeDef};
use crate::SchemaError;

/// Adds to each file with `meta/ks-opaque-types: true` the types it names but no schema
/// declares, as the Rust types `opaque` gives them; a name `opaque` does not give is refused at
/// the first field that uses it.
pub(super) fn register(
    schemas: &mut Schemas,
    opaque: &BTreeMap<String, String>,
) -> Result<(), SchemaError> {
    let mut added: Vec<(String, TypeDef)> = Vec::new();
    for (file_id, yaml_path, name) in missing(schemas) {
        let file = &schemas.files[&file_id];
        let rust = opaque.get(&name).ok_or_else(|| SchemaError {
            file: file.path.clone(),
            yaml_path,
            message: format!(
                "opaque type `{name}` (meta/ks-opaque-types) has no Rust type: name one with Builder::opaque_type(\"{name}\", \"path::To::Type\")"
            ),
        })?;
        let ypath = format!("/meta/ks-opaque-types/{name}");
        let def = TypeDef::rust_type_def(&file.path, &name, &ypath, rust)?;
        added.push((file_id, def));
    }
    for (file, def) in added {
        if let Some(f) = schemas.files.get_mut(&file) {
            f.types.push(def);
        }
    }
    Ok(())
}

/// The type names that files with `meta/ks-opaque-types: true` use and no schema declares, once
/// per file: (file id, YAML path of the first field using it, name).
pub(super) fn missing(schemas: &Schemas) -> Vec<(String, String, String)> {
    let mut out: Vec<(String, String, String)> = Vec::new();
    for file in schemas.files.values().filter(|f| f.opaque_types) {
        for (yaml_path, name, kind) in named_types(&file.types) {
            let name = name.split('(').next().unwrap_or(name).trim();
            let seen = out.iter().any(|(f, _, n)| *f == file.id && n == name);
            // Kaitai's own types (`bytes` is no `type:` but is never opaque either).
            if seen
                || kind != KsType::User
                || name == "bytes"
                || schemas.resolve(&file.id, name).is_some()
            {
                continue;
            }
            out.push((file.id.clone(), yaml_path.to_string(), name.to_string()));
        }
    }
    out
}

/// Every type name a field of `types` uses (plain or as a switch case), with its YAML path and
/// what it names.
fn named_types(types: &[TypeDef]) -> Vec<(&str, &str, KsType)> {
    let mut out = Vec::new();
    for t in types {
        let fields = t.seq.iter().chain(t.positioned.iter().map(|p| &p.field));
        for f in fields {
            if let FieldType::Named { name, kind, .. } = &f.ty {
                out.push((f.yaml_path.as_str(), name.as_str(), *kind));
            }
            for case in &f.switch_cases {
                out.push((f.yaml_path.as_str(), case.ty.as_str(), case.kind));
            }
        }
    }
    out
}
