//! Params of type `struct` (Kaitai's "any user type"), typed by what their callers pass.
//!
//! Rust needs one type per param, so a `struct` param takes the user type that every type
//! argument given to it, across the loaded schemas, has: a plain field of a user type (not
//! conditional, repeated, sized or processed: the caller passes a clone of it as it is), or a
//! param of the caller that is typed so. The param's type is then rewritten to that type's name
//! as its file sees it (`block`, `hello_world::hello_world`), and everything after the loader
//! treats it as a user-type param, so `.as<block>` on it is a cast to its own type. A param
//! given no argument, or arguments of different types, stays `struct`, which is refused where it
//! is emitted.

use super::schema::{Field, FieldType, Schemas, TypeDef, TypeRef};

/// A type by the `meta/id` of its file and its Kaitai id.
type Key = (String, String);

/// Rewrites every `struct` param whose callers all pass the same user type to that type.
pub fn infer(schemas: &mut Schemas) {
    let mut typed: Vec<(Key, usize, String)> = Vec::new();
    // Each round types the params whose arguments are fields or params typed before.
    for _ in 0..8 {
        let before = typed.len();
        for (file_id, file) in &schemas.files {
            for def in &file.types {
                for (i, param) in def.params.iter().enumerate() {
                    let key = (file_id.clone(), def.id.clone());
                    if param.ty != TypeRef::Struct
                        || typed.iter().any(|(k, at, _)| *k == key && *at == i)
                    {
                        continue;
                    }
                    if let Some((decl, t)) = argument_type(schemas, &key, i, &typed) {
                        let name = if decl == *file_id {
                            t
                        } else {
                            format!("{decl}::{t}")
                        };
                        typed.push((key, i, name));
                    }
                }
            }
        }
        if typed.len() == before {
            break;
        }
    }
    for ((file_id, type_id), i, name) in typed {
        if let Some(param) = schemas
            .files
            .get_mut(&file_id)
            .and_then(|f| f.types.iter_mut().find(|t| t.id == type_id))
            .and_then(|t| t.params.get_mut(i))
        {
            param.ty = TypeRef::named(&name);
        }
    }
}

/// The one user type every argument given to param `at` of `callee` has, if they agree.
fn argument_type(
    schemas: &Schemas,
    callee: &Key,
    at: usize,
    typed: &[(Key, usize, String)],
) -> Option<Key> {
    let mut found: Option<Key> = None;
    for (file_id, file) in &schemas.files {
        for caller in &file.types {
            let fields = caller
                .seq
                .iter()
                .chain(caller.positioned.iter().map(|p| &p.field));
            for field in fields {
                let FieldType::Named { name, args, .. } = &field.ty else {
                    continue;
                };
                let target = schemas.resolve(file_id, name);
                if target.is_none_or(|(d, t)| (d, t.id.as_str()) != (&callee.0, &callee.1)) {
                    continue;
                }
                let arg = args.get(at)?;
                let ty = value_type(schemas, file_id, caller, arg.as_name()?, typed)?;
                if found.as_ref().is_some_and(|f| *f != ty) {
                    return None;
                }
                found = Some(ty);
            }
        }
    }
    found
}

/// The user type of the argument `arg` in `caller` (of file `file`): a plain field of a user
/// type, or a param of the caller with a user type.
fn value_type(
    schemas: &Schemas,
    file: &str,
    caller: &TypeDef,
    arg: &str,
    typed: &[(Key, usize, String)],
) -> Option<Key> {
    let resolve = |name: &str| {
        schemas
            .resolve(file, name)
            .map(|(d, t)| (d.to_string(), t.id.clone()))
    };
    if let Some(field) = caller.seq.iter().find(|f| f.id == arg) {
        let FieldType::Named { name, .. } = &field.ty else {
            return None;
        };
        return plain(field).then(|| resolve(name)).flatten();
    }
    let (i, param) = caller
        .params
        .iter()
        .enumerate()
        .find(|(_, p)| p.id == arg)?;
    if param.ty != TypeRef::Struct {
        return resolve(param.ty.user_name()?);
    }
    let key = (file.to_string(), caller.id.clone());
    let (_, _, name) = typed.iter().find(|(k, at, _)| *k == key && *at == i)?;
    resolve(name)
}

/// A field the caller passes as it is: one value of a user type, not wrapped.
fn plain(field: &Field) -> bool {
    field.is_single() && field.rust_type.is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(ksy: &str) -> Schemas {
        let dir =
            std::env::temp_dir().join(format!("savepoint-struct-params-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("s{}.ksy", ksy.len()));
        std::fs::write(&path, ksy).unwrap();
        let schemas = Schemas::load_file(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        schemas
    }

    fn param_type(schemas: &Schemas, type_id: &str) -> String {
        let def = schemas.files["s"].types.iter().find(|t| t.id == type_id);
        def.unwrap().params[0].ty.to_string()
    }

    const KSY: &str = "meta: {id: s}\nseq:\n  - {id: a, type: blk}\n  - {id: b, type: blk}\n  - {id: one, type: user(a)}\n  - {id: two, type: user(b)}\ntypes:\n  blk:\n    seq:\n      - {id: x, type: u1}\n  other:\n    seq:\n      - {id: y, type: u1}\n  user:\n    params:\n      - {id: p, type: struct}\n    seq:\n      - {id: inner, type: inner(p)}\n  inner:\n    params:\n      - {id: q, type: struct}\n";

    #[test]
    fn a_struct_param_takes_the_type_all_callers_pass() {
        let schemas = load(KSY);
        assert_eq!(param_type(&schemas, "user"), "blk");
        // Passed on from a param typed so.
        assert_eq!(param_type(&schemas, "inner"), "blk");
        // Callers that disagree, or pass other than a plain field, leave it `struct`.
        let mixed = load(&KSY.replace("{id: b, type: blk}", "{id: b, type: other}"));
        assert_eq!(param_type(&mixed, "user"), "struct");
        assert_eq!(param_type(&mixed, "inner"), "struct");
        let conditional = load(&KSY.replace("{id: b, type: blk}", "{id: b, type: blk, if: false}"));
        assert_eq!(param_type(&conditional, "user"), "struct");
    }
}
