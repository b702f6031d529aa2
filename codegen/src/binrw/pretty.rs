//! Printing a generated module with prettyplease, without losing attribute arguments.
//!
//! prettyplease reprints the arguments of an attribute (`#[br(...)]`, `#[bw(...)]`) and the body
//! of a macro token by token, ignoring each punctuation token's spacing: a joint `==` (as syn,
//! quote and the compiler all produce it) comes out as `= =`, `=>` as `= >`, the comma of a
//! one-element tuple, `(depth + 1,)`, is dropped because it looks like a trailing comma (both
//! change what a binrw directive means), and `0 | 4` comes out as `0|4`. So before printing,
//! each attribute whose arguments hold an operator (any punctuation but a lone `,` or `=`) and
//! each top-level macro item (`thread_local! { ... }`) is swapped for a placeholder; after
//! printing, the placeholder is replaced by its source, re-indented to where prettyplease put
//! it. Everything else (items, signatures, bodies, plain attributes) is laid out by
//! prettyplease, and a blank line is put between top-level items, which prettyplease does not.

use proc_macro2::{Spacing, TokenStream, TokenTree};

/// The name of the `n`th placeholder attribute; no schema-derived name starts with it.
fn placeholder(n: usize) -> String {
    format!("savepoint_codegen_kept_attribute_{n}")
}

/// Whether prettyplease would print `tokens` wrongly or crowded (see the module docs).
fn misprinted(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|t| match t {
        TokenTree::Punct(p) => p.spacing() == Spacing::Joint || !matches!(p.as_char(), ',' | '='),
        TokenTree::Group(g) => misprinted(g.stream()),
        _ => false,
    })
}

/// The name of a macro item starting at `pos` (`name! {`), at the start of a line.
fn macro_item(text: &str, pos: usize) -> Option<usize> {
    if pos > 0 && text.as_bytes()[pos - 1] != b'\n' {
        return None;
    }
    let line = &text[pos..text[pos..].find('\n').map_or(text.len(), |n| pos + n)];
    let name_len = line.find("! {")?;
    line[..name_len]
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
        .then(|| text[pos..].find('{').map(|b| pos + b))
        .flatten()
}

