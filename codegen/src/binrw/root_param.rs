//! `_root` given whole as an argument (`type: checker(_root)`), split into the values read from it.
//!
//! The root is still being read while its positioned instances are, and a field holding the
//! root would make the root contain itself, so the root cannot be passed as it is. When every
//! caller of a type's param passes `_root` from a positioned instance of its root, and the type
//! uses the param only as `p.x` in its value instances, the param is replaced by one param per
//! `x` (`p_x`), which the callers pass in place of `_root`. An `x` is a plain integer field of
//! the root without `enum` (passed as it is), or a value instance of the root with an `enum`
//! used only as `p.x.to_i` (passed as the integer of its expression, `p.x.to_i` read as `p_x`).
//! Any other use of `_root` alone is left as it is, and refused where it is emitted (see
//! `parent.rs`).

use std::collections::BTreeMap;

use super::schema::{CaseKey, Field, FieldType, Param, Schemas, TypeDef, TypeRef};
use crate::expr::{Expr, Source};

/// A type by the `meta/id` of its file and its Kaitai id.
type Key = (String, String);

/// Splits every param given `_root` whole into the root's values it reads (see the module doc).
pub fn split(schemas: &mut Schemas) {
    let mut found = candidates(schemas);
    // A later param first, so that splitting it leaves the index of an earlier one as it is.
    found.sort_by_key(|c| std::cmp::Reverse(c.1));
    for (callee, at, root_file) in found {
        let Some(plan) = plan(schemas, &callee, at, &root_file) else {
            continue;
        };
        apply(schemas, &callee, at, &root_file, &plan);
    }
}

/// The replacement of one param: its id, and the values read from the root.
struct Plan {
    param: String,
    values: Vec<Value>,
}

/// A value the callee reads from the root: `p.x` becomes param `p_x` of Kaitai type `ty`, which
/// the callers pass as `arg`. When `to_i`, `x` is an enum value instance and every use is
/// `p.x.to_i`, so its integer is passed (its expression) and `p.x.to_i` becomes `p_x`.
struct Value {
    x: String,
    ty: TypeRef,
    arg: Source,
    to_i: bool,
}

/// The params (callee, index, file of the root passed) to which every caller passes `_root`
/// from a positioned instance of its file's root, all callers from the same file.
fn candidates(schemas: &Schemas) -> Vec<(Key, usize, String)> {
    // (callee, index) -> the root's file, or `None` once some caller passes anything else.
    let mut seen: Vec<((Key, usize), Option<String>)> = Vec::new();
    for (file_id, file) in &schemas.files {
        for caller in &file.types {
            let positioned = caller.positioned.iter().map(|p| (&p.field, true));
            for (field, is_positioned) in caller.seq.iter().map(|f| (f, false)).chain(positioned) {
                let FieldType::Named { name, args, .. } = &field.ty else {
                    continue;
                };
                let Some((decl, target)) = schemas.resolve(file_id, name) else {
                    continue;
                };
                for (i, arg) in args.iter().enumerate() {
                    let key = ((decl.to_string(), target.id.clone()), i);
                    let whole = arg.as_name() == Some("_root");
                    let ok = (whole && is_positioned && caller.yaml_path.is_empty())
                        .then(|| file_id.clone());
                    match seen.iter_mut().find(|(k, _)| *k == key) {
                        Some((_, from)) if *from != ok => *from = None,
                        Some(_) => {}
                        None if whole => seen.push((key, ok)),
                        // Only params given `_root` somewhere are candidates; others are
                        // recorded as refused in case a later caller passes `_root`.
                        None => seen.push((key, None)),
                    }
                }
            }
        }
    }
    seen.into_iter()
        .filter_map(|((callee, at), from)| from.map(|f| (callee, at, f)))
        .collect()
}

/// How param `at` of `callee` is split, if every use of it can be (see the module doc).
fn plan(schemas: &Schemas, callee: &Key, at: usize, root_file: &str) -> Option<Plan> {
    let def = schemas
        .files
        .get(&callee.0)?
        .types
        .iter()
        .find(|t| t.id == callee.1)?;
    let root = schemas
        .files
        .get(root_file)?
        .types
        .iter()
        .find(|t| t.yaml_path.is_empty())?;
    if callee.0 == root_file && def.id == root.id {
        // The root given itself: it would take the values it has not read yet.
        return None;
    }
    let Param { id: param, ty, .. } = def.params.get(at)?;
    let declared = ty
        .user_name()
        .and_then(|name| schemas.resolve(&callee.0, name));
    let typed_root = declared.is_some_and(|(d, t)| d == root_file && t.id == root.id);
    if !typed_root && *ty != TypeRef::Struct {
        return None;
    }
    if field_exprs(def).any(|e| super::value::names(e, param)) {
        return None;
    }
    // Each member read, with whether every use of it is `.to_i`.
    let mut read: BTreeMap<String, bool> = BTreeMap::new();
    for e in instance_exprs(def) {
        let mut uses = Vec::new();
        member_uses(e.tree(), param, &mut uses);
        for member in uses {
            let m = member?;
            *read.entry(m.x).or_insert(true) &= m.to_i;
        }
    }
    let mut values = Vec::new();
    for (x, all_to_i) in read {
        let value = root_value(root, &x, all_to_i)?;
        let name = format!("{param}_{x}");
        let taken = def.param(&name).is_some()
            || def.seq.iter().any(|f| f.id == name)
            || def.instances.iter().any(|i| i.id == name)
            || def.positioned.iter().any(|p| p.field.id == name);
        if taken {
            return None;
        }
        values.push(value);
    }
    Some(Plan {
        param: param.clone(),
        values,
    })
}

