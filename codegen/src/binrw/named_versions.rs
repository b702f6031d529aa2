//! Several named versions on one type: `-savepoint-version` as a list of `{id, type, from}`
//! entries instead of one. Satisfactory's lightweight buildable instance is laid out by the
//! subsystem's `currentLightweightVersion` and passes the object's SaveVersion on besides, both
//! given by the caller: `[{id: save_version, type: s4, from: save_version}, {id:
//! lightweight_version, type: s4, from: lightweight_version}]` with the params in that order.
//!
//! Each entry is one `#[version(..)]` of schema-derive, in schema order (which is the order of
//! the imported arguments). A field's gate compares one of them; an `if` naming two is refused,
//! as schema-derive checks each gate against one version.

use proc_macro2::TokenStream;
use serde_yaml::{Mapping, Value};

use super::expr;
use super::named::{self, Gate};
use super::schema::{Field, NamedVersion, TypeDef};
use super::version_param::is_version_param;

/// `-savepoint-version`: one entry or a list of them, with distinct ids.
pub(super) fn parse(map: &Mapping) -> Result<Vec<NamedVersion>, String> {
    let versions = match map.get("-savepoint-version") {
        None => return Ok(Vec::new()),
        Some(Value::Sequence(list)) if list.is_empty() => {
            return Err(
                "expected one {id, type, from} or a list of them, not an empty list".into(),
            );
        }
        Some(Value::Sequence(list)) => list
            .iter()
            .map(named::parse_version)
            .collect::<Result<Vec<_>, _>>()?,
        Some(one) => vec![named::parse_version(one)?],
    };
    for (at, v) in versions.iter().enumerate() {
        if versions[..at].iter().any(|earlier| earlier.id == v.id) {
            return Err(format!("the version `{}` is named twice", v.id));
        }
    }
    Ok(versions)
}

/// The `#[version(..)]` attributes of `def`, one per named version.
pub(super) fn head(def: &TypeDef) -> Result<TokenStream, String> {
    let mut imported = 0;
    let mut head = TokenStream::new();
    for v in &def.named_versions {
        head.extend(named::head(v, def, imported)?);
        if is_version_param(def, &v.from) {
            imported += 1;
        }
    }
    Ok(head)
}

/// The gate of `field` on the one version of `def` its `if` compares, `None` when it names
/// none; `bound` and `serde` as `named::gate` takes them.
pub(super) fn gate(
    def: &TypeDef,
    field: &Field,
    bound: Option<&syn::Path>,
    serde: bool,
) -> Result<Option<Gate>, String> {
    let Some(cond) = &field.cond else {
        return Ok(None);
    };
    let parsed = expr::lower(cond, expr::Use::default())?;
    let mut named = def
        .named_versions
        .iter()
        .filter(|v| named::mentions(&parsed, &v.id));
    let Some(v) = named.next() else {
        return Ok(None);
    };
    if let Some(other) = named.next() {
        return Err(format!(
            "a gate compares one version, and `if: {cond}` names `{}` and `{}`",
            v.id, other.id
        ));
    }
    named::gate(v, field, &parsed, bound, serde).map(Some)
}

#[cfg(test)]
mod tests {
    use super::super::generate_from;

    /// A namespace whose type `rec` has the versions `versions`, the params `params` and a
    /// field gated by `cond`.
    fn module(tag: &str, versions: &str, params: &str, cond: &str) -> Result<String, String> {
        let schema = format!(
            "meta: {{id: nvs, endian: le}}\n-savepoint-namespace: true\ntypes:\n  rec:\n    \
             -savepoint-version: {versions}\n    params: {params}\n    seq:\n      \
             - {{id: x, type: s4, if: '{cond}'}}\n"
        );
        generate_from(tag, &[("nvs.ksy", &schema)], "nvs")
            .map(|m| m.source)
            .map_err(|e| e.to_string())
    }

    const TWO: &str = "[{id: v, type: s4, from: v}, {id: w, type: s4, from: w}]";

    #[test]
    fn each_version_is_imported_in_order_and_gates_one() {
        let params = "[{id: v, type: s4}, {id: w, type: s4}, {id: n, type: u1}]";
        let m = module("nvs-ok", TWO, params, "w >= 3").unwrap();
        assert!(
            m.contains("#[version(v: i32 = import)]\n#[version(w: i32 = import)]\n#[binrw]"),
            "{m}"
        );
        assert!(m.contains("#[br(import(n: u8))]"), "{m}");
        assert!(
            m.contains("#[since(w >= 3)]\n    pub x: Option<i32>,"),
            "{m}"
        );
        let both = module("nvs-both", TWO, params, "v >= 1 and w >= 3").unwrap_err();
        assert!(both.contains("names `v` and `w`"), "{both}");
    }

    #[test]
    fn the_versions_take_the_first_params_and_distinct_names() {
        let swapped = "[{id: w, type: s4}, {id: v, type: s4}]";
        let err = module("nvs-order", TWO, swapped, "w >= 3").unwrap_err();
        assert!(err.contains("the first param"), "{err}");
        let late = "[{id: v, type: s4}, {id: n, type: u1}, {id: w, type: s4}]";
        let err = module("nvs-late", TWO, late, "w >= 3").unwrap_err();
        assert!(err.contains("param 2"), "{err}");
        let twice = "[{id: v, type: s4, from: v}, {id: v, type: s4, from: v}]";
        let err = module("nvs-twice", twice, "[{id: v, type: s4}]", "v >= 3").unwrap_err();
        assert!(err.contains("`v` is named twice"), "{err}");
        let empty = module("nvs-empty", "[]", "[{id: v, type: s4}]", "v >= 3").unwrap_err();
        assert!(empty.contains("not an empty list"), "{empty}");
    }
}