/// The end (exclusive) of the bracketed group opening at `open` (an attribute's `[` or a
/// macro's `{`), found by bracket depth outside string and character literals.
fn group_end(text: &str, open: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'\'' if bytes.get(i + 2) == Some(&b'\'') => i += 2,
            b'\'' if bytes.get(i + 1) == Some(&b'\\') => {
                i += 2;
                while i < bytes.len() && bytes[i] != b'\'' {
                    i += 1;
                }
            }
            b'[' | b'(' | b'{' => depth += 1,
            b']' | b')' | b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The end (exclusive) of the string literal opening at `start`.
fn group_end_of_string(text: &str, start: usize) -> usize {
    let bytes = text.as_bytes();
    let mut i = start + 1;
    while i < bytes.len() && bytes[i] != b'"' {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    (i + 1).min(text.len())
}

/// The column at which `pos` sits on its line.
fn column(text: &str, pos: usize) -> usize {
    pos - text[..pos].rfind('\n').map_or(0, |n| n + 1)
}

/// Swaps each misprinted attribute and each top-level macro item of `source` for a
/// placeholder; returns the new source and the kept texts with their original column.
fn hide(source: &str) -> (String, Vec<(String, usize)>) {
    let mut out = String::with_capacity(source.len());
    let mut kept = Vec::new();
    let mut rest = 0;
    let mut at = 0;
    while at < source.len() {
        let (end, keep) = if source[at..].starts_with("#[") {
            let Some(end) = group_end(source, at + 1) else {
                break;
            };
            let keep = syn::parse::Parser::parse_str(syn::Attribute::parse_outer, &source[at..end])
                .ok()
                .and_then(|attrs| attrs.into_iter().next())
                .is_some_and(|attr| match attr.meta {
                    syn::Meta::List(list) => misprinted(list.tokens),
                    _ => false,
                });
            (end, keep.then(|| format!("#[{}]", placeholder(kept.len()))))
        } else if source[at..].starts_with("//") {
            at += source[at..].find('\n').unwrap_or(source.len() - at);
            continue;
        } else if source[at..].starts_with('"') {
            at = group_end_of_string(source, at);
            continue;
        } else if let Some(brace) = macro_item(source, at) {
            let Some(end) = group_end(source, brace) else {
                break;
            };
            (end, Some(format!("{}! {{}}", placeholder(kept.len()))))
        } else {
            at += source[at..].chars().next().map_or(1, char::len_utf8);
            continue;
        };
        if let Some(marker) = keep {
            out.push_str(&source[rest..at]);
            out.push_str(&marker);
            kept.push((source[at..end].to_string(), column(source, at)));
            rest = end;
        }
        at = end;
    }
    out.push_str(&source[rest..]);
    (out, kept)
}

/// Puts the kept texts back in place of their placeholders, re-indenting their later lines by
/// the change of column.
fn restore(mut printed: String, kept: &[(String, usize)]) -> String {
    for (n, (text, old_column)) in kept.iter().enumerate() {
        let name = placeholder(n);
        let markers = [format!("#[{name}]"), format!("{name}! {{}}")];
        let Some((at, len)) = markers
            .iter()
            .find_map(|m| printed.find(m.as_str()).map(|at| (at, m.len())))
        else {
            continue;
        };
        let new_column = column(&printed, at);
        let mut lines = text.lines();
        let mut moved = lines.next().unwrap_or_default().to_string();
        for line in lines {
            let body = line
                .get(..*old_column)
                .filter(|lead| lead.trim().is_empty())
                .map_or(line.trim_start(), |_| &line[*old_column..]);
            moved.push('\n');
            if !body.is_empty() {
                moved.push_str(&" ".repeat(new_column));
            }
            moved.push_str(body);
        }
        printed.replace_range(at..at + len, &moved);
    }
    printed
}

/// `printed` with a blank line between top-level items (but not between `use` lines).
fn space_items(printed: &str) -> String {
    let mut out = String::with_capacity(printed.len() + printed.len() / 16);
    let mut previous: Option<&str> = None;
    for line in printed.lines() {
        let top = !line.is_empty() && !line.starts_with([' ', '}', ')', ']']);
        if let Some(prev) = previous {
            let ended = prev == "}" || (prev.ends_with(';') && !prev.starts_with(' '));
            let both_use = prev.starts_with("use ") && line.starts_with("use ");
            if top && !prev.is_empty() && (ended || prev.starts_with("use ")) && !both_use {
                out.push('\n');
            }
        }
        out.push_str(line);
        out.push('\n');
        previous = Some(line);
    }
    out
}

/// Prints `source` (a whole module) with prettyplease, keeping its leading `//` comment lines
/// and the attribute arguments and macro items prettyplease would misprint.
pub fn print(source: &str) -> Result<String, syn::Error> {
    let header_len: usize = source
        .lines()
        .take_while(|l| l.starts_with("//") && !l.starts_with("///") || l.is_empty())
        .map(|l| l.len() + 1)
        .sum::<usize>()
        .min(source.len());
    let (header, body) = source.split_at(header_len);
    let (hidden, kept) = hide(body);
    let file = syn::parse_file(&hidden)?;
    let printed = space_items(&restore(prettyplease::unparse(&file), &kept));
    let header = header.trim_end_matches('\n');
    Ok(if header.is_empty() {
        printed
    } else {
        format!("{header}\n\n{printed}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operators_one_element_tuples_and_macros_survive() {
        let source = "// header\n\nuse a::b;\nuse c::d;\nstruct A {\n    #[br(if(kind == 0))]\n    #[br(args { inner: (depth + 1,) })]\n    #[bw(assert(\n        x != 0,\n        \"m #[x]\"))]\n    #[serde(rename = \"b\")]\n    x: u8,\n}\nthread_local! {\n    static D: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };\n}\nfn f(a: u8)->u8{a}\n";
        let out = print(source).unwrap();
        for expected in [
            "// header\n\nuse a::b;\nuse c::d;\n\nstruct A {\n",
            "    #[br(if(kind == 0))]\n",
            "    #[br(args { inner: (depth + 1,) })]\n",
            "    #[bw(assert(\n        x != 0,\n        \"m #[x]\"))]\n",
            "    #[serde(rename = \"b\")]\n",
            "}\n\nthread_local! {\n    static D: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };\n}\n\n",
            "fn f(a: u8) -> u8 {\n    a\n}\n",
        ] {
            assert!(out.contains(expected), "{expected}\n{out}");
        }
        assert!(syn::parse_file(&out).is_ok(), "{out}");
    }

    #[test]
    fn prettyplease_alone_misprints_these_tokens() {
        // Keeps the workaround honest: when prettyplease prints joint punctuation in attribute
        // arguments correctly, this fails and the hiding above can go.
        let tokens: syn::File = syn::parse_quote! {
            #[br(if(kind == 0))]
            struct A;
        };
        let out = prettyplease::unparse(&tokens);
        assert!(!out.contains("kind == 0"), "{out}");
    }
}
