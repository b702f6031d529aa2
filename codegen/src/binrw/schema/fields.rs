//! A seq field (and a `pos` instance's field): its type, repetition, checks and framing.

use serde_yaml::{Mapping, Value};

use super::cx::Cx;
use super::keys::{FIELD_KEYS, bool_key, check_keys, ident_key, not_ident, str_key, u32_key};
use super::{Field, FieldType, KsType, SwitchCase, Valid};
use crate::SchemaError;
use crate::expr::{CallError, Source};

impl Cx<'_> {
    pub(super) fn field(&self, ypath: &str, map: &Mapping) -> Result<Field, SchemaError> {
        check_keys(self, ypath, map, FIELD_KEYS)?;
        let spelled;
        let map = match self.repeat_mapping(ypath, map)? {
            Some(m) => {
                spelled = m;
                &spelled
            }
            None => map,
        };
        let id = str_key(map, "id").ok_or_else(|| self.err(ypath, "a seq field needs an id"))?;
        if !crate::binrw::tokens::is_ident(&id) {
            return Err(self.err(&format!("{ypath}/id"), not_ident(&id)));
        }
        let ty = match map.get("type") {
            None => FieldType::None,
            Some(Value::String(s)) => {
                let (name, args) = self.type_call(&format!("{ypath}/type"), s)?;
                FieldType::Named {
                    name: name.to_string(),
                    kind: KsType::parse(name),
                    args,
                }
            }
            Some(Value::Mapping(m)) => FieldType::Switch {
                on: self
                    .expr_key(&format!("{ypath}/type"), m, "switch-on")?
                    .ok_or_else(|| self.err(&format!("{ypath}/type"), "expected switch-on"))?,
            },
            Some(_) => return Err(self.err(&format!("{ypath}/type"), "unsupported type form")),
        };
        // A switch's `encoding` is its string cases' (see `switch.rs`).
        let encoded = match &ty {
            FieldType::Named { kind, .. } => kind.is_str(),
            FieldType::Switch { .. } => true,
            FieldType::None => false,
        };
        let repeat = str_key(map, "repeat");
        if repeat.is_none() && map.contains_key("repeat") {
            return Err(self.err(
                &format!("{ypath}/repeat"),
                "repeat must be `expr`, `eos` or `until`",
            ));
        }
        let repeat_expr = match repeat.as_deref() {
            None => None,
            Some("expr") => Some(self.expr_key(ypath, map, "repeat-expr")?.ok_or_else(|| {
                self.err(
                    &format!("{ypath}/repeat-expr"),
                    "repeat: expr needs repeat-expr",
                )
            })?),
            Some("eos" | "until") => None,
            Some(other) => {
                return Err(self.err(
                    &format!("{ypath}/repeat"),
                    format!("repeat: {other} is not supported by the binrw backend"),
                ));
            }
        };
        let mut valid_expr = None;
        let valid_in_enum = match map.get("valid").and_then(|v| v.get("in-enum")) {
            None => false,
            Some(v) => {
                let vp = format!("{ypath}/valid");
                if v.as_bool() != Some(true)
                    || map
                        .get("valid")
                        .and_then(Value::as_mapping)
                        .map(Mapping::len)
                        != Some(1)
                {
                    return Err(self.err(
                        &format!("{vp}/in-enum"),
                        "`in-enum` is `true` and the only `valid` key",
                    ));
                }
                if !map.contains_key("enum") {
                    return Err(self.err(
                        &format!("{vp}/in-enum"),
                        "`in-enum` on a field without `enum`",
                    ));
                }
                true
            }
        };
        let valid = match map.get("valid").filter(|_| !valid_in_enum) {
            None => None,
            Some(v) => {
                let vp = format!("{ypath}/valid");
                // `valid: N` is `valid: {eq: N}`, which is `any-of: [N]`.
                let shorthand;
                let m = match v {
                    Value::Number(_) | Value::String(_) => {
                        shorthand = Mapping::from_iter([(Value::from("eq"), v.clone())]);
                        &shorthand
                    }
                    v => v.as_mapping().ok_or_else(|| {
                        self.err(
                            &vp,
                            "valid must be an integer or a mapping of eq/min/max/any-of",
                        )
                    })?,
                };
                check_keys(self, &vp, m, &["eq", "min", "max", "any-of", "expr"])?;
                if m.contains_key("eq") && m.len() > 1 {
                    return Err(self.err(&vp, "`eq` with other `valid` keys"));
                }
                let integers = m.iter().all(|(_, v)| match v {
                    Value::Sequence(l) => l.iter().all(|x| x.as_i64().is_some()),
                    x => x.as_i64().is_some(),
                });
                // On a list, every element is checked (see `valid.rs`).
                if !integers || m.contains_key("expr") || repeat.is_some() {
                    let text = crate::binrw::valid::expression(m).map_err(|e| self.err(&vp, e))?;
                    valid_expr = Some(self.expression(ypath, "valid", &text)?);
                    None
                } else {
                    Some(Valid {
                        min: m.get("min").and_then(Value::as_i64),
                        max: m.get("max").and_then(Value::as_i64),
                        any_of: m
                            .get("any-of")
                            .and_then(Value::as_sequence)
                            .map(|l| l.iter().filter_map(Value::as_i64).collect())
                            .or_else(|| m.get("eq").and_then(Value::as_i64).map(|n| vec![n]))
                            .unwrap_or_default(),
                    })
                }
            }
        };
        let variants = match map.get("-savepoint-enum").and_then(Value::as_mapping) {
            None => None,
            Some(e) => {
                let ep = format!("{ypath}/-savepoint-enum");
                Some((
                    ident_key(self, &ep, e, "name")?
                        .ok_or_else(|| self.err(&ep, "missing name"))?,
                    variant_names(self, &format!("{ep}/variants"), e.get("variants"))?,
                ))
            }
        };
        Ok(Field {
            id,
            yaml_path: ypath.to_string(),
            doc: str_key(map, "doc"),
            contents: str_key(map, "contents"),
            ty,
            repeat_expr,
            // A literal `if: true` reads the field always; `if: false` never.
            cond: match map.get("if") {
                Some(Value::Bool(true)) => None,
                Some(Value::Bool(false)) => Some(self.expression(ypath, "if", "false")?),
                _ => self.expr_key(ypath, map, "if")?,
            },
            since: u32_key(self, ypath, map, "-savepoint-since")?,
            until: u32_key(self, ypath, map, "-savepoint-until")?,
            with_version: bool_key(map, "-savepoint-with-version") == Some(true),
            absent_default: self.absent_default(ypath, map)?,
            omit_absent: bool_key(map, "-savepoint-serde-omit-absent") == Some(true),
            gate_const: str_key(map, "-savepoint-gate-const"),
            count_of: str_key(map, "-savepoint-count-of"),
            flag_of: str_key(map, "-savepoint-flag-of"),
            parse_with: str_key(map, "-savepoint-parse-with"),
            rust_type: str_key(map, "-savepoint-rust-type"),
            valid,
            valid_expr,
            valid_in_enum,
            variants,
            one_of: crate::binrw::one_of::parse(map)
                .map_err(|e| self.err(&format!("{ypath}/-savepoint-one-of"), e))?,
            serde_with: str_key(map, "-savepoint-serde-with"),
            sized: !encoded && map.contains_key("encoding"),
            size: self.expr_key(ypath, map, "size")?,
            encoding: str_key(map, "encoding"),
            terminator: match map.get("terminator") {
                None => None,
                Some(t) => Some(byte(self, &format!("{ypath}/terminator"), t)?),
            },
            pad_right: match map.get("pad-right") {
                None => None,
                Some(t) => Some(byte(self, &format!("{ypath}/pad-right"), t)?),
            },
            include: bool_key(map, "include") == Some(true),
            consume: bool_key(map, "consume") != Some(false),
            eos_error: bool_key(map, "eos-error") != Some(false),
            enum_name: str_key(map, "enum"),
            size_eos: bool_key(map, "size-eos") == Some(true),
            repeat_eos: repeat.as_deref() == Some("eos"),
            repeat_until: match repeat.as_deref() {
                Some("until") => {
                    Some(self.expr_key(ypath, map, "repeat-until")?.ok_or_else(|| {
                        self.err(
                            &format!("{ypath}/repeat-until"),
                            "repeat: until needs repeat-until",
                        )
                    })?)
                }
                _ => None,
            },
            contents_bytes: map
                .get("contents")
                .map(|c| contents(self, ypath, c))
                .transpose()?,
            process: str_key(map, "process")
                .map(|p| self.process(ypath, &p))
                .transpose()?,
            switch_cases: switch_cases(self, ypath, map)?,
            parent_up: str_key(map, "parent").as_deref() == Some("_parent"),
            parent_false: match map.get("parent") {
                None => false,
                Some(Value::Bool(false)) => true,
                Some(Value::String(p)) if p == "_parent" => false,
                Some(_) => {
                    return Err(self.err(
                        &format!("{ypath}/parent"),
                        "`parent:` other than `false` or `_parent` is not supported by the binrw backend",
                    ));
                }
            },
        })
    }
}

