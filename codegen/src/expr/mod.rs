//! Kaitai's expression language: tokens, and a precedence-climbing parser into [`Expr`].

mod ks_type;
mod lex;
mod parser;
mod ty;
mod type_ref;

pub use ks_type::{Endian, KsType};
use lex::lex;
use parser::Parser;
pub use ty::{IntTy, Type};
pub use type_ref::TypeRef;

/// A parsed expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// Integer literal.
    Int(i128),
    /// An integer literal beyond `i128`, as written (Kaitai's integers are unbounded): a
    /// backend refuses it where it needs the value.
    BigInt(String),
    /// Float literal.
    Float(f64),
    /// String literal.
    Str(String),
    /// `true` / `false`.
    Bool(bool),
    /// A name: field, instance, param, `_root`, `_parent`, `_io`, `_`, `_index`.
    Name(String),
    /// `a::b::c` (enum value or type path).
    Path(Vec<String>),
    /// `[a, b]`.
    Array(Vec<Expr>),
    /// Unary operator (`-`, `not`, `~`).
    Unary(&'static str, Box<Expr>),
    /// Binary operator.
    Binary(&'static str, Box<Expr>, Box<Expr>),
    /// `c ? a : b`.
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `a.name`.
    Attr(Box<Expr>, String),
    /// `a.name(args)`.
    Call(Box<Expr>, String, Vec<Expr>),
    /// `a[i]`.
    Index(Box<Expr>, Box<Expr>),
    /// `a.as<type>`.
    Cast(Box<Expr>, TypeRef),
    /// `sizeof<type>` (`true`) or `bitsizeof<type>`, the type parsed as a cast's is.
    SizeOf(TypeRef, bool),
}

impl Expr {
    /// This expression with every sub-expression for which `f` gives a replacement replaced by
    /// it (the outermost first; a replacement is not looked into).
    pub fn map(&self, f: &dyn Fn(&Expr) -> Option<Expr>) -> Expr {
        if let Some(e) = f(self) {
            return e;
        }
        let go = |e: &Expr| Box::new(e.map(f));
        match self {
            Expr::Attr(b, n) => Expr::Attr(go(b), n.clone()),
            Expr::Cast(b, t) => Expr::Cast(go(b), t.clone()),
            Expr::Unary(op, b) => Expr::Unary(op, go(b)),
            Expr::Call(b, n, args) => {
                Expr::Call(go(b), n.clone(), args.iter().map(|a| a.map(f)).collect())
            }
            Expr::Index(b, i) => Expr::Index(go(b), go(i)),
            Expr::Binary(op, a, b) => Expr::Binary(op, go(a), go(b)),
            Expr::Ternary(c, a, b) => Expr::Ternary(go(c), go(a), go(b)),
            Expr::Array(items) => Expr::Array(items.iter().map(|i| i.map(f)).collect()),
            leaf => leaf.clone(),
        }
    }

    /// The bytes of an array literal whose every item is an integer literal that fits a byte
    /// (`[0x41, 0xff]`, also `[]`), which Kaitai types as a byte array rather than a list when
    /// it is not empty.
    pub fn byte_array(&self) -> Option<Vec<u8>> {
        let Expr::Array(items) = self else {
            return None;
        };
        let bytes = items.iter().map(|i| match i {
            Expr::Int(n) => u8::try_from(*n).ok(),
            _ => None,
        });
        bytes.collect()
    }

    /// Whether `pred` holds for this expression or any expression inside it.
    pub fn any(&self, pred: &dyn Fn(&Expr) -> bool) -> bool {
        pred(self) || self.children().into_iter().any(|c| c.any(pred))
    }

    /// The expressions directly inside this one.
    pub fn children(&self) -> Vec<&Expr> {
        match self {
            Expr::Attr(b, _) | Expr::Cast(b, _) | Expr::Unary(_, b) => vec![b],
            Expr::Call(b, _, args) => std::iter::once(&**b).chain(args).collect(),
            Expr::Index(b, i) => vec![b, i],
            Expr::Binary(_, a, b) => vec![a, b],
            Expr::Ternary(c, a, b) => vec![c, a, b],
            Expr::Array(items) => items.iter().collect(),
            Expr::Int(_)
            | Expr::BigInt(_)
            | Expr::Float(_)
            | Expr::Str(_)
            | Expr::Bool(_)
            | Expr::Name(_)
            | Expr::Path(_)
            | Expr::SizeOf(..) => Vec::new(),
        }
    }
}

/// An expression of a schema, parsed once when the schema is read: its text, which error
/// messages quote, its tree, which the emitter translates, and its type, which the typing pass
/// records once the schemas it names are loaded.
#[derive(Clone, PartialEq)]
pub struct Source {
    text: String,
    tree: Expr,
    ty: Option<Type>,
}

impl Source {
    /// Parses `text`; the error is the parser's.
    pub fn parse(text: &str) -> Result<Source, String> {
        Ok(Source {
            text: text.to_string(),
            tree: parse(text)?,
            ty: None,
        })
    }

    /// The name `id` (a field or instance id) as an expression.
    pub fn name(id: &str) -> Source {
        Source {
            text: id.to_string(),
            tree: Expr::Name(id.to_string()),
            ty: None,
        }
    }

    /// The same expression in parentheses, so its text stays one operand where it is put
    /// inside another.
    pub fn parenthesized(&self) -> Source {
        Source {
            text: format!("({})", self.text),
            tree: self.tree.clone(),
            ty: self.ty.clone(),
        }
    }

    /// The tree rewritten by `f` (see [`Expr::map`]), with the text as the schema spells it,
    /// which messages keep quoting; untyped, as the rewrite may name other things.
    pub fn map(&self, f: &dyn Fn(&Expr) -> Option<Expr>) -> Source {
        Source {
            text: self.text.clone(),
            tree: self.tree.map(f),
            ty: None,
        }
    }

    /// The type the typing pass recorded: `None` before it ran, or when the expression names
    /// something it does not resolve (which the emitter then refuses in its own words).
    pub fn ty(&self) -> Option<&Type> {
        self.ty.as_ref()
    }

    /// Records the expression's type (the typing pass's).
    pub fn set_ty(&mut self, ty: Option<Type>) {
        self.ty = ty;
    }

    /// The expression as the schema spells it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The parsed expression.
    pub fn tree(&self) -> &Expr {
        &self.tree
    }

    /// The name the expression is, when it is one alone (`n`, not `n + 1` or `a.n`).
    pub fn as_name(&self) -> Option<&str> {
        match &self.tree {
            Expr::Name(n) => Some(n),
            _ => None,
        }
    }

    /// The non-negative integer literal the expression is, when it is one (`16`, `0x10`).
    pub fn as_count(&self) -> Option<u64> {
        match self.tree {
            Expr::Int(n) => u64::try_from(n).ok(),
            _ => None,
        }
    }
}

/// As its text (the tree follows from it), so a message shows an expression as the schema
/// spells it.
impl std::fmt::Debug for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.text.fmt(f)
    }
}

