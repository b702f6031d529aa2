//! Generated Rust as tokens: names made into identifiers, and tokens spelled back as one line of
//! source the way Rust is conventionally written (`usize::from(*n) / 2usize`, `|x| x.len()`,
//! `#[br(if(a < b))]`, `Vec<u16>`, `1..=3`).
//!
//! The emitter builds the module as tokens with `quote!`, which prettyplease prints (see
//! `pretty.rs`) but for the attributes it would misprint, printed by [`lines`] instead. A piece
//! spelled on its own ([`source`]) is for a message, an ordering key or a test.
//! `TokenStream`'s own `Display` would not do for either: it puts a space between every pair of
//! tokens (`usize :: from (* n)`).

use proc_macro2::{Delimiter, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::ToTokens;

/// `name` as an identifier. Names reach here from the expression parser (which accepts only
/// `[a-z_][A-Za-z0-9_]*` segments) or from ids the schema reader checked with [`is_ident`], so
/// `Ident::new` (which panics on anything else) is given identifiers only.
pub fn ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}

/// The byte `n` as a hexadecimal literal (`0x0f`), as byte keys are written in schemas.
pub fn hex_byte(n: u8) -> TokenStream {
    syn::LitInt::new(&format!("{n:#04x}"), Span::call_site()).into_token_stream()
}

/// The finite float `f` as an `f64` literal spelled with its fraction (`1.0f64`, `-2.5f64`):
/// `Literal::f64_suffixed` would drop a zero fraction (`1f64`).
pub fn float(f: f64) -> TokenStream {
    syn::LitFloat::new(&format!("{f:?}f64"), Span::call_site()).into_token_stream()
}

/// Whether `name` is an identifier: ASCII letters, digits and `_`, not starting with a digit,
/// and not `_` alone.
pub fn is_ident(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name != "_"
}

/// The Rust operator `op` (`==`, `+`), as the punctuation tokens that spell it.
pub fn operator(op: &str) -> TokenStream {
    let last = op.chars().count().saturating_sub(1);
    op.chars()
        .enumerate()
        .map(|(i, c)| {
            let spacing = if i < last {
                Spacing::Joint
            } else {
                Spacing::Alone
            };
            TokenTree::Punct(Punct::new(c, spacing))
        })
        .collect()
}

/// Words after which an operator is unary and a group is not a call or an index.
const KEYWORDS: &[&str] = &[
    "as", "break", "else", "for", "if", "in", "let", "match", "move", "mut", "return", "while",
];

/// Operators spelled as two or three characters: joint punctuation that starts one of these is
/// printed without a space inside.
const OPERATORS: &[&str] = &[
    "::", "==", "!=", "<=", ">=", "&&", "||", "=>", "->", "..", "..=", "<<", ">>", "+=", "-=",
];

/// What the previous token was, which decides the space before the next one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prev {
    /// Nothing yet, an opening delimiter, or a token the next one sticks to (`.`, `::`, a
    /// unary operator, a closure's opening `|`).
    Glue,
    /// A value: a name, a literal or a closed group; an operator after it is binary.
    Operand,
    /// A keyword, a binary operator, `,`, `;` or `:`: a space follows.
    Space,
}

/// `tokens` as one line of conventionally spaced Rust source.
pub fn source(tokens: &TokenStream) -> String {
    let mut out = String::new();
    Printer::new(&mut out, None).stream(tokens.clone());
    out
}

/// `tokens` as [`source`] spells them, but with a `match`'s arms and a closure's block body
/// each on lines of their own, indented one level deeper than the line they open on, which
/// starts at column `indent` (the closing brace back at `indent`), as rustfmt lays them out.
pub fn lines(tokens: &TokenStream, indent: usize) -> String {
    let mut out = String::new();
    Printer::new(&mut out, Some(indent)).stream(tokens.clone());
    out
}

