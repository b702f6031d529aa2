//! Kaitai's expression language: tokens, and a precedence-climbing parser into [`Expr`].

use std::ops::Range;

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
    Cast(Box<Expr>, String),
    /// `sizeof<type>` (`true`) or `bitsizeof<type>`.
    SizeOf(String, bool),
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
/// messages quote, and its tree, which the emitter translates.
#[derive(Clone, PartialEq)]
pub struct Source {
    text: String,
    tree: Expr,
}

impl Source {
    /// Parses `text`; the error is the parser's.
    pub fn parse(text: &str) -> Result<Source, String> {
        Ok(Source {
            text: text.to_string(),
            tree: parse(text)?,
        })
    }

    /// The name `id` (a field or instance id) as an expression.
    pub fn name(id: &str) -> Source {
        Source {
            text: id.to_string(),
            tree: Expr::Name(id.to_string()),
        }
    }

    /// The same expression in parentheses, so its text stays one operand where it is put
    /// inside another.
    pub fn parenthesized(&self) -> Source {
        Source {
            text: format!("({})", self.text),
            tree: self.tree.clone(),
        }
    }

    /// The tree rewritten by `f` (see [`Expr::map`]), with the text as the schema spells it,
    /// which messages keep quoting.
    pub fn map(&self, f: &dyn Fn(&Expr) -> Option<Expr>) -> Source {
        Source {
            text: self.text.clone(),
            tree: self.tree.map(f),
        }
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

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Int(i128),
    BigInt(String),
    Float(f64),
    Str(String),
    Ident(String),
    Op(&'static str),
}

const OPS: &[&str] = &[
    "::", "<<", ">>", "<=", ">=", "==", "!=", "+", "-", "*", "/", "%", "<", ">", "&", "|", "^",
    "~", "!", "?", ":", "(", ")", "[", "]", ",", ".",
];

/// The tokens of `s`, each with the range of `s`'s characters it was read from (so a list
/// item keeps its own text, see [`parse_list`]).
fn lex(s: &str) -> Result<(Vec<Tok>, Vec<Range<usize>>), String> {
    let c: Vec<char> = s.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    let mut spans = Vec::new();
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if ch.is_ascii_digit() {
            let start = i;
            while i < c.len() && (c[i].is_ascii_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            // `1.5`, and `1.` (Kaitai's float one), but not `1.to_s`, a method of an integer.
            let is_float = c.get(i) == Some(&'.')
                && c.get(i + 1)
                    .is_none_or(|&d| d.is_ascii_digit() || !(d.is_alphanumeric() || d == '_'));
            if is_float
                || (i < c.len()
                    && c[start..i].iter().any(|&d| d == 'e' || d == 'E')
                    && !c[start..i].starts_with(&['0', 'x']))
            {
                if is_float {
                    i += 1;
                    while i < c.len() && (c[i].is_ascii_digit() || c[i] == '_') {
                        i += 1;
                    }
                    if i < c.len() && (c[i] == 'e' || c[i] == 'E') {
                        i += 1;
                        if i < c.len() && (c[i] == '+' || c[i] == '-') {
                            i += 1;
                        }
                        while i < c.len() && c[i].is_ascii_digit() {
                            i += 1;
                        }
                    }
                }
                let t: String = c[start..i].iter().filter(|&&d| d != '_').collect();
                out.push(Tok::Float(
                    t.parse().map_err(|_| format!("bad number {t}"))?,
                ));
            } else {
                let t: String = c[start..i].iter().filter(|&&d| d != '_').collect();
                out.push(match parse_int(&t) {
                    Some(n) => Tok::Int(n),
                    None if is_int_literal(&t) => Tok::BigInt(t),
                    None => return Err(format!("bad number {t}")),
                });
            }
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(Tok::Ident(c[start..i].iter().collect()));
        } else if ch == '"' || ch == '\'' {
            i += 1;
            let mut t = String::new();
            while i < c.len() && c[i] != ch {
                if ch == '"' && c[i] == '\\' && i + 1 < c.len() {
                    i += 1;
                    let (v, used) = unescape(&c[i..])?;
                    t.push(v);
                    i += used;
                } else {
                    t.push(c[i]);
                    i += 1;
                }
            }
            if i >= c.len() {
                return Err("unterminated string".into());
            }
            i += 1;
            out.push(Tok::Str(t));
        } else {
            let rest: String = c[i..c.len().min(i + 2)].iter().collect();
            let op = OPS
                .iter()
                .find(|o| rest.starts_with(**o))
                .ok_or_else(|| format!("unexpected character {ch:?}"))?;
            out.push(Tok::Op(op));
            i += op.len();
        }
        spans.push(start..i);
    }
    Ok((out, spans))
}

fn unescape(c: &[char]) -> Result<(char, usize), String> {
    Ok(match c[0] {
        'n' => ('\n', 1),
        't' => ('\t', 1),
        'r' => ('\r', 1),
        '0'..='7' => {
            let n = c.iter().take(3).take_while(|d| d.is_digit(8)).count();
            let s: String = c[..n].iter().collect();
            let v = u32::from_str_radix(&s, 8).map_err(|e| e.to_string())?;
            (char::from_u32(v).ok_or("bad escape")?, n)
        }
        'x' => {
            let s: String = c[1..3.min(c.len())].iter().collect();
            let v = u32::from_str_radix(&s, 16).map_err(|e| e.to_string())?;
            (char::from_u32(v).ok_or("bad escape")?, 3)
        }
        'u' => {
            let s: String = c[1..5.min(c.len())].iter().collect();
            let v = u32::from_str_radix(&s, 16).map_err(|e| e.to_string())?;
            (char::from_u32(v).ok_or("bad escape")?, 5)
        }
        other => (other, 1),
    })
}

/// Whether `t` is an integer literal (decimal, `0x`, `0b`, `0o`, without `_`) of any size.
fn is_int_literal(t: &str) -> bool {
    let (digits, radix) = match t.get(..2) {
        Some("0x" | "0X") => (&t[2..], 16),
        Some("0b") => (&t[2..], 2),
        Some("0o") => (&t[2..], 8),
        _ => (t, 10),
    };
    !digits.is_empty() && digits.chars().all(|d| d.is_digit(radix))
}

/// Parses an integer literal (decimal, `0x`, `0b`, `0o`).
pub fn parse_int(t: &str) -> Option<i128> {
    let t = t.replace('_', "");
    let (neg, t) = t
        .strip_prefix('-')
        .map_or((false, t.as_str()), |r| (true, r));
    let v = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        i128::from_str_radix(h, 16).ok()?
    } else if let Some(b) = t.strip_prefix("0b") {
        i128::from_str_radix(b, 2).ok()?
    } else if let Some(o) = t.strip_prefix("0o") {
        i128::from_str_radix(o, 8).ok()?
    } else {
        t.parse().ok()?
    };
    Some(if neg { -v } else { v })
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
        items.push(Source { text, tree });
        if p.i == p.toks.len() {
            return Ok(items);
        }
        p.expect(",")?;
    }
}