/// The text, as a message quotes it.
impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// Parses an expression.
pub fn parse(s: &str) -> Result<Expr, String> {
    let (toks, _) = lex(s)?;
    let mut p = Parser { toks, i: 0 };
    let e = p.ternary()?;
    if p.i != p.toks.len() {
        return Err(format!("unexpected {:?} in expression {s:?}", p.toks[p.i]));
    }
    Ok(e)
}

/// Why [`parse_call`] refused a call.
#[derive(Debug, PartialEq)]
pub enum CallError<'a> {
    /// The text opens a bracket that it does not close at its end.
    Unbalanced,
    /// The arguments between the brackets (`inner`) are not a list of expressions.
    Args {
        /// The text between the brackets.
        inner: &'a str,
        /// What [`parse_list`] said.
        error: String,
    },
}

/// A call as a type or a process routine is written, `name` or `name(a, b)`: the text before
/// the bracket and the parsed arguments ([`parse_list`]). Nothing is trimmed, so a caller that
/// allows spaces after the closing bracket trims `text` first.
pub fn parse_call(text: &str) -> Result<(&str, Vec<Source>), CallError<'_>> {
    let Some((name, rest)) = text.split_once('(') else {
        return Ok((text, Vec::new()));
    };
    let inner = rest.strip_suffix(')').ok_or(CallError::Unbalanced)?;
    let args = parse_list(inner).map_err(|error| CallError::Args { inner, error })?;
    Ok((name, args))
}

