//! A shallow look at the user's own `#[br]`, `#[bw]` and `#[brw]` attributes: which
//! directives they use, so the macro can combine with them or refuse a clash.

use proc_macro2::{Ident, TokenTree};
use syn::{Attribute, Meta};

/// The side an attribute applies to.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    Read,
    Write,
}

/// The first directive named `name` that applies to `side`, if any.
pub(crate) fn find<'a>(attrs: &'a [Attribute], side: Side, name: &str) -> Option<&'a Attribute> {
    attrs
        .iter()
        .filter(|attr| applies_to(attr, side))
        .find(|attr| directive_names(attr).iter().any(|ident| ident == name))
}

fn applies_to(attr: &Attribute, side: Side) -> bool {
    let path = attr.path();
    path.is_ident("brw")
        || match side {
            Side::Read => path.is_ident("br"),
            Side::Write => path.is_ident("bw"),
        }
}

/// Directive names of one attribute: the leading identifier of each comma-separated
/// item (`if`, `count`, `args`, ...). Nested groups keep their commas to themselves.
fn directive_names(attr: &Attribute) -> Vec<Ident> {
    let Meta::List(list) = &attr.meta else {
        return Vec::new();
    };
    let mut names = Vec::new();
    let mut at_start = true;
    for tree in list.tokens.clone() {
        match tree {
            TokenTree::Ident(ident) if at_start => names.push(ident),
            TokenTree::Punct(punct) if punct.as_char() == ',' => {
                at_start = true;
                continue;
            }
            _ => {}
        }
        at_start = false;
    }
    names
}
