//! The .ksy subset the binrw backend reads, with the `-savepoint-*` keys, as plain structs.
//!
//! Every key is either understood here or refused (file, YAML path, construct), so a schema
//! never silently loses a field, a condition or a check on its way to Rust.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_yaml::{Mapping, Value};

use crate::SchemaError;
use crate::expr::{CallError, Source};
use crate::yaml::KeySpellings;

/// Every schema of a folder, by `meta/id`.
#[derive(Debug, Clone)]
pub struct Schemas {
    /// The schema files, by `meta/id`.
    pub files: BTreeMap<String, File>,
}

/// One schema file.
#[derive(Debug, Clone)]
pub struct File {
    /// `meta/id`, the Rust module name.
    pub id: String,
    /// Where it was read from.
    pub path: PathBuf,
    /// `meta/endian`: `Some("little")`, `Some("big")`, or `None` when every multi-byte field
    /// names its own (`u2le`).
    pub endian: Option<&'static str>,
    /// `meta/encoding`, the default of `str` fields.
    pub encoding: Option<String>,
    /// Kaitai `enums` of every type of the file (flattened, one name each): name, Rust name,
    /// and (value, Rust variant name) pairs.
    pub enums: Vec<KsEnum>,
    /// The types it declares, the top-level one first unless it is a namespace.
    pub types: Vec<TypeDef>,
    /// `meta/ks-opaque-types: true`: a type name that resolves to no type is an opaque
    /// external type (see `opaque.rs`).
    pub opaque_types: bool,
}

/// A Kaitai `enums` entry.
#[derive(Debug, Clone)]
pub struct KsEnum {
    pub id: String,
    /// The ids of the types it is declared in, outermost first (empty for the top level).
    pub scope: Vec<String>,
    /// Its name alone, or (when another enum of the file shares its name) prefixed with the
    /// id of the type that declares it: `container2::animal` is `Container2Animal`.
    pub rust_name: String,
    pub values: Vec<(i128, String)>,
}

/// A Kaitai type.
#[derive(Debug, Clone)]
pub struct TypeDef {
    pub id: String,
    pub yaml_path: String,
    pub rust_name: String,
    pub doc: Option<String>,
    pub pattern: Option<Pattern>,
    pub versioned: Option<Versioned>,
    /// `-savepoint-version`: the named versions its gates compare, in schema order (see
    /// `named.rs` and `named_versions.rs`).
    pub named_versions: Vec<NamedVersion>,
    pub rust_type: Option<String>,
    /// `-savepoint-transparent`: the one member of a hand-written newtype (`.0` in Rust).
    pub transparent: Option<String>,
    pub bitfield: Option<(String, u32)>,
    pub type_enum: Option<TypeEnum>,
    /// `-savepoint-enum-ahead`: the enum this type, read ahead, chooses (see `enum_ahead.rs`).
    pub enum_ahead: Option<super::enum_ahead::EnumAhead>,
    /// `-savepoint-fixed-layout`: the path of the fixed-size slice-reading trait the type
    /// implements besides binrw's (see `fixed_layout.rs`).
    pub fixed_layout: Option<String>,
    pub max_depth: Option<u32>,
    /// `-savepoint-max-depth-const`: the Rust constant that names the bound.
    pub max_depth_const: Option<String>,
    /// `max_depth` is the default bound of a plain Kaitai type that contains itself (see
    /// `recursion.rs`): fields naming it are boxed; the writer and serde do not count levels.
    pub default_depth: bool,
    /// The byte order (`meta/endian` of the type or the nearest enclosing one), as a binrw
    /// directive.
    pub endian: Option<&'static str>,
    /// (id, Kaitai type); a `b1` param is given as `bool`.
    pub params: Vec<(String, String)>,
    /// The `enum` of an integer param, by param id.
    pub param_enums: Vec<(String, String)>,
    /// The `-savepoint-rust-type` of a param, by param id (see `rust_params.rs`).
    pub param_rust_types: Vec<(String, String)>,
    pub seq: Vec<Field>,
    /// Value instances (`instances: {id: {value: EXPR}}`), methods of the struct.
    pub instances: Vec<Instance>,
    /// `meta/bit-endian` of the type or the nearest enclosing one: `Some(true)` for `be`.
    pub bit_endian: Option<bool>,
    /// A calculated `meta/endian` (`{switch-on, cases}`): the selector and (key, big endian)
    /// pairs, `_` included; `endian` is then `None` (the parent's field sets it, see `switch.rs`).
    pub endian_switch: Option<(String, Vec<(String, bool)>)>,
    /// Parsed instances at a position (`instances: {id: {pos: EXPR, ...}}`): stored fields
    /// read and written at their position (see `pos.rs`).
    pub positioned: Vec<Positioned>,
}

/// A parsed instance at a position: the field it reads, and where.
#[derive(Debug, Clone)]
pub struct Positioned {
    /// The instance as a field (its id, type, size, repeat, `if`...).
    pub field: Field,
    /// `pos:`, parsed.
    pub pos: Source,
    /// `io:` as written (see `root_io.rs`).
    pub io: Option<String>,
}

/// A value instance.
#[derive(Debug, Clone)]
pub struct Instance {
    pub id: String,
    pub yaml_path: String,
    pub doc: Option<String>,
    /// The expression, parsed from its text (a YAML number or boolean as its text).
    pub value: Source,
    /// `enum:`: the value is an integer of this Kaitai enum.
    pub enum_name: Option<String>,
    /// `if:`: the method returns `None` when this is false.
    pub cond: Option<Source>,
}

/// `-savepoint-pattern`, with the minimum version of the `version` field's `valid`.
#[derive(Debug, Clone)]
pub struct Pattern {
    pub tag: String,
    pub newest: u32,
    pub oldest: u32,
}

/// `-savepoint-versioned`.
#[derive(Debug, Clone)]
pub enum Versioned {
    /// `true`: the version is the type's `version` param.
    Param,
    /// A path to an earlier field.
    Path(String),
}

