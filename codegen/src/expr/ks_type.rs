//! Kaitai type names (`u4`, `s2be`, `f8le`, `b12`, `str`, `strz`, or a user type), recognized
//! in one place: a field's `type:` is parsed into a [`KsType`] when the schema is read, and
//! the emitter matches on it instead of on the name (a param's or a cast's type is a
//! [`super::TypeRef`] around it).

/// A Kaitai type, as its name says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KsType {
    /// `u1`..`u8` and `s1`..`s8`: the size in bytes, whether signed, and the byte order the
    /// name gives itself (`u2le`), if any.
    Int {
        /// 1, 2, 4 or 8.
        bytes: u8,
        /// `s` rather than `u`.
        signed: bool,
        /// `le` / `be` after the size.
        endian: Option<Endian>,
    },
    /// `f4` and `f8`, with the byte order the name gives itself, if any.
    Float {
        /// 4 or 8.
        bytes: u8,
        /// `le` / `be` after the size.
        endian: Option<Endian>,
    },
    /// `b1`..`b64`: the width and the bit order the name gives itself (`b6be`), if any.
    Bits {
        /// 1 to 64.
        width: u32,
        /// `Some(true)` for `be`, `Some(false)` for `le`.
        big: Option<bool>,
    },
    /// `str`.
    Str,
    /// `strz`.
    Strz,
    /// Any other name: a user type (or an opaque or hand-written one), resolved by its name.
    User,
}

/// A byte order a type name gives itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endian {
    /// `le`.
    Little,
    /// `be`.
    Big,
}

impl KsType {
    /// The type `name` names.
    pub fn parse(name: &str) -> KsType {
        if let Some(ty) = primitive(name) {
            return ty;
        }
        if let Some((width, big)) = bits(name) {
            return KsType::Bits { width, big };
        }
        match name {
            "str" => KsType::Str,
            "strz" => KsType::Strz,
            _ => KsType::User,
        }
    }

    /// The Rust integer type of an integer (`u2` is `u16`).
    pub fn rust_int(self) -> Option<&'static str> {
        let KsType::Int { bytes, signed, .. } = self else {
            return None;
        };
        Some(match (bytes, signed) {
            (1, false) => "u8",
            (2, false) => "u16",
            (4, false) => "u32",
            (8, false) => "u64",
            (1, true) => "i8",
            (2, true) => "i16",
            (4, true) => "i32",
            _ => "i64",
        })
    }

    /// The Rust float type of a float (`f4` is `f32`).
    pub fn rust_float(self) -> Option<&'static str> {
        match self {
            KsType::Float { bytes: 4, .. } => Some("f32"),
            KsType::Float { .. } => Some("f64"),
            _ => None,
        }
    }

    /// The byte order the name gives itself, as a binrw directive (`little`, `big`).
    pub fn own_endian(self) -> Option<&'static str> {
        match self {
            KsType::Int { endian, .. } | KsType::Float { endian, .. } => match endian? {
                Endian::Little => Some("little"),
                Endian::Big => Some("big"),
            },
            _ => None,
        }
    }

    /// The width and own bit order of a bit type.
    pub fn bits(self) -> Option<(u32, Option<bool>)> {
        match self {
            KsType::Bits { width, big } => Some((width, big)),
            _ => None,
        }
    }

    /// Whether it is `str` or `strz`.
    pub fn is_str(self) -> bool {
        matches!(self, KsType::Str | KsType::Strz)
    }

    /// Whether it is a built-in type the backend reads itself: an integer, a float, `str` or
    /// `strz` (bit types are read through the bit cursor, see `bits.rs`).
    pub fn builtin(self) -> bool {
        matches!(
            self,
            KsType::Int { .. } | KsType::Float { .. } | KsType::Str | KsType::Strz
        )
    }
}

/// `u1`..`s8` and `f4` / `f8`, with `le` / `be` on the multi-byte ones.
fn primitive(name: &str) -> Option<KsType> {
    let (head, order) = name.split_at_checked(2)?;
    let mut chars = head.chars();
    let (kind, bytes) = (chars.next()?, chars.next()?.to_digit(10)?);
    let endian = match order {
        "" => None,
        "le" if bytes > 1 => Some(Endian::Little),
        "be" if bytes > 1 => Some(Endian::Big),
        _ => return None,
    };
    let bytes = u8::try_from(bytes).ok()?;
    match (kind, bytes) {
        ('u' | 's', 1 | 2 | 4 | 8) => Some(KsType::Int {
            bytes,
            signed: kind == 's',
            endian,
        }),
        ('f', 4 | 8) => Some(KsType::Float { bytes, endian }),
        _ => None,
    }
}

/// The width and own bit order (`Some(true)` for `be`) of `b1`..`b64`.
fn bits(name: &str) -> Option<(u32, Option<bool>)> {
    let digits = name.strip_prefix('b')?;
    let (digits, order) = match digits.len().checked_sub(2).map(|i| digits.split_at(i)) {
        Some((d, "be")) => (d, Some(true)),
        Some((d, "le")) => (d, Some(false)),
        _ => (digits, None),
    };
    if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u32 = digits.parse().ok()?;
    (1..=64).contains(&n).then_some((n, order))
}

#[cfg(test)]
mod tests {
    use super::{Endian, KsType};

    #[test]
    fn names_parse_to_their_types() {
        let int = |bytes, signed, endian| KsType::Int {
            bytes,
            signed,
            endian,
        };
        for (name, ty) in [
            ("u1", int(1, false, None)),
            ("s8", int(8, true, None)),
            ("u2le", int(2, false, Some(Endian::Little))),
            ("s4be", int(4, true, Some(Endian::Big))),
            (
                "f8le",
                KsType::Float {
                    bytes: 8,
                    endian: Some(Endian::Little),
                },
            ),
            (
                "b1",
                KsType::Bits {
                    width: 1,
                    big: None,
                },
            ),
            (
                "b12le",
                KsType::Bits {
                    width: 12,
                    big: Some(false),
                },
            ),
            ("str", KsType::Str),
            ("strz", KsType::Strz),
            // Not built-ins: a one-byte type has no byte order, and there is no `u3` or `b65`.
            ("u1le", KsType::User),
            ("u3", KsType::User),
            ("b65", KsType::User),
            ("b0", KsType::User),
            ("f2", KsType::User),
            ("header", KsType::User),
        ] {
            assert_eq!(KsType::parse(name), ty, "{name}");
        }
        assert_eq!(KsType::parse("s2").rust_int(), Some("i16"));
        assert_eq!(KsType::parse("f4be").rust_float(), Some("f32"));
        assert_eq!(KsType::parse("u4be").own_endian(), Some("big"));
        assert_eq!(KsType::parse("u4").own_endian(), None);
    }
}