struct Parser {
    toks: Vec<Tok>,
    i: usize,
}

const LEVELS: &[&[&str]] = &[
    &["or"],
    &["and"],
    &["==", "!=", "<", "<=", ">", ">="],
    &["|"],
    &["^"],
    &["&"],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.i)
    }

    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Some(Tok::Op(o)) if *o == op)
    }

    fn expect(&mut self, op: &str) -> Result<(), String> {
        if self.is_op(op) {
            self.i += 1;
            Ok(())
        } else {
            Err(format!("expected {op:?}, found {:?}", self.peek()))
        }
    }

    fn ident(&mut self) -> Result<String, String> {
        match self.toks.get(self.i) {
            Some(Tok::Ident(s)) => {
                self.i += 1;
                Ok(s.clone())
            }
            t => Err(format!("expected a name, found {t:?}")),
        }
    }

    fn ternary(&mut self) -> Result<Expr, String> {
        let c = self.binary(0)?;
        if self.is_op("?") {
            self.i += 1;
            let a = self.ternary()?;
            self.expect(":")?;
            let b = self.ternary()?;
            return Ok(Expr::Ternary(Box::new(c), Box::new(a), Box::new(b)));
        }
        Ok(c)
    }

    fn level_op(&self, level: usize) -> Option<&'static str> {
        let name = match self.peek()? {
            Tok::Op(o) => *o,
            Tok::Ident(s) if s == "and" => "and",
            Tok::Ident(s) if s == "or" => "or",
            _ => return None,
        };
        LEVELS[level].iter().find(|o| **o == name).copied()
    }

    fn binary(&mut self, level: usize) -> Result<Expr, String> {
        if level == LEVELS.len() {
            return self.unary();
        }
        if level == 2 && matches!(self.peek(), Some(Tok::Ident(s)) if s == "not") {
            self.i += 1;
            let e = self.binary(level)?;
            return Ok(Expr::Unary("not", Box::new(e)));
        }
        let mut l = self.binary(level + 1)?;
        while let Some(op) = self.level_op(level) {
            self.i += 1;
            let r = self.binary(level + 1)?;
            l = Expr::Binary(op, Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn unary(&mut self) -> Result<Expr, String> {
        for op in ["-", "~", "!"] {
            if self.is_op(op) {
                self.i += 1;
                let e = self.unary()?;
                let op = if op == "!" { "not" } else { op };
                return Ok(match (op, e) {
                    ("-", Expr::Int(v)) => Expr::Int(-v),
                    ("-", Expr::Float(v)) => Expr::Float(-v),
                    (op, e) => Expr::Unary(op, Box::new(e)),
                });
            }
        }
        if matches!(self.peek(), Some(Tok::Ident(s)) if s == "not") {
            self.i += 1;
            let e = self.unary()?;
            return Ok(Expr::Unary("not", Box::new(e)));
        }
        self.postfix()
    }

    fn type_name(&mut self) -> Result<String, String> {
        let mut name = self.ident()?;
        while self.is_op("::") {
            self.i += 1;
            name = format!("{name}::{}", self.ident()?);
        }
        if self.is_op("[") {
            self.i += 1;
            self.expect("]")?;
            name.push_str("[]");
        }
        Ok(name)
    }

    fn postfix(&mut self) -> Result<Expr, String> {
        let mut e = self.primary()?;
        loop {
            if self.is_op(".") {
                self.i += 1;
                let name = self.ident()?;
                if name == "as" && self.is_op("<") {
                    self.i += 1;
                    let t = self.type_name()?;
                    self.expect(">")?;
                    e = Expr::Cast(Box::new(e), t);
                } else if self.is_op("(") {
                    self.i += 1;
                    let args = self.list(")")?;
                    e = Expr::Call(Box::new(e), name, args);
                } else {
                    e = Expr::Attr(Box::new(e), name);
                }
            } else if self.is_op("[") {
                self.i += 1;
                let idx = self.ternary()?;
                self.expect("]")?;
                e = Expr::Index(Box::new(e), Box::new(idx));
            } else {
                return Ok(e);
            }
        }
    }

    fn list(&mut self, close: &str) -> Result<Vec<Expr>, String> {
        let mut v = Vec::new();
        while !self.is_op(close) {
            v.push(self.ternary()?);
            if self.is_op(",") {
                self.i += 1;
            } else {
                break;
            }
        }
        self.expect(close)?;
        Ok(v)
    }

    fn primary(&mut self) -> Result<Expr, String> {
        let t = self
            .toks
            .get(self.i)
            .cloned()
            .ok_or("unexpected end of expression")?;
        self.i += 1;
        Ok(match t {
            Tok::Int(v) => Expr::Int(v),
            Tok::BigInt(t) => Expr::BigInt(t),
            Tok::Float(v) => Expr::Float(v),
            Tok::Str(s) => {
                let mut s = s;
                while let Some(Tok::Str(more)) = self.peek() {
                    s.push_str(more);
                    self.i += 1;
                }
                Expr::Str(s)
            }
            Tok::Op("(") => {
                let e = self.ternary()?;
                self.expect(")")?;
                e
            }
            Tok::Op("[") => Expr::Array(self.list("]")?),
            Tok::Ident(s) if s == "f" && matches!(self.peek(), Some(Tok::Str(_))) => {
                let Some(Tok::Str(text)) = self.peek().cloned() else {
                    unreachable!("checked by the guard")
                };
                self.i += 1;
                fstring(&text)?
            }
            Tok::Ident(s) if s == "true" || s == "false" => Expr::Bool(s == "true"),
            Tok::Ident(s) if (s == "sizeof" || s == "bitsizeof") && self.is_op("<") => {
                self.i += 1;
                let t = self.type_name()?;
                self.expect(">")?;
                Expr::SizeOf(t, s == "sizeof")
            }
            Tok::Ident(s) => {
                if self.is_op("::") {
                    let mut path = vec![s];
                    while self.is_op("::") {
                        self.i += 1;
                        path.push(self.ident()?);
                    }
                    Expr::Path(path)
                } else {
                    Expr::Name(s)
                }
            }
            t => return Err(format!("unexpected {t:?}")),
        })
    }
}

/// An f-string's text (`abc={n}`) as the string it makes: its literal parts and each
/// interpolated expression's `.to_s`, joined with `+` (an empty f-string is `""`).
fn fstring(text: &str) -> Result<Expr, String> {
    let mut parts = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        parts.push(Expr::Str(rest[..open].to_string()));
        let inner = &rest[open + 1..];
        let close =
            closing_brace(inner).ok_or_else(|| format!("unclosed `{{` in f-string {text:?}"))?;
        let part = parse(&inner[..close])?;
        parts.push(Expr::Attr(Box::new(part), "to_s".into()));
        rest = &inner[close + 1..];
    }
    parts.push(Expr::Str(rest.to_string()));
    // Empty literals go, but the first part stays a string so `+` concatenates.
    parts.retain(|p| !matches!(p, Expr::Str(s) if s.is_empty()));
    if !matches!(parts.first(), Some(Expr::Str(_))) {
        parts.insert(0, Expr::Str(String::new()));
    }
    let mut parts = parts.into_iter();
    let first = parts.next().unwrap_or(Expr::Str(String::new()));
    Ok(parts.fold(first, |a, b| Expr::Binary("+", Box::new(a), Box::new(b))))
}

/// Where the `}` closing an f-string interpolation is in `text` (braces inside quotes do not
/// count).
fn closing_brace(text: &str) -> Option<usize> {
    let mut quote = None;
    for (i, c) in text.char_indices() {
        match (quote, c) {
            (None, '}') => return Some(i),
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            _ => {}
        }
    }
    None
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
            Expr::Cast(Box::new(Expr::Name("x".into())), "foo::bar".into())
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
}