/// `x` of the root as a value to pass: a plain integer seq field without `enum`, or (when
/// every use is `.to_i`, `all_to_i`) a value instance with an `enum`, passed as the integer of
/// its expression (`s8` holds any).
fn root_value(root: &TypeDef, x: &str, all_to_i: bool) -> Option<Value> {
    if let Some(field) = root.seq.iter().find(|f| f.id == x) {
        let FieldType::Named { name, kind, .. } = &field.ty else {
            return None;
        };
        let plain = field.cond.is_none()
            && field.repeat_expr.is_none()
            && !field.repeat_eos
            && field.repeat_until.is_none()
            && field.enum_name.is_none()
            && field.since.is_none()
            && field.until.is_none()
            && field.rust_type.is_none();
        return (plain && kind.rust_int().is_some()).then(|| Value {
            x: x.to_string(),
            ty: TypeRef::Named {
                name: name.clone(),
                kind: *kind,
            },
            arg: Source::name(x),
            to_i: false,
        });
    }
    let inst = root.instances.iter().find(|i| i.id == x)?;
    (all_to_i && inst.enum_name.is_some() && inst.cond.is_none()).then(|| Value {
        x: x.to_string(),
        ty: TypeRef::named("s8"),
        arg: inst.value.parenthesized(),
        to_i: true,
    })
}

/// Replaces the param with the values of `plan` in the callee, and `_root` with them in the
/// callers.
fn apply(schemas: &mut Schemas, callee: &Key, at: usize, root_file: &str, plan: &Plan) {
    let callee_def = schemas
        .files
        .get_mut(&callee.0)
        .and_then(|f| f.types.iter_mut().find(|t| t.id == callee.1));
    if let Some(def) = callee_def {
        let added = plan.values.iter().map(|v| Param {
            id: format!("{}_{}", plan.param, v.x),
            ty: v.ty.clone(),
            enum_name: None,
            rust_type: None,
        });
        def.params.splice(at..=at, added);
        for inst in &mut def.instances {
            for e in std::iter::once(&mut inst.value).chain(inst.cond.as_mut()) {
                *e = e.map(&|e| rename(e, plan));
            }
        }
    }
    let Some(file) = schemas.files.get(root_file) else {
        return;
    };
    let calls: Vec<bool> = file
        .types
        .iter()
        .flat_map(|t| &t.positioned)
        .map(|p| match &p.field.ty {
            FieldType::Named { name, .. } => schemas
                .resolve(root_file, name)
                .is_some_and(|(d, t)| d == callee.0 && t.id == callee.1),
            _ => false,
        })
        .collect();
    let Some(file) = schemas.files.get_mut(root_file) else {
        return;
    };
    let fields = file.types.iter_mut().flat_map(|t| &mut t.positioned);
    for (p, calls) in fields.zip(calls) {
        if let (true, FieldType::Named { args, .. }) = (calls, &mut p.field.ty) {
            args.splice(at..=at, plan.values.iter().map(|v| v.arg.clone()));
        }
    }
}

/// The expressions of a type's fields (seq and positioned), where a split param is not used:
/// every one, an `io` and a switch case's key included.
fn field_exprs(def: &TypeDef) -> impl Iterator<Item = &Source> {
    let fields: Vec<&Field> = def
        .seq
        .iter()
        .chain(def.positioned.iter().map(|p| &p.field))
        .collect();
    let mut parsed: Vec<&Source> = def.positioned.iter().map(|p| &p.pos).collect();
    parsed.extend(def.positioned.iter().filter_map(|p| p.io.as_ref()));
    for f in fields {
        match &f.ty {
            FieldType::Named { args, .. } => parsed.extend(args),
            FieldType::Switch { on, .. } => parsed.push(on),
            FieldType::None => {}
        }
        let exprs = [
            &f.cond,
            &f.size,
            &f.repeat_expr,
            &f.repeat_until,
            &f.valid_expr,
        ];
        parsed.extend(exprs.into_iter().flatten());
        parsed.extend(f.switch_cases.iter().filter_map(|c| match &c.key {
            CaseKey::Value(key) => Some(key),
            CaseKey::Else => None,
        }));
    }
    parsed.into_iter()
}

