//! Printing a generated module with prettyplease, without losing attribute arguments.
//!
//! Why not prettyplease alone: it reprints the arguments of an attribute (`#[br(...)]`,
//! `#[bw(...)]`) token by token, ignoring each punctuation token's spacing. A joint `==` (as
//! syn, quote and the compiler all produce it) comes out as `= =`, `=>` as `= >`, the comma of
//! a one-element tuple, `(depth + 1,)`, is dropped because it looks like a trailing comma (both
//! change what a binrw directive means), and `0 | 4` comes out as `0|4` (prettyplease 0.2.37's
//! `attr_tokens`; 0.3.0 does the same). So in the syn tree each attribute whose arguments hold
//! an operator (any punctuation but a lone `,` or `=`) is swapped for a placeholder attribute,
//! prettyplease prints the tree, and each placeholder is replaced by its attribute printed from
//! its tokens by `tokens.rs`, at the placeholder line's indentation. This is a workaround:
//! remove it when prettyplease prints attribute tokens right (the test
//! `prettyplease_alone_misprints_these_tokens` fails then).
//!
//! prettyplease prints the body of a macro the same way, so a top-level macro item of statics
//! (`thread_local! { static .. }`) is printed from its tokens too, a static a line.
//! Everything else (items, signatures, bodies, plain attributes) is laid out by prettyplease.
//! Top-level items are printed one at a time and set apart by a blank line, which prettyplease
//! does not put between them.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use quote::{ToTokens, format_ident};
use syn::visit_mut::VisitMut;

use super::tokens::{lines, source};

/// The start of a placeholder attribute's name, followed by its number (and made longer while
/// the module holds it, in a doc comment or a string, see [`placeholder_prefix`]).
const PLACEHOLDER: &str = "savepoint_codegen_kept_attribute_";

/// The longest argument list (joined by `, `) of an `assert` printed on one line: a line of
/// `#[br(assert(..))]` holds 95 characters.
const ONE_LINE_ARGS: usize = 80;

/// Whether prettyplease would print `tokens` wrongly or crowded (see the module docs).
fn misprinted(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|t| match t {
        TokenTree::Punct(p) => p.spacing() == Spacing::Joint || !matches!(p.as_char(), ',' | '='),
        TokenTree::Group(g) => misprinted(g.stream()),
        _ => false,
    })
}

/// A placeholder prefix that `file` does not contain anywhere (a schema's doc comment could
/// hold [`PLACEHOLDER`]), so that only placeholders are replaced after printing.
fn placeholder_prefix(file: &syn::File) -> String {
    let text = file.to_token_stream().to_string();
    let mut prefix = PLACEHOLDER.to_string();
    while text.contains(&prefix) {
        prefix.push('x');
    }
    prefix
}

/// Swaps each attribute prettyplease would misprint for a placeholder (`prefix` and its
/// number), keeping it.
struct Hide {
    prefix: String,
    kept: Vec<syn::Attribute>,
}