/// Whether `tokens` hold the identifier `name`, at any depth.
pub fn mentions(tokens: &TokenStream, name: &str) -> bool {
    tokens.clone().into_iter().any(|t| match t {
        TokenTree::Ident(word) => word == name,
        TokenTree::Group(group) => mentions(&group.stream(), name),
        _ => false,
    })
}

struct Printer<'a> {
    out: &'a mut String,
    prev: Prev,
    /// Inside a closure's parameter list, whose closing `|` ends it.
    closure: bool,
    /// Depth of `::<..>` generic arguments, where `<` and `>` are brackets.
    generic: usize,
    /// The column the current line starts at, when blocks are broken over lines ([`lines`]);
    /// `None` prints everything on one line.
    indent: Option<usize>,
    /// After `match`: the next brace group holds its arms.
    scrutinee: bool,
    /// Right after a closure's parameters: a brace group now is its body.
    body: bool,
}

impl<'a> Printer<'a> {
    fn new(out: &'a mut String, indent: Option<usize>) -> Self {
        Printer {
            out,
            prev: Prev::Glue,
            closure: false,
            generic: 0,
            indent,
            scrutinee: false,
            body: false,
        }
    }

    fn stream(&mut self, tokens: TokenStream) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < tokens.len() {
            let body = std::mem::take(&mut self.body);
            i += match &tokens[i] {
                TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => {
                    let arms = std::mem::take(&mut self.scrutinee);
                    match self.indent {
                        Some(indent) if (arms || body) && !group.stream().is_empty() => {
                            self.block(group.stream(), arms, indent);
                        }
                        _ => self.group(Delimiter::Brace, group.stream()),
                    }
                    1
                }
                TokenTree::Punct(_) => self.punct(&tokens[i..]),
                TokenTree::Ident(word) => {
                    self.word(&word.to_string(), &tokens[i + 1..]);
                    1
                }
                TokenTree::Literal(lit) => {
                    self.word(&lit.to_string(), &[]);
                    1
                }
                TokenTree::Group(group) => {
                    self.group(group.delimiter(), group.stream());
                    1
                }
            };
        }
    }

    fn space(&mut self) {
        if self.prev != Prev::Glue {
            self.out.push(' ');
        }
    }

    /// Prints a name, keyword or literal; `next` are the tokens after it.
    fn word(&mut self, word: &str, next: &[TokenTree]) {
        self.space();
        self.out.push_str(word);
        self.scrutinee |= word == "match";
        self.prev = if KEYWORDS.contains(&word) && !directive(word, next) {
            Prev::Space
        } else {
            Prev::Operand
        };
        // A type's generic arguments (`Vec<u16>`): a name starting with a capital is a type,
        // not the left side of a comparison.
        let capital = word.starts_with(|c: char| c.is_ascii_uppercase());
        if capital && matches!(next.first(), Some(TokenTree::Punct(p)) if p.as_char() == '<') {
            self.generic += 1;
        }
    }

    fn group(&mut self, delimiter: Delimiter, inner: TokenStream) {
        let (open, close) = match delimiter {
            Delimiter::Parenthesis => ("(", ")"),
            Delimiter::Bracket => ("[", "]"),
            Delimiter::Brace => ("{", "}"),
            Delimiter::None => ("", ""),
        };
        // A call or an index sticks to what it applies to; a block is set apart.
        if delimiter == Delimiter::Brace || self.prev != Prev::Operand {
            self.space();
        }
        self.out.push_str(open);
        let empty = inner.is_empty();
        let padded = delimiter == Delimiter::Brace && !empty;
        let outer = (self.closure, self.generic, self.scrutinee);
        (self.closure, self.generic, self.scrutinee) = (false, 0, false);
        self.prev = if padded { Prev::Space } else { Prev::Glue };
        self.stream(inner);
        (self.closure, self.generic, self.scrutinee) = outer;
        if padded {
            self.out.push(' ');
        }
        self.out.push_str(close);
        self.prev = Prev::Operand;
    }

    /// Prints the operator starting at `tokens[0]`; returns how many tokens it took.
    fn punct(&mut self, tokens: &[TokenTree]) -> usize {
        let op = spelled(tokens);
        let unary = self.prev != Prev::Operand;
        match op.as_str() {
            "." | ".." | "..=" => self.glued(&op, Prev::Glue),
            "::" => {
                let turbofish =
                    matches!(tokens.get(2), Some(TokenTree::Punct(p)) if p.as_char() == '<');
                self.glued(&op, Prev::Glue);
                if turbofish {
                    self.generic += 1;
                    self.glued("<", Prev::Glue);
                    return 3;
                }
            }
            "," | ";" | ":" => self.glued(&op, Prev::Space),
            "?" => self.glued(&op, Prev::Operand),
            // Opens the arguments of the type just named (see `word`).
            "<" if self.generic > 0 => self.glued(&op, Prev::Glue),
            ">" | ">>" if self.generic > 0 => {
                self.generic = self.generic.saturating_sub(op.len());
                self.glued(&op, Prev::Operand);
            }
            "|" if self.closure => {
                self.closure = false;
                self.body = true;
                self.glued(&op, Prev::Space);
            }
            "|" if unary => {
                self.space();
                self.out.push('|');
                self.closure = true;
                self.prev = Prev::Glue;
            }
            "||" if unary => {
                self.space();
                self.out.push_str("||");
                self.body = true;
                self.prev = Prev::Space;
            }
            // A lifetime's `'` sticks to its name (`Args<'static>`).
            "'" => {
                self.space();
                self.out.push('\'');
                self.prev = Prev::Glue;
            }
            // An attribute's `#` starts it even right after another attribute.
            "#" => {
                self.space();
                self.out.push('#');
                self.prev = Prev::Glue;
            }
            "!" | "*" | "-" | "&" if unary => {
                self.space();
                self.out.push_str(&op);
                self.prev = Prev::Glue;
            }
            "!" => self.glued(&op, Prev::Glue),
            _ => {
                self.space();
                self.out.push_str(&op);
                self.prev = Prev::Space;
            }
        }
        op.len()
    }

    /// A block broken over lines (see [`lines`]): `arms` of a `match`, one a line, or a
    /// closure's body on one line; `indent` is the column of the line that opens it.
    fn block(&mut self, inner: TokenStream, arms: bool, indent: usize) {
        self.space();
        self.out.push('{');
        let inner: Vec<TokenTree> = inner.into_iter().collect();
        let comma = |t: &TokenTree| matches!(t, TokenTree::Punct(p) if p.as_char() == ',');
        let items: Vec<&[TokenTree]> = if arms {
            inner.split_inclusive(comma).collect()
        } else {
            vec![&inner[..]]
        };
        for item in items {
            self.out.push('\n');
            self.out.push_str(&" ".repeat(indent + 4));
            Printer::new(self.out, Some(indent + 4)).stream(item.iter().cloned().collect());
        }
        self.out.push('\n');
        self.out.push_str(&" ".repeat(indent));
        self.out.push('}');
        self.prev = Prev::Operand;
    }

    /// `op` with no space before it, then `prev`.
    fn glued(&mut self, op: &str, prev: Prev) {
        self.out.push_str(op);
        self.prev = prev;
    }
}

