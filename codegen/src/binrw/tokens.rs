//! Generated Rust as tokens: names made into identifiers, and tokens spelled back as one line of
//! source the way Rust is conventionally written (`usize::from(*n) / 2usize`, `|x| x.len()`,
//! `#[br(if(a < b))]`, `Vec<u16>`, `1..=3`).
//!
//! The emitter builds expressions, attributes and items with `quote!`; until the module as a
//! whole is tokens, each is placed in the module's text through [`source`] ([`lines`] for a
//! check whose `match` the printer keeps as generated, [`macro_item`] for a macro item), which
//! syn parses and prettyplease prints (see `pretty.rs`). `TokenStream`'s own `Display` would not do: it
//! puts a space between every pair of tokens (`usize :: from (* n)`), and the attributes the
//! printer keeps as generated must read as before.

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
    spell(tokens, false)
}

/// [`source`], but a `match` has one arm a line, indented four spaces from the line the `match`
/// starts (`match x {\n    A => 1,\n}`), and a closure's block its body on a line of its own
/// (`|_| {\n    e\n}`), as rustfmt lays them out: for the attributes the printer keeps as
/// generated (see `pretty.rs`).
pub fn lines(tokens: &TokenStream) -> String {
    spell(tokens, true)
}

fn spell(tokens: &TokenStream, arms_apart: bool) -> String {
    let mut out = String::new();
    Printer {
        out: &mut out,
        prev: Prev::Glue,
        closure: false,
        generic: 0,
        arms_apart,
        matching: false,
        closed: false,
        indent: 0,
    }
    .stream(tokens.clone());
    out
}

/// [`source`] as a line of the module's text, so that what follows starts a line of its own:
/// an attribute kept as generated (see `pretty.rs`) is re-indented from where its line starts.
pub fn line(tokens: &TokenStream) -> String {
    let mut line = source(tokens);
    line.push('\n');
    line
}

/// A macro item (`thread_local! { .. }`) as lines of source laid out as rustfmt would: its
/// doc attributes as `///` comments and each of its statements on a line of its own, four
/// spaces in (the printer keeps macro items as generated, see `pretty.rs`).
pub fn macro_item(tokens: &TokenStream) -> String {
    let mut head = TokenStream::new();
    let mut body = TokenStream::new();
    for token in tokens.clone() {
        match token {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => body = g.stream(),
            other => head.extend([other]),
        }
    }
    let mut out = format!("{} {{\n", source(&head));
    let mut statement = TokenStream::new();
    let mut tokens = body.into_iter();
    while let Some(token) = tokens.next() {
        let attribute = matches!(&token, TokenTree::Punct(p) if p.as_char() == '#');
        let end = matches!(&token, TokenTree::Punct(p) if p.as_char() == ';');
        statement.extend([token]);
        if attribute {
            statement.extend(tokens.next());
            out.push_str(&format!("    {}\n", doc_comment(&statement)));
            statement = TokenStream::new();
        } else if end {
            out.push_str(&format!("    {}\n", source(&statement)));
            statement = TokenStream::new();
        }
    }
    out.push_str("}\n");
    out
}

/// The attribute `attr` as a `///` comment when it is a doc attribute, else as source.
fn doc_comment(attr: &TokenStream) -> String {
    let parsed = syn::parse::Parser::parse2(syn::Attribute::parse_outer, attr.clone());
    let doc = parsed
        .ok()
        .and_then(|attrs| match attrs.first().map(|a| &a.meta) {
            Some(syn::Meta::NameValue(nv)) if nv.path.is_ident("doc") => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        });
    doc.map_or_else(|| source(attr), |d| format!("///{d}"))
}

struct Printer<'a> {
    out: &'a mut String,
    prev: Prev,
    /// Inside a closure's parameter list, whose closing `|` ends it.
    closure: bool,
    /// Depth of `::<..>` generic arguments, where `<` and `>` are brackets.
    generic: usize,
    /// Whether a `match` puts each arm on a line of its own (see [`lines`]).
    arms_apart: bool,
    /// After `match`, before its arms: the next block holds them.
    matching: bool,
    /// Right after a closure's parameters: a block here is the closure's body.
    closed: bool,
    /// The indentation of the current line, in spaces.
    indent: usize,
}