impl VisitMut for Hide {
    fn visit_attribute_mut(&mut self, attr: &mut syn::Attribute) {
        let syn::Meta::List(list) = &attr.meta else {
            return;
        };
        if !misprinted(list.tokens.clone()) {
            return;
        }
        let name = format_ident!("{}{}", self.prefix, self.kept.len());
        let mut placeholder: syn::Attribute = syn::parse_quote!(#[#name]);
        placeholder.style = attr.style;
        self.kept.push(std::mem::replace(attr, placeholder));
    }
}

/// `(directive, check, arguments)` of `#[br(assert(..))]` or `#[bw(pre_assert(..))]`.
fn assertion(attr: &syn::Attribute) -> Option<(String, String, Vec<TokenStream>)> {
    let syn::Meta::List(list) = &attr.meta else {
        return None;
    };
    let tokens: Vec<TokenTree> = list.tokens.clone().into_iter().collect();
    let [TokenTree::Ident(check), TokenTree::Group(args)] = tokens.as_slice() else {
        return None;
    };
    if !matches!(check.to_string().as_str(), "assert" | "pre_assert")
        || args.delimiter() != Delimiter::Parenthesis
    {
        return None;
    }
    let args: Vec<TokenTree> = args.stream().into_iter().collect();
    let comma = |t: &TokenTree| matches!(t, TokenTree::Punct(p) if p.as_char() == ',');
    let args = args
        .split(comma)
        .filter(|a| !a.is_empty())
        .map(|a| a.iter().cloned().collect())
        .collect();
    let directive = source(&list.path.to_token_stream());
    Some((directive, check.to_string(), args))
}

/// The kept `attr` as source, its line indented by `indent`: an `assert` or `pre_assert` whose
/// arguments are long or span lines gets one argument a line (as rustfmt breaks a long call);
/// any other attribute is one line but for the blocks `tokens::lines` breaks.
fn attribute(attr: &syn::Attribute, indent: usize) -> String {
    let whole = lines(&attr.to_token_stream(), indent);
    let Some((directive, check, args)) = assertion(attr) else {
        return whole;
    };
    let args: Vec<String> = args.iter().map(|a| lines(a, indent + 4)).collect();
    let joined = args.join(", ");
    if joined.len() <= ONE_LINE_ARGS && !joined.contains('\n') {
        return whole;
    }
    let pad = " ".repeat(indent + 4);
    format!(
        "#[{directive}({check}(\n{pad}{}\n{}))]",
        args.join(&format!(",\n{pad}")),
        " ".repeat(indent)
    )
}

/// `printed` with each placeholder (`#[<prefix><n>]`) replaced by the attribute it stands for.
fn restore(printed: &str, prefix: &str, kept: &[syn::Attribute]) -> String {
    let marker = format!("#[{prefix}");
    let mut out = String::with_capacity(printed.len() + kept.len() * 64);
    let mut pieces = printed.split(&marker);
    out.push_str(pieces.next().unwrap_or_default());
    for piece in pieces {
        let (number, rest) = piece.split_once(']').unwrap_or((piece, ""));
        let line = &out[out.rfind('\n').map_or(0, |n| n + 1)..];
        let indent = line.len() - line.trim_start().len();
        match number.parse::<usize>().ok().and_then(|n| kept.get(n)) {
            Some(attr) => out.push_str(&attribute(attr, indent)),
            // Not one of ours: left as printed.
            None => out.push_str(&format!("{marker}{number}]")),
        }
        out.push_str(rest);
    }
    out
}

/// A top-level macro item whose body is statics, such as `thread_local! { static .. }`, each
/// static on a line of its own after its doc comment: prettyplease would print the body token
/// by token, as it does an attribute's arguments.
fn macro_statics(item: &syn::ItemMacro) -> Option<String> {
    let braced = matches!(item.mac.delimiter, syn::MacroDelimiter::Brace(_));
    if !braced || !item.attrs.is_empty() || item.ident.is_some() {
        return None;
    }
    let body: syn::File = syn::parse2(item.mac.tokens.clone()).ok()?;
    let mut out = format!("{}! {{\n", source(&item.mac.path.to_token_stream()));
    for inner in body.items {
        let syn::Item::Static(mut stat) = inner else {
            return None;
        };
        for attr in std::mem::take(&mut stat.attrs) {
            out.push_str(&doc_or_attribute(&attr));
        }
        out.push_str(&format!("    {}\n", source(&stat.to_token_stream())));
    }
    out.push_str("}\n");
    Some(out)
}

/// `attr` as the lines of a doc comment (`/// ..`) or else as itself, one level indented.
fn doc_or_attribute(attr: &syn::Attribute) -> String {
    let doc = match &attr.meta {
        syn::Meta::NameValue(nv) if nv.path.is_ident("doc") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(text),
                ..
            }) => Some(text.value()),
            _ => None,
        },
        _ => None,
    };
    match doc {
        Some(text) => text.lines().map(|l| format!("    ///{l}\n")).collect(),
        None => format!("    {}\n", attribute(attr, 4)),
    }
}

/// `item` printed by prettyplease.
fn unparse(item: syn::Item) -> String {
    prettyplease::unparse(&syn::File {
        shebang: None,
        attrs: Vec::new(),
        items: vec![item],
    })
}