/// Whether `word`, a keyword, is a binrw directive instead (`if(cond)` in `#[br(..)]`): followed
/// by its parenthesised argument and then by `,` or nothing, where an `if` expression has a
/// block.
fn directive(word: &str, next: &[TokenTree]) -> bool {
    let argument = matches!(next.first(), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis);
    let ends = match next.get(1) {
        None => true,
        Some(TokenTree::Punct(p)) => p.as_char() == ',',
        Some(_) => false,
    };
    word == "if" && argument && ends
}

/// The operator starting at `tokens[0]` (a punctuation token): the longest of [`OPERATORS`]
/// its joint punctuation spells, or its single character.
fn spelled(tokens: &[TokenTree]) -> String {
    let mut spelled = String::new();
    let mut best = String::new();
    for token in tokens {
        let TokenTree::Punct(p) = token else {
            break;
        };
        spelled.push(p.as_char());
        if spelled.len() == 1 || OPERATORS.contains(&spelled.as_str()) {
            best.clone_from(&spelled);
        }
        if p.spacing() == Spacing::Alone {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    #[test]
    fn spells_expressions_as_written() {
        for (tokens, expected) in [
            (
                quote!(op == 84 || !(a == 1) && b),
                "op == 84 || !(a == 1) && b",
            ),
            (quote!((a).div_euclid(2) > 1), "(a).div_euclid(2) > 1"),
            (
                quote!(usize::from(*qty) / 2usize),
                "usize::from(*qty) / 2usize",
            ),
            (
                quote!((i128::from(*len) - i128::from(2))),
                "(i128::from(*len) - i128::from(2))",
            ),
            (
                quote!(s.get(i).map_or(usize::MAX, |ks_e| usize::from(*ks_e))),
                "s.get(i).map_or(usize::MAX, |ks_e| usize::from(*ks_e))",
            ),
            (
                quote!((if c { a } else { b.len() })),
                "(if c { a } else { b.len() })",
            ),
            (quote!(x.0 - -1), "x.0 - -1"),
            (quote!(|x: &u8| *x != 0), "|x: &u8| *x != 0"),
            (
                quote!(v.iter().collect::<Vec<_>>()?),
                "v.iter().collect::<Vec<_>>()?",
            ),
            (quote!(if (a + b) * c >= 2 {}), "if (a + b) * c >= 2 {}"),
            (quote!(f(&mut x, [1, 2], || 0)), "f(&mut x, [1, 2], || 0)"),
            (
                quote!(if(a < b), c: Vec<Vec<u8>>),
                "if(a < b), c: Vec<Vec<u8>>",
            ),
            (
                quote!(matches!(k, 1..=3) && (0..n).len() > 1),
                "matches!(k, 1..=3) && (0..n).len() > 1",
            ),
            (quote!(format!("{}", a[0])), "format!(\"{}\", a[0])"),
            (
                quote!(of::<<a::B as R>::Args<'static>>() == of::<()>()),
                "of::<<a::B as R>::Args<'static>>() == of::<()>()",
            ),
            (
                quote!(x: &'de u8, d: Deserializer<'de>),
                "x: &'de u8, d: Deserializer<'de>",
            ),
        ] {
            assert_eq!(source(&tokens), expected);
        }
    }

    #[test]
    fn mentions_finds_whole_identifiers_inside_groups() {
        let tokens = quote!(f(&(a[ks_i]).x, ks_io));
        assert!(mentions(&tokens, "ks_i"));
        assert!(!mentions(&quote!(f(ks_io, "ks_i")), "ks_i"));
    }

    #[test]
    fn lines_break_match_arms_and_closure_blocks_only() {
        let tokens = quote!(x.all(|(a, b)| match &a {
            K::A(..) => *b == 1,
            K::B => *b != 1,
        }));
        let expected = "x.all(|(a, b)| match &a {\n        K::A(..) => *b == 1,\n        K::B => *b != 1,\n    })";
        assert_eq!(lines(&tokens, 4), expected);
        let tokens = quote!(f(|_| { e(if c { 1 } else { 2 }) }, S { a: 1 }, || {}));
        let expected = "f(|_| {\n    e(if c { 1 } else { 2 })\n}, S { a: 1 }, || {})";
        assert_eq!(lines(&tokens, 0), expected);
        assert_eq!(
            source(&tokens),
            "f(|_| { e(if c { 1 } else { 2 }) }, S { a: 1 }, || {})"
        );
    }
}
