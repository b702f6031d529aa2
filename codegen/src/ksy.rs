//! The .ksy (Kaitai Struct YAML) front end: YAML to [`crate::ir`].
//!
//! Anything the IR cannot express is refused with the file, the YAML path and the construct,
//! so a schema is either translated faithfully or not at all.

use std::path::{Path, PathBuf};

use serde_yaml::Value;

use crate::yaml::KeySpellings;

use crate::expr::{self, Expr};
use crate::ir::*;

/// A front-end or emitter failure: where in which schema, and what.
#[derive(Debug, Clone)]
pub struct SchemaError {
    /// The schema file.
    pub file: PathBuf,
    /// YAML path, e.g. `/types/header/seq/2/size`.
    pub yaml_path: String,
    /// What is wrong or unsupported.
    pub message: String,
}

impl std::fmt::Display for SchemaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {}: {}",
            self.file.display(),
            self.yaml_path,
            self.message
        )
    }
}

impl std::error::Error for SchemaError {}

/// Where absolute imports (`/common/foo`) are looked up, besides the schema's folder.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Folders searched for `/abs/import` paths.
    pub import_paths: Vec<PathBuf>,
}

/// Loads a schema and, recursively, its imports.
pub fn load(file: &Path, opts: &Options) -> Result<Schema, SchemaError> {
    let mut seen = Vec::new();
    load_inner(file, opts, &mut seen)
}

fn load_inner(file: &Path, opts: &Options, seen: &mut Vec<PathBuf>) -> Result<Schema, SchemaError> {
    let canon = file.canonicalize().unwrap_or_else(|_| file.to_path_buf());
    seen.push(canon);
    let err = |p: &str, m: String| SchemaError {
        file: file.to_path_buf(),
        yaml_path: p.to_string(),
        message: m,
    };
    let text = std::fs::read_to_string(file).map_err(|e| err("", format!("cannot read: {e}")))?;
    let doc: Value =
        serde_yaml::from_str(&text).map_err(|e| err("", format!("invalid YAML: {e}")))?;
    let cx = Cx {
        file,
        keys: KeySpellings::of(&text),
    };
    let meta = doc.get("meta");
    let id = meta
        .and_then(|m| m.get("id"))
        .and_then(Value::as_str)
        .ok_or_else(|| err("/meta/id", "a schema needs meta/id".into()))?;
    let root = cx.type_def(&doc, vec![id.to_string()], "", &Inherited::default())?;
    let mut imports = Vec::new();
    if let Some(list) = meta
        .and_then(|m| m.get("imports"))
        .and_then(Value::as_sequence)
    {
        for (i, imp) in list.iter().enumerate() {
            let name = imp.as_str().ok_or_else(|| {
                err(
                    &format!("/meta/imports/{i}"),
                    "import must be a string".into(),
                )
            })?;
            let path = resolve_import(file, name, opts).ok_or_else(|| {
                err(
                    &format!("/meta/imports/{i}"),
                    format!("import {name:?} not found"),
                )
            })?;
            let canon = path.canonicalize().unwrap_or_else(|_| path.clone());
            if seen.contains(&canon) {
                continue;
            }
            imports.push(load_inner(&path, opts, seen)?);
        }
    }
    Ok(Schema { root, imports })
}

fn resolve_import(file: &Path, name: &str, opts: &Options) -> Option<PathBuf> {
    let rel = format!("{}.ksy", name.trim_start_matches('/'));
    if !name.starts_with('/') {
        let p = file.parent().unwrap_or(Path::new(".")).join(&rel);
        if p.exists() {
            return Some(p);
        }
    }
    opts.import_paths
        .iter()
        .map(|d| d.join(&rel))
        .find(|p| p.exists())
}

#[derive(Default, Clone)]
struct Inherited {
    encoding: Option<String>,
}

struct Cx<'a> {
    file: &'a Path,
    /// Mapping keys as written, for error paths.
    keys: KeySpellings,
}

fn get<'v>(v: &'v Value, key: &str) -> Option<&'v Value> {
    v.as_mapping().and_then(|m| m.get(key))
}