/// `-savepoint-version: {id, type, from}`: a version of any integer type that the type's
/// field gates compare by name (schema-derive's `#[version]`); `from` is a field or `import`.
#[derive(Debug, Clone)]
pub struct NamedVersion {
    pub id: String,
    pub ty: String,
    pub from: String,
}

/// `-savepoint-enum` on a type: a selector field and one switched field.
#[derive(Debug, Clone)]
pub struct TypeEnum {
    pub name: String,
    pub tag: String,
    pub variants: Vec<(i64, String)>,
    /// `serde-tag`: JSON names the variant in this key, beside its fields (see `enum_args.rs`).
    pub serde_tag: Option<String>,
}

/// A seq field.
#[derive(Debug, Clone)]
pub struct Field {
    pub id: String,
    pub yaml_path: String,
    pub doc: Option<String>,
    pub contents: Option<String>,
    pub ty: FieldType,
    pub repeat_expr: Option<Source>,
    pub cond: Option<Source>,
    pub since: Option<u32>,
    pub until: Option<u32>,
    pub with_version: bool,
    /// `-savepoint-absent: default`: a gated field that holds its type's default where the
    /// version lacks it, instead of being an `Option`.
    pub absent_default: bool,
    /// `-savepoint-serde-omit-absent: true`: JSON leaves the gated field out where it is absent.
    pub omit_absent: bool,
    /// `-savepoint-gate-const`: the Rust constant that spells the bound of its named gate.
    pub gate_const: Option<String>,
    pub count_of: Option<String>,
    /// `-savepoint-flag-of`: the later field whose presence this flag records (see `flag_of.rs`).
    pub flag_of: Option<String>,
    pub rust_type: Option<String>,
    pub valid: Option<Valid>,
    /// A `valid` beyond integer literals (strings, bytes, floats, `expr`, or on a list), as one
    /// Kaitai condition on `_` (see `valid.rs`), parsed.
    pub valid_expr: Option<Source>,
    /// `valid: {in-enum: true}` on an enum field: the value must be one the enum names.
    pub valid_in_enum: bool,
    pub variants: Option<(String, Vec<(i64, String)>)>,
    /// `-savepoint-one-of`: this field and the ones after it are one enum (see `one_of.rs`).
    pub one_of: Option<super::one_of::OneOf>,
    /// `-savepoint-serde-with`: the module serde reads and writes the field with.
    pub serde_with: Option<String>,
    /// `encoding:` on other than a string (only hand-written primitives use it).
    pub sized: bool,
    /// `size:` of a byte array, a string or a substream.
    pub size: Option<Source>,
    /// `encoding:` of a string.
    pub encoding: Option<String>,
    /// `terminator:`.
    pub terminator: Option<u8>,
    /// `pad-right:`.
    pub pad_right: Option<u8>,
    /// `include: true`.
    pub include: bool,
    /// `consume:` (true unless `false`).
    pub consume: bool,
    /// `eos-error:` (true unless `false`).
    pub eos_error: bool,
    /// `enum:` (a Kaitai enum of the file).
    pub enum_name: Option<String>,
    /// `size-eos: true`.
    pub size_eos: bool,
    /// `repeat: eos`.
    pub repeat_eos: bool,
    /// `repeat-until:` of `repeat: until`.
    pub repeat_until: Option<Source>,
    /// `contents:` as bytes.
    pub contents_bytes: Option<Vec<u8>>,
    /// `process:` (see `process.rs`).
    pub process: Option<Process>,
    /// Every `cases` entry of a `switch-on` type, key as written (`1`, `"I"`, `[73]`,
    /// `code_enum::intval`, `true`, `_`) and case type (see `switch.rs`).
    pub switch_cases: Vec<(String, String)>,
    /// `parent: false`: the field's type has no parent (accepted only where the type uses no
    /// `_parent` or `_root`, see `parent.rs`).
    pub parent_false: bool,
    /// `parent: _parent`: the field's type sees this type's parent as its own.
    pub parent_up: bool,
}

/// A field's Kaitai type.
#[derive(Debug, Clone)]
pub enum FieldType {
    /// `contents:` only.
    None,
    /// A named type with its arguments (parsed), e.g. `coaster_train(cars_per_train)`.
    Named { name: String, args: Vec<Source> },
    /// `switch-on` (parsed) with its cases (value, type name).
    Switch {
        on: Source,
        cases: Vec<(i64, String)>,
    },
}

/// A field's `process:` routine: its name, and its arguments parsed once at load.
#[derive(Debug, Clone)]
pub struct Process {
    /// As the schema writes it, which messages quote.
    pub text: String,
    /// `zlib`, `xor`, `rol`, `ror`, or a custom routine's (`nested.custom_fx`).
    pub name: String,
    pub args: Vec<Source>,
}

/// `valid:` on a field.
#[derive(Debug, Clone, Default)]
pub struct Valid {
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub any_of: Vec<i64>,
}

impl Schemas {
    /// Reads every `.ksy` file of `dir`.
    pub fn load(dir: &Path) -> Result<Schemas, SchemaError> {
        let io = |e: std::io::Error| SchemaError {
            file: dir.to_path_buf(),
            yaml_path: String::new(),
            message: format!("cannot read the schema folder: {e}"),
        };
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(io)?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .map_err(io)?;
        paths.retain(|p| p.extension().is_some_and(|e| e == "ksy"));
        paths.sort();
        let mut files = BTreeMap::new();
        for path in paths {
            let file = read_file(&path)?;
            files.insert(file.id.clone(), file);
        }
        Ok(Schemas { files })
    }

    /// Reads one `.ksy` file alone (its types can refer only to each other).
    pub fn load_file(path: &Path) -> Result<Schemas, SchemaError> {
        let file = read_file(path)?;
        let mut schemas = Schemas {
            files: BTreeMap::from([(file.id.clone(), file)]),
        };
        super::recursion::bound_recursion(&mut schemas);
        super::root_param::split(&mut schemas);
        super::struct_params::infer(&mut schemas);
        Ok(schemas)
    }