/// Parses a comma-separated list of expressions, as a type's arguments are written between
/// their brackets: each item keeps its own text, which messages quote.
pub fn parse_list(s: &str) -> Result<Vec<Source>, String> {
    let (toks, spans) = lex(s)?;
    let chars: Vec<char> = s.chars().collect();
    let mut p = Parser { toks, i: 0 };
    let mut items = Vec::new();
    if p.toks.is_empty() {
        return Ok(items);
    }
    loop {
        let first = p.i;
        let tree = p.ternary()?;
        // `ternary` read at least one token, or it failed.
        let text = chars[spans[first].start..spans[p.i - 1].end]
            .iter()
            .collect();
        items.push(Source {
            text,
            tree,
            ty: None,
        });
        if p.i == p.toks.len() {
            return Ok(items);
        }
        p.expect(",")?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_counts_are_read_from_the_tree() {
        let e = |t: &str| Source::parse(t).unwrap();
        assert_eq!(e(" n ").as_name(), Some("n"));
        assert_eq!(e("(n)").as_name(), Some("n"));
        assert_eq!(e("n + 1").as_name(), None);
        assert_eq!(e("a.n").as_name(), None);
        assert_eq!(e("0x10").as_count(), Some(16));
        assert_eq!(e("32").as_count(), Some(32));
        assert_eq!(e("-1").as_count(), None);
        assert_eq!(e("n").as_count(), None);
    }

    #[test]
    fn list_items_keep_their_own_text() {
        let items = parse_list(" a + 1,[1, 2] ,s.f(x, \"y,z\")").unwrap();
        let texts: Vec<&str> = items.iter().map(Source::text).collect();
        assert_eq!(texts, ["a + 1", "[1, 2]", "s.f(x, \"y,z\")"]);
        assert_eq!(
            items[1].tree(),
            &Expr::Array(vec![Expr::Int(1), Expr::Int(2)])
        );
        assert!(parse_list("").unwrap().is_empty());
        assert!(parse_list("a,").is_err() && parse_list("a b").is_err());
    }

    #[test]
    fn fstrings_are_concatenations_of_to_s() {
        let s = |t: &str| Expr::Str(t.into());
        let to_s = |e: Expr| Expr::Attr(Box::new(e), "to_s".into());
        let plus = |a: Expr, b: Expr| Expr::Binary("+", Box::new(a), Box::new(b));
        assert_eq!(parse(r#"f"""#).unwrap(), s(""));
        assert_eq!(parse(r#"f"abc""#).unwrap(), s("abc"));
        assert_eq!(
            parse(r#"f"abc={n}!""#).unwrap(),
            plus(plus(s("abc="), to_s(Expr::Name("n".into()))), s("!"))
        );
        assert_eq!(parse(r#"f"{'}'}""#).unwrap(), plus(s(""), to_s(s("}"))));
        assert!(parse(r#"f"a{n""#).is_err());
    }

    #[test]
    fn precedence_and_postfix() {
        let e = parse("a.b[1] + 2 * 3 == 7 ? x.as<foo::bar> : -1").unwrap();
        let Expr::Ternary(c, t, f) = e else {
            panic!("{e:?}")
        };
        assert!(matches!(*c, Expr::Binary("==", _, _)));
        assert_eq!(
            *t,
            Expr::Cast(Box::new(Expr::Name("x".into())), TypeRef::named("foo::bar"))
        );
        assert_eq!(*f, Expr::Int(-1));
        assert_eq!(parse("0x1_0").unwrap(), Expr::Int(16));
        assert_eq!(parse("\"a\\nb\"").unwrap(), Expr::Str("a\nb".into()));
        assert_eq!(parse("1.5e2").unwrap(), Expr::Float(150.0));
        assert_eq!(
            parse("x * 1. / 2").unwrap(),
            parse("x * 1.0 / 2").unwrap(),
            "a float with nothing after its point"
        );
        assert_eq!(parse("1.").unwrap(), Expr::Float(1.0));
        let big = "0x184f03e93ff9f4daa797ed6e38ed64bf6a1f01";
        assert_eq!(parse(big).unwrap(), Expr::BigInt(big.into()));
        assert!(parse("0x12g").is_err() && parse("12a").is_err());
        assert_eq!(
            parse("1.to_s").unwrap(),
            Expr::Attr(Box::new(Expr::Int(1)), "to_s".into())
        );
        assert!(parse("a +").is_err());
    }

    #[test]
    fn sizeof_names_a_parsed_type() {
        let size = |t: &str, bytes| Expr::SizeOf(TypeRef::named(t), bytes);
        assert_eq!(parse("sizeof<u4>").unwrap(), size("u4", true));
        assert_eq!(parse("bitsizeof<a::b>").unwrap(), size("a::b", false));
        assert_eq!(
            parse("sizeof<b1>").unwrap(),
            Expr::SizeOf(TypeRef::Bool, true)
        );
        let list = TypeRef::List(Box::new(TypeRef::named("u4")));
        assert_eq!(parse("sizeof<u4[]>").unwrap(), Expr::SizeOf(list, true));
        assert!(parse("sizeof<u4[][]>").is_err());
    }
}
