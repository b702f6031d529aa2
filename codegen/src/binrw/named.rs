//! Named versions (`-savepoint-version`): a type whose fields are gated on a version it names,
//! of any integer type, read from one of its own fields: schema-derive's
//! `#[version(save_version: i32 = save_version)]` with `#[since(save_version >= B)]`,
//! `#[until(save_version < B)]` and `#[only(save_version == B)]` on the fields.
//!
//! Unlike `-savepoint-since/-until` (FreeRCT's pattern versions), a gate here is the field's
//! plain Kaitai `if` alone (`if: save_version >= 53`, `if: v >= 2 and v < 4`), which the
//! official compiler reads as it is, so the schema states each gate once. Its bound may be
//! spelled by a Rust constant (`-savepoint-gate-const`), which the module checks at compile
//! time against the schema's number. A gated field with `-savepoint-absent: default` holds its
//! type's default where the version lacks it (`#[absent(default)]`) instead of being an `Option`;
//! one with `-savepoint-serde-omit-absent: true` is left out of JSON where it is absent.

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use serde_yaml::{Mapping, Value};

use super::emit::int_type;
use super::expr::Expr;
use super::schema::{Field, NamedVersion, TypeDef};
use super::tokens::{ident, is_ident, operator, source};
use crate::expr::Source;

/// One `-savepoint-version` entry: `{id: <name>, type: <Kaitai integer>, from: <field id>}`.
pub(super) fn parse_version(value: &Value) -> Result<NamedVersion, String> {
    let entry = |key: &str| {
        value
            .get(key)
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or_else(|| format!("expected {{id, type, from}}: `{key}` is missing"))
    };
    let (id, ty, from) = (entry("id")?, entry("type")?, entry("from")?);
    let Some(ty) = int_type(&ty) else {
        return Err(format!("`type: {ty}` is not an integer type"));
    };
    if !is_ident(&id) {
        return Err(format!("`id: {id}` is not an identifier"));
    }
    Ok(NamedVersion {
        id,
        ty: ty.to_owned(),
        from,
    })
}

/// `-savepoint-absent: default` (the only value).
pub(super) fn parse_absent(map: &Mapping) -> Result<bool, String> {
    match map.get("-savepoint-absent") {
        None => Ok(false),
        Some(Value::String(s)) if s == "default" => Ok(true),
        Some(_) => Err("the only value is `default`".into()),
    }
}

