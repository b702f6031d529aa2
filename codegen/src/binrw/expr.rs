//! The Kaitai expressions the binrw backend accepts (integer literals in decimal, hex, binary
//! or octal, field paths, `*`, `+`, `/` by a positive literal, comparisons, `and`, `or`) and their Rust spelling in binrw
//! directives.

/// A parsed expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// An integer literal.
    Int(i64),
    /// `true` or `false` (a literal `if`).
    Bool(bool),
    /// A field, param or path into one: `world.x_size`.
    Path(Vec<String>),
    /// A binary operation with its Rust operator.
    Binary(Box<Expr>, &'static str, Box<Expr>),
}

/// How names are seen where the expression is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// In a reader directive: earlier fields are values.
    Read,
    /// In a writer directive: fields are references.
    Write,
}

/// Parses `text`; the error says what is not supported.
pub fn parse(text: &str) -> Result<Expr, String> {
    let tokens = tokenize(text)?;
    let mut parser = Parser { tokens, pos: 0 };
    let expr = parser.binary(0)?;
    if parser.pos != parser.tokens.len() {
        return Err(format!(
            "unexpected `{}` in expression `{text}`",
            parser.tokens[parser.pos]
        ));
    }
    Ok(expr)
}

fn tokenize(text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric() || chars[i] == '_' || chars[i] == '.')
            {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else {
            let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            if ["==", "!=", ">=", "<="].contains(&two.as_str()) {
                out.push(two);
                i += 2;
            } else if "*/+<>".contains(c) {
                out.push(c.to_string());
                i += 1;
            } else {
                return Err(format!(
                    "`{c}` in expression `{text}` is not supported by the binrw backend"
                ));
            }
        }
    }
    Ok(out)
}

struct Parser {
    tokens: Vec<String>,
    pos: usize,
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
    ("+", "+", 4),
    ("*", "*", 5),
    ("/", "/", 5),
];

impl Parser {
    fn binary(&mut self, min: u8) -> Result<Expr, String> {
        let mut left = self.atom()?;
        while let Some(&(_, rust, level)) = self
            .tokens
            .get(self.pos)
            .and_then(|t| OPERATORS.iter().find(|(k, _, _)| k == t))
        {
            if level <= min {
                break;
            }
            self.pos += 1;
            let right = self.binary(level)?;
            if rust == "/" && right.constant().is_none_or(|n| n <= 0) {
                // Integer division of non-negative values by a positive constant rounds down,
                // as Kaitai's does, and cannot divide by zero.
                return Err("`/` by other than a positive integer literal is not supported by the binrw backend".into());
            }
            left = match (rust, left.constant(), right.constant()) {
                // A constant quotient is folded (a method call on a bare literal would not
                // compile: its integer type is ambiguous).
                ("/", Some(l), Some(r)) => Expr::Int(l.div_euclid(r)),
                _ => Expr::Binary(Box::new(left), rust, Box::new(right)),
            };
        }
        Ok(left)
    }

