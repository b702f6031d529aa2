//! The Kaitai expressions the binrw backend accepts in seq directives (integer literals in
//! decimal, hex, binary or octal, field paths, enum values, `*`, `+`, `/` and `%` by a positive literal,
//! comparisons, `&`, `|`, `^`, `not`, `and`, `or`, `? :`; `-` and list indexing in sizes and
//! counts) and their Rust spelling in binrw directives. The text is parsed by the one parser of
//! the language, [`crate::expr`]; `lower.rs` turns its tree into [`Expr`].

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{ToTokens, format_ident, quote};

use super::schema::Param;
use super::tokens::{ident, operator};
use crate::expr::Source;
pub use lower::Use;
pub use sizes::Width;

mod lower;
mod sizes;

/// A parsed expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// An integer literal.
    Int(i64),
    /// `true` or `false` (a literal `if`).
    Bool(bool),
    /// A field, param or path into one: `world.x_size`.
    Path(Vec<String>),
    /// An enum value, `opcodes::a_tuple`: (enum, value).
    Enum(String, String),
    /// A binary operation with its Rust operator.
    Binary(Box<Expr>, &'static str, Box<Expr>),
    /// `not` of a condition.
    Not(Box<Expr>),
    /// `cond ? then : else`.
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A value instance of a user-type field read earlier, by its path: the field path and the
    /// instance's name last (`len.result`). The child's struct has it as a method returning
    /// `Option<i128>`, which the reader calls on the child it has just read and the writer on
    /// the child it holds; in a size or count only (see `paths.rs`).
    ChildValue(Vec<String>),
    /// `list[index]` or `list[index].field.path`: an integer of a list, in a size or count only
    /// (see [`lower_size`]); an index past the end gives a size too large for any input.
    Index(Box<Expr>, Box<Expr>, Vec<String>),
    /// A param of the type (see [`Expr::params`]): an import argument, a value on both sides
    /// (the writer gets it with `#[bw(import(..))]`, as [`writer_import`]), unlike a field,
    /// which the writer sees by reference.
    Param(String),
}

/// The name under which a type's writer imports its param `id`: not `id`, which names the
/// field keeping what the reader was given (binrw binds a struct's fields after its imports,
/// so a field of the same name would shadow the import).
pub fn writer_import(id: &str) -> Ident {
    format_ident!("ks_arg_{id}")
}

