//! A type (`types:` entries and the top level): its keys, params and seq, and its nested types.

use std::path::Path;

use serde_yaml::{Mapping, Value};

use super::cx::Cx;
use super::fields::variant_names;
use super::keys::{PARAM_KEYS, TYPE_KEYS, check_keys, ident_key, not_ident, str_key, u32_key};
use super::{
    EndianSwitch, FieldType, KsType, Param, Pattern, TypeDef, TypeEnum, TypeRef, Versioned,
    snake_to_camel,
};
use crate::SchemaError;

impl TypeDef {
    /// A type of file `path` that is the Rust type `rust` and reads nothing itself, as a type
    /// with only `-savepoint-rust-type` is (an opaque external type, see `opaque.rs`).
    pub(in crate::binrw) fn rust_type_def(
        path: &Path,
        id: &str,
        ypath: &str,
        rust: &str,
    ) -> Result<TypeDef, SchemaError> {
        let mut map = Mapping::new();
        map.insert("-savepoint-rust-type".into(), rust.into());
        Cx::new(path).type_def(id, ypath, &map)
    }
}

impl Cx<'_> {
    /// The `types` of the type at `ypath`, and theirs, flattened into one list: every type is
    /// one Rust item of the module, named by its own id, so two types with one id are refused.
    /// A type's byte order is its own `meta/endian`, else its parent's.
    pub(super) fn nested_types(
        &self,
        ypath: &str,
        map: &Mapping,
        endian: Option<&'static str>,
        types: &mut Vec<TypeDef>,
    ) -> Result<(), SchemaError> {
        let Some(list) = map.get("types") else {
            return Ok(());
        };
        let list = list
            .as_mapping()
            .ok_or_else(|| self.err(&format!("{ypath}/types"), "types must be a mapping"))?;
        for (key, value) in list {
            let tid = key
                .as_str()
                .ok_or_else(|| self.err(&format!("{ypath}/types"), "type ids are strings"))?;
            let tpath = format!("{ypath}/types/{tid}");
            let tmap = value
                .as_mapping()
                .ok_or_else(|| self.err(&tpath, "a type is a mapping"))?;
            let mut endian_switch = None;
            let own = match tmap.get("meta") {
                None => endian,
                Some(meta) => {
                    let mpath = format!("{tpath}/meta");
                    let meta = meta
                        .as_mapping()
                        .ok_or_else(|| self.err(&mpath, "meta is a mapping"))?;
                    check_keys(self, &mpath, meta, &["endian", "bit-endian"])?;
                    match meta.get("endian").and_then(Value::as_str) {
                        None if !meta.contains_key("endian") => endian,
                        Some("le") => Some("little"),
                        Some("be") => Some("big"),
                        _ if meta.get("endian").is_some_and(Value::is_mapping) => {
                            endian_switch =
                                Some(self.endian_switch(&format!("{mpath}/endian"), meta)?);
                            None
                        }
                        _ => {
                            return Err(self.err(
                                &format!("{mpath}/endian"),
                                "calculated endianness is not supported by the binrw backend",
                            ));
                        }
                    }
                }
            };
            let mut def = self.type_def(tid, &tpath, tmap)?;
            def.endian = own;
            def.endian_switch = endian_switch;
            types.push(def);
            self.nested_types(&tpath, tmap, own, types)?;
        }
        Ok(())
    }

    pub(super) fn type_def(
        &self,
        id: &str,
        ypath: &str,
        map: &Mapping,
    ) -> Result<TypeDef, SchemaError> {
        check_keys(self, ypath, map, TYPE_KEYS)?;
        let pattern = match map.get("-savepoint-pattern") {
            None => None,
            Some(p) => {
                let p = p.as_mapping().ok_or_else(|| {
                    self.err(
                        &format!("{ypath}/-savepoint-pattern"),
                        "expected {tag, newest}",
                    )
                })?;
                let pp = format!("{ypath}/-savepoint-pattern");
                Some(Pattern {
                    tag: str_key(p, "tag").ok_or_else(|| self.err(&pp, "missing tag"))?,
                    newest: u32_key(self, &pp, p, "newest")?
                        .ok_or_else(|| self.err(&pp, "missing newest"))?,
                    oldest: 1,
                })
            }
        };
        let versioned = match map.get("-savepoint-versioned") {
            None => None,
            Some(Value::Bool(true)) => Some(Versioned::Param),
            Some(Value::String(path)) => Some(Versioned::Path(path.clone())),
            Some(_) => {
                return Err(self.err(
                    &format!("{ypath}/-savepoint-versioned"),
                    "expected true or a field path",
                ));
            }
        };
        let bitfield = match str_key(map, "-savepoint-bitfield") {
            None => None,
            Some(name) => Some((name, self.bit_total(ypath, map)?)),
        };
        let type_enum = match map.get("-savepoint-enum").and_then(Value::as_mapping) {
            None => None,
            Some(e) => {
                let ep = format!("{ypath}/-savepoint-enum");
                Some(TypeEnum {
                    name: ident_key(self, &ep, e, "name")?
                        .ok_or_else(|| self.err(&ep, "missing name"))?,
                    tag: str_key(e, "tag").ok_or_else(|| self.err(&ep, "missing tag"))?,
                    variants: variant_names(self, &format!("{ep}/variants"), e.get("variants"))?,
                    serde_tag: str_key(e, "serde-tag"),
                })
            }
        };
        let mut seq = Vec::new();
        if let Some(list) = map.get("seq").and_then(Value::as_sequence) {
            for (i, f) in list.iter().enumerate() {
                let fp = format!("{ypath}/seq/{i}");
                let fmap = f
                    .as_mapping()
                    .ok_or_else(|| self.err(&fp, "a seq entry is a mapping"))?;
                if fmap.contains_key("id") {
                    seq.push(self.field(&fp, fmap)?);
                } else {
                    // Kaitai names a field without an id `_unnamedN`, N its index in seq.
                    let mut named = fmap.clone();
                    named.insert(Value::from("id"), Value::from(format!("_unnamed{i}")));
                    seq.push(self.field(&fp, &named)?);
                }
            }
        }
        let (instances, positioned) = self.instances(ypath, map)?;
        let (on_request, positioned) = positioned
            .into_iter()
            .partition(|p| p.root_field_io().is_some());
        if map.contains_key("-savepoint-transparent") && !map.contains_key("-savepoint-rust-type") {
            return Err(self.err(
                &format!("{ypath}/-savepoint-transparent"),
                "-savepoint-transparent types are hand-written: the binrw backend needs -savepoint-rust-type beside it",
            ));
        }
        let rust_name = ident_key(self, ypath, map, "-savepoint-rust-name")?
            .unwrap_or_else(|| snake_to_camel(id));
        let mut def = TypeDef {
            id: id.to_string(),
            yaml_path: ypath.to_string(),
            rust_name,
            doc: str_key(map, "doc"),
            pattern,
            versioned,
            named_versions: self.named_versions(ypath, map)?,
            rust_type: str_key(map, "-savepoint-rust-type"),
            transparent: str_key(map, "-savepoint-transparent"),
            bitfield,
            type_enum,
            enum_ahead: crate::binrw::enum_ahead::parse(map)
                .map_err(|e| self.err(&format!("{ypath}/-savepoint-enum-ahead"), e))?,
            fixed_layout: str_key(map, "-savepoint-fixed-layout"),
            max_depth: u32_key(self, ypath, map, "-savepoint-max-depth")?,
            max_depth_const: str_key(map, "-savepoint-max-depth-const"),
            default_depth: false,
            endian: None,
            params: self.params(ypath, map)?,
            seq,
            instances,
            bit_endian: None,
            positioned,
            on_request,
            endian_switch: None,
            paths: Default::default(),
        };
        if def.pattern.is_some() {
            self.strip_pattern_framing(&mut def)?;
        }
        Ok(def)
    }

    /// The `params` of the type at `ypath`, each type parsed once, errors at its own path.
    fn params(&self, ypath: &str, map: &Mapping) -> Result<Vec<Param>, SchemaError> {
        let list = map.get("params").and_then(Value::as_sequence);
        let mut params = Vec::new();
        for (i, p) in list.into_iter().flatten().enumerate() {
            let ppath = format!("{ypath}/params/{i}");
            if let Some(pmap) = p.as_mapping() {
                check_keys(self, &ppath, pmap, PARAM_KEYS)?;
            }
            let (Some(id), Some(ty)) = (str_key_of(p, "id"), str_key_of(p, "type")) else {
                return Err(self.err(&ppath, "a param needs id and type"));
            };
            if !crate::binrw::tokens::is_ident(&id) {
                return Err(self.err(&format!("{ppath}/id"), not_ident(&id)));
            }
            params.push(Param {
                id,
                ty: TypeRef::parse(&ty).map_err(|e| self.err(&format!("{ppath}/type"), e))?,
                enum_name: str_key_of(p, "enum"),
                rust_type: str_key_of(p, "-savepoint-rust-type"),
            });
        }
        Ok(params)
    }

    /// A calculated `meta/endian`: `{switch-on: EXPR, cases: {KEY: le|be}}`.
    fn endian_switch(&self, epath: &str, meta: &Mapping) -> Result<EndianSwitch, SchemaError> {
        let e = meta.get("endian").and_then(Value::as_mapping);
        let on = e
            .and_then(|e| self.expr_key(epath, e, "switch-on").transpose())
            .ok_or_else(|| self.err(epath, "expected switch-on"))??;
        let mut out = Vec::new();
        let cpath = format!("{epath}/cases");
        for (i, (key, value)) in e
            .and_then(|e| e.get("cases"))
            .and_then(Value::as_mapping)
            .ok_or_else(|| self.err(epath, "expected cases"))?
            .iter()
            .enumerate()
        {
            let kpath = self.key_path(&cpath, i, key);
            let key = self.case_key(&kpath, key, false)?;
            let big = match value.as_str() {
                Some("be") => true,
                Some("le") => false,
                _ => return Err(self.err(&kpath, "a case is le or be")),
            };
            out.push((key, big));
        }
        Ok(EndianSwitch { on, cases: out })
    }

    fn bit_total(&self, ypath: &str, map: &Mapping) -> Result<u32, SchemaError> {
        let mut total = 0;
        for (i, f) in map
            .get("seq")
            .and_then(Value::as_sequence)
            .into_iter()
            .flatten()
            .enumerate()
        {
            let ty = f.get("type").and_then(Value::as_str).unwrap_or("");
            let bits: u32 = ty
                .strip_prefix('b')
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| {
                    self.err(
                        &format!("{ypath}/seq/{i}/type"),
                        "a -savepoint-bitfield type holds only bN fields",
                    )
                })?;
            total += bits;
        }
        Ok(total)
    }

    /// Checks and removes the tag, version and reversed-tag fields of a pattern.
    fn strip_pattern_framing(&self, def: &mut TypeDef) -> Result<(), SchemaError> {
        let Some(pattern) = def.pattern.as_mut() else {
            return Ok(());
        };
        let ypath = &def.yaml_path;
        let reversed: String = pattern.tag.chars().rev().collect();
        let bad = |what: &str| {
            self.err(
                &format!("{ypath}/seq"),
                format!("-savepoint-pattern {}: {what}", pattern.tag),
            )
        };
        if def.seq.len() < 3 {
            return Err(bad(
                "the seq must be opening_tag, version, body..., closing_tag",
            ));
        }
        let first = &def.seq[0];
        if first.id != "opening_tag" || first.contents.as_deref() != Some(pattern.tag.as_str()) {
            return Err(bad(
                "the first field must be `opening_tag` with the tag as contents",
            ));
        }
        let version = &def.seq[1];
        let u4 = KsType::Int {
            bytes: 4,
            signed: false,
            endian: None,
        };
        let is_u4 = matches!(&version.ty, FieldType::Named { kind, .. } if *kind == u4);
        let valid = version.valid.clone().unwrap_or_default();
        if version.id != "version" || !is_u4 || valid.max != Some(i64::from(pattern.newest)) {
            return Err(bad(
                "the second field must be `version: u4` with valid/max equal to newest",
            ));
        }
        let oldest = valid
            .min
            .and_then(|m| u32::try_from(m).ok())
            .filter(|m| *m >= 1);
        pattern.oldest = oldest.ok_or_else(|| bad("version needs valid/min of at least 1"))?;
        let last = &def.seq[def.seq.len() - 1];
        if last.id != "closing_tag" || last.contents.as_deref() != Some(reversed.as_str()) {
            return Err(bad(
                "the last field must be `closing_tag` with the reversed tag as contents",
            ));
        }
        def.seq.pop();
        def.seq.drain(..2);
        Ok(())
    }
}

/// The string at `key` of the entry `value`, if it is a mapping that has one.
fn str_key_of(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(str::to_owned)
}