/// Prints the module `file` with prettyplease, after `header` (its leading `//` lines, which a
/// syn tree does not hold), keeping the attribute arguments prettyplease would misprint.
pub fn print(header: &str, mut file: syn::File) -> String {
    let mut hide = Hide {
        prefix: placeholder_prefix(&file),
        kept: Vec::new(),
    };
    hide.visit_file_mut(&mut file);
    let mut printed = String::new();
    let mut previous_use = false;
    if !file.attrs.is_empty() {
        let attrs = std::mem::take(&mut file.attrs);
        printed.push_str(&prettyplease::unparse(&syn::File {
            shebang: None,
            attrs,
            items: Vec::new(),
        }));
    }
    for item in std::mem::take(&mut file.items) {
        let is_use = matches!(item, syn::Item::Use(_));
        let text = match item {
            syn::Item::Macro(mac) => {
                macro_statics(&mac).unwrap_or_else(|| unparse(syn::Item::Macro(mac)))
            }
            item => unparse(item),
        };
        // A `use` follows a one-line `use` directly; every other item (a `use` after one
        // broken over lines too) is set apart by a blank line.
        let together = printed.is_empty() || previous_use && is_use;
        if !together {
            printed.push('\n');
        }
        printed.push_str(&text);
        previous_use = is_use && text.lines().count() == 1;
    }
    let printed = restore(&printed, &hide.prefix, &hide.kept);
    if header.is_empty() {
        printed
    } else {
        format!("{header}\n{printed}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(source: &str) -> String {
        print("// header\n", syn::parse_file(source).unwrap())
    }

    #[test]
    fn operators_one_element_tuples_and_blank_lines_survive() {
        let source = "use a::b;\nuse c::d;\nstruct A {\n    #[br(if(kind == 0))]\n    #[br(args { inner: (depth + 1,) })]\n    #[serde(rename = \"b\")]\n    x: u8,\n}\nthread_local! {\n    /// Levels.\n    static A_RATHER_LONG_DEPTH_NAME: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };\n}\nstruct E {}\nfn f(a: u8)->u8{a}\n";
        let out = printed(source);
        for expected in [
            "// header\n\nuse a::b;\nuse c::d;\n\nstruct A {\n",
            "    #[br(if(kind == 0))]\n",
            "    #[br(args { inner: (depth + 1,) })]\n",
            "    #[serde(rename = \"b\")]\n",
            "}\n\nthread_local! {\n    /// Levels.\n    static A_RATHER_LONG_DEPTH_NAME: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };\n}\n\n",
            "struct E {}\n\nfn f(a: u8) -> u8 {\n    a\n}\n",
        ] {
            assert!(out.contains(expected), "{expected}\n{out}");
        }
        assert!(syn::parse_file(&out).is_ok(), "{out}");
    }

    #[test]
    fn long_assertions_take_one_argument_a_line() {
        let source = "struct A {\n    #[bw(assert(x != 0, \"m\"))]\n    #[br(pre_assert(a_rather_long_condition_name != another_rather_long_operand_name, \"a longer message\"))]\n    #[bw(assert(match &x { A::B(..) => *k == 1, A::C => *k != 1, }, e(\"A.x\")))]\n    #[bw(try_calc = u8::try_from(n.len()).map_err(|_| { e(\"A.n\") }))]\n    x: u8,\n}\n";
        let out = printed(source);
        for expected in [
            "    #[bw(assert(x != 0, \"m\"))]\n",
            "    #[br(pre_assert(\n        a_rather_long_condition_name != another_rather_long_operand_name,\n        \"a longer message\"\n    ))]\n",
            "    #[bw(assert(\n        match &x {\n            A::B(..) => *k == 1,\n            A::C => *k != 1,\n        },\n        e(\"A.x\")\n    ))]\n",
            "    #[bw(try_calc = u8::try_from(n.len()).map_err(|_| {\n        e(\"A.n\")\n    }))]\n",
        ] {
            assert!(out.contains(expected), "{expected}\n{out}");
        }
    }

    #[test]
    fn a_doc_naming_the_placeholder_is_left_alone() {
        let source = "/// #[savepoint_codegen_kept_attribute_0]\nstruct A {\n    #[br(if(k == 0))]\n    x: u8,\n}\n";
        let out = printed(source);
        assert!(
            out.contains("/// #[savepoint_codegen_kept_attribute_0]\n"),
            "{out}"
        );
        assert!(out.contains("    #[br(if(k == 0))]\n"), "{out}");
    }

    #[test]
    fn prettyplease_alone_misprints_these_tokens() {
        // Keeps the workaround honest: when prettyplease prints joint punctuation in attribute
        // arguments correctly, this fails and the placeholders above can go.
        let tokens: syn::File = syn::parse_quote! {
            #[br(if(kind == 0))]
            struct A;
        };
        let out = prettyplease::unparse(&tokens);
        assert!(!out.contains("kind == 0"), "{out}");
    }
}
