//! The types of Kaitai expressions, as the schema reader's typing pass records them (see
//! `binrw/schema/typing.rs`): one per expression, and one per field path a type's expressions
//! read.

/// An integer's width and signedness: `u4` is 32 bits unsigned, `b3` 3 bits unsigned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntTy {
    /// The width in bits.
    pub bits: u8,
    /// Whether it is signed (`s1`..`s8`).
    pub signed: bool,
}

/// The type of an expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Type {
    /// An integer of a field, a param or arithmetic on them.
    Int(IntTy),
    /// An integer literal, or arithmetic on literals only: any width that holds its value.
    Literal,
    /// `f4`, `f8` or a float literal.
    Float,
    /// `true` / `false`, a comparison, a `b1` field.
    Bool,
    /// A byte array.
    Bytes,
    /// A string.
    Str,
    /// A user type: the `meta/id` of the file that declares it and its id.
    User(String, String),
    /// A value of a Kaitai enum: the `meta/id` of the file that declares it and its Rust name.
    Enum(String, String),
    /// A list of values (a repeated field, an array literal).
    List(Box<Type>),
    /// A value that may be absent: a field with `if`.
    Opt(Box<Type>),
    /// A stream (`_io`, a param of type `io`).
    Io,
}

impl Type {
    /// The type without its [`Type::Opt`]: what a present value is.
    pub fn present(&self) -> &Type {
        match self {
            Type::Opt(inner) => inner.present(),
            other => other,
        }
    }

    /// The integer's width and signedness, for an integer of a field, a param or arithmetic
    /// on them (present or absent).
    pub fn int(&self) -> Option<IntTy> {
        match self.present() {
            Type::Int(int) => Some(*int),
            _ => None,
        }
    }

    /// Whether it is a number: an integer, a literal or a float.
    pub fn is_number(&self) -> bool {
        matches!(self.present(), Type::Int(_) | Type::Literal | Type::Float)
    }

    /// Whether it is an integer: of a field, a param, arithmetic, or a literal.
    pub fn is_integer(&self) -> bool {
        matches!(self.present(), Type::Int(_) | Type::Literal)
    }

    /// How a message names it (`a string`, `a u4 integer`).
    pub fn describe(&self) -> String {
        match self {
            Type::Int(IntTy { bits, signed }) => {
                format!(
                    "a {}{bits}-bit integer",
                    if *signed { "signed " } else { "" }
                )
            }
            Type::Literal => "an integer literal".into(),
            Type::Float => "a float".into(),
            Type::Bool => "a boolean".into(),
            Type::Bytes => "a byte array".into(),
            Type::Str => "a string".into(),
            Type::User(_, id) => format!("a `{id}`"),
            Type::Enum(_, name) => format!("a value of enum {name}"),
            Type::List(inner) => format!("a list of {}", inner.describe()),
            Type::Opt(inner) => inner.describe(),
            Type::Io => "a stream".into(),
        }
    }
}
