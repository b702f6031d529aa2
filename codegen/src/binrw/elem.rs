//! A field's element type as the checks, counts and `repeat-until` conditions that depend on it
//! see it: decided from the schema where the field's Rust type is built, never read back from
//! the generated tokens.

use super::super::schema::{Field, FieldType};
use super::Module;

/// What one element of a field is (before `[T; N]`, `Vec` and `Option`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Elem {
    /// A Rust integer type (`u8`..`i64`): an integer field, a `-savepoint-bitfield` type or a
    /// `-savepoint-rust-type` that is one.
    Int(&'static str),
    /// `f32` / `f64`.
    Float,
    /// A byte of an untyped field (`u8`, a byte array read whole).
    Byte,
    /// A framed byte array, `KsBytes`.
    Bytes,
    /// A string, `KsStr`.
    Str,
    /// A user type or switch read from a substream, `KsSub<T>`.
    Sub,
    /// Anything else: a processed field, a plain user type, an enum, a switch, a hand-written
    /// type.
    Other,
}

impl Elem {
    /// The width in bytes of an integer element, which binrw reads a list of in one piece.
    pub(super) fn int_width(self) -> Option<u64> {
        Some(match self {
            Elem::Int("u8" | "i8") | Elem::Byte => 1,
            Elem::Int("u16" | "i16") => 2,
            Elem::Int("u32" | "i32") => 4,
            Elem::Int("u64" | "i64") => 8,
            _ => return None,
        })
    }

    /// Whether the values are unsigned integers (a `valid/min` of 0 then always holds).
    pub(super) fn unsigned(self) -> bool {
        match self {
            Elem::Int(rust) => rust.starts_with('u'),
            Elem::Byte => true,
            _ => false,
        }
    }
}

/// The Rust integer and float types a `-savepoint-rust-type` may name.
const PRIMITIVES: &[&str] = &[
    "u8", "i8", "u16", "i16", "u32", "i32", "u64", "i64", "u128", "i128", "f32", "f64",
];

/// The element a `-savepoint-rust-type` path is: a primitive it names, else a hand-written type.
fn rust_type(path: &str) -> Elem {
    match PRIMITIVES.iter().find(|p| **p == path.trim()) {
        Some(&("f32" | "f64")) => Elem::Float,
        Some(p) => Elem::Int(p),
        None => Elem::Other,
    }
}

impl Module<'_> {
    /// The element [`Module::element_type`] builds for `field`, as an [`Elem`].
    pub(super) fn element_kind(&self, field: &Field) -> Elem {
        if let Some(path) = &field.rust_type {
            return rust_type(path);
        }
        let FieldType::Named { name, kind, .. } = &field.ty else {
            return Elem::Other;
        };
        if let Some(rust) = kind.rust_int() {
            return Elem::Int(rust);
        }
        if kind.rust_float().is_some() {
            return Elem::Float;
        }
        let Ok((_, def)) = self.resolve(field, name) else {
            return Elem::Other;
        };
        match (&def.rust_type, def.bitfield.as_ref()) {
            (Some(path), _) => rust_type(path),
            (None, Some((_, bits))) => rust_type(&format!("u{bits}")),
            (None, None) => Elem::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Elem, rust_type};

    #[test]
    fn a_hand_written_type_that_is_a_primitive_is_one() {
        assert_eq!(rust_type("u32"), Elem::Int("u32"));
        assert_eq!(rust_type(" f64 "), Elem::Float);
        assert_eq!(rust_type("crate::Timestamp"), Elem::Other);
        assert_eq!(rust_type("u32").int_width(), Some(4));
        // binrw reads a list of these in one piece only up to 64 bits.
        assert_eq!(rust_type("u128").int_width(), None);
        assert!(Elem::Byte.unsigned() && Elem::Int("u16").unsigned());
        assert!(!Elem::Int("i8").unsigned() && !Elem::Other.unsigned());
        assert_eq!(Elem::Str.int_width(), None);
    }

    #[test]
    fn a_count_field_that_is_not_an_integer_is_refused() {
        let ksy = "meta: {id: c}\nseq:\n  - {id: n, type: u1, enum: e, -savepoint-count-of: xs}\n  - {id: xs, type: u1, repeat: expr, repeat-expr: n}\nenums:\n  e: {1: one}\n";
        // The typing pass finds it where the count is used.
        let err = crate::binrw::generate_from("count-enum", &[("c.ksy", ksy)], "c").unwrap_err();
        assert_eq!(err.yaml_path, "/seq/1/repeat-expr", "{err}");
        assert!(
            err.message
                .ends_with("a value of enum E where an integer is needed"),
            "{err}"
        );
    }
}