    /// The enum `name` as seen from file `from`, with the id of the file that declares it:
    /// `other::container::name` (an imported file's), else one of `from` (see `find_enum`).
    pub fn resolve_enum<'a>(&'a self, from: &'a str, name: &str) -> Option<(&'a str, &'a KsEnum)> {
        if let Some((file, rest)) = name.split_once("::")
            && let Some(f) = self.files.get(file).filter(|f| f.id != from)
        {
            return find_enum(&f.enums, rest).map(|e| (f.id.as_str(), e));
        }
        let f = self.files.get(from)?;
        find_enum(&f.enums, name).map(|e| (f.id.as_str(), e))
    }

    /// The type `name` as seen from file `from`, with the id of the file that declares it:
    /// `other::type` (also `other::outer::type`: nested types are flattened), a type of `from`
    /// (also by its nesting path, `outer::type`), or the top-level type of an imported file by
    /// its id.
    pub fn resolve<'a>(&'a self, from: &'a str, name: &str) -> Option<(&'a str, &'a TypeDef)> {
        let find = |file: &str, id: &str| {
            let f = self.files.get(file)?;
            f.types
                .iter()
                .find(|t| t.id == id)
                .map(|t| (f.id.as_str(), t))
        };
        let last = name.rsplit("::").next().unwrap_or(name);
        match name.split_once("::") {
            Some((file, _)) if file != from && self.files.contains_key(file) => find(file, last),
            Some(_) => find(from, last),
            None => find(from, name).or_else(|| {
                let f = self.files.get(name).filter(|f| f.id != from)?;
                f.types
                    .first()
                    .filter(|t| t.yaml_path.is_empty())
                    .map(|t| (f.id.as_str(), t))
            }),
        }
    }

    /// Reads `path` and the schemas it imports (`meta/imports`), transitively: a relative import
    /// is looked up next to the importing file, an absolute one (`/common/foo`) in the first of
    /// `import_dirs` that holds it.
    pub fn load_with_imports(path: &Path, import_dirs: &[PathBuf]) -> Result<Schemas, SchemaError> {
        Self::load_all(&[path.to_path_buf()], import_dirs)
    }

    /// Reads `paths` and the schemas they import, as [`Schemas::load_with_imports`] does for one.
    pub fn load_all(paths: &[PathBuf], import_dirs: &[PathBuf]) -> Result<Schemas, SchemaError> {
        let mut files = BTreeMap::new();
        let mut queue: Vec<PathBuf> = paths.iter().rev().cloned().collect();
        let mut seen = std::collections::BTreeSet::new();
        while let Some(path) = queue.pop() {
            let Ok(canonical) = path.canonicalize() else {
                return Err(Cx::new(&path).err("", "cannot read the imported schema"));
            };
            if !seen.insert(canonical) {
                continue;
            }
            let file = read_file(&path)?;
            for import in imports_of(&path)? {
                let next = match import.strip_prefix('/') {
                    Some(abs) => import_dirs
                        .iter()
                        .map(|d| d.join(format!("{abs}.ksy")))
                        .find(|p| p.is_file())
                        .ok_or_else(|| {
                            Cx::new(&path).err(
                                "/meta/imports",
                                format!("absolute import `{import}` is in no import folder"),
                            )
                        })?,
                    None => path
                        .parent()
                        .unwrap_or(Path::new("."))
                        .join(format!("{import}.ksy")),
                };
                queue.push(next);
            }
            if let Some(other) = files
                .get(&file.id)
                .map(|f: &File| f.path.display().to_string())
            {
                return Err(Cx::new(&path).err(
                    "/meta/id",
                    format!("meta/id `{}` is also the id of {other}", file.id),
                ));
            }
            files.insert(file.id.clone(), file);
        }
        let mut schemas = Schemas { files };
        super::recursion::bound_recursion(&mut schemas);
        super::root_param::split(&mut schemas);
        super::struct_params::infer(&mut schemas);
        Ok(schemas)
    }
}

/// The `meta/imports` of the schema at `path`.
fn imports_of(path: &Path) -> Result<Vec<String>, SchemaError> {
    let cx = Cx::new(path);
    let text =
        std::fs::read_to_string(path).map_err(|e| cx.err("", format!("cannot read: {e}")))?;
    let doc: Value =
        serde_yaml::from_str(&text).map_err(|e| cx.err("", format!("invalid YAML: {e}")))?;
    let Some(list) = doc.get("meta").and_then(|m| m.get("imports")) else {
        return Ok(Vec::new());
    };
    list.as_sequence()
        .ok_or_else(|| cx.err("/meta/imports", "imports is a list"))?
        .iter()
        .map(|i| {
            i.as_str()
                .map(str::to_string)
                .ok_or_else(|| cx.err("/meta/imports", "an import is a path"))
        })
        .collect()
}

struct Cx<'a> {
    path: &'a Path,
    /// Mapping keys as written, for error paths.
    keys: KeySpellings,
}

/// A type of file `path` that is the Rust type `rust` and reads nothing itself, as a type with
/// only `-savepoint-rust-type` is (an opaque external type, see `opaque.rs`).
pub(super) fn rust_type_def(
    path: &Path,
    id: &str,
    ypath: &str,
    rust: &str,
) -> Result<TypeDef, SchemaError> {
    let mut map = Mapping::new();
    map.insert("-savepoint-rust-type".into(), rust.into());
    Cx::new(path).type_def(id, ypath, &map)
}

impl<'a> Cx<'a> {
    /// Errors in `path`, before its text is read.
    fn new(path: &'a Path) -> Self {
        Cx {
            path,
            keys: KeySpellings::default(),
        }
    }

