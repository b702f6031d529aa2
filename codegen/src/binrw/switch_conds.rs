//! The conditions of a switch enum's variants: the writer's check that a variant still agrees
//! with its selector, and the joins and negations of case conditions that the reader's
//! `pre_assert`s and that check are built from.

use proc_macro2::{Spacing, TokenStream, TokenTree};
use quote::quote;

use super::{Cases, Sel, enum_name, indexed_selector};
use crate::binrw::schema::{Field, TypeDef};
use crate::binrw::tokens::ident;

/// The writer's check that `field`'s variant agrees with its selector (the enum has variants
/// besides the rest).
pub(super) fn selector_check(
    def: &TypeDef,
    field: &Field,
    sel: &Sel,
    cases: &Cases,
    sized: bool,
) -> TokenStream {
    let name = ident(&enum_name(def, field));
    let arms = cases.variants.iter().map(|v| {
        let (variant, write) = (ident(&v.name), &v.write);
        quote!(#name::#variant(..) => #(#write)||*,)
    });
    let (rest, holds) = cases.rest.name();
    let rest = ident(rest);
    let rest = if holds {
        quote!(#name::#rest(..))
    } else {
        quote!(#name::#rest)
    };
    let others: Vec<TokenStream> = cases
        .variants
        .iter()
        .flat_map(|v| v.write.clone())
        .collect();
    let none = none(&others);
    let id = ident(&field.id);
    let value = match (sized, sel) {
        (true, Sel::Each(_)) => quote!(ks_x.value),
        (false, Sel::Each(_)) => quote!(ks_x),
        (true, _) => quote!(#id.value),
        (false, _) => quote!(#id),
    };
    let mut cond = quote!(match &#value { #(#arms)* #rest => #none, });
    if let (Sel::Each(_), Some(list)) = (sel, indexed_selector(field)) {
        // Each element against the selector at its index.
        let list = ident(list);
        cond = quote!(#id.iter().zip(#list.iter()).all(|(ks_x, ks_sel)| #cond));
    }
    if field.cond.is_some() {
        // An absent field has no case to check (its presence is checked on its own).
        cond = quote!(#id.as_ref().is_none_or(|#id| #cond));
    }
    cond
}

/// `conds` joined by `||`, `false` when there are none.
pub(in crate::binrw) fn any(conds: &[TokenStream]) -> TokenStream {
    if conds.is_empty() {
        quote!(false)
    } else {
        quote!(#(#conds)||*)
    }
}

/// That none of `conds` holds.
pub(super) fn none(conds: &[TokenStream]) -> TokenStream {
    match conds {
        [] => quote!(true),
        [one] => negate(one),
        _ => quote!(!(#(#conds)||*)),
    }
}

/// `!(cond)`, written as `a != b` when `cond` is the one comparison `a == b` (as clippy's
/// `nonminimal_bool` wants it in the crates that compile the output).
fn negate(cond: &TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = cond.clone().into_iter().collect();
    let top = (0..tokens.len()).find(|&i| joint_pair(&tokens[i..]) == Some(('=', '=')));
    let mut pairs = Vec::new();
    joint_pairs(cond, &mut pairs);
    let one = pairs.iter().filter(|p| **p == ('=', '=')).count() == 1;
    let logic = pairs.iter().any(|p| matches!(p, ('|', '|') | ('&', '&')));
    match top {
        Some(i) if one && !logic => {
            let (a, b) = (&tokens[..i], &tokens[i + 2..]);
            quote!(#(#a)* != #(#b)*)
        }
        _ => quote!(!(#cond)),
    }
}

/// The two characters of the joint punctuation `tokens` starts with (`==`, `||`).
fn joint_pair(tokens: &[TokenTree]) -> Option<(char, char)> {
    match tokens {
        [TokenTree::Punct(a), TokenTree::Punct(b), ..] if a.spacing() == Spacing::Joint => {
            Some((a.as_char(), b.as_char()))
        }
        _ => None,
    }
}

/// Every pair of joint punctuation in `tokens`, at any depth.
fn joint_pairs(tokens: &TokenStream, out: &mut Vec<(char, char)>) {
    let tokens: Vec<TokenTree> = tokens.clone().into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        if let TokenTree::Group(g) = token {
            joint_pairs(&g.stream(), out);
        }
        out.extend(joint_pair(&tokens[i..]));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn negate_flips_a_lone_comparison_only() {
        use super::negate;
        use crate::binrw::tokens::source;
        use quote::quote;
        for (cond, expected) in [
            (quote!(sel == 1), "sel != 1"),
            (quote!(sel[..] == [1u8][..]), "sel[..] != [1u8][..]"),
            (quote!(i128::from(a & 3) == 1), "i128::from(a & 3) != 1"),
            (quote!(sel == 1 || sel == 2), "!(sel == 1 || sel == 2)"),
            (quote!(f(a == b)), "!(f(a == b))"),
            (quote!(a == f(b == c)), "!(a == f(b == c))"),
            (quote!(a <= 2), "!(a <= 2)"),
        ] {
            assert_eq!(source(&negate(&cond)), expected);
        }
    }
}