/// A byte value (`terminator`, `pad-right`).
fn byte(cx: &Cx, ypath: &str, v: &Value) -> Result<u8, SchemaError> {
    v.as_u64()
        .and_then(|n| u8::try_from(n).ok())
        .ok_or_else(|| cx.err(ypath, "expected a byte value"))
}

/// `contents:` (a string, a byte, or a list of both) as bytes.
fn contents(cx: &Cx, ypath: &str, v: &Value) -> Result<Vec<u8>, SchemaError> {
    let bad = || {
        cx.err(
            &format!("{ypath}/contents"),
            "contents are strings and bytes",
        )
    };
    let one = |v: &Value| -> Result<Vec<u8>, SchemaError> {
        match v {
            Value::String(s) => Ok(s.as_bytes().to_vec()),
            Value::Number(n) => n
                .as_u64()
                .and_then(|n| u8::try_from(n).ok())
                .map(|b| vec![b])
                .ok_or_else(bad),
            _ => Err(bad()),
        }
    };
    match v {
        Value::Sequence(items) => Ok(items
            .iter()
            .map(one)
            .collect::<Result<Vec<_>, _>>()?
            .concat()),
        other => one(other),
    }
}

impl Cx<'_> {
    /// A type name with its arguments (`t(len, 3)`), at YAML path `at`. Whitespace around it
    /// is dropped, as Kaitai's compiler accepts it: a `|` block (lzip's multi-line
    /// arguments) ends with a newline.
    fn type_call<'t>(
        &self,
        at: &str,
        text: &'t str,
    ) -> Result<(&'t str, Vec<Source>), SchemaError> {
        crate::expr::parse_call(text.trim()).map_err(|e| match e {
            CallError::Unbalanced => self.err(at, "unbalanced type arguments"),
            CallError::Args { inner, error } => {
                self.err(at, format!("type arguments `{inner}`: {error}"))
            }
        })
    }
}

