//! Custom `process` routines (`process: my_custom_fx(key, true, [0x20])`): any name other than
//! Kaitai's `xor`, `rol`, `ror` and `zlib`. The schema names a routine; the user names its Rust
//! type ([`crate::Builder::processor`]), which implements
//! `savepoint_runtime::custom_process::KsCustomProcess` and has a `new` constructor taking the
//! schema's arguments in order: integer literals (typed by `new`'s parameters), booleans, string
//! literals (`&str`), byte-array literals (`&[u8]`), and earlier integer, boolean or byte-array
//! fields of the same type (by value, byte arrays as `&[u8]`). The field reads and writes
//! through `KsProcess::custom`, so the stored bytes are kept as for the built-in routines.

use std::collections::BTreeMap;

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::schema::{Field, FieldType, Process, TypeDef};
use super::tokens::{hex_byte, ident};
use crate::expr::Expr;

/// The reader's and the writer's `KsProcess` of the custom routine `process`, or why it cannot
/// be built.
pub(super) fn args(
    def: &TypeDef,
    process: &Process,
    processors: &BTreeMap<String, String>,
) -> Result<(TokenStream, TokenStream), String> {
    let name = &process.name;
    let path = processors.get(name).ok_or_else(|| {
        format!(
            "custom process `{name}` has no Rust type: name one with Builder::processor(\"{name}\", \"path::To::Type\") (the built-in ones are xor, rol, ror and zlib)"
        )
    })?;
    // The path as the user gave it (`Builder` checks that it is one).
    let path: syn::Path = syn::parse_str(path)
        .map_err(|_| format!("process `{}`: `{path}` is not a Rust path", process.text))?;
    let mut read = Vec::new();
    let mut write = Vec::new();
    for item in &process.args {
        let (r, w) = argument(def, item.tree())
            .ok_or_else(|| format!("process `{}`: argument `{item}` is not a literal or an integer, boolean or byte-array field (binrw backend)", process.text))?;
        read.push(r);
        write.push(w);
    }
    let spell = |args: &[TokenStream]| quote!(KsProcess::custom(#name, #path::new(#(#args),*)));
    Ok((spell(&read), spell(&write)))
}

/// One argument as the reader and the writer pass it (the writer sees fields by reference).
fn argument(def: &TypeDef, e: &Expr) -> Option<(TokenStream, TokenStream)> {
    let both = |s: TokenStream| Some((s.clone(), s));
    match e {
        Expr::Int(n) => both(proc_macro2::Literal::i128_unsuffixed(*n).into_token_stream()),
        Expr::Unary("-", inner) if matches!(**inner, Expr::Int(_)) => {
            argument(def, inner).map(|(r, w)| (quote!(-#r), quote!(-#w)))
        }
        Expr::Bool(b) => both(quote!(#b)),
        Expr::Str(s) => both(quote!(#s)),
        Expr::Array(_) => {
            let bytes = e.byte_array()?.into_iter().map(hex_byte);
            both(quote!(&[#(#bytes),*][..]))
        }
        Expr::Name(n) => {
            let field = def.seq.iter().find(|f| f.id == *n)?;
            let name = ident(&field.id);
            match &field.ty {
                FieldType::Named { kind, .. }
                    if field.enum_name.is_none()
                        && (kind.rust_int().is_some() || kind.bits() == Some((1, None)))
                        && plain(field) =>
                {
                    Some((quote!(#name), quote!(*#name)))
                }
                FieldType::None if plain(field) && field.size.is_some() => both(quote!(&#name[..])),
                _ => None,
            }
        }
        _ => None,
    }
}

/// A field stored as its plain Rust value (not optional, repeated or framed).
fn plain(field: &Field) -> bool {
    field.cond.is_none()
        && field.repeat_expr.is_none()
        && !field.repeat_eos
        && field.repeat_until.is_none()
        && field.terminator.is_none()
        && field.pad_right.is_none()
        && field.process.is_none()
}