    /// The YAML path of the `index`-th key of the mapping at `mapping_path`.
    fn key_path(&self, mapping_path: &str, index: usize, key: &Value) -> String {
        format!(
            "{mapping_path}/{}",
            self.keys.step(mapping_path, index, key)
        )
    }

    /// The expression at `key` of the mapping at `ypath`, parsed.
    fn expr_key(
        &self,
        ypath: &str,
        map: &Mapping,
        key: &str,
    ) -> Result<Option<Source>, SchemaError> {
        str_key(map, key)
            .map(|text| self.expression(ypath, key, &text))
            .transpose()
    }

    /// `text`, the expression at `key` of the mapping at `ypath`, parsed: a syntax error is
    /// reported once, here, at its path.
    fn expression(&self, ypath: &str, key: &str, text: &str) -> Result<Source, SchemaError> {
        Source::parse(text).map_err(|e| {
            self.err(
                &format!("{ypath}/{key}"),
                format!("expression `{text}`: {e}"),
            )
        })
    }

    /// `text`, the `process:` of the field at `ypath`, split into its routine's name and its
    /// parsed arguments: a syntax error is reported here, at its path.
    fn process(&self, ypath: &str, text: &str) -> Result<Process, SchemaError> {
        let at = format!("{ypath}/process");
        let (name, args) = crate::expr::parse_call(text.trim_end()).map_err(|e| match e {
            CallError::Unbalanced => {
                self.err(&at, format!("process `{text}`: unbalanced parentheses"))
            }
            CallError::Args { inner, error } => self.err(
                &at,
                format!("process `{text}`: arguments `{inner}`: {error}"),
            ),
        })?;
        Ok(Process {
            text: text.to_string(),
            name: name.trim().to_string(),
            args,
        })
    }

    fn err(&self, yaml_path: &str, message: impl Into<String>) -> SchemaError {
        SchemaError {
            file: self.path.to_path_buf(),
            yaml_path: yaml_path.to_string(),
            message: message.into(),
        }
    }
}

fn read_file(path: &Path) -> Result<File, SchemaError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Cx::new(path).err("", format!("cannot read: {e}")))?;
    let cx = Cx {
        path,
        keys: KeySpellings::of(&text),
    };
    let doc: Value =
        serde_yaml::from_str(&text).map_err(|e| cx.err("", format!("invalid YAML: {e}")))?;
    let map = doc
        .as_mapping()
        .ok_or_else(|| cx.err("", "a schema is a YAML mapping"))?;
    let id = doc
        .get("meta")
        .and_then(|m| m.get("id"))
        .and_then(Value::as_str)
        .ok_or_else(|| cx.err("/meta/id", "a schema needs meta/id"))?
        .to_string();
    // The id names the schema's module, in other modules' paths too.
    if !super::tokens::is_ident(&id) {
        return Err(cx.err("/meta/id", not_ident(&id)));
    }
    let endian = match doc.get("meta").and_then(|m| m.get("endian")) {
        None => None,
        Some(e) if e.as_str() == Some("le") => Some("little"),
        Some(e) if e.as_str() == Some("be") => Some("big"),
        Some(_) => {
            return Err(cx.err(
                "/meta/endian",
                "calculated endianness is not supported by the binrw backend",
            ));
        }
    };
    let namespace = bool_key(map, "-savepoint-namespace") == Some(true);
    let mut types = Vec::new();
    if namespace {
        for key in ["seq", "params", "instances"] {
            if map.contains_key(key) {
                return Err(cx.err(
                    &format!("/{key}"),
                    "a -savepoint-namespace file reads nothing",
                ));
            }
        }
        check_keys(&cx, "", map, TOP_KEYS)?;
    } else {
        let mut root = cx.type_def(&id, "", map)?;
        root.endian = endian;
        types.push(root);
    }
    cx.nested_types("", map, endian, &mut types)?;
    name_clashing_types(&cx, &mut types)?;
    super::bits::bit_endians(&doc, &mut types).map_err(|(p, m)| cx.err(&p, m))?;
    let mut enums = Vec::new();
    cx.enums("", map, &mut enums)?;
    name_clashing_enums(&cx, &id, &mut enums)?;
    let encoding = doc
        .get("meta")
        .and_then(|m| m.get("encoding"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let opaque_types = doc
        .get("meta")
        .and_then(|m| m.get("ks-opaque-types"))
        .and_then(Value::as_bool)
        == Some(true);
    Ok(File {
        id,
        path: path.to_path_buf(),
        endian,
        encoding,
        enums,
        types,
        opaque_types,
    })
}

/// Types that share an id (nested in different types) take the id of the type that declares
/// them as a prefix (`main::foo_obj` is `main_foo_obj`, Rust `MainFooObj`), and the fields that
/// name them by the bare id are pointed at the one Kaitai's scoping finds: a type nested in the
/// naming type, else in its enclosing types, outward. Other references keep the bare id, which
/// then names no type and is refused as unknown.
fn name_clashing_types(cx: &Cx, types: &mut [TypeDef]) -> Result<(), SchemaError> {
    let scope = |t: &TypeDef| -> Vec<String> {
        t.yaml_path
            .split("/types/")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    };
    let clashing: Vec<String> = types
        .iter()
        .filter(|t| types.iter().filter(|o| o.id == t.id).count() > 1)
        .map(|t| t.id.clone())
        .collect();
    if clashing.is_empty() {
        return Ok(());
    }
    let scopes: Vec<Vec<String>> = types.iter().map(scope).collect();
    let mut new_ids = Vec::new();
    for (t, s) in types.iter().zip(&scopes) {
        if !clashing.contains(&t.id) || t.yaml_path.is_empty() {
            new_ids.push(t.id.clone());
            continue;
        }
        let owner = if s.len() >= 2 {
            &s[s.len() - 2]
        } else {
            return Err(cx.err(&t.yaml_path, "a top-level type with the id of a nested one is not supported by the binrw backend"));
        };
        new_ids.push(format!("{owner}_{}", t.id));
    }
    for (i, id) in new_ids.iter().enumerate() {
        if new_ids[..i].contains(id)
            || (new_ids[i] != types[i].id && types.iter().any(|t| t.id == *id))
        {
            return Err(cx.err(
                &types[i].yaml_path,
                "a second type with this id in types of the same id (the binrw backend names each by its enclosing type and id)",
            ));
        }
    }
    for i in 0..types.len() {
        let s = &scopes[i];
        let lookup = |name: &str| -> Option<String> {
            // Innermost first: nested in the naming type, then in each enclosing one.
            (0..=s.len()).rev().find_map(|n| {
                let mut want = s[..n].to_vec();
                want.push(name.to_string());
                scopes
                    .iter()
                    .position(|o| *o == want)
                    .map(|j| new_ids[j].clone())
            })
        };
        let fields = types[i]
            .seq
            .iter_mut()
            .chain(types[i].positioned.iter_mut().map(|p| &mut p.field));
        for f in fields {
            if let FieldType::Named { name, .. } = &mut f.ty
                && clashing.contains(name)
                && let Some(id) = lookup(name)
            {
                *name = id;
            }
        }
    }
    for (t, id) in types.iter_mut().zip(new_ids) {
        if t.id != id {
            // An explicit `-savepoint-rust-name` stays.
            if t.rust_name == snake_to_camel(&t.id) {
                t.rust_name = snake_to_camel(&id);
            }
            t.id = id;
        }
    }
    Ok(())
}

/// Enums that share a name are named by the type that declares them (`Container2Animal`);
/// two that would still share a Rust name are refused.
fn name_clashing_enums(cx: &Cx, file_id: &str, enums: &mut [KsEnum]) -> Result<(), SchemaError> {
    let ids: Vec<String> = enums.iter().map(|e| e.id.clone()).collect();
    for e in enums.iter_mut() {
        if ids.iter().filter(|id| **id == e.id).count() > 1 {
            let owner = e.scope.last().map_or(file_id, String::as_str);
            e.rust_name = format!("{}{}", snake_to_camel(owner), snake_to_camel(&e.id));
        }
    }
    for (i, e) in enums.iter().enumerate() {
        if enums[..i].iter().any(|o| o.rust_name == e.rust_name) {
            let ypath: String = e.scope.iter().map(|t| format!("/types/{t}")).collect();
            return Err(cx.err(
                &format!("{ypath}/enums/{}", e.id),
                "a second enum with this name declared in a type of the same id (the binrw backend names each by its type and name)",
            ));
        }
    }
    Ok(())
}

/// The enum of `enums` that the reference `name` (`animal`, `container1::animal`,
/// `file::container1::animal`) names: of the enums with its last segment, those whose scope
/// ends with its qualifier; when several do, the one declared exactly at the qualifier's path
/// from the top level. `None` when that leaves none or an ambiguity.
pub fn find_enum<'a>(enums: &'a [KsEnum], name: &str) -> Option<&'a KsEnum> {
    let segments: Vec<&str> = name.split("::").collect();
    let (last, qualifier) = segments.split_last()?;
    let fits = |e: &&KsEnum, q: &[&str]| {
        e.id == *last
            && e.scope.len() >= q.len()
            && e.scope[e.scope.len() - q.len()..]
                .iter()
                .zip(q)
                .all(|(a, b)| a == b)
    };
    let mut found: Vec<&KsEnum> = enums.iter().filter(|e| fits(e, qualifier)).collect();
    if found.is_empty() && !qualifier.is_empty() {
        // A qualifier that starts with the file's id.
        found = enums.iter().filter(|e| fits(e, &qualifier[1..])).collect();
    }
    match found.as_slice() {
        [one] => Some(one),
        _ => found
            .iter()
            .copied()
            .find(|e| e.scope.len() == qualifier.len()),
    }
}

