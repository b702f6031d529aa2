//! The .ksy subset the binrw backend reads, with the `-savepoint-*` keys, as plain structs.
//!
//! Every key is either understood here or refused (file, YAML path, construct), so a schema
//! never silently loses a field, a condition or a check on its way to Rust.

mod cases;
mod cx;
mod enums;
mod fields;
mod instances;
mod keys;
mod load;
mod names;
mod types;
mod typing;

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::expr::{Expr, Source, Type};
pub use crate::expr::{KsType, TypeRef};
pub(super) use typing::{each_source, field_type, type_all};

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
    /// `params`, in order, each parsed once at load.
    pub params: Vec<Param>,
    pub seq: Vec<Field>,
    /// Value instances (`instances: {id: {value: EXPR}}`), methods of the struct.
    pub instances: Vec<Instance>,
    /// `meta/bit-endian` of the type or the nearest enclosing one: `Some(true)` for `be`.
    pub bit_endian: Option<bool>,
    /// A calculated `meta/endian`; `endian` is then `None` (the parent's field sets it, see
    /// `switch.rs`).
    pub endian_switch: Option<EndianSwitch>,
    /// Parsed instances at a position (`instances: {id: {pos: EXPR, ...}}`): stored fields
    /// read and written at their position (see `pos.rs`).
    pub positioned: Vec<Positioned>,
    /// Parsed instances in another object's substream (`io: _root.<field>._io`): methods that
    /// read them from it when asked, never stored or written (see `io_user.rs`).
    pub on_request: Vec<Positioned>,
    /// Every field path its expressions read (`n`, `header.qty`, `_parent.len`), with its
    /// type, as the typing pass resolved it (see `typing.rs`).
    pub paths: BTreeMap<String, Type>,
}

/// A `params` entry of a type.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    pub id: String,
    /// `type:`, parsed (see `type_ref.rs`).
    pub ty: TypeRef,
    /// `enum:` of an integer param (a Kaitai enum of the file).
    pub enum_name: Option<String>,
    /// `-savepoint-rust-type`: the Rust type the caller lends (see `rust_params.rs`).
    pub rust_type: Option<String>,
}

/// A parsed instance at a position: the field it reads, and where.
#[derive(Debug, Clone)]
pub struct Positioned {
    /// The instance as a field (its id, type, size, repeat, `if`...).
    pub field: Field,
    /// `pos:`, parsed.
    pub pos: Source,
    /// `io:`, parsed (see `root_io.rs`).
    pub io: Option<Source>,
}

impl Positioned {
    /// The root's seq field `X` whose substream `io: _root.X._io` names, if that is its `io`.
    pub fn root_field_io(&self) -> Option<&str> {
        let Expr::Attr(base, io) = self.io.as_ref()?.tree() else {
            return None;
        };
        match &**base {
            Expr::Attr(root, field)
                if io == "_io" && matches!(&**root, Expr::Name(r) if r == "_root") =>
            {
                Some(field)
            }
            _ => None,
        }
    }
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
    /// A seq field's `if` lifted into this instance (see `lifted_if.rs`): computed before the
    /// field, never written out in its directive.
    pub lifted: bool,
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
    /// `-savepoint-parse-with`: the Rust function binrw reads the field with (see `parse_with.rs`).
    pub parse_with: Option<String>,
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
    /// Every `cases` entry of a `switch-on` type (see `switch.rs`).
    pub switch_cases: Vec<SwitchCase>,
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
    /// A named type with its arguments (parsed), e.g. `coaster_train(cars_per_train)`: the
    /// name as written, what it names (parsed once, see `ks_type.rs`) and the arguments.
    Named {
        name: String,
        kind: KsType,
        args: Vec<Source>,
    },
    /// `switch-on` (parsed); its cases are the field's `switch_cases`.
    Switch { on: Source },
}

/// A calculated `meta/endian`: `{switch-on: EXPR, cases: {KEY: le|be}}`, parsed.
#[derive(Debug, Clone)]
pub struct EndianSwitch {
    /// `switch-on`.
    pub on: Source,
    /// (key, big endian) pairs, `_` included.
    pub cases: Vec<(CaseKey, bool)>,
}

/// A `cases` entry of a `switch-on` type: its key and its case type, both parsed at load.
#[derive(Debug, Clone, PartialEq)]
pub struct SwitchCase {
    /// `1`, `"I"`, `[73]`, `code_enum::intval`, `true` or `_`.
    pub key: CaseKey,
    /// The case type as written (`intval`, `u2be`, `body(len, 3)`).
    pub ty: String,
    /// What the name names (see `ks_type.rs`).
    pub kind: KsType,
    /// The arguments of `type: intval(len, 3)`, parsed.
    pub args: Vec<Source>,
}

impl SwitchCase {
    /// The case type's name, without its arguments.
    pub fn name(&self) -> &str {
        self.ty
            .split_once('(')
            .map_or(self.ty.as_str(), |(name, _)| name)
            .trim()
    }
}

/// The key of a `switch-on` case, parsed at load.
#[derive(Debug, Clone, PartialEq)]
pub enum CaseKey {
    /// `_`: taken when no other case matches.
    Else,
    /// A value to compare the selector with: an integer, string or byte-array literal, an enum
    /// value or a boolean.
    Value(Source),
}

impl Field {
    /// One value read whole: no condition, repetition, size, terminator or `process`.
    pub fn is_single(&self) -> bool {
        self.cond.is_none()
            && self.repeat_expr.is_none()
            && !self.repeat_eos
            && self.repeat_until.is_none()
            && self.size.is_none()
            && !self.size_eos
            && self.terminator.is_none()
            && self.process.is_none()
    }
}

impl TypeDef {
    /// The param `id`, if the type has one.
    pub fn param(&self, id: &str) -> Option<&Param> {
        self.params.iter().find(|p| p.id == id)
    }
}

impl CaseKey {
    /// Whether this is the `_` case.
    pub fn is_else(&self) -> bool {
        matches!(self, CaseKey::Else)
    }
}

/// As the schema spells it, as a message quotes it.
impl std::fmt::Display for CaseKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CaseKey::Else => f.write_str("_"),
            CaseKey::Value(key) => key.fmt(f),
        }
    }
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