/// The `cases` of a `switch-on` type.
fn switch_cases(cx: &Cx, ypath: &str, map: &Mapping) -> Result<Vec<SwitchCase>, SchemaError> {
    let Some(cases) = map.get("type").and_then(|t| t.get("cases")) else {
        return Ok(Vec::new());
    };
    let cpath = format!("{ypath}/type/cases");
    let cases = cases
        .as_mapping()
        .ok_or_else(|| cx.err(&cpath, "cases must be a mapping"))?;
    cases
        .iter()
        .enumerate()
        .map(|(i, (k, v))| {
            let kpath = cx.key_path(&cpath, i, k);
            let key = cx.case_key(&kpath, k, true)?;
            let ty = v
                .as_str()
                .ok_or_else(|| cx.err(&kpath, "a case type is a type name"))?;
            let (name, args) = cx.type_call(&kpath, ty)?;
            Ok(SwitchCase {
                key,
                ty: ty.to_string(),
                kind: KsType::parse(name),
                args,
            })
        })
        .collect()
}

/// The variants of a `-savepoint-enum`: [`variants`] whose names are Rust identifiers.
pub(super) fn variant_names(
    cx: &Cx,
    ypath: &str,
    v: Option<&Value>,
) -> Result<Vec<(i64, String)>, SchemaError> {
    let list = variants(cx, ypath, v)?;
    match list
        .iter()
        .find(|(_, name)| !crate::binrw::tokens::is_ident(name))
    {
        Some((key, name)) => Err(cx.err(&format!("{ypath}/{key}"), not_ident(name))),
        None => Ok(list),
    }
}

fn variants(cx: &Cx, ypath: &str, v: Option<&Value>) -> Result<Vec<(i64, String)>, SchemaError> {
    let map = v
        .and_then(Value::as_mapping)
        .ok_or_else(|| cx.err(ypath, "expected a mapping of values to names"))?;
    map.iter()
        .enumerate()
        .map(|(i, (k, v))| match (k.as_i64(), v.as_str()) {
            (Some(k), Some(v)) => Ok((k, v.to_string())),
            _ => Err(cx.err(
                &cx.key_path(ypath, i, k),
                "expected integer keys and string names",
            )),
        })
        .collect()
}