/// The expressions of a type's value instances.
fn instance_exprs(def: &TypeDef) -> impl Iterator<Item = &Source> {
    def.instances
        .iter()
        .flat_map(|i| std::iter::once(&i.value).chain(&i.cond))
}

/// The member `x` when `e` is `param.x`.
fn member_of<'e>(e: &'e Expr, param: &str) -> Option<&'e str> {
    match e {
        Expr::Attr(base, x) if matches!(&**base, Expr::Name(p) if p == param) => Some(x),
        _ => None,
    }
}

/// The uses of the name `param` in `e`, outermost first: the member of each `param.x` (with
/// whether `.to_i` follows it), `None` for the name used otherwise.
fn member_uses(e: &Expr, param: &str, out: &mut Vec<Option<Member>>) {
    let member = |e: &Expr, to_i| member_of(e, param).map(|x| Member { x: x.into(), to_i });
    match e {
        Expr::Attr(inner, a) if a == "to_i" && member_of(inner, param).is_some() => {
            out.push(member(inner, true));
        }
        _ if member_of(e, param).is_some() => out.push(member(e, false)),
        Expr::Name(n) if n == param => out.push(None),
        _ => e
            .children()
            .into_iter()
            .for_each(|c| member_uses(c, param, out)),
    }
}

/// `p_x` in place of `e` when it is `p.x`, or `p.x.to_i` where `x` is passed as its integer
/// (a rewrite for [`Expr::map`]).
fn rename(e: &Expr, plan: &Plan) -> Option<Expr> {
    let renamed = |x: &str| Expr::Name(format!("{}_{x}", plan.param));
    let passed_int = |x: &str| plan.values.iter().any(|v| v.x == x && v.to_i);
    match e {
        Expr::Attr(inner, a) if a == "to_i" => member_of(inner, &plan.param)
            .filter(|x| passed_int(x))
            .map(renamed),
        _ => member_of(e, &plan.param).map(renamed),
    }
}

/// `x` of a use `p.x`, and whether `.to_i` follows it.
struct Member {
    x: String,
    to_i: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(ksy: &str) -> Vec<(String, String)> {
        let dir = std::env::temp_dir().join(format!("savepoint-root-param-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("s{}.ksy", ksy.len()));
        std::fs::write(&path, ksy).unwrap();
        let schemas = Schemas::load_file(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let def = schemas.files["s"].types.iter().find(|t| t.id == "chk");
        let params = def.unwrap().params.iter();
        params.map(|p| (p.id.clone(), p.ty.to_string())).collect()
    }

    const KSY: &str = "meta: {id: s}\nseq:\n  - {id: n, type: u1}\nenums:\n  e: {1: one}\ninstances:\n  k: {value: 1, enum: e}\n  c: {pos: 0, type: chk(_root)}\ntypes:\n  chk:\n    params:\n      - {id: r, type: struct}\n    instances:\n      v: {value: r.n + r.k.to_i}\n";

    #[test]
    fn a_root_given_whole_becomes_the_values_read() {
        let split = |(a, b): (&str, &str)| (a.to_string(), b.to_string());
        assert_eq!(params(KSY), [split(("r_k", "s8")), split(("r_n", "u1"))]);
        // The root itself, an enum used as other than its integer, or a param used in a
        // field: the param stays, refused where it is emitted.
        let whole = || vec![split(("r", "struct"))];
        assert_eq!(params(&KSY.replace("r.n +", "r ==")), whole());
        assert_eq!(params(&KSY.replace("r.k.to_i", "r.k")), whole());
        let field = "    seq:\n      - {id: x, size: r.n}\n";
        assert_eq!(params(&format!("{KSY}{field}")), whole());
    }

    fn members(text: &str, param: &str) -> Vec<Option<(String, bool)>> {
        let mut uses = Vec::new();
        member_uses(Source::parse(text).unwrap().tree(), param, &mut uses);
        uses.into_iter().map(|m| m.map(|m| (m.x, m.to_i))).collect()
    }

    #[test]
    fn finds_and_renames_members_of_the_param() {
        let text = "p.dog.to_i == 4 and q.p != \"p.x\" and pp.a > p.n and p.dog.to_item";
        let dog = |to_i| Some(("dog".to_string(), to_i));
        assert_eq!(
            members(text, "p"),
            vec![dog(true), Some(("n".to_string(), false)), dog(false)]
        );
        assert_eq!(members("p == s.f(p) + p[1]", "p"), vec![None, None, None]);
        let value = |x: &str, to_i| Value {
            x: x.to_string(),
            ty: TypeRef::named("s8"),
            arg: Source::name(x),
            to_i,
        };
        let plan = Plan {
            param: "p".to_string(),
            values: vec![value("dog", true), value("n", false)],
        };
        let renamed = Source::parse("p.dog.to_i == 4 and \"p.n\" != p.n.to_i")
            .unwrap()
            .map(&|e| rename(e, &plan));
        let expected = Source::parse("p_dog == 4 and \"p.n\" != p_n.to_i").unwrap();
        assert_eq!(renamed.tree(), expected.tree());
    }
}