impl Cx<'_> {
    /// The `enums` of the type at `ypath` and of its nested types, flattened.
    fn enums(&self, ypath: &str, map: &Mapping, out: &mut Vec<KsEnum>) -> Result<(), SchemaError> {
        if let Some(list) = map.get("enums") {
            let epath = format!("{ypath}/enums");
            let list = list
                .as_mapping()
                .ok_or_else(|| self.err(&epath, "enums must be a mapping"))?;
            for (name, values) in list {
                let name = name
                    .as_str()
                    .ok_or_else(|| self.err(&epath, "enum names are strings"))?;
                let vpath = format!("{epath}/{name}");
                if !super::tokens::is_ident(&snake_to_camel(name)) {
                    return Err(self.err(&vpath, not_ident(name)));
                }
                let values = values
                    .as_mapping()
                    .ok_or_else(|| self.err(&vpath, "an enum is a mapping of values to names"))?;
                let mut pairs = Vec::new();
                for (i, (k, v)) in values.iter().enumerate() {
                    let id = v.as_str().or_else(|| v.get("id").and_then(Value::as_str));
                    // Values up to `u64::MAX` (Kaitai's `u8` type).
                    let key = k
                        .as_i64()
                        .map(i128::from)
                        .or_else(|| k.as_u64().map(i128::from));
                    match (key, id) {
                        (Some(_), Some(id)) if !super::tokens::is_ident(&snake_to_camel(id)) => {
                            return Err(self.err(&self.key_path(&vpath, i, k), not_ident(id)));
                        }
                        (Some(k), Some(id)) => pairs.push((k, snake_to_camel(id))),
                        _ => {
                            return Err(self.err(
                                &self.key_path(&vpath, i, k),
                                "enum values are integers with a name or {id}",
                            ));
                        }
                    }
                }
                let scope: Vec<String> = ypath
                    .split("/types/")
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect();
                out.push(KsEnum {
                    id: name.to_string(),
                    scope,
                    rust_name: snake_to_camel(name),
                    values: pairs,
                });
            }
        }
        if let Some(types) = map.get("types").and_then(Value::as_mapping) {
            for (id, t) in types {
                if let (Some(id), Some(t)) = (id.as_str(), t.as_mapping()) {
                    self.enums(&format!("{ypath}/types/{id}"), t, out)?;
                }
            }
        }
        Ok(())
    }

    /// The `types` of the type at `ypath`, and theirs, flattened into one list: every type is
    /// one Rust item of the module, named by its own id, so two types with one id are refused.
    /// A type's byte order is its own `meta/endian`, else its parent's.
    fn nested_types(
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
}

