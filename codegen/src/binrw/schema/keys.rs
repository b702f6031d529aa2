//! The keys each mapping may hold, and readers of single keys with errors at their path.

use serde_yaml::{Mapping, Value};

use super::NamedVersion;
use super::cx::Cx;
use crate::SchemaError;

pub(super) const TOP_KEYS: &[&str] = &["meta", "doc", "types", "enums", "-savepoint-namespace"];

pub(super) const TYPE_KEYS: &[&str] = &[
    "meta",
    "doc",
    "types",
    "enums",
    "seq",
    "params",
    "instances",
    "-savepoint-namespace",
    "-savepoint-pattern",
    "-savepoint-versioned",
    "-savepoint-version",
    "-savepoint-rust-type",
    "-savepoint-transparent",
    "-savepoint-bitfield",
    "-savepoint-enum",
    "-savepoint-enum-ahead",
    "-savepoint-rust-name",
    "-savepoint-max-depth",
    "-savepoint-max-depth-const",
    "-savepoint-fixed-layout",
    // Kaitai's text of an object for display (its `toString`, `__str__`), as `-webide-representation`
    // is the web IDE's: it changes no byte read or written, so it is accepted and not generated.
    "to-string",
];

pub(super) const FIELD_KEYS: &[&str] = &[
    "id",
    "doc",
    "type",
    "contents",
    "repeat",
    "repeat-expr",
    "repeat-until",
    "if",
    "valid",
    "size",
    "size-eos",
    "encoding",
    "terminator",
    "pad-right",
    "include",
    "consume",
    "eos-error",
    "enum",
    "-savepoint-since",
    "-savepoint-until",
    "-savepoint-with-version",
    "-savepoint-absent",
    "-savepoint-serde-omit-absent",
    "-savepoint-gate-const",
    "-savepoint-count-of",
    "-savepoint-flag-of",
    "-savepoint-rust-type",
    "-savepoint-enum",
    "-savepoint-one-of",
    "-savepoint-serde-with",
    "-savepoint-parse-with",
    "process",
    "parent",
];

pub(super) const PARAM_KEYS: &[&str] = &["id", "type", "doc", "enum", "-savepoint-rust-type"];

pub(super) fn check_keys(
    cx: &Cx,
    ypath: &str,
    map: &Mapping,
    allowed: &[&str],
) -> Result<(), SchemaError> {
    for key in map.keys() {
        let key = key.as_str().unwrap_or("");
        // Kaitai ignores `doc-ref` and other tools' keys (`-webide-...`, `-orig-id`).
        let ignored = key == "doc-ref" || (key.starts_with('-') && !key.starts_with("-savepoint-"));
        if !allowed.contains(&key) && !ignored {
            return Err(cx.err(
                &format!("{ypath}/{key}"),
                format!("`{key}` is not supported here by the binrw backend"),
            ));
        }
    }
    Ok(())
}

pub(super) fn bool_key(map: &Mapping, key: &str) -> Option<bool> {
    map.get(key).and_then(Value::as_bool)
}

pub(super) fn str_key(map: &Mapping, key: &str) -> Option<String> {
    map.get(key).and_then(|v| match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    })
}

/// `-savepoint-version` and `-savepoint-absent` (see `named.rs`), with errors at their key.
impl Cx<'_> {
    pub(super) fn named_versions(
        &self,
        ypath: &str,
        map: &Mapping,
    ) -> Result<Vec<NamedVersion>, SchemaError> {
        crate::binrw::named_versions::parse(map)
            .map_err(|e| self.err(&format!("{ypath}/-savepoint-version"), e))
    }

    pub(super) fn absent_default(&self, ypath: &str, map: &Mapping) -> Result<bool, SchemaError> {
        crate::binrw::named::parse_absent(map)
            .map_err(|e| self.err(&format!("{ypath}/-savepoint-absent"), e))
    }
}

pub(super) fn u32_key(
    cx: &Cx,
    ypath: &str,
    map: &Mapping,
    key: &str,
) -> Result<Option<u32>, SchemaError> {
    match map.get(key) {
        None => Ok(None),
        Some(v) => v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| cx.err(&format!("{ypath}/{key}"), "expected an unsigned integer")),
    }
}

/// The string `key` of `map` (at `ypath`), which the generated code uses as a Rust name: refused
/// when it is not an identifier.
pub(super) fn ident_key(
    cx: &Cx,
    ypath: &str,
    map: &Mapping,
    key: &str,
) -> Result<Option<String>, SchemaError> {
    match str_key(map, key) {
        Some(name) if !crate::binrw::tokens::is_ident(&name) => {
            Err(cx.err(&format!("{ypath}/{key}"), not_ident(&name)))
        }
        name => Ok(name),
    }
}

/// The error for an id the generated code could not name (the expressions naming it, which
/// the generator builds as tokens, need an identifier).
pub(super) fn not_ident(id: &str) -> String {
    format!(
        "id `{id}` is not supported by the binrw backend (only letters, digits and `_`, not starting with a digit)"
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn to_string_is_accepted_and_not_generated() {
        // As tcp_segment's `flags`: display text only.
        let ksy = "meta: {id: t}\nseq:\n  - {id: f, type: flags}\ntypes:\n  flags:\n    to-string: '(a ? \"|A\" : \"\")'\n    seq:\n      - {id: a, type: u1}\n";
        let module = crate::binrw::generate_from("to-string", &[("t.ksy", ksy)], "t");
        let text = module.unwrap_or_else(|e| panic!("{e}")).source;
        assert!(text.contains("pub a: u8"), "{text}");
        assert!(!text.contains("|A"), "{text}");
        let misplaced = ksy.replace("    to-string", "    to-strin");
        let err =
            crate::binrw::generate_from("to-strin", &[("t.ksy", &misplaced)], "t").unwrap_err();
        assert_eq!(err.yaml_path, "/types/flags/to-strin");
    }

    #[test]
    fn ids_that_are_not_identifiers_are_refused() {
        for (ksy, path) in [
            (
                "meta: {id: i}\nseq:\n  - {id: a-b, type: u1}\n",
                "/seq/0/id",
            ),
            (
                "meta: {id: i}\nseq:\n  - {id: x, type: t(1)}\ntypes:\n  t:\n    params:\n      - {id: 2n, type: u1}\n",
                "/types/t/params/0/id",
            ),
            (
                "meta: {id: i}\nseq:\n  - {id: x, type: u1}\ninstances:\n  2x: {value: x}\n",
                "/instances/2x",
            ),
            (
                "meta: {id: i}\nseq:\n  - {id: x, type: u1, enum: e}\nenums:\n  e:\n    1: 1st\n",
                "/enums/e/1",
            ),
            ("meta: {id: i-2}\nseq:\n  - {id: x, type: u1}\n", "/meta/id"),
        ] {
            let err = crate::binrw::generate_from("ids", &[("i.ksy", ksy)], "i").unwrap_err();
            let err = err.to_string();
            assert!(
                err.contains(path) && err.contains("not starting with a digit"),
                "{err}"
            );
        }
    }
}