    fn atom(&mut self) -> Result<Expr, String> {
        let token = self
            .tokens
            .get(self.pos)
            .ok_or("expression ends too early")?
            .clone();
        self.pos += 1;
        if token.starts_with(|c: char| c.is_ascii_digit()) {
            // Decimal, `0x`, `0b` or `0o`, with `_` separators.
            return crate::expr::parse_int(&token)
                .and_then(|n| i64::try_from(n).ok())
                .map(Expr::Int)
                .ok_or_else(|| {
                    format!("`{token}` is not supported by the binrw backend in an expression")
                });
        }
        if token == "true" || token == "false" {
            return Ok(Expr::Bool(token == "true"));
        }
        let is_name = token.split('.').all(|p| {
            p.chars()
                .next()
                .is_some_and(|c| c.is_ascii_lowercase() || c == '_')
        });
        if is_name && !OPERATORS.iter().any(|(k, _, _)| *k == token) && !token.starts_with('_') {
            return Ok(Expr::Path(token.split('.').map(str::to_string).collect()));
        }
        Err(format!(
            "`{token}` is not supported by the binrw backend in an expression"
        ))
    }
}

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

    /// Rust source for a condition or value.
    pub fn rust(&self, side: Side) -> String {
        match self {
            Expr::Int(n) => n.to_string(),
            Expr::Bool(b) => b.to_string(),
            Expr::Path(p) if p.len() == 1 && side == Side::Write => format!("*{}", p[0]),
            Expr::Path(p) => p.join("."),
            Expr::Binary(l, "/", r) => format!("({}).div_euclid({})", l.rust(side), r.rust(side)),
            Expr::Binary(l, op, r) => format!("{} {op} {}", l.rust(side), r.rust(side)),
        }
    }

    /// Rust source for an element count (`usize`): a plain name or literal as it is (binrw
    /// converts it), arithmetic in `usize` so a product of two `u16` cannot overflow.
    pub fn count(&self, side: Side) -> String {
        self.count_in(side, &|_| false)
    }

    /// [`Expr::count`] where `wide(name)` says which names hold integers wider than `u16`:
    /// those are converted with a checked `usize::try_from` (saturating: a count too large
    /// for memory fails at the end of the input, not here) and combined with saturating
    /// arithmetic.
    pub fn count_in(&self, side: Side, wide: &dyn Fn(&str) -> bool) -> String {
        match self {
            Expr::Int(_) | Expr::Path(_) if side == Side::Read => self.rust(side),
            Expr::Int(n) => format!("{n}usize"),
            Expr::Bool(b) => format!("usize::from({b})"),
            Expr::Binary(l, op, r) if !self.has_wide(wide) => {
                format!("{} {op} {}", l.usize(side, wide), r.usize(side, wide))
            }
            Expr::Path(_) | Expr::Binary(..) => self.usize(side, wide),
        }
    }

    fn usize(&self, side: Side, wide: &dyn Fn(&str) -> bool) -> String {
        match self {
            Expr::Int(n) => format!("{n}usize"),
            Expr::Bool(b) => format!("usize::from({b})"),
            Expr::Path(p) if p.len() == 1 && wide(&p[0]) => {
                format!("usize::try_from({}).unwrap_or(usize::MAX)", self.rust(side))
            }
            Expr::Path(_) => format!("usize::from({})", self.rust(side)),
            Expr::Binary(l, op, r) if self.has_wide(wide) && matches!(*op, "+" | "*") => {
                let method = if *op == "+" {
                    "saturating_add"
                } else {
                    "saturating_mul"
                };
                format!("{}.{method}({})", l.usize(side, wide), r.usize(side, wide))
            }
            Expr::Binary(l, op, r) => {
                format!("({} {op} {})", l.usize(side, wide), r.usize(side, wide))
            }
        }
    }

    fn has_wide(&self, wide: &dyn Fn(&str) -> bool) -> bool {
        match self {
            Expr::Int(_) | Expr::Bool(_) => false,
            Expr::Path(p) => p.len() == 1 && wide(&p[0]),
            Expr::Binary(l, _, r) => l.has_wide(wide) || r.has_wide(wide),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_literals() {
        assert_eq!(parse("op == 0x54").unwrap().rust(Side::Read), "op == 84");
        assert_eq!(parse("0b1_01").unwrap().constant(), Some(5));
        assert_eq!(parse("-7").ok(), None);
        assert_eq!(parse("9 / 2").unwrap().constant(), Some(4));
        assert_eq!(
            parse("qty / 2").unwrap().count(Side::Write),
            "usize::from(*qty) / 2usize"
        );
        // Kaitai rounds a negative quotient down, as `div_euclid` by a positive divisor does.
        assert_eq!(
            parse("a / 2 > 1").unwrap().rust(Side::Read),
            "(a).div_euclid(2) > 1"
        );
    }

    #[test]
    fn precedence_and_spelling() {
        let e = parse("instance == 4 or instance == 5").unwrap();
        assert_eq!(e.rust(Side::Read), "instance == 4 || instance == 5");
        let e = parse("version >= 2 and version <= 3").unwrap();
        assert_eq!(e.rust(Side::Read), "version >= 2 && version <= 3");
        let e = parse("world.x_size * world.y_size").unwrap();
        assert_eq!(
            e.count(Side::Read),
            "usize::from(world.x_size) * usize::from(world.y_size)"
        );
        let wide = |n: &str| n == "qty";
        assert_eq!(
            parse("qty / 2").unwrap().count_in(Side::Read, &wide),
            "(usize::try_from(qty).unwrap_or(usize::MAX) / 2usize)"
        );
        assert_eq!(
            parse("qty * n").unwrap().count_in(Side::Write, &wide),
            "usize::try_from(*qty).unwrap_or(usize::MAX).saturating_mul(usize::from(*n))"
        );
        assert_eq!(
            parse("height").unwrap().count(Side::Write),
            "usize::from(*height)"
        );
    }

    #[test]
    fn refuses_what_it_cannot_spell() {
        assert!(parse("_parent.count").is_err());
        assert!(parse("a - b").is_err());
        assert!(parse("a ==").is_err());
        assert!(parse("1.5").is_err());
        assert!(parse("a / b").is_err());
        assert!(parse("a / 0").is_err());
        assert!(parse("0x1_0000_0000_0000_0000").is_err());
    }
}
