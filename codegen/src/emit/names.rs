//! Rust names for schema names: types and enum variants in CamelCase, fields in snake_case
//! (raw identifiers for keywords).

use proc_macro2::{Ident, Span};

const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "static", "struct", "trait", "true", "type", "unsafe", "use", "where", "while", "async",
    "await", "dyn", "abstract", "become", "box", "do", "final", "macro", "override", "priv",
    "typeof", "unsized", "virtual", "yield", "try", "gen",
];

/// `foo_bar` to `FooBar`.
pub fn camel(s: &str) -> String {
    let mut out = String::new();
    let mut up = true;
    for c in s.chars() {
        if c == '_' {
            up = true;
        } else if up {
            out.extend(c.to_uppercase());
            up = false;
        } else {
            out.push(c);
        }
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) || out.is_empty() {
        out.insert(0, 'V');
    }
    out
}

/// An identifier as given.
pub fn ident(s: &str) -> Ident {
    Ident::new(s, Span::call_site())
}

/// A field or method name.
pub fn field_ident(s: &str) -> Ident {
    match s {
        "self" | "Self" | "super" | "crate" => ident(&format!("{s}_")),
        _ if KEYWORDS.contains(&s) => Ident::new_raw(s, Span::call_site()),
        _ => ident(s),
    }
}

/// An enum variant for an enum value name.
pub fn variant(s: &str) -> Ident {
    let c = camel(s);
    if c == "Self" || c == "Unknown" {
        ident(&format!("{c}_"))
    } else {
        ident(&c)
    }
}

/// `#[doc]` strings for a text: one per line, each with the space `///` comments have.
pub fn doc_lines(text: &str) -> Vec<String> {
    text.trim_end()
        .lines()
        .map(|l| {
            if l.is_empty() {
                String::new()
            } else {
                format!(" {l}")
            }
        })
        .collect()
}
