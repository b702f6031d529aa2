//! The precedence-climbing parser over the tokens, and f-strings.

use super::lex::Tok;
use super::{Expr, TypeRef, parse};

pub(super) struct Parser {
    pub(super) toks: Vec<Tok>,
    pub(super) i: usize,
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

    pub(super) fn expect(&mut self, op: &str) -> Result<(), String> {
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

    pub(super) fn ternary(&mut self) -> Result<Expr, String> {
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
                    let t = TypeRef::parse(&self.type_name()?)?;
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
                let t = TypeRef::parse(&self.type_name()?)?;
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
