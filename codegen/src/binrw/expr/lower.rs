//! The lowering of a tree of Kaitai's expression language ([`crate::expr`], the one parser)
//! into the binrw backend's [`Expr`]: the forms its directives can spell, each refused form
//! named in the error.

use super::{Expr, OPERATORS};
use crate::expr::Expr as Ks;

/// Where an expression is used, which decides what it may hold beyond the common forms (the
/// default: neither, as [`super::parse`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Use {
    /// A size or element count: `-` and indexing are allowed (see [`super::lower_size`]).
    pub size: bool,
    /// A seq field's `if` or `size`: `_io.pos`, `_io.size` and `_io.eof` are allowed (see
    /// [`super::lower`]).
    pub io: bool,
}

/// `tree`, parsed from `text` (which the errors quote), as the binrw backend spells it in `used`.
pub(super) fn lower(tree: &Ks, text: &str, used: Use) -> Result<Expr, String> {
    let refuse_in = |what: &str, only: &str| {
        format!(
            "`{what}` in expression `{text}` is not supported by the binrw backend (only {only})"
        )
    };
    if !used.size && tree.any(&|e| matches!(e, Ks::Index(..) | Ks::Array(_))) {
        return Err(refuse_in("[", "indexing, in a size or count"));
    }
    if !used.size && tree.any(&is_minus) {
        return Err(refuse_in("-", "in a size or count"));
    }
    Lowering { text, used }.expr(tree)
}

/// A subtraction, a negation or a negative literal (the parser folds `-1` into one).
fn is_minus(e: &Ks) -> bool {
    matches!(e, Ks::Binary("-", ..) | Ks::Unary("-", _)) || matches!(e, Ks::Int(n) if *n < 0)
}

/// An atom (name, literal) the backend cannot spell.
fn refuse_atom(token: &str) -> String {
    format!("`{token}` is not supported by the binrw backend in an expression")
}

struct Lowering<'a> {
    text: &'a str,
    used: Use,
}

