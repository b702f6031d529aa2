//! `switch-on` case keys (of a field's type and of a calculated `meta/endian`), parsed at load.

use serde_yaml::Value;

use super::cx::Cx;
use super::{CaseKey, Field};
use crate::SchemaError;
use crate::expr::Expr;

impl Field {
    /// The `switch-on` cases as (integer key, case type name), in order, when every key is an
    /// integer; empty otherwise. The forms that map cases to enum variants (`-savepoint-enum`,
    /// a bytes-left switch) take only these.
    pub fn int_cases(&self) -> Vec<(i64, &str)> {
        let key = |key: &CaseKey| match key {
            CaseKey::Value(v) => match v.tree() {
                Expr::Int(n) => i64::try_from(*n).ok(),
                _ => None,
            },
            CaseKey::Else => None,
        };
        self.switch_cases
            .iter()
            .map(|c| Some((key(&c.key)?, c.ty.as_str())))
            .collect::<Option<_>>()
            .unwrap_or_default()
    }
}

impl Cx<'_> {
    /// The case key `key` at the YAML path `kpath`: `_`, or an expression parsed there (`bool`:
    /// whether a boolean key is allowed, as it is for a field's cases).
    pub(super) fn case_key(
        &self,
        kpath: &str,
        key: &Value,
        bool: bool,
    ) -> Result<CaseKey, SchemaError> {
        let text = match key {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            Value::Bool(b) if bool => b.to_string(),
            _ if bool => return Err(self.err(kpath, "a case key is a number, string or boolean")),
            _ => return Err(self.err(kpath, "a case key is a number or string")),
        };
        if text.trim() == "_" {
            return Ok(CaseKey::Else);
        }
        self.expression_at(kpath, &text).map(CaseKey::Value)
    }
}

#[cfg(test)]
mod tests {
    use crate::binrw::Schemas;
    use crate::binrw::schema::{CaseKey, EndianSwitch};
    use crate::expr::Expr;

    /// The error of generating the schema `ksy` (module `i`).
    fn refused(ksy: &str) -> crate::SchemaError {
        crate::binrw::generate_from("cases", &[("i.ksy", ksy)], "i").unwrap_err()
    }

    #[test]
    fn keys_endian_selectors_and_io_are_parsed_at_load_with_their_path() {
        let err = refused(
            "meta: {id: i}\nseq:\n  - {id: n, type: u1}\n  - {id: x, type: {switch-on: n, cases: {'[1,': u1}}}\n",
        );
        assert_eq!(err.yaml_path, "/seq/1/type/cases/[1,", "{err}");
        assert!(err.message.starts_with("expression `[1,`"), "{err}");
        let err = refused(
            "meta: {id: i}\nseq:\n  - {id: n, type: u1}\ninstances:\n  v: {pos: 0, io: '_root.', type: u1}\n",
        );
        assert_eq!(err.yaml_path, "/instances/v/io", "{err}");
        let err = refused(
            "meta: {id: i}\nseq:\n  - {id: n, type: u1}\ntypes:\n  t:\n    meta: {endian: {switch-on: '_parent.', cases: {1: le}}}\n",
        );
        assert_eq!(err.yaml_path, "/types/t/meta/endian/switch-on", "{err}");
    }

    #[test]
    fn case_keys_are_values_or_else() {
        let ksy = "meta: {id: i, endian: le}\nseq:\n  - {id: n, type: s1}\n  - {id: x, type: {switch-on: n, cases: {0x10: u1, -2: u2, _: u4}}}\n  - {id: y, type: t}\n  - {id: z, type: {switch-on: n, cases: {0x10: u1, -2: u2}}}\ntypes:\n  t:\n    meta: {endian: {switch-on: _parent.n, cases: {1: be, _: le}}}\n";
        let dir = std::env::temp_dir().join(format!("savepoint-cases-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("i.ksy"), ksy).unwrap();
        let schemas = Schemas::load_file(&dir.join("i.ksy"));
        let _ = std::fs::remove_dir_all(&dir);
        let schemas = schemas.unwrap();
        let types = &schemas.files["i"].types;
        let keys: Vec<Option<&Expr>> = types[0].seq[1]
            .switch_cases
            .iter()
            .map(|c| match &c.key {
                CaseKey::Value(k) => Some(k.tree()),
                CaseKey::Else => None,
            })
            .collect();
        assert_eq!(keys.len(), 3);
        assert_eq!(keys[0], Some(&Expr::Int(16)));
        assert_eq!(keys[1], Some(&Expr::Int(-2)));
        assert_eq!(keys[2], None);
        // With an `_` key the cases map to no enum variants; with integer keys only they do.
        assert!(types[0].seq[1].int_cases().is_empty());
        assert_eq!(types[0].seq[3].int_cases(), [(16, "u1"), (-2, "u2")]);
        let Some(EndianSwitch { on, cases }) = &types[1].endian_switch else {
            panic!("a calculated endianness");
        };
        assert!(matches!(on.tree(), Expr::Attr(_, n) if n == "n"));
        assert!(matches!(
            &cases[..],
            [(CaseKey::Value(_), true), (CaseKey::Else, false)]
        ));
    }
}
