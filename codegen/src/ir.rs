//! The schema IR: a binary format as types, fields, instances and enums, independent of the
//! .ksy syntax it came from. Expressions are kept parsed ([`Expr`]).

use crate::expr::Expr;

/// Byte order of multi-byte integers and floats.
#[derive(Debug, Clone, PartialEq)]
pub enum Endian {
    /// Little-endian.
    Le,
    /// Big-endian.
    Be,
    /// Chosen at read time: `switch-on` expression and cases (`le` / `be`).
    Switch(Expr, Vec<(Expr, bool)>),
}

/// One schema file.
#[derive(Debug, Clone)]
pub struct Schema {
    /// The top-level type (its `id` is the schema id).
    pub root: TypeDef,
    /// Schemas named by `meta/imports`, resolved.
    pub imports: Vec<Schema>,
}

/// A type: the file's top level or a nested `types` entry.
#[derive(Debug, Clone, Default)]
pub struct TypeDef {
    /// Names from the schema root down to this type.
    pub path: Vec<String>,
    /// `doc:`.
    pub doc: Option<String>,
    /// Default byte order (inherited when absent).
    pub endian: Option<Endian>,
    /// Default bit order: `true` for `bit-endian: le`.
    pub bit_le: Option<bool>,
    /// Default string encoding.
    pub encoding: Option<String>,
    /// `params:`.
    pub params: Vec<Param>,
    /// `seq:`.
    pub seq: Vec<Attr>,
    /// `instances:`.
    pub instances: Vec<Instance>,
    /// Nested `types:`.
    pub types: Vec<TypeDef>,
    /// `enums:`.
    pub enums: Vec<EnumDef>,
    /// YAML path of this type, for messages.
    pub yaml_path: String,
}

/// A type parameter.
#[derive(Debug, Clone)]
pub struct Param {
    /// Name.
    pub id: String,
    /// Its type (a primitive name, `str`, `bytes`, `bool`, or a user type).
    pub ty: String,
    /// `enum:`.
    pub enum_ref: Option<String>,
    /// `doc:`.
    pub doc: Option<String>,
}

/// An enum: value to name.
#[derive(Debug, Clone)]
pub struct EnumDef {
    /// Names from the schema root down to this enum.
    pub path: Vec<String>,
    /// `(value, name, doc)` in schema order.
    pub values: Vec<(i128, String, Option<String>)>,
}

/// A field of `seq`, or the parsing part of an instance.
#[derive(Debug, Clone, Default)]
pub struct Attr {
    /// Field name.
    pub id: String,
    /// `doc:`.
    pub doc: Option<String>,
    /// What is read.
    pub ty: AttrType,
    /// `repeat`.
    pub repeat: Repeat,
    /// `if`.
    pub cond: Option<Expr>,
    /// `size`.
    pub size: Option<Expr>,
    /// `size-eos: true`.
    pub size_eos: bool,
    /// `terminator` (`strz` implies 0).
    pub terminator: Option<u8>,
    /// `consume` (default true).
    pub consume: bool,
    /// `include` (default false).
    pub include: bool,
    /// `eos-error` (default true).
    pub eos_error: bool,
    /// `pad-right`.
    pub pad_right: Option<u8>,
    /// `enum:`.
    pub enum_ref: Option<String>,
    /// String encoding in effect.
    pub encoding: Option<String>,
    /// `process`.
    pub process: Option<Process>,
    /// `valid`.
    pub valid: Option<Valid>,
    /// YAML path of this attribute, for messages.
    pub yaml_path: String,
}

/// The type part of an attribute.
#[derive(Debug, Clone, Default)]
pub enum AttrType {
    /// No `type`: a byte array (needs `size`, `size-eos` or `terminator`).
    #[default]
    Bytes,
    /// `contents`: fixed bytes.
    Contents(Vec<u8>),
    /// An integer: bytes, signed, endianness (None: the type's default).
    Int(u8, bool, Option<bool>),
    /// A float of 4 or 8 bytes.
    Float(u8, Option<bool>),
    /// `bN` (`b1` is a bool unless it has an enum); `Some(true)` for explicit `le`.
    Bits(u8, Option<bool>),
    /// `str` (or `strz`, which sets the terminator).
    Str,
    /// A user type with arguments.
    User(String, Vec<Expr>),
    /// `switch-on`.
    Switch(Expr, Vec<(Expr, AttrType)>),
}

/// `repeat`.
#[derive(Debug, Clone, Default)]
pub enum Repeat {
    /// Read once.
    #[default]
    No,
    /// Until the end of the stream.
    Eos,
    /// `repeat-expr` times.
    Expr(Expr),
    /// Until `repeat-until` holds for the element just read.
    Until(Expr),
}

/// `process`.
#[derive(Debug, Clone)]
pub enum Process {
    /// `xor(key)`.
    Xor(Expr),
    /// `rol(n)` or `ror(n)` (`true` for ror).
    Rotate(Expr, bool),
    /// `zlib`.
    Zlib,
}

/// `valid`.
#[derive(Debug, Clone)]
pub enum Valid {
    /// `valid: X` or `eq`.
    Eq(Expr),
    /// `min` and/or `max`.
    Range(Option<Expr>, Option<Expr>),
    /// `any-of`.
    AnyOf(Vec<Expr>),
    /// `expr` (with `_` the value).
    Expr(Expr),
    /// `in-enum: true`.
    InEnum,
}

/// An instance.
#[derive(Debug, Clone)]
pub struct Instance {
    /// Name.
    pub id: String,
    /// What it is.
    pub kind: InstanceKind,
}

/// A value instance or a parsed (positioned) one.
#[derive(Debug, Clone)]
pub enum InstanceKind {
    /// `value:` with an optional `enum:`; `if`.
    Value(Expr, Option<String>, Option<Expr>, Option<String>),
    /// A parsed instance: `pos` (optional), `io` (optional) and the attribute.
    Parse(Option<Expr>, Option<Expr>, Box<Attr>),
}