const TOP_KEYS: &[&str] = &["meta", "doc", "types", "enums", "-savepoint-namespace"];
const TYPE_KEYS: &[&str] = &[
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
];
const FIELD_KEYS: &[&str] = &[
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
    "process",
    "parent",
];

const PARAM_KEYS: &[&str] = &["id", "type", "doc", "enum", "-savepoint-rust-type"];

fn check_keys(cx: &Cx, ypath: &str, map: &Mapping, allowed: &[&str]) -> Result<(), SchemaError> {
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

fn bool_key(map: &Mapping, key: &str) -> Option<bool> {
    map.get(key).and_then(Value::as_bool)
}

fn str_key(map: &Mapping, key: &str) -> Option<String> {
    map.get(key).and_then(|v| match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    })
}

/// `-savepoint-version` and `-savepoint-absent` (see `named.rs`), with errors at their key.
impl Cx<'_> {
    fn named_versions(&self, ypath: &str, map: &Mapping) -> Result<Vec<NamedVersion>, SchemaError> {
        super::named_versions::parse(map)
            .map_err(|e| self.err(&format!("{ypath}/-savepoint-version"), e))
    }

    fn absent_default(&self, ypath: &str, map: &Mapping) -> Result<bool, SchemaError> {
        super::named::parse_absent(map)
            .map_err(|e| self.err(&format!("{ypath}/-savepoint-absent"), e))
    }
}

fn u32_key(cx: &Cx, ypath: &str, map: &Mapping, key: &str) -> Result<Option<u32>, SchemaError> {
    match map.get(key) {
        None => Ok(None),
        Some(v) => v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| cx.err(&format!("{ypath}/{key}"), "expected an unsigned integer")),
    }
}