/// A field path: its names joined by `.`. Other modules put two other kinds of segment in a
/// path: a method call without arguments (`len()`, `ks_int()`) and a tuple index (`0`).
fn path(p: &[String]) -> TokenStream {
    let segments = p
        .iter()
        .map(|s| match (s.strip_suffix("()"), s.parse::<u32>()) {
            (Some(method), _) => {
                let method = ident(method);
                quote!(#method())
            }
            (None, Ok(n)) => Literal::u32_unsuffixed(n).into_token_stream(),
            (None, Err(_)) => ident(s).into_token_stream(),
        });
    quote!(#(#segments).*)
}

/// A child's value instance (see [`Expr::ChildValue`]): the method call, an `Option<i128>`.
fn child_value(p: &[String]) -> TokenStream {
    let Some((method, field)) = p.split_last() else {
        return path(p);
    };
    let (field, method) = (path(field), ident(method));
    quote!(#field.#method())
}

/// How names are seen where the expression is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// In a reader directive: earlier fields are values.
    Read,
    /// In a writer directive: fields are references.
    Write,
}

/// An expression the schema front end parsed ([`Source`]) as the binrw backend spells it, with
/// what `used` allows beyond [`lower_plain`]: a size's `-` and indexing (as [`lower_size`]), a
/// seq field's `_io.pos`, `_io.size` and `_io.eof` (paths `_io.<attr>` that the caller
/// replaces by the locals recording them, see `io.rs`); the error says what is not supported.
pub fn lower(source: &Source, used: Use) -> Result<Expr, String> {
    lower::lower(source.tree(), source.text(), used)
}

/// [`lower`] for an expression other than a size or element count.
pub fn lower_plain(source: &Source) -> Result<Expr, String> {
    lower(
        source,
        Use {
            size: false,
            io: false,
        },
    )
}

/// [`lower`] for a size or element count, which may also subtract (`len - 2`) and index a list
/// (`sizes[i]`): only [`Expr::count`] and [`Expr::rust`] converted with `usize::try_from` take
/// `-`, so a negative or underflowing result fails the conversion instead of wrapping or
/// panicking.
pub fn lower_size(source: &Source) -> Result<Expr, String> {
    lower(
        source,
        Use {
            size: true,
            io: false,
        },
    )
}

/// [`lower_plain`] of `text`, for the tests.
#[cfg(test)]
pub fn parse(text: &str) -> Result<Expr, String> {
    lower_plain(&Source::parse(text)?)
}

/// [`lower_size`] of `text`, for the tests.
#[cfg(test)]
pub fn parse_size(text: &str) -> Result<Expr, String> {
    lower_size(&Source::parse(text)?)
}

/// Binary operators by rising precedence: (Kaitai spelling, Rust spelling, level).
const OPERATORS: &[(&str, &str, u8)] = &[
    ("or", "||", 1),
    ("and", "&&", 2),
    ("==", "==", 3),
    ("!=", "!=", 3),
    (">=", ">=", 3),
    ("<=", "<=", 3),
    (">", ">", 3),
    ("<", "<", 3),
    ("|", "|", 4),
    ("^", "^", 5),
    ("&", "&", 6),
    ("+", "+", 7),
    ("-", "-", 7),
    ("*", "*", 8),
    ("/", "/", 8),
    ("%", "%", 8),
];

impl Expr {
    /// The constant value, if the expression is a literal.
    pub fn constant(&self) -> Option<i64> {
        match self {
            Expr::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// The single name, if the expression is one.
    pub fn name(&self) -> Option<&str> {
        match self {
            Expr::Path(p) if p.len() == 1 => Some(&p[0]),
            _ => None,
        }
    }

    /// Every path of the expression, in order.
    pub fn paths<'a>(&'a self, out: &mut Vec<&'a [String]>) {
        match self {
            Expr::Int(_) | Expr::Enum(..) | Expr::Bool(_) => {}
            Expr::Path(p) | Expr::ChildValue(p) => out.push(p),
            Expr::Param(name) => out.push(std::slice::from_ref(name)),
            Expr::Not(inner) => inner.paths(out),
            Expr::Ternary(c, a, b) => {
                c.paths(out);
                a.paths(out);
                b.paths(out);
            }
            Expr::Binary(l, _, r) | Expr::Index(l, r, _) => {
                l.paths(out);
                r.paths(out);
            }
        }
    }

    /// The expression with every single-name path that names one of `params` as a param.
    pub fn params(&self, params: &[Param]) -> Expr {
        match self {
            Expr::Path(p) if p.len() == 1 && params.iter().any(|n| n.id == p[0]) => {
                Expr::Param(p[0].clone())
            }
            Expr::Binary(l, op, r) => {
                Expr::Binary(Box::new(l.params(params)), op, Box::new(r.params(params)))
            }
            Expr::Not(inner) => Expr::Not(Box::new(inner.params(params))),
            Expr::Ternary(c, a, b) => Expr::Ternary(
                Box::new(c.params(params)),
                Box::new(a.params(params)),
                Box::new(b.params(params)),
            ),
            Expr::Index(l, i, rest) => Expr::Index(
                Box::new(l.params(params)),
                Box::new(i.params(params)),
                rest.clone(),
            ),
            other => other.clone(),
        }
    }

    /// The expression with every path that `map` rewrites replaced.
    pub fn map_paths(&self, map: &impl Fn(&[String]) -> Option<Vec<String>>) -> Expr {
        match self {
            Expr::Path(p) => Expr::Path(map(p).unwrap_or_else(|| p.clone())),
            Expr::ChildValue(p) => Expr::ChildValue(map(p).unwrap_or_else(|| p.clone())),
            Expr::Binary(l, op, r) => {
                Expr::Binary(Box::new(l.map_paths(map)), op, Box::new(r.map_paths(map)))
            }
            Expr::Not(inner) => Expr::Not(Box::new(inner.map_paths(map))),
            Expr::Ternary(c, a, b) => Expr::Ternary(
                Box::new(c.map_paths(map)),
                Box::new(a.map_paths(map)),
                Box::new(b.map_paths(map)),
            ),
            Expr::Index(l, i, rest) => Expr::Index(
                Box::new(l.map_paths(map)),
                Box::new(i.map_paths(map)),
                rest.clone(),
            ),
            other => other.clone(),
        }
    }

    /// [`Expr::rust`] for a function's only argument, where a `? :` needs no parentheses of
    /// its own.
    pub fn rust_arg(&self, side: Side) -> TokenStream {
        match self {
            Expr::Ternary(c, a, b) => {
                let (c, a, b) = (c.rust(side), a.rust(side), b.rust(side));
                quote!(if #c { #a } else { #b })
            }
            _ => self.rust(side),
        }
    }

    /// Whether the reader spells it as one name or field path (a literal, a param, `a.b`), which
    /// a type argument clones as it is, rather than an operation it puts in parentheses.
    pub fn is_path(&self) -> bool {
        match self {
            Expr::Int(n) => *n >= 0,
            Expr::Bool(_) | Expr::Param(_) => true,
            Expr::Path(p) => super::parent::is_nav(&p[0]) || p.iter().all(|s| !s.ends_with("()")),
            _ => false,
        }
    }

    /// Rust for a condition or value.
    pub fn rust(&self, side: Side) -> TokenStream {
        match self {
            Expr::Int(n) => Literal::i64_unsuffixed(*n).into_token_stream(),
            Expr::Enum(en, value) => {
                let en = ident(&super::schema::snake_to_camel(en));
                let value = ident(&super::schema::snake_to_camel(value));
                quote!(#en::#value)
            }
            Expr::Path(p) if super::parent::is_nav(&p[0]) => {
                ident(&super::parent::import_name(p)).into_token_stream()
            }
            Expr::Bool(b) => quote!(#b),
            Expr::Param(name) if side == Side::Write => writer_import(name).into_token_stream(),
            Expr::Param(name) => ident(name).into_token_stream(),
            Expr::Not(inner) => {
                let inner = inner.rust(side);
                quote!(!(#inner))
            }
            Expr::Ternary(c, a, b) => {
                let (c, a, b) = (c.rust(side), a.rust(side), b.rust(side));
                quote!((if #c { #a } else { #b }))
            }
            // Only sizes and counts index (see `lower_size`): they take it as a `usize`.
            Expr::Index(..) => self.usize(side, &|_| Width::Other),
            Expr::Path(p) if p.len() == 1 && side == Side::Write => {
                let name = ident(&p[0]);
                quote!(*#name)
            }
            Expr::Path(p) => path(p),
            Expr::ChildValue(p) => child_value(p),
            Expr::Binary(l, "/", r) => {
                let (l, r) = (l.rust(side), r.rust(side));
                quote!((#l).div_euclid(#r))
            }
            Expr::Binary(l, "%", r) => {
                let (l, r) = (l.rust(side), r.rust(side));
                quote!((#l).rem_euclid(#r))
            }
            // Only sizes take `-` (see `lower_size`): in `i128`, converted to `usize` by the caller.
            Expr::Binary(l, "-", r) => {
                let (l, r) = (l.rust(side), r.rust(side));
                quote!((i128::from(#l) - i128::from(#r)))
            }
            Expr::Binary(l, op, r) => self.binary(side, l, op, r),
        }
    }

    /// [`Expr::rust`] of `l op r` (a [`Expr::Binary`]) other than `/` and `-`.
    fn binary(&self, side: Side, l: &Expr, op: &str, r: &Expr) -> TokenStream {
        if let (Side::Write, Some(name), Expr::Enum(en, _), "==" | "!=") = (side, l.name(), r, op) {
            // The writer sees an enum field as the integer it is written as.
            let en = ident(&super::schema::snake_to_camel(en));
            let (name, op, r) = (ident(name), operator(op), r.rust(side));
            return quote!(#en::from(i128::from(#name)) #op #r);
        }
        // Parentheses only where Rust's precedence would regroup the operands (Kaitai's
        // levels are Rust's for these operators).
        let level = |e: &Expr| match e {
            Expr::Binary(_, o, _) => OPERATORS
                .iter()
                .find(|(_, r, _)| r == o)
                .map_or(u8::MAX, |(_, _, l)| *l),
            _ => u8::MAX,
        };
        let mine = level(self);
        let wrap = |e: &Expr, tight: bool| {
            let s = e.rust(side);
            if level(e) < mine || (tight && level(e) == mine) {
                quote!((#s))
            } else {
                s
            }
        };
        let (l, op, r) = (wrap(l, false), operator(op), wrap(r, true));
        quote!(#l #op #r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::binrw::tokens::source;

    #[test]
    fn hex_literals() {
        assert_eq!(
            source(&parse("op == 0x54").unwrap().rust(Side::Read)),
            "op == 84"
        );
        assert_eq!(parse("0b1_01").unwrap().constant(), Some(5));
        assert_eq!(parse("-7").ok(), None);
        assert_eq!(parse("9 / 2").unwrap().constant(), Some(4));
        assert_eq!(
            source(&parse("qty / 2").unwrap().count(Side::Write)),
            "usize::from(*qty) / 2usize"
        );
        // Kaitai rounds a negative quotient down, as `div_euclid` by a positive divisor does.
        assert_eq!(
            source(&parse("a / 2 > 1").unwrap().rust(Side::Read)),
            "(a).div_euclid(2) > 1"
        );
    }

    #[test]
    fn precedence_and_spelling() {
        let e = parse("instance == 4 or instance == 5").unwrap();
        assert_eq!(
            source(&e.rust(Side::Read)),
            "instance == 4 || instance == 5"
        );
        let e = parse("version >= 2 and version <= 3").unwrap();
        assert_eq!(source(&e.rust(Side::Read)), "version >= 2 && version <= 3");
        let e = parse("world.x_size * world.y_size").unwrap();
        assert_eq!(
            source(&e.count(Side::Read)),
            "usize::from(world.x_size) * usize::from(world.y_size)"
        );
        let wide = |n: &str| {
            if n == "qty" {
                Width::Unsigned
            } else {
                Width::Narrow
            }
        };
        assert_eq!(
            source(&parse("qty / 2").unwrap().count_in(Side::Read, &wide)),
            "(usize::try_from(qty).unwrap_or(usize::MAX) / 2usize)"
        );
        assert_eq!(
            source(&parse("qty * n").unwrap().count_in(Side::Write, &wide)),
            "usize::try_from(*qty).unwrap_or(usize::MAX).saturating_mul(usize::from(*n))"
        );
        let wide = |n: &str| {
            if n == "header.qty" {
                Width::Unsigned
            } else {
                Width::Narrow
            }
        };
        assert_eq!(
            source(&parse("header.qty").unwrap().count_in(Side::Write, &wide)),
            "usize::try_from(header.qty).unwrap_or(usize::MAX)"
        );
        assert_eq!(
            source(&parse("height").unwrap().count(Side::Write)),
            "usize::from(*height)"
        );
    }

    #[test]
    fn subtraction_only_in_sizes() {
        assert!(parse("len - 2 > 1").unwrap_err().contains("`-`"));
        let e = parse_size("len - 2").unwrap();
        // A negative size fails the caller's `usize::try_from` instead of wrapping.
        assert_eq!(
            source(&e.rust(Side::Write)),
            "(i128::from(*len) - i128::from(2))"
        );
        assert_eq!(
            source(&e.count(Side::Read)),
            "usize::from(len).checked_sub(2usize).unwrap_or(usize::MAX)"
        );
        assert_eq!(
            source(&parse_size("a + b - 1").unwrap().count(Side::Read)),
            "(usize::from(a) + usize::from(b)).checked_sub(1usize).unwrap_or(usize::MAX)"
        );
    }

    #[test]
    fn a_literal_past_u32_is_computed_in_u64() {
        // `4294967296usize` would not compile on a 32-bit target; `n` is a recorded `u4`.
        let wide = |n: &str| {
            if n == "n" {
                Width::Unsigned
            } else {
                Width::Other
            }
        };
        let e = parse_size("4294967296 - n").unwrap();
        assert_eq!(
            source(&e.count_in(Side::Read, &wide)),
            "usize::try_from(4294967296u64.checked_sub(u64::from(n)).unwrap_or(u64::MAX)).unwrap_or(usize::MAX)"
        );
        // Below it, sizes stay in `usize`, the unsigned name converted with a check.
        assert_eq!(
            source(
                &parse_size("4294967295 - n")
                    .unwrap()
                    .count_in(Side::Read, &wide)
            ),
            "4294967295usize.checked_sub(usize::try_from(n).unwrap_or(usize::MAX)).unwrap_or(usize::MAX)"
        );
    }

    #[test]
    fn indexing_in_sizes_only() {
        assert!(parse("sizes[0] > 1").unwrap_err().contains("`[`"));
        let e = parse_size("_root.sizes[idx]").unwrap();
        let idx = Param {
            id: "idx".into(),
            ty: crate::binrw::schema::TypeRef::parse("s4").unwrap(),
            enum_name: None,
            rust_type: None,
        };
        let e = e.params(&[idx]);
        // `idx` is wide (signed); the element's type is not known, so it goes through `i128`.
        let wide = |n: &str| {
            if n == "idx" {
                Width::Other
            } else {
                Width::Narrow
            }
        };
        assert_eq!(
            source(&e.count_in(Side::Write, &wide)),
            "root_sizes.get(usize::try_from(ks_arg_idx).unwrap_or(usize::MAX)).map_or(usize::MAX, |ks_e| usize::try_from(i128::from(*ks_e)).unwrap_or(usize::MAX))"
        );
        let e = parse_size("sizes[i + 1] * 2").unwrap();
        assert!(
            source(&e.count(Side::Read)).starts_with("sizes.get("),
            "{e:?}"
        );
        assert!(parse_size("sizes[0").is_err());
        let e = parse_size("bar[1].foo.len").unwrap();
        assert!(
            source(&e.count(Side::Read))
                .contains("|ks_e| usize::try_from(i128::from(ks_e.foo.len))"),
            "{e:?}"
        );
        assert!(parse_size("bar.foo").is_ok() && parse_size(".foo").is_err());
        assert!(parse_size("(a + b)[0]").is_err());
    }

    #[test]
    fn parentheses_where_needed() {
        assert_eq!(parse("(5)").unwrap().constant(), Some(5));
        let e = parse("(a + b) * c + (d * e)").unwrap();
        assert_eq!(source(&e.rust(Side::Read)), "(a + b) * c + d * e");
        assert!(parse("(a + b").is_err());
    }

    #[test]
    fn enum_values() {
        let e = parse("opcode == opcodes::a_tuple").unwrap();
        assert_eq!(source(&e.rust(Side::Read)), "opcode == Opcodes::ATuple");
        assert_eq!(
            source(&e.rust(Side::Write)),
            "Opcodes::from(i128::from(opcode)) == Opcodes::ATuple"
        );
        assert!(parse("a::").is_err());
        // The Rust names of the enum and its value must be identifiers.
        assert!(parse("a == e::_").is_err() && parse("a == e::1st").is_err());
    }

    #[test]
    fn not_and_stream_attributes() {
        let e = parse("not a == 1 and b").unwrap();
        assert_eq!(source(&e.rust(Side::Read)), "!(a == 1) && b");
        assert!(parse("not _io.eof").is_err());
        let io = Use {
            size: false,
            io: true,
        };
        let e = lower(&Source::parse("not _io.eof").unwrap(), io).unwrap();
        assert_eq!(
            e,
            Expr::Not(Box::new(Expr::Path(vec!["_io".into(), "eof".into()])))
        );
        assert!(lower(&Source::parse("_io.name").unwrap(), io).is_err());
    }

    #[test]
    fn refuses_what_it_cannot_spell() {
        assert!(parse("_io.name").is_err());
        assert!(parse("a - b").is_err());
        assert!(parse("a ==").is_err());
        assert!(parse("1.5").is_err());
        assert!(parse("a / b").is_err());
        assert!(parse("a / 0").is_err());
        assert!(parse("0x1_0000_0000_0000_0000").is_err());
    }
}