impl Lowering<'_> {
    /// An operator or other construct the backend cannot spell.
    fn refuse(&self, what: &str) -> String {
        format!(
            "`{what}` in expression `{}` is not supported by the binrw backend",
            self.text
        )
    }

    fn expr(&self, e: &Ks) -> Result<Expr, String> {
        match e {
            Ks::Int(n) if *n < 0 => Err(self.refuse("-")),
            Ks::Int(n) => i64::try_from(*n)
                .map(Expr::Int)
                .map_err(|_| refuse_atom(&n.to_string())),
            Ks::Bool(b) => Ok(Expr::Bool(*b)),
            Ks::Name(_) | Ks::Attr(..) => self.path(e),
            Ks::Path(p) => enum_value(p).ok_or_else(|| refuse_atom(&p.join("::"))),
            Ks::Unary("not", inner) => Ok(Expr::Not(Box::new(self.expr(inner)?))),
            Ks::Unary(op, _) => Err(self.refuse(op)),
            Ks::Binary(op, l, r) => self.binary(op, l, r),
            Ks::Ternary(c, a, b) => Ok(Expr::Ternary(
                Box::new(self.expr(c)?),
                Box::new(self.expr(a)?),
                Box::new(self.expr(b)?),
            )),
            Ks::Index(list, i) => self.index(list, i),
            Ks::BigInt(t) => Err(refuse_atom(t)),
            Ks::Float(v) => Err(refuse_atom(&v.to_string())),
            Ks::Str(s) => Err(refuse_atom(&format!("{s:?}"))),
            Ks::Array(_) => Err(self.refuse("[")),
            Ks::Call(_, name, _) => Err(self.refuse(&format!(".{name}()"))),
            Ks::Cast(_, ty) => Err(self.refuse(&format!(".as<{ty}>"))),
            Ks::SizeOf(ty, true) => Err(self.refuse(&format!("sizeof<{ty}>"))),
            Ks::SizeOf(ty, false) => Err(self.refuse(&format!("bitsizeof<{ty}>"))),
        }
    }

    /// `l op r` with its Rust operator; a quotient or remainder of literals folded.
    fn binary(&self, op: &str, l: &Ks, r: &Ks) -> Result<Expr, String> {
        let (_, rust, _) = OPERATORS
            .iter()
            .find(|(kaitai, _, _)| *kaitai == op)
            .ok_or_else(|| self.refuse(op))?;
        let (l, r) = (self.expr(l)?, self.expr(r)?);
        if !matches!(*rust, "/" | "%") {
            return Ok(Expr::Binary(Box::new(l), rust, Box::new(r)));
        }
        // Euclidean division by a positive constant rounds down and leaves a non-negative
        // remainder, as Kaitai's `/` and `%` do, and cannot divide by zero.
        match (l.constant(), r.constant()) {
            (_, None) | (_, Some(..=0)) => Err(format!(
                "`{rust}` by other than a positive integer literal is not supported by the binrw backend"
            )),
            // A method call on a bare literal would not compile (its integer type is ambiguous).
            (Some(l), Some(r)) if *rust == "/" => Ok(Expr::Int(l.div_euclid(r))),
            (Some(l), Some(r)) => Ok(Expr::Int(l.rem_euclid(r))),
            (None, Some(_)) => Ok(Expr::Binary(Box::new(l), rust, Box::new(r))),
        }
    }

    /// `list[i]`, in a size or count (see [`lower`]): the list a field path.
    fn index(&self, list: &Ks, i: &Ks) -> Result<Expr, String> {
        let list = self.expr(list)?;
        if !matches!(list, Expr::Path(_)) {
            return Err(
                "indexing other than a list field is not supported by the binrw backend".into(),
            );
        }
        Ok(Expr::Index(
            Box::new(list),
            Box::new(self.expr(i)?),
            Vec::new(),
        ))
    }

    /// A name and the attributes after it (`world.x_size`), or the path after an index
    /// (`sizes[0].len`).
    fn path(&self, e: &Ks) -> Result<Expr, String> {
        let mut names = Vec::new();
        let mut base = e;
        while let Ks::Attr(inner, name) = base {
            names.push(name.clone());
            base = inner;
        }
        names.reverse();
        match base {
            Ks::Name(head) => {
                names.insert(0, head.clone());
                self.field_path(names)
            }
            Ks::Index(list, i) => match self.index(list, i)? {
                Expr::Index(list, i, _) if names.iter().all(|n| is_segment(n)) => {
                    Ok(Expr::Index(list, i, names))
                }
                _ => Err(refuse_atom(&format!(".{}", names.join(".")))),
            },
            // A refused base says why; an attribute of a value the backend computes is refused.
            other => self
                .expr(other)
                .and_then(|_| Err(self.refuse(&format!(".{}", names.join("."))))),
        }
    }

    /// A path from a name: into fields, params, `_parent` or `_root`, or (in an `if` or
    /// `size`) one of the `_io` attributes, which the caller replaces by a local (see `io.rs`).
    fn field_path(&self, names: Vec<String>) -> Result<Expr, String> {
        let token = names.join(".");
        if self.used.io && super::super::io::is_io(&token) {
            return Ok(Expr::Path(names));
        }
        let head = &names[0];
        // `_parent` and `_root` lead a path into an enclosing type (see `parent.rs`); other
        // names starting with `_` (`_io`, `_index`) are not fields.
        let known = super::super::parent::is_nav(head) || !head.starts_with('_');
        let keyword = matches!(head.as_str(), "and" | "or");
        if known && !keyword && names.iter().all(|n| is_segment(n)) {
            Ok(Expr::Path(names))
        } else {
            Err(refuse_atom(&token))
        }
    }
}