impl Cx<'_> {
    /// `map` with a `repeat` mapping spelled the 0.11 way: `repeat: {expr: n}` as `repeat: expr`
    /// and `repeat-expr: n`, `repeat: {until: c}` as `repeat: until` and `repeat-until: c`. The
    /// current kaitai_struct_formats schemas (ico, pcx, stl, gpt...) use the mapping, which the
    /// 0.11 compiler refuses; read as no repeat it would have been one element.
    fn repeat_mapping(&self, ypath: &str, map: &Mapping) -> Result<Option<Mapping>, SchemaError> {
        let Some(Value::Mapping(repeat)) = map.get("repeat") else {
            return Ok(None);
        };
        let at = format!("{ypath}/repeat");
        let mut entries = repeat.iter();
        let (Some((Value::String(kind), value)), None) = (entries.next(), entries.next()) else {
            return Err(self.err(&at, "a repeat mapping has one key, `expr` or `until`"));
        };
        let key = match kind.as_str() {
            "expr" => "repeat-expr",
            "until" => "repeat-until",
            _ => return Err(self.err(&at, "a repeat mapping has one key, `expr` or `until`")),
        };
        if map.contains_key(key) {
            return Err(self.err(
                &at,
                format!("`repeat: {{{kind}: ..}}` and `{key}` both given"),
            ));
        }
        let mut spelled = map.clone();
        spelled.insert(Value::from("repeat"), Value::from(kind.as_str()));
        spelled.insert(Value::from(key), value.clone());
        Ok(Some(spelled))
    }
}

#[cfg(test)]
mod tests {
    use crate::binrw::Schemas;
    use crate::binrw::schema::FieldType;
    use crate::expr::Source;

    #[test]
    fn a_repeat_mapping_is_the_repeat_it_names() {
        // ico's and stl's `repeat: {expr: n}`: read as no `repeat` it would be one element.
        let generate = |repeat: &str| {
            let ksy = format!(
                "meta: {{id: r}}\nseq:\n  - {{id: n, type: u1}}\n  - {{id: xs, type: u1, {repeat}}}\n"
            );
            crate::binrw::generate_from("repeat-map", &[("r.ksy", &ksy)], "r")
        };
        let same = |a: &str, b: &str| assert_eq!(generate(a).unwrap(), generate(b).unwrap());
        same("repeat: {expr: n}", "repeat: expr, repeat-expr: n");
        same(
            "repeat: {until: _ == 0}",
            "repeat: until, repeat-until: _ == 0",
        );
        for bad in [
            "repeat: {expr: n, until: _ == 0}",
            "repeat: {eos: true}",
            "repeat: {expr: n}, repeat-expr: n",
            "repeat: [expr]",
        ] {
            let err = generate(bad).unwrap_err();
            assert_eq!(err.yaml_path, "/seq/1/repeat", "{bad}: {err}");
        }
    }

    #[test]
    fn type_arguments_are_split_at_top_level_commas() {
        let ksy = "meta: {id: i}\nseq:\n  - {id: x, type: 't([1, 2], s.f(\"a,b\").x, 3)'}\ntypes:\n  t:\n    params: [{id: a, type: 'u1[]'}, {id: b, type: u1}, {id: c, type: u1}]\n";
        let dir = std::env::temp_dir().join(format!("savepoint-args-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("i.ksy"), ksy).unwrap();
        let schemas = Schemas::load_file(&dir.join("i.ksy"));
        let _ = std::fs::remove_dir_all(&dir);
        let schemas = schemas.unwrap();
        let FieldType::Named { name, args, .. } = &schemas.files["i"].types[0].seq[0].ty else {
            panic!("a named type");
        };
        assert_eq!(name, "t");
        let texts: Vec<&str> = args.iter().map(Source::text).collect();
        assert_eq!(texts, ["[1, 2]", "s.f(\"a,b\").x", "3"]);
        assert!(matches!(args[0].tree(), crate::expr::Expr::Array(items) if items.len() == 2));
    }

    #[test]
    fn a_type_written_as_a_block_is_trimmed() {
        // As lzip writes its `index_entry(...)`: a `|` block, ending with a newline.
        let ksy = "meta: {id: b}
seq:
  - id: x
    type: |
      t(
        1
      )
types:
  t:
    params: [{id: a, type: u1}]
";
        let dir = std::env::temp_dir().join(format!("savepoint-block-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("b.ksy"), ksy).unwrap();
        let schemas = Schemas::load_file(&dir.join("b.ksy"));
        let _ = std::fs::remove_dir_all(&dir);
        let schemas = schemas.unwrap_or_else(|e| panic!("{e}"));
        let FieldType::Named { name, args, .. } = &schemas.files["b"].types[0].seq[0].ty else {
            panic!("a named type");
        };
        assert_eq!(name, "t");
        assert_eq!(args.iter().map(Source::text).collect::<Vec<_>>(), ["1"]);
    }
}