/// The type's `#[version(..)]` attribute for `v`; the version comes from one of its own fields,
/// or from a param (see `version_param.rs`), the `nth` of the type's versions that do.
pub(super) fn head(v: &NamedVersion, def: &TypeDef, nth: usize) -> Result<TokenStream, String> {
    if let Some(imported) = super::version_param::head(v, def, nth) {
        return imported;
    }
    let field = def.seq.iter().find(|f| f.id == v.from).ok_or_else(|| {
        format!(
            "-savepoint-version reads `{}`, which is not a field of `{}`",
            v.from, def.id
        )
    })?;
    let is_int = matches!(&field.ty, super::schema::FieldType::Named { kind, .. } if kind.rust_int() == Some(v.ty.as_str()));
    if !is_int || field.cond.is_some() || field.repeat_expr.is_some() {
        return Err(format!(
            "-savepoint-version reads `{}`, which must be a plain {} field",
            v.from, v.ty
        ));
    }
    let (id, ty, from) = (ident(&v.id), ident(&v.ty), ident(&field.id));
    Ok(quote!(#[version(#id: #ty = #from)]))
}

/// The attributes of a field gated on the named version, and the compile-time check that its
/// `-savepoint-gate-const` has the schema's value; `None` when its `if` does not name the version.
pub(super) struct Gate {
    pub attrs: TokenStream,
    pub const_check: Option<TokenStream>,
}

/// The gate of `field` (its `if` joined by `and`: `v >= B` since, `v < B` or `v <= B` until,
/// `v == B` only); `bound` is the constant's name as the module spells it; `serde` says whether
/// the types derive serde (for `-savepoint-serde-omit-absent`). `parsed` is the field's `if`,
/// which names `v`.
pub(super) fn gate(
    v: &NamedVersion,
    field: &Field,
    parsed: &Expr,
    bound: Option<&syn::Path>,
    serde: bool,
) -> Result<Gate, String> {
    let cond = field.cond.as_ref().map_or("", Source::text);
    let mut terms = Vec::new();
    conjuncts(parsed, &mut terms);
    if bound.is_some() && terms.len() != 1 {
        return Err("-savepoint-gate-const needs a gate with one bound".into());
    }
    let mut attrs = Vec::new();
    let mut const_check = None;
    for term in terms {
        let (op, n) = comparison(term, &v.id).ok_or_else(|| {
            format!(
                "`if: {cond}` names the version `{}`: a gate is `{0} >= N`, `{0} < N`, `{0} <= N` or `{0} == N`, joined by `and`",
                v.id
            )
        })?;
        let kind = ident(match op {
            ">=" => "since",
            "<" | "<=" => "until",
            _ => "only",
        });
        let value = Literal::i64_unsuffixed(n);
        let spelled = match &bound {
            Some(name) => {
                let message = format!(
                    "{} differs from the schema's bound {n}",
                    source(&quote!(#name))
                );
                const_check = Some(quote!(
                    const _: () = assert!(#name == #value, #message);
                ));
                quote!(#name)
            }
            None => quote!(#value),
        };
        let (id, op) = (ident(&v.id), operator(op));
        attrs.push(quote!(#[#kind(#id #op #spelled)]));
    }
    attrs.extend(absent(field, serde)?);
    Ok(Gate {
        attrs: attrs.into_iter().collect(),
        const_check,
    })
}

/// The attribute of a gated field that is absent in some versions: `#[absent(default)]` for a
/// plain field holding its default there, the serde one for an `Option` that JSON omits there.
fn absent(field: &Field, serde: bool) -> Result<Option<TokenStream>, String> {
    match (field.absent_default, field.omit_absent) {
        (true, true) => {
            Err("-savepoint-serde-omit-absent is for an Option, not -savepoint-absent".into())
        }
        (true, false) => Ok(Some(quote!(#[absent(default)]))),
        (false, true) if serde => Ok(Some(
            quote!(#[serde(default, skip_serializing_if = "Option::is_none")]),
        )),
        (false, _) => Ok(None),
    }
}

pub(super) fn mentions(e: &Expr, id: &str) -> bool {
    match e {
        Expr::Path(p) => p.len() == 1 && p[0] == id,
        Expr::Binary(l, _, r) => mentions(l, id) || mentions(r, id),
        Expr::Not(inner) => mentions(inner, id),
        Expr::Ternary(c, a, b) => mentions(c, id) || mentions(a, id) || mentions(b, id),
        _ => false,
    }
}

fn conjuncts<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::Binary(l, "&&", r) => {
            conjuncts(l, out);
            conjuncts(r, out);
        }
        other => out.push(other),
    }
}

/// `v OP N` as (OP, N).
fn comparison(e: &Expr, id: &str) -> Option<(&'static str, i64)> {
    match e {
        Expr::Binary(l, op, r) if matches!(*op, ">=" | "<" | "<=" | "==") => match (&**l, &**r) {
            (Expr::Path(p), Expr::Int(n)) if p.len() == 1 && p[0] == id => Some((op, *n)),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::generate_from;

    /// A namespace with one type whose `x` has the gate `cond` (and `extra` keys).
    fn module(cond: &str, extra: &str) -> Result<String, String> {
        // Tests run in parallel: each schema gets its own folder.
        let mut hasher = std::hash::DefaultHasher::new();
        std::hash::Hash::hash(&(cond, extra), &mut hasher);
        let tag = format!("named-{:x}", std::hash::Hasher::finish(&hasher));
        let schema = format!(
            "meta: {{id: nv, endian: le}}\n-savepoint-namespace: true\ntypes:\n  rec:\n    \
             -savepoint-version: {{id: v, type: s4, from: v}}\n    seq:\n      - {{id: v, type: s4}}\n      \
             - {{id: x, type: s4, if: '{cond}'{extra}}}\n"
        );
        generate_from(&tag, &[("nv.ksy", &schema)], "nv")
            .map(|m| m.source)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn gates_become_since_until_and_only() {
        let m = module("v >= 14", "").unwrap();
        assert!(m.contains("#[version(v: i32 = v)]\n#[binrw]"), "{m}");
        assert!(
            m.contains("#[since(v >= 14)]\n    pub x: Option<i32>,"),
            "{m}"
        );
        let m = module("v >= 2 and v < 4", "").unwrap();
        assert!(m.contains("#[since(v >= 2)]\n    #[until(v < 4)]\n"), "{m}");
        assert!(module("v == 7", "").unwrap().contains("#[only(v == 7)]"));
        assert!(module("v > 3", "").unwrap_err().contains("a gate is"));
        let or = module("v >= 2 or v < 1", "").unwrap_err();
        assert!(or.contains("a gate is"), "{or}");
    }

    #[test]
    fn a_constant_bound_is_checked_against_the_schema() {
        let m = module(
            "v >= 53",
            ", -savepoint-gate-const: crate::versions::DATA, -savepoint-absent: default",
        )
        .unwrap();
        assert!(m.contains("use crate::versions::DATA;"), "{m}");
        assert!(
            m.contains("#[since(v >= DATA)]\n    #[absent(default)]\n    pub x: i32,"),
            "{m}"
        );
        assert!(m.contains("assert!(DATA == 53"), "{m}");
        let two = module("v >= 2 and v < 4", ", -savepoint-gate-const: DATA").unwrap_err();
        assert!(two.contains("one bound"), "{two}");
        let omitted = module("v >= 3", ", -savepoint-serde-omit-absent: true").unwrap();
        assert!(
            omitted.contains("#[serde(default, skip_serializing_if = \"Option::is_none\")]\n    pub x: Option<i32>,"),
            "{omitted}"
        );
    }
}
