//! The type a param (`type:` of a `params` entry) or a cast (`.as<u4>`) names: a Kaitai type
//! name, `bool`, `bytes`, `struct`, `io`, `any`, or a list of one (`u2[]`), parsed once when
//! the schema is read so that the emitter matches on what it is instead of on its text.

use super::KsType;

/// A type as a param or a cast names it.
#[derive(Clone, PartialEq)]
pub enum TypeRef {
    /// `bool`, also spelled `b1` (Kaitai's boolean, as a `b1` field is).
    Bool,
    /// `bytes`.
    Bytes,
    /// `struct`: any user type (`struct_params.rs` names the one every caller passes).
    Struct,
    /// `io`: a stream (`io.rs` takes its `.size`).
    Io,
    /// `any`: a value Kaitai does not type (the backend takes it only with a Rust type).
    Any,
    /// A name `KsType` parses: an integer, float, bit, string or user type (`u4`, `str`,
    /// `block`, `other::block`), as written and what it names.
    Named {
        /// As written (`other::block`).
        name: String,
        /// What it names.
        kind: KsType,
    },
    /// A list of one (`u2[]`, `block[]`).
    List(Box<TypeRef>),
}

impl TypeRef {
    /// The type `text` names; an error says why it names none.
    pub fn parse(text: &str) -> Result<TypeRef, String> {
        if let Some(element) = text.strip_suffix("[]") {
            return match TypeRef::parse(element)? {
                TypeRef::List(_) => Err(format!("`{text}`: a list of lists is not a Kaitai type")),
                element => Ok(TypeRef::List(Box::new(element))),
            };
        }
        let segment =
            |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !text.split("::").all(segment) {
            return Err(format!("`{text}` is not a Kaitai type name"));
        }
        Ok(match text {
            "bool" | "b1" => TypeRef::Bool,
            "bytes" => TypeRef::Bytes,
            "struct" => TypeRef::Struct,
            "io" => TypeRef::Io,
            "any" => TypeRef::Any,
            _ => TypeRef::named(text),
        })
    }

    /// What the type name `name` names (not `bool`, `bytes`, ... nor a list): a user type
    /// `struct_params.rs` infers, the integer type of a value `root_param.rs` passes.
    pub fn named(name: &str) -> TypeRef {
        TypeRef::Named {
            name: name.to_string(),
            kind: KsType::parse(name),
        }
    }

    /// The Rust integer type of an integer (`u2` is `u16`).
    pub fn rust_int(&self) -> Option<&'static str> {
        match self {
            TypeRef::Named { kind, .. } => kind.rust_int(),
            _ => None,
        }
    }

    /// Whether a value of it is an integer or a bool, which arguments pass by value (the
    /// others are cloned or lent).
    pub fn by_value(&self) -> bool {
        self.rust_int().is_some() || *self == TypeRef::Bool
    }

    /// The element type of a list.
    pub fn element(&self) -> Option<&TypeRef> {
        match self {
            TypeRef::List(element) => Some(element),
            _ => None,
        }
    }

    /// The name of a user type (`KsType::User`), which resolves to a type of a schema.
    pub fn user_name(&self) -> Option<&str> {
        match self {
            TypeRef::Named {
                name,
                kind: KsType::User,
            } => Some(name),
            _ => None,
        }
    }
}

/// As the schema spells it (`b1` as `bool`), as a message quotes it.
impl std::fmt::Display for TypeRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TypeRef::Bool => f.write_str("bool"),
            TypeRef::Bytes => f.write_str("bytes"),
            TypeRef::Struct => f.write_str("struct"),
            TypeRef::Io => f.write_str("io"),
            TypeRef::Any => f.write_str("any"),
            TypeRef::Named { name, .. } => f.write_str(name),
            TypeRef::List(element) => write!(f, "{element}[]"),
        }
    }
}

/// As its text, as an expression's debug form (which some messages quote) showed it.
impl std::fmt::Debug for TypeRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.to_string().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::TypeRef;
    use crate::expr::KsType;

    #[test]
    fn param_types_parse_to_what_they_name() {
        let named = |name: &str| TypeRef::Named {
            name: name.to_string(),
            kind: KsType::parse(name),
        };
        assert_eq!(TypeRef::named("block"), named("block"));
        let list = |t| TypeRef::List(Box::new(t));
        for (text, ty) in [
            ("b1", TypeRef::Bool),
            ("bool", TypeRef::Bool),
            ("bytes", TypeRef::Bytes),
            ("struct", TypeRef::Struct),
            ("io", TypeRef::Io),
            ("any", TypeRef::Any),
            ("u2le", named("u2le")),
            ("other::block", named("other::block")),
            ("u2[]", list(named("u2"))),
            ("io[]", list(TypeRef::Io)),
            ("b1[]", list(TypeRef::Bool)),
        ] {
            assert_eq!(TypeRef::parse(text), Ok(ty), "{text}");
        }
        assert_eq!(TypeRef::parse("s4").unwrap().rust_int(), Some("i32"));
        assert!(TypeRef::parse("bool").unwrap().by_value());
        assert!(!TypeRef::parse("str").unwrap().by_value());
        assert_eq!(
            TypeRef::parse("other::block").unwrap().user_name(),
            Some("other::block")
        );
        assert_eq!(TypeRef::parse("str").unwrap().user_name(), None);
        assert_eq!(TypeRef::parse("b1").unwrap().to_string(), "bool");
        assert_eq!(TypeRef::parse("block[]").unwrap().to_string(), "block[]");
        for bad in ["", "u2[][]", "[]", "a b", "f(1)", "a::", "::a"] {
            assert!(TypeRef::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_malformed_param_type_is_refused_at_its_path() {
        let ksy = "meta: {id: i}\nseq:\n  - {id: x, type: 't(1, 2)'}\ntypes:\n  t:\n    params:\n      - {id: a, type: u1}\n      - {id: b, type: 'u1[][]'}\n";
        let err = crate::binrw::generate_from("params", &[("i.ksy", ksy)], "i").unwrap_err();
        assert_eq!(err.yaml_path, "/types/t/params/1/type");
        assert_eq!(
            err.message,
            "`u1[][]`: a list of lists is not a Kaitai type"
        );
    }
}