/// `snake_case` to `CamelCase`, the Rust name of a type, enum or variant.
pub(super) fn snake_to_camel(id: &str) -> String {
    id.split('_')
        .map(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// The error for an id the generated code could not name (the expressions naming it, which
/// the generator builds as tokens, need an identifier).
/// The string `key` of `map` (at `ypath`), which the generated code uses as a Rust name: refused
/// when it is not an identifier.
fn ident_key(
    cx: &Cx,
    ypath: &str,
    map: &Mapping,
    key: &str,
) -> Result<Option<String>, SchemaError> {
    match str_key(map, key) {
        Some(name) if !super::tokens::is_ident(&name) => {
            Err(cx.err(&format!("{ypath}/{key}"), not_ident(&name)))
        }
        name => Ok(name),
    }
}

fn not_ident(id: &str) -> String {
    format!(
        "id `{id}` is not supported by the binrw backend (only letters, digits and `_`, not starting with a digit)"
    )
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

/// The `cases` of a `switch-on` type as (key as written, type) pairs.
fn switch_cases(cx: &Cx, ypath: &str, map: &Mapping) -> Result<Vec<(String, String)>, SchemaError> {
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
            let key = match k {
                Value::String(s) => s.clone(),
                Value::Number(n) => n.to_string(),
                Value::Bool(b) => b.to_string(),
                _ => return Err(cx.err(&kpath, "a case key is a number, string or boolean")),
            };
            let ty = v
                .as_str()
                .ok_or_else(|| cx.err(&kpath, "a case type is a type name"))?;
            Ok((key, ty.to_string()))
        })
        .collect()
}

/// The variants of a `-savepoint-enum`: [`variants`] whose names are Rust identifiers.
fn variant_names(
    cx: &Cx,
    ypath: &str,
    v: Option<&Value>,
) -> Result<Vec<(i64, String)>, SchemaError> {
    let list = variants(cx, ypath, v)?;
    match list.iter().find(|(_, name)| !super::tokens::is_ident(name)) {
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
    fn type_def(&self, id: &str, ypath: &str, map: &Mapping) -> Result<TypeDef, SchemaError> {
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
        let mut params = Vec::new();
        let mut param_enums = Vec::new();
        let mut param_rust_types = Vec::new();
        if let Some(list) = map.get("params").and_then(Value::as_sequence) {
            for (i, p) in list.iter().enumerate() {
                let pid = p.get("id").and_then(Value::as_str);
                let pty = p.get("type").and_then(Value::as_str);
                if let (Some(id), Some(e)) = (pid, p.get("enum").and_then(Value::as_str)) {
                    param_enums.push((id.to_string(), e.to_string()));
                }
                if let Some(pmap) = p.as_mapping() {
                    check_keys(self, &format!("{ypath}/params/{i}"), pmap, PARAM_KEYS)?;
                }
                let rust = p.get("-savepoint-rust-type").and_then(Value::as_str);
                if let (Some(id), Some(rust)) = (pid, rust) {
                    param_rust_types.push((id.to_string(), rust.to_string()));
                }
                if let Some(id) = pid.filter(|id| !super::tokens::is_ident(id)) {
                    return Err(self.err(&format!("{ypath}/params/{i}/id"), not_ident(id)));
                }
                match (pid, pty) {
                    // A `b1` param is Kaitai's boolean, as a `b1` field is.
                    (Some(a), Some("b1")) => params.push((a.to_string(), "bool".to_string())),
                    (Some(a), Some(b)) => params.push((a.to_string(), b.to_string())),
                    _ => {
                        return Err(
                            self.err(&format!("{ypath}/params/{i}"), "a param needs id and type")
                        );
                    }
                }
            }
        }
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
        let mut instances = Vec::new();
        let mut positioned = Vec::new();
        if let Some(list) = map.get("instances") {
            let ipath = format!("{ypath}/instances");
            let list = list
                .as_mapping()
                .ok_or_else(|| self.err(&ipath, "instances must be a mapping"))?;
            for (key, value) in list {
                let iid = key
                    .as_str()
                    .ok_or_else(|| self.err(&ipath, "instance ids are strings"))?;
                let path = format!("{ipath}/{iid}");
                if !super::tokens::is_ident(iid) {
                    return Err(self.err(&path, not_ident(iid)));
                }
                let imap = value
                    .as_mapping()
                    .ok_or_else(|| self.err(&path, "an instance is a mapping"))?;
                if imap.contains_key("pos") {
                    positioned.push(self.positioned(iid, &path, imap)?);
                    continue;
                }
                check_keys(self, &path, imap, &["value", "doc", "enum", "if"])?;
                let value = match imap.get("value") {
                    Some(Value::String(s)) => s.clone(),
                    Some(Value::Number(n)) if n.is_i64() || n.is_u64() => n.to_string(),
                    Some(Value::Number(n)) => format!("{:?}", n.as_f64().unwrap_or(f64::NAN)),
                    Some(Value::Bool(b)) => b.to_string(),
                    _ => {
                        return Err(self.err(
                            &path,
                            "only value instances with an integer, boolean or expression value are supported by the binrw backend",
                        ));
                    }
                };
                instances.push(Instance {
                    id: iid.to_string(),
                    doc: str_key(imap, "doc"),
                    value: self.expression(&path, "value", &value)?,
                    enum_name: str_key(imap, "enum"),
                    cond: match imap.get("if") {
                        Some(Value::Bool(b)) => {
                            Some(self.expression(&path, "if", &b.to_string())?)
                        }
                        _ => self.expr_key(&path, imap, "if")?,
                    },
                    yaml_path: path,
                });
            }
        }
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
            enum_ahead: super::enum_ahead::parse(map)
                .map_err(|e| self.err(&format!("{ypath}/-savepoint-enum-ahead"), e))?,
            fixed_layout: str_key(map, "-savepoint-fixed-layout"),
            max_depth: u32_key(self, ypath, map, "-savepoint-max-depth")?,
            max_depth_const: str_key(map, "-savepoint-max-depth-const"),
            default_depth: false,
            endian: None,
            params,
            param_enums,
            param_rust_types,
            seq,
            instances,
            bit_endian: None,
            positioned,
            endian_switch: None,
        };
        if def.pattern.is_some() {
            self.strip_pattern_framing(&mut def)?;
        }
        Ok(def)
    }

    /// A calculated `meta/endian`: `{switch-on: EXPR, cases: {KEY: le|be}}`.
    fn endian_switch(
        &self,
        epath: &str,
        meta: &Mapping,
    ) -> Result<(String, Vec<(String, bool)>), SchemaError> {
        let e = meta.get("endian").and_then(Value::as_mapping);
        let on = e
            .and_then(|e| str_key(e, "switch-on"))
            .ok_or_else(|| self.err(epath, "expected switch-on"))?;
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
            let key = match key {
                Value::String(s) => s.clone(),
                Value::Number(n) => n.to_string(),
                _ => return Err(self.err(&kpath, "a case key is a number or string")),
            };
            let big = match value.as_str() {
                Some("be") => true,
                Some("le") => false,
                _ => return Err(self.err(&kpath, "a case is le or be")),
            };
            out.push((key, big));
        }
        Ok((on, out))
    }

    /// A `pos` instance: its other keys are those of a seq field.
    fn positioned(&self, id: &str, ypath: &str, map: &Mapping) -> Result<Positioned, SchemaError> {
        let pos = self
            .expr_key(ypath, map, "pos")?
            .ok_or_else(|| self.err(&format!("{ypath}/pos"), "expected an expression"))?;
        let io = str_key(map, "io");
        let mut fmap = map.clone();
        fmap.remove("pos");
        fmap.remove("io");
        fmap.insert(Value::from("id"), Value::from(id));
        Ok(Positioned {
            field: self.field(ypath, &fmap)?,
            pos,
            io,
        })
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
        let is_u4 = matches!(&version.ty, FieldType::Named { name, .. } if name == "u4");
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

    fn field(&self, ypath: &str, map: &Mapping) -> Result<Field, SchemaError> {
        check_keys(self, ypath, map, FIELD_KEYS)?;
        let id = str_key(map, "id").ok_or_else(|| self.err(ypath, "a seq field needs an id"))?;
        if !super::tokens::is_ident(&id) {
            return Err(self.err(&format!("{ypath}/id"), not_ident(&id)));
        }
        let ty = match map.get("type") {
            None => FieldType::None,
            Some(Value::String(s)) => {
                let at = format!("{ypath}/type");
                let (name, args) = crate::expr::parse_call(s).map_err(|e| match e {
                    CallError::Unbalanced => self.err(&at, "unbalanced type arguments"),
                    CallError::Args { inner, error } => {
                        self.err(&at, format!("type arguments `{inner}`: {error}"))
                    }
                })?;
                FieldType::Named {
                    name: name.to_string(),
                    args,
                }
            }
            Some(Value::Mapping(m)) => FieldType::Switch {
                on: self
                    .expr_key(&format!("{ypath}/type"), m, "switch-on")?
                    .ok_or_else(|| self.err(&format!("{ypath}/type"), "expected switch-on"))?,
                // Integer cases; other keys are in `switch_cases` only.
                cases: variants(self, &format!("{ypath}/type/cases"), m.get("cases"))
                    .unwrap_or_default(),
            },
            Some(_) => return Err(self.err(&format!("{ypath}/type"), "unsupported type form")),
        };
        let string = matches!(
            map.get("type").and_then(Value::as_str),
            Some("str" | "strz")
        );
        let repeat = str_key(map, "repeat");
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
                    let text = super::valid::expression(m).map_err(|e| self.err(&vp, e))?;
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
            rust_type: str_key(map, "-savepoint-rust-type"),
            valid,
            valid_expr,
            valid_in_enum,
            variants,
            one_of: super::one_of::parse(map)
                .map_err(|e| self.err(&format!("{ypath}/-savepoint-one-of"), e))?,
            serde_with: str_key(map, "-savepoint-serde-with"),
            sized: !string && map.contains_key("encoding"),
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

#[cfg(test)]
mod import_tests {
    use super::*;

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

    #[test]
    fn expressions_are_parsed_once_at_load_with_their_path() {
        for (field, path) in [
            ("{id: x, type: u1, if: 'a +'}", "/seq/1/if"),
            ("{id: x, size: '(n'}", "/seq/1/size"),
            (
                "{id: x, type: u1, repeat: expr, repeat-expr: 'n n'}",
                "/seq/1/repeat-expr",
            ),
            (
                "{id: x, type: u1, repeat: until, repeat-until: '_ =='}",
                "/seq/1/repeat-until",
            ),
            (
                "{id: x, type: {switch-on: 'n ?', cases: {1: u1}}}",
                "/seq/1/type/switch-on",
            ),
        ] {
            let ksy = format!("meta: {{id: i}}\nseq:\n  - {{id: n, type: u1}}\n  - {field}\n");
            let err = crate::binrw::generate_from("syntax", &[("i.ksy", &ksy)], "i").unwrap_err();
            assert_eq!(err.yaml_path, path, "{err}");
            assert!(err.message.starts_with("expression `"), "{err}");
        }
        let ksy = "meta: {id: i}\nseq:\n  - {id: n, type: u1}\n  - {id: x, type: 't(n, n +)'}\n";
        let err = crate::binrw::generate_from("syntax", &[("i.ksy", ksy)], "i").unwrap_err();
        assert_eq!(err.yaml_path, "/seq/1/type", "{err}");
        assert!(err.message.starts_with("type arguments `n, n +`"), "{err}");
        for (instance, path) in [
            ("{value: 'n +'}", "/instances/v/value"),
            ("{value: n, if: 'n =='}", "/instances/v/if"),
            ("{pos: 'n *', type: u1}", "/instances/v/pos"),
        ] {
            let ksy = format!(
                "meta: {{id: i}}\nseq:\n  - {{id: n, type: u1}}\ninstances:\n  v: {instance}\n"
            );
            let err = crate::binrw::generate_from("syntax", &[("i.ksy", &ksy)], "i").unwrap_err();
            assert_eq!(err.yaml_path, path, "{err}");
        }
        let ksy = "meta: {id: i}\nseq:\n  - {id: n, type: u1}\n  - {id: x, type: u1, if: n > 1, repeat: expr, repeat-expr: n * 2}\n";
        let dir = std::env::temp_dir().join(format!("savepoint-parsed-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("i.ksy"), ksy).unwrap();
        let schemas = Schemas::load_file(&dir.join("i.ksy"));
        let _ = std::fs::remove_dir_all(&dir);
        let field = &schemas.unwrap().files["i"].types[0].seq[1];
        let cond = field.cond.as_ref().unwrap();
        assert_eq!(cond.text(), "n > 1");
        assert!(matches!(cond.tree(), crate::expr::Expr::Binary(">", ..)));
        let count = field.repeat_expr.as_ref().unwrap().tree();
        assert!(matches!(count, crate::expr::Expr::Binary("*", ..)));
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
        let FieldType::Named { name, args } = &schemas.files["i"].types[0].seq[0].ty else {
            panic!("a named type");
        };
        assert_eq!(name, "t");
        let texts: Vec<&str> = args.iter().map(Source::text).collect();
        assert_eq!(texts, ["[1, 2]", "s.f(\"a,b\").x", "3"]);
        assert!(matches!(args[0].tree(), crate::expr::Expr::Array(items) if items.len() == 2));
    }

    #[test]
    fn imports_resolve_top_level_and_nested_types() {
        let dir = std::env::temp_dir().join(format!("savepoint-imports-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        let a = "meta: {id: a, imports: [sub/b], -webide-x: 1}\ndoc-ref: somewhere\nseq:\n  - {id: one, type: b}\n  - {id: two, type: b::outer::inner}\n";
        let b = "meta: {id: b}\nseq:\n  - {id: x, type: u1}\ntypes:\n  outer:\n    types:\n      inner:\n        seq:\n          - {id: y, type: u1}\n";
        std::fs::write(dir.join("a.ksy"), a).unwrap();
        std::fs::write(dir.join("sub/b.ksy"), b).unwrap();
        let schemas = Schemas::load_with_imports(&dir.join("a.ksy"), &[]);
        let absolute = a.replace("[sub/b]", "[/sub/b]");
        std::fs::write(dir.join("a.ksy"), absolute).unwrap();
        let refused = Schemas::load_with_imports(&dir.join("a.ksy"), &[]);
        let found =
            Schemas::load_with_imports(&dir.join("a.ksy"), &[dir.join("none"), dir.clone()]);
        let _ = std::fs::remove_dir_all(&dir);
        let schemas = schemas.unwrap();
        let (file, t) = schemas.resolve("a", "b").unwrap();
        assert_eq!((file, t.id.as_str()), ("b", "b"));
        let (file, t) = schemas.resolve("a", "b::outer::inner").unwrap();
        assert_eq!((file, t.id.as_str()), ("b", "inner"));
        assert!(schemas.resolve("a", "c").is_none());
        let err = refused.unwrap_err();
        assert_eq!(err.yaml_path, "/meta/imports");
        assert!(err.message.contains("/sub/b"), "{err}");
        let found = found.unwrap();
        let (file, t) = found.resolve("a", "b::outer::inner").unwrap();
        assert_eq!((file, t.id.as_str()), ("b", "inner"));
    }
}
