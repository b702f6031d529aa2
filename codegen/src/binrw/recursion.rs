//! A default depth bound for plain Kaitai schemas whose types contain themselves.
//!
//! Kaitai types may recurse (`next: {type: self, if: ...}`, two files importing each other);
//! Rust needs a `Box` on the way and the reader a bound, else hostile input nests until the stack
//! overflows. A type on such a cycle without `-savepoint-max-depth` gets [`DEFAULT_MAX_DEPTH`]
//! (the reader's `depth` import and `pre_assert`, as an explicit bound has) and every field
//! naming it is a `Box`. Only seq fields count: a cycle through a `pos` instance (read eagerly,
//! so it would recurse on every level) stays refused. FreeRCT schemas bound their recursive types
//! explicitly, so nothing changes for them.

use super::schema::{FieldType, Schemas};

/// The nesting accepted when the schema gives no `-savepoint-max-depth` (the outermost level is 1).
pub const DEFAULT_MAX_DEPTH: u32 = 64;

/// Gives every type that reaches itself through seq fields (not through a bounded or hand-written
/// type) the default bound.
pub fn bound_recursion(schemas: &mut Schemas) {
    let mut cyclic = Vec::new();
    for (file_id, file) in &schemas.files {
        for def in &file.types {
            if def.max_depth.is_some() || def.rust_type.is_some() {
                continue;
            }
            let start = (file_id.clone(), def.id.clone());
            if reaches(schemas, &start, &start, &mut Vec::new()) {
                cyclic.push(start);
            }
        }
    }
    for (file_id, type_id) in cyclic {
        if let Some(def) = schemas
            .files
            .get_mut(&file_id)
            .and_then(|f| f.types.iter_mut().find(|t| t.id == type_id))
        {
            def.max_depth = Some(DEFAULT_MAX_DEPTH);
            def.default_depth = true;
        }
    }
}

/// Whether a seq field of `from` leads (through unbounded types) to `goal`.
fn reaches(
    schemas: &Schemas,
    from: &(String, String),
    goal: &(String, String),
    seen: &mut Vec<(String, String)>,
) -> bool {
    let Some(def) = schemas
        .files
        .get(&from.0)
        .and_then(|f| f.types.iter().find(|t| t.id == from.1))
    else {
        return false;
    };
    for field in &def.seq {
        let names: Vec<&str> = match &field.ty {
            FieldType::Named { name, .. } => vec![name.as_str()],
            FieldType::Switch { .. } => field.switch_cases.iter().map(|c| c.ty.as_str()).collect(),
            FieldType::None => Vec::new(),
        };
        for name in names {
            let name = name.split('(').next().unwrap_or(name);
            let Some((decl, target)) = schemas.resolve(&from.0, name) else {
                continue;
            };
            let next = (decl.to_string(), target.id.clone());
            if next == *goal {
                return true;
            }
            if target.max_depth.is_some() || target.rust_type.is_some() || seen.contains(&next) {
                continue;
            }
            seen.push(next.clone());
            if reaches(schemas, &next, goal, seen) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(name: &str, ksy: &str) -> Schemas {
        let dir = std::env::temp_dir().join(format!(
            "savepoint-binrw-recursion-{name}-{}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.ksy");
        std::fs::write(&path, ksy).unwrap();
        let schemas = Schemas::load_file(&path).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        schemas
    }

    #[test]
    fn bounds_only_unbounded_cycles() {
        let schemas = load(
            "cycle",
            "meta: {id: r}\nseq:\n  - {id: a, type: u1}\n  - {id: b, type: leaf}\ntypes:\n  node:\n    seq:\n      - {id: v, type: u1}\n      - {id: next, type: node, if: v == 0}\n  leaf:\n    seq:\n      - {id: n, type: node}\n  tree:\n    -savepoint-max-depth: 3\n    seq:\n      - {id: kids, type: tree, repeat: expr, repeat-expr: 2}\n",
        );
        let types = &schemas.files["r"].types;
        let get = |id: &str| types.iter().find(|t| t.id == id).unwrap();
        assert_eq!(get("node").max_depth, Some(DEFAULT_MAX_DEPTH));
        assert!(get("node").default_depth);
        // Reaching a cycle is not being on it.
        assert_eq!(get("leaf").max_depth, None);
        assert_eq!(get("r").max_depth, None);
        // An explicit bound is kept as written.
        assert_eq!(get("tree").max_depth, Some(3));
        assert!(!get("tree").default_depth);
    }
}