impl Printer<'_> {
    fn stream(&mut self, tokens: TokenStream) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < tokens.len() {
            let closed = std::mem::take(&mut self.closed);
            i += match &tokens[i] {
                TokenTree::Punct(_) => self.punct(&tokens[i..]),
                TokenTree::Ident(word) => {
                    self.word(&word.to_string(), &tokens[i + 1..]);
                    1
                }
                TokenTree::Literal(lit) => {
                    self.word(&lit.to_string(), &[]);
                    1
                }
                TokenTree::Group(group) if closed && self.arms_apart => {
                    self.body(group.delimiter(), group.stream());
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
        self.matching |= word == "match";
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
        if delimiter == Delimiter::Brace && self.matching && self.arms_apart {
            self.arms(inner);
            return;
        }
        self.out.push_str(open);
        let empty = inner.is_empty();
        let padded = delimiter == Delimiter::Brace && !empty;
        let outer = (self.closure, self.generic, self.matching);
        (self.closure, self.generic, self.matching) = (false, 0, false);
        self.prev = if padded { Prev::Space } else { Prev::Glue };
        self.stream(inner);
        (self.closure, self.generic, self.matching) = outer;
        if padded {
            self.out.push(' ');
        }
        self.out.push_str(close);
        self.prev = Prev::Operand;
    }

    /// A closure's body: a block (`inner`) on lines of its own, else as any group.
    fn body(&mut self, delimiter: Delimiter, inner: TokenStream) {
        if delimiter != Delimiter::Brace {
            return self.group(delimiter, inner);
        }
        self.space();
        let outer = (self.closure, self.generic, self.matching);
        (self.closure, self.generic, self.matching) = (false, 0, false);
        self.indent += 4;
        self.out.push_str("{\n");
        self.out.push_str(&" ".repeat(self.indent));
        self.prev = Prev::Glue;
        self.stream(inner);
        self.indent -= 4;
        self.out.push('\n');
        self.out.push_str(&" ".repeat(self.indent));
        self.out.push('}');
        (self.closure, self.generic, self.matching) = outer;
        self.prev = Prev::Operand;
    }

    /// The arms of a `match` (`inner`, its block), one a line, each ending with a comma.
    fn arms(&mut self, inner: TokenStream) {
        let outer = (self.closure, self.generic);
        (self.closure, self.generic, self.matching) = (false, 0, false);
        self.out.push('{');
        self.indent += 4;
        let mut arm = Vec::new();
        let mut tokens = inner.into_iter().peekable();
        while let Some(token) = tokens.next() {
            let comma = matches!(&token, TokenTree::Punct(p) if p.as_char() == ',');
            if !comma {
                arm.push(token);
            }
            if (comma || tokens.peek().is_none()) && !arm.is_empty() {
                self.out.push('\n');
                self.out.push_str(&" ".repeat(self.indent));
                self.prev = Prev::Glue;
                self.stream(arm.drain(..).collect());
                self.out.push(',');
            }
        }
        self.indent -= 4;
        self.out.push('\n');
        self.out.push_str(&" ".repeat(self.indent));
        self.out.push('}');
        (self.closure, self.generic) = outer;
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
                self.glued(&op, Prev::Space);
                self.closed = true;
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
                self.prev = Prev::Space;
            }
            // A lifetime's quote sticks to its name (`'de`).
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
                quote!(x: &'de u8, d: Deserializer<'de>),
                "x: &'de u8, d: Deserializer<'de>",
            ),
        ] {
            assert_eq!(source(&tokens), expected);
        }
    }

    #[test]
    fn lines_put_each_match_arm_on_its_own_line() {
        let tokens = quote!(
            v.all(|x| match &x {
                A(_) => *k == 1,
                B => !(f(a, b)),
            }) && c
        );
        assert_eq!(
            lines(&tokens),
            "v.all(|x| match &x {\n    A(_) => *k == 1,\n    B => !(f(a, b)),\n}) && c"
        );
        assert_eq!(
            source(&tokens),
            "v.all(|x| match &x { A(_) => *k == 1, B => !(f(a, b)), }) && c"
        );
        let tokens = quote!(f(x).map_err(|_| { g(1, 2) }));
        assert_eq!(lines(&tokens), "f(x).map_err(|_| {\n    g(1, 2)\n})");
        assert_eq!(source(&tokens), "f(x).map_err(|_| { g(1, 2) })");
    }
}