/// A name the Rust side can use as it is: ASCII, starting with a lowercase letter or `_`.
fn is_segment(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `opcodes::a_tuple` (or `file::opcodes::a_tuple`): an enum of this file, its last two names,
/// each starting with a letter so its Rust name is an identifier too.
fn enum_value(path: &[String]) -> Option<Expr> {
    let [.., en, value] = path else { return None };
    let plain = |s: &str| {
        s.starts_with(|c: char| c.is_ascii_lowercase())
            && s.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    };
    (plain(en) && plain(value)).then(|| Expr::Enum(en.clone(), value.clone()))
}

#[cfg(test)]
mod tests {
    use super::super::{parse, parse_size};
    use super::*;

    /// An `if` (or `size`) of a seq field.
    fn parse_io(text: &str, size: bool) -> Result<Expr, String> {
        lower(&crate::expr::parse(text)?, text, Use { size, io: true })
    }

    fn path(p: &str) -> Expr {
        Expr::Path(p.split('.').map(str::to_string).collect())
    }

    fn bin(l: Expr, op: &'static str, r: Expr) -> Expr {
        Expr::Binary(Box::new(l), op, Box::new(r))
    }

    #[test]
    fn keeps_kaitai_precedence() {
        // `and` binds tighter than `or`, comparisons tighter than `and`, `&` tighter than `|`.
        assert_eq!(
            parse("a or b and c == 1").unwrap(),
            bin(
                path("a"),
                "||",
                bin(path("b"), "&&", bin(path("c"), "==", Expr::Int(1)))
            )
        );
        assert_eq!(
            parse("a | b & 3").unwrap(),
            bin(path("a"), "|", bin(path("b"), "&", Expr::Int(3)))
        );
        assert_eq!(
            parse("x.y * 2 + 1 > n").unwrap(),
            bin(
                bin(bin(path("x.y"), "*", Expr::Int(2)), "+", Expr::Int(1)),
                ">",
                path("n")
            )
        );
        // `not` takes a comparison; `? :` is the loosest and nests to the right.
        assert_eq!(
            parse("not a == 1").unwrap(),
            Expr::Not(Box::new(bin(path("a"), "==", Expr::Int(1))))
        );
        let Expr::Ternary(c, _, other) = parse("a ? 1 : b ? 2 : 3").unwrap() else {
            panic!("not a ternary")
        };
        assert_eq!(*c, path("a"));
        assert!(matches!(*other, Expr::Ternary(..)));
        assert_eq!(
            parse_size("a - b - 1").unwrap(),
            bin(bin(path("a"), "-", path("b")), "-", Expr::Int(1))
        );
    }

    #[test]
    fn accepts_the_forms_it_spells() {
        assert_eq!(parse("0x10 / 3").unwrap(), Expr::Int(5));
        assert_eq!(parse("true").unwrap(), Expr::Bool(true));
        assert_eq!(
            parse("_root.hdr.n").unwrap(),
            path("_root.hdr.n"),
            "a path from `_root`"
        );
        assert_eq!(
            parse("k == my_file::kinds::big").unwrap(),
            bin(path("k"), "==", Expr::Enum("kinds".into(), "big".into()))
        );
        assert_eq!(
            parse_size("sizes[i - 1].len").unwrap(),
            Expr::Index(
                Box::new(path("sizes")),
                Box::new(bin(path("i"), "-", Expr::Int(1))),
                vec!["len".into()]
            )
        );
        assert_eq!(parse_io("_io.size", true).unwrap(), path("_io.size"));
        // A remainder of literals is folded.
        assert_eq!(parse_size("7 % 3").unwrap(), Expr::Int(1));
    }

    #[test]
    fn refusals_name_the_construct() {
        let refused = |text: &str, what: &str| {
            let e = parse_size(text).unwrap_err();
            assert!(e.contains(what), "{text}: {e}");
        };
        refused("a << 2", "`<<` in expression `a << 2`");
        refused("a % b", "`%` by other than a positive integer literal");
        refused("a % 0", "`%` by other than a positive integer literal");
        refused("~a", "`~` in expression `~a`");
        refused("-a", "`-` in expression `-a`");
        refused("a + -1", "`-` in expression `a + -1`");
        refused("s.length()", "`.length()` in expression");
        refused("a.as<u4>", "`.as<u4>` in expression");
        refused("sizeof<u4>", "`sizeof<u4>` in expression");
        refused("[1, 2]", "`[` in expression");
        refused("(a + b).c", "`.c` in expression `(a + b).c`");
        refused(
            "\"x\"",
            "`\"x\"` is not supported by the binrw backend in an expression",
        );
        refused("1.5", "`1.5` is not supported");
        refused("_index", "`_index` is not supported");
        refused("_io.pos", "`_io.pos` is not supported");
        refused("Foo", "`Foo` is not supported");
        refused("e::Big", "`e::Big` is not supported");
        refused("or", "`or` is not supported");
        refused("(a + b)[0]", "indexing other than a list field");
        refused("a[0][1]", "indexing other than a list field");
        refused("a / b", "`/` by other than a positive integer literal");
        refused(
            "a / (1 - 1)",
            "`/` by other than a positive integer literal",
        );
        refused(
            "9223372036854775808",
            "`9223372036854775808` is not supported by the binrw backend in an expression",
        );
        let beyond_i128 = "0x1_0000_0000_0000_0000_0000_0000_0000_0000";
        refused(
            beyond_i128,
            "`0x100000000000000000000000000000000` is not supported by the binrw backend",
        );
        // A syntax error is the parser's.
        assert!(parse_size("a +").is_err() && parse_size("a b").is_err());
    }

    #[test]
    fn minus_and_indexing_only_in_sizes_and_io_only_where_asked() {
        for text in ["a - 1 > 0", "-1", "n > -1"] {
            let e = parse(text).unwrap_err();
            assert_eq!(
                e,
                format!(
                    "`-` in expression `{text}` is not supported by the binrw backend (only in a size or count)"
                )
            );
        }
        for text in ["v[0] > 1", "v == [1, 2]"] {
            let e = parse(text).unwrap_err();
            assert_eq!(
                e,
                format!(
                    "`[` in expression `{text}` is not supported by the binrw backend (only indexing, in a size or count)"
                )
            );
        }
        assert!(parse_io("_io.eof", false).is_ok() && parse_size("_io.eof").is_err());
        // Only the three attributes the backend records, and only directly on `_io`.
        assert!(parse_io("_io.name", true).is_err());
        assert!(parse_io("_io.pos.x", true).is_err());
    }
}