fn doc_of(v: &Value) -> Option<String> {
    let d = get(v, "doc").and_then(Value::as_str).map(str::to_string);
    let r = get(v, "doc-ref").and_then(|r| match r {
        Value::String(s) => Some(s.clone()),
        Value::Sequence(s) => Some(
            s.iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        _ => None,
    });
    match (d, r) {
        (Some(d), Some(r)) => Some(format!("{}\n\nSee: {r}", d.trim_end())),
        (d, r) => d.or(r.map(|r| format!("See: {r}"))),
    }
}

impl Cx<'_> {
    fn err(&self, p: &str, m: impl Into<String>) -> SchemaError {
        SchemaError {
            file: self.file.to_path_buf(),
            yaml_path: if p.is_empty() {
                "/".into()
            } else {
                p.to_string()
            },
            message: m.into(),
        }
    }

    fn expr(&self, v: &Value, p: &str) -> Result<Expr, SchemaError> {
        match v {
            Value::Number(n) => Ok(n
                .as_i64()
                .map(|i| Expr::Int(i.into()))
                .or_else(|| n.as_u64().map(|u| Expr::Int(u.into())))
                .unwrap_or_else(|| Expr::Float(n.as_f64().unwrap_or(0.0)))),
            Value::Bool(b) => Ok(Expr::Bool(*b)),
            Value::String(s) => {
                expr::parse(s).map_err(|e| self.err(p, format!("expression {s:?}: {e}")))
            }
            _ => Err(self.err(p, "expected an expression")),
        }
    }

    fn type_def(
        &self,
        v: &Value,
        path: Vec<String>,
        yp: &str,
        inh: &Inherited,
    ) -> Result<TypeDef, SchemaError> {
        let meta = get(v, "meta");
        let mut t = TypeDef {
            path: path.clone(),
            doc: doc_of(v),
            yaml_path: yp.to_string(),
            ..TypeDef::default()
        };
        if let Some(m) = meta {
            if let Some(e) = get(m, "endian") {
                t.endian = Some(self.endian(e, &format!("{yp}/meta/endian"))?);
            }
            if let Some(e) = get(m, "bit-endian").and_then(Value::as_str) {
                t.bit_le = Some(e == "le");
            }
            t.encoding = get(m, "encoding")
                .and_then(Value::as_str)
                .map(str::to_string);
        }
        let inh = Inherited {
            encoding: t.encoding.clone().or_else(|| inh.encoding.clone()),
        };
        if let Some(ps) = get(v, "params").and_then(Value::as_sequence) {
            for (i, p) in ps.iter().enumerate() {
                let pp = format!("{yp}/params/{i}");
                let id = get(p, "id")
                    .and_then(Value::as_str)
                    .ok_or_else(|| self.err(&pp, "param needs id"))?;
                let ty = match get(p, "type") {
                    Some(Value::String(s)) => s.clone(),
                    None => "any".into(),
                    _ => return Err(self.err(&pp, "param type must be a string")),
                };
                t.params.push(Param {
                    id: id.into(),
                    ty,
                    enum_ref: get(p, "enum").and_then(Value::as_str).map(str::to_string),
                    doc: doc_of(p),
                });
            }
        }
        if let Some(seq) = get(v, "seq") {
            let seq = seq
                .as_sequence()
                .ok_or_else(|| self.err(&format!("{yp}/seq"), "seq must be a list"))?;
            for (i, a) in seq.iter().enumerate() {
                let ap = format!("{yp}/seq/{i}");
                let id = get(a, "id")
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .unwrap_or(format!("_unnamed{i}"));
                t.seq.push(self.attr(a, id, &ap, &inh)?);
            }
        }
        if let Some(insts) = get(v, "instances").and_then(Value::as_mapping) {
            for (k, a) in insts {
                let id = k.as_str().unwrap_or_default().to_string();
                let ip = format!("{yp}/instances/{id}");
                let kind = if let Some(val) = get(a, "value") {
                    let cond = get(a, "if")
                        .map(|c| self.expr(c, &format!("{ip}/if")))
                        .transpose()?;
                    let cast = get(a, "type").and_then(Value::as_str).map(str::to_string);
                    InstanceKind::Value(
                        self.expr(val, &format!("{ip}/value"))?,
                        get(a, "enum").and_then(Value::as_str).map(str::to_string),
                        cond,
                        cast,
                    )
                } else {
                    let pos = get(a, "pos")
                        .map(|p| self.expr(p, &format!("{ip}/pos")))
                        .transpose()?;
                    let io = get(a, "io")
                        .map(|p| self.expr(p, &format!("{ip}/io")))
                        .transpose()?;
                    InstanceKind::Parse(pos, io, Box::new(self.attr(a, id.clone(), &ip, &inh)?))
                };
                t.instances.push(Instance { id, kind });
            }
        }
        if let Some(types) = get(v, "types").and_then(Value::as_mapping) {
            for (k, sub) in types {
                let name = k.as_str().unwrap_or_default().to_string();
                let mut p = path.clone();
                p.push(name.clone());
                t.types
                    .push(self.type_def(sub, p, &format!("{yp}/types/{name}"), &inh)?);
            }
        }
        if let Some(enums) = get(v, "enums").and_then(Value::as_mapping) {
            for (k, vals) in enums {
                let name = k.as_str().unwrap_or_default().to_string();
                let ep = format!("{yp}/enums/{name}");
                let mut e = EnumDef {
                    path: [path.clone(), vec![name]].concat(),
                    values: Vec::new(),
                };
                for (i, (kv, nv)) in vals
                    .as_mapping()
                    .ok_or_else(|| self.err(&ep, "enum must be a mapping"))?
                    .iter()
                    .enumerate()
                {
                    let kp = format!("{ep}/{}", self.keys.step(&ep, i, kv));
                    let key = match kv {
                        Value::Number(n) => n
                            .as_i64()
                            .map(i128::from)
                            .or_else(|| n.as_u64().map(i128::from)),
                        Value::String(s) => expr::parse_int(s),
                        _ => None,
                    }
                    .ok_or_else(|| self.err(&kp, "an enum key is an integer"))?;
                    let (id, doc) = match nv {
                        Value::String(s) => (s.clone(), None),
                        Value::Bool(b) => (b.to_string(), None),
                        m => (
                            get(m, "id")
                                .and_then(Value::as_str)
                                .unwrap_or_default()
                                .to_string(),
                            doc_of(m),
                        ),
                    };
                    e.values.push((key, id, doc));
                }
                t.enums.push(e);
            }
        }
        Ok(t)
    }

    fn endian(&self, v: &Value, p: &str) -> Result<Endian, SchemaError> {
        match v.as_str() {
            Some("le") => Ok(Endian::Le),
            Some("be") => Ok(Endian::Be),
            _ => {
                let on = get(v, "switch-on")
                    .ok_or_else(|| self.err(p, "endian must be le, be or a switch"))?;
                let on = self.expr(on, &format!("{p}/switch-on"))?;
                let mut cases = Vec::new();
                for (i, (k, c)) in get(v, "cases")
                    .and_then(Value::as_mapping)
                    .into_iter()
                    .flatten()
                    .enumerate()
                {
                    let cp = format!("{p}/cases/{}", self.keys.step(&format!("{p}/cases"), i, k));
                    cases.push((self.expr(k, &cp)?, c.as_str() == Some("le")));
                }
                Ok(Endian::Switch(on, cases))
            }
        }
    }

    fn attr(&self, a: &Value, id: String, ap: &str, inh: &Inherited) -> Result<Attr, SchemaError> {
        let mut at = Attr {
            id,
            doc: doc_of(a),
            consume: get(a, "consume").and_then(Value::as_bool).unwrap_or(true),
            include: get(a, "include").and_then(Value::as_bool).unwrap_or(false),
            eos_error: get(a, "eos-error").and_then(Value::as_bool).unwrap_or(true),
            size_eos: get(a, "size-eos").and_then(Value::as_bool).unwrap_or(false),
            enum_ref: get(a, "enum").and_then(Value::as_str).map(str::to_string),
            yaml_path: ap.to_string(),
            ..Attr::default()
        };
        for key in a.as_mapping().into_iter().flat_map(|m| m.keys()) {
            let k = key.as_str().unwrap_or_default();
            let known = [
                "id",
                "doc",
                "doc-ref",
                "type",
                "size",
                "size-eos",
                "repeat",
                "repeat-expr",
                "repeat-until",
                "if",
                "contents",
                "terminator",
                "consume",
                "include",
                "eos-error",
                "pad-right",
                "enum",
                "encoding",
                "process",
                "valid",
                "pos",
                "io",
                "value",
            ];
            if !known.contains(&k) && !k.starts_with('-') {
                return Err(self.err(&format!("{ap}/{k}"), format!("key `{k}` is not supported")));
            }
        }
        if let Some(s) = get(a, "size") {
            at.size = Some(self.expr(s, &format!("{ap}/size"))?);
        }
        if let Some(c) = get(a, "if") {
            at.cond = Some(self.expr(c, &format!("{ap}/if"))?);
        }
        at.terminator = get(a, "terminator")
            .and_then(Value::as_u64)
            .map(|t| t as u8);
        at.pad_right = get(a, "pad-right").and_then(Value::as_u64).map(|t| t as u8);
        at.encoding = get(a, "encoding")
            .and_then(Value::as_str)
            .map(str::to_string)
            .or_else(|| inh.encoding.clone());
        at.repeat = match get(a, "repeat").and_then(Value::as_str) {
            None => Repeat::No,
            Some("eos") => Repeat::Eos,
            Some("expr") => Repeat::Expr(
                self.expr(
                    get(a, "repeat-expr")
                        .ok_or_else(|| self.err(ap, "repeat: expr needs repeat-expr"))?,
                    &format!("{ap}/repeat-expr"),
                )?,
            ),
            Some("until") => Repeat::Until(
                self.expr(
                    get(a, "repeat-until")
                        .ok_or_else(|| self.err(ap, "repeat: until needs repeat-until"))?,
                    &format!("{ap}/repeat-until"),
                )?,
            ),
            Some(o) => {
                return Err(self.err(
                    &format!("{ap}/repeat"),
                    format!("repeat: {o} is not supported"),
                ));
            }
        };
        if let Some(p) = get(a, "process").and_then(Value::as_str) {
            at.process = Some(self.process(p, &format!("{ap}/process"))?);
        }
        if let Some(v) = get(a, "valid") {
            at.valid = Some(self.valid(v, &format!("{ap}/valid"))?);
        }
        if let Some(c) = get(a, "contents") {
            at.ty = AttrType::Contents(self.contents(c, &format!("{ap}/contents"))?);
            return Ok(at);
        }
        at.ty = match get(a, "type") {
            None => AttrType::Bytes,
            Some(Value::String(s)) => self.type_ref(s, &mut at, &format!("{ap}/type"))?,
            Some(sw) => {
                let tp = format!("{ap}/type");
                let on = get(sw, "switch-on")
                    .ok_or_else(|| self.err(&tp, "type must be a string or switch-on"))?;
                let on = self.expr(on, &format!("{tp}/switch-on"))?;
                let mut cases = Vec::new();
                for (i, (k, c)) in get(sw, "cases")
                    .and_then(Value::as_mapping)
                    .into_iter()
                    .flatten()
                    .enumerate()
                {
                    let cp = format!(
                        "{tp}/cases/{}",
                        self.keys.step(&format!("{tp}/cases"), i, k)
                    );
                    let key = self.expr(k, &cp)?;
                    let name = c
                        .as_str()
                        .ok_or_else(|| self.err(&cp, "case type must be a string"))?;
                    let mut scratch = at.clone();
                    let ty = self.type_ref(name, &mut scratch, &cp)?;
                    if scratch.terminator != at.terminator {
                        return Err(self.err(&cp, "strz as a switch case is not supported"));
                    }
                    cases.push((key, ty));
                }
                AttrType::Switch(on, cases)
            }
        };
        Ok(at)
    }

    fn type_ref(&self, s: &str, at: &mut Attr, p: &str) -> Result<AttrType, SchemaError> {
        if let Some(t) = prim(s) {
            return Ok(t);
        }
        match s {
            "str" => return Ok(AttrType::Str),
            "strz" => {
                at.terminator.get_or_insert(0);
                return Ok(AttrType::Str);
            }
            "bytes" => return Ok(AttrType::Bytes),
            _ => {}
        }
        let (name, args) = match s.find('(') {
            Some(i) if s.ends_with(')') => {
                let inner = &s[i + 1..s.len() - 1];
                let args = match expr::parse(&format!("[{inner}]"))
                    .map_err(|e| self.err(p, format!("type arguments: {e}")))?
                {
                    Expr::Array(v) => v,
                    _ => return Err(self.err(p, "bad type arguments")),
                };
                (s[..i].trim().to_string(), args)
            }
            _ => (s.to_string(), Vec::new()),
        };
        Ok(AttrType::User(name, args))
    }

    fn contents(&self, c: &Value, p: &str) -> Result<Vec<u8>, SchemaError> {
        match c {
            Value::String(s) => Ok(s.as_bytes().to_vec()),
            Value::Sequence(items) => {
                let mut out = Vec::new();
                for it in items {
                    match it {
                        Value::Number(n) => out.push(
                            n.as_u64()
                                .filter(|v| *v < 256)
                                .ok_or_else(|| self.err(p, "byte out of range"))?
                                as u8,
                        ),
                        Value::String(s) => out.extend_from_slice(s.as_bytes()),
                        _ => return Err(self.err(p, "contents items must be bytes or strings")),
                    }
                }
                Ok(out)
            }
            _ => Err(self.err(p, "contents must be a string or a list")),
        }
    }

    fn process(&self, s: &str, p: &str) -> Result<Process, SchemaError> {
        if s == "zlib" {
            return Ok(Process::Zlib);
        }
        let arg = |name: &str| -> Result<Option<Expr>, SchemaError> {
            match s
                .strip_prefix(name)
                .and_then(|r| r.strip_prefix('('))
                .and_then(|r| r.strip_suffix(')'))
            {
                Some(inner) => Ok(Some(expr::parse(inner).map_err(|e| self.err(p, e))?)),
                None => Ok(None),
            }
        };
        if let Some(k) = arg("xor")? {
            return Ok(Process::Xor(k));
        }
        if let Some(k) = arg("rol")? {
            return Ok(Process::Rotate(k, false));
        }
        if let Some(k) = arg("ror")? {
            return Ok(Process::Rotate(k, true));
        }
        Err(self.err(
            p,
            format!("process {s:?} is not supported (xor, rol, ror, zlib are)"),
        ))
    }

    fn valid(&self, v: &Value, p: &str) -> Result<Valid, SchemaError> {
        let Some(m) = v.as_mapping() else {
            return Ok(Valid::Eq(self.expr(v, p)?));
        };
        if let Some(e) = m.get("eq") {
            return Ok(Valid::Eq(self.expr(e, &format!("{p}/eq"))?));
        }
        if let Some(list) = m.get("any-of").and_then(Value::as_sequence) {
            let v = list
                .iter()
                .map(|e| self.expr(e, &format!("{p}/any-of")))
                .collect::<Result<_, _>>()?;
            return Ok(Valid::AnyOf(v));
        }
        if let Some(e) = m.get("expr") {
            return Ok(Valid::Expr(self.expr(e, &format!("{p}/expr"))?));
        }
        if m.get("in-enum").and_then(Value::as_bool) == Some(true) {
            return Ok(Valid::InEnum);
        }
        let min = m
            .get("min")
            .map(|e| self.expr(e, &format!("{p}/min")))
            .transpose()?;
        let max = m
            .get("max")
            .map(|e| self.expr(e, &format!("{p}/max")))
            .transpose()?;
        if min.is_none() && max.is_none() {
            return Err(self.err(p, "valid: unknown form"));
        }
        Ok(Valid::Range(min, max))
    }
}

/// A primitive type name (`u4le`, `s2`, `f8be`, `b12`, ...).
pub fn prim(s: &str) -> Option<AttrType> {
    let (base, le) = if let Some(b) = s.strip_suffix("le") {
        (b, Some(true))
    } else if let Some(b) = s.strip_suffix("be") {
        (b, Some(false))
    } else {
        (s, None)
    };
    let (kind, n) = base.split_at(1.min(base.len()));
    let n: u8 = n.parse().ok()?;
    match kind {
        "u" | "s" if [1, 2, 4, 8].contains(&n) && !(n == 1 && le.is_some()) => {
            Some(AttrType::Int(n, kind == "s", le))
        }
        "f" if n == 4 || n == 8 => Some(AttrType::Float(n, le)),
        "b" if (1..=64).contains(&n) => Some(AttrType::Bits(n, le)),
        _ => None,
    }
}
