//! A default depth bound for plain Kaitai schemas whose types contain themselves.
//!
//! Kaitai types may recurse (`next: {type: self, if: ...}`, two files importing each other);
//! Rust needs a `Box` on the way and the reader a bound, else hostile input nests until the stack
//! overflows. A type on such a cycle without `-savepoint-max-depth` gets [`DEFAULT_MAX_DEPTH`]
//! (the reader's `depth` import and `pre_assert`, as an explicit bound has) and every field
//! naming it is a `Box`. A cycle through a `pos` instance (zip's central directory entry reads
//! the section at its local header's offset, a section that may be a directory entry again) is
//! read eagerly, consuming no input on the way, so it counts only when it is a chain: every type
//! on the cycles has at most one field, not repeated, into a type on them, so a level reads at
//! most one level below it (64 reads, not 2^64), and one of them is conditional (else every
//! level reads the next until the bound fails it: Kaitai's `cast_to_top`); other such cycles stay
//! refused. FreeRCT schemas
//! bound their recursive types explicitly, so nothing changes for them.

use super::schema::{Field, FieldType, Schemas, TypeDef};

/// The nesting accepted when the schema gives no `-savepoint-max-depth` (the outermost level is 1).
pub const DEFAULT_MAX_DEPTH: u32 = 64;

/// A type by the id of its file and its own.
type Key = (String, String);

/// Gives every type that reaches itself through seq fields (not through a bounded or hand-written
/// type), or through `pos` instances on a chain (see the module doc), the default bound.
pub fn bound_recursion(schemas: &mut Schemas) {
    let through_seq = cyclic(schemas, false);
    let through_pos = cyclic(schemas, true);
    let cyclic = if through_pos.len() > through_seq.len() && chain(schemas, &through_pos) {
        through_pos
    } else {
        through_seq
    };
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

/// The unbounded types that reach themselves through seq fields, and `pos` instances when `pos`.
fn cyclic(schemas: &Schemas, pos: bool) -> Vec<Key> {
    let mut out = Vec::new();
    for (file_id, file) in &schemas.files {
        for def in &file.types {
            if def.max_depth.is_some() || def.rust_type.is_some() {
                continue;
            }
            let start = (file_id.clone(), def.id.clone());
            if reaches(schemas, &start, &start, pos, &mut Vec::new()) {
                out.push(start);
            }
        }
    }
    out
}

/// Whether each type of `on` has at most one field, not repeated, whose type is in `on`, and
/// one of those fields is conditional (an `if`, or a switch with a case off the cycles): else
/// every level would read the next, up to the bound, and fail.
fn chain(schemas: &Schemas, on: &[Key]) -> bool {
    let mut conditional = false;
    let linear = on.iter().all(|key| {
        let Some(def) = find(schemas, key) else {
            return true;
        };
        let into = |f: &&Field| targets(schemas, &key.0, f, &mut |k| on.contains(&k));
        let fields: Vec<&Field> = fields(def, true).filter(into).collect();
        match fields.as_slice() {
            [] => true,
            [f] => {
                let mut off = |k: Key| !on.contains(&k);
                let switch = matches!(f.ty, FieldType::Switch { .. });
                conditional |=
                    f.cond.is_some() || (switch && targets(schemas, &key.0, f, &mut off));
                f.repeat_expr.is_none() && !f.repeat_eos && f.repeat_until.is_none()
            }
            _ => false,
        }
    });
    linear && conditional
}

fn find<'a>(schemas: &'a Schemas, key: &Key) -> Option<&'a TypeDef> {
    schemas
        .files
        .get(&key.0)
        .and_then(|f| f.types.iter().find(|t| t.id == key.1))
}

/// The seq fields of `def`, and its positioned instances when `pos`.
fn fields(def: &TypeDef, pos: bool) -> impl Iterator<Item = &Field> {
    let positioned = def.positioned.iter().filter(move |_| pos);
    def.seq.iter().chain(positioned.map(|p| &p.field))
}

/// Whether `hit` holds for a type `field` (of a type declared in file `decl`) may hold.
fn targets(schemas: &Schemas, decl: &str, field: &Field, hit: &mut dyn FnMut(Key) -> bool) -> bool {
    let names: Vec<&str> = match &field.ty {
        FieldType::Named { name, .. } => vec![name.as_str()],
        FieldType::Switch { .. } => field.switch_cases.iter().map(|c| c.ty.as_str()).collect(),
        FieldType::None => Vec::new(),
    };
    names.into_iter().any(|name| {
        let name = name.split('(').next().unwrap_or(name);
        schemas
            .resolve(decl, name)
            .is_some_and(|(d, t)| hit((d.to_string(), t.id.clone())))
    })
}

/// Whether a field of `from` (a seq field, or a positioned instance when `pos`) leads (through
/// unbounded types) to `goal`.
fn reaches(schemas: &Schemas, from: &Key, goal: &Key, pos: bool, seen: &mut Vec<Key>) -> bool {
    let Some(def) = find(schemas, from) else {
        return false;
    };
    fields(def, pos).any(|field| {
        targets(schemas, &from.0, field, &mut |next| {
            if next == *goal {
                return true;
            }
            let Some(target) = find(schemas, &next) else {
                return false;
            };
            if target.max_depth.is_some() || target.rust_type.is_some() || seen.contains(&next) {
                return false;
            }
            seen.push(next.clone());
            reaches(schemas, &next, goal, pos, seen)
        })
    })
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

    #[test]
    fn bounds_a_chain_through_a_positioned_instance() {
        // A section whose entry reads the section at an offset, as zip's central directory does.
        let chain = "meta: {id: r}\nseq:\n  - {id: s, type: section}\ntypes:\n  section:\n    seq:\n      - {id: kind, type: u1}\n      - {id: entry, type: entry, if: kind == 1}\n  entry:\n    seq:\n      - {id: ofs, type: u1}\n    instances:\n      at: {pos: ofs, type: section}\n";
        let schemas = load("chain", chain);
        let types = &schemas.files["r"].types;
        let get = |id: &str| types.iter().find(|t| t.id == id).unwrap();
        assert_eq!(get("section").max_depth, Some(DEFAULT_MAX_DEPTH));
        assert_eq!(get("entry").max_depth, Some(DEFAULT_MAX_DEPTH));
        assert_eq!(get("r").max_depth, None);
        // Two instances to the cycle would read 2^64 sections: left unbounded (and refused).
        let tree = chain.replace(
            "      at: {pos: ofs, type: section}\n",
            "      at: {pos: ofs, type: section}\n      again: {pos: 0, type: section}\n",
        );
        // Without the `if`, every section reads the next until the bound fails the read.
        let always = chain.replace(", if: kind == 1", "");
        for (tag, ksy) in [("tree", tree), ("always", always)] {
            let schemas = load(tag, &ksy);
            let section = schemas.files["r"].types.iter().find(|t| t.id == "section");
            assert_eq!(section.unwrap().max_depth, None, "{tag}");
        }
    }
}
