//! Attribute macros layered on `#[binrw]` for tagged, versioned binary layouts.
//!
//! See [`macro@pattern`] and [`macro@versioned`].

mod directives;
mod expand;
mod marks;
mod options;

use proc_macro::TokenStream;
use syn::{ItemStruct, parse_macro_input};

/// A tag / version / body / reversed-tag pattern.
#[proc_macro_attribute]
pub fn pattern(args: TokenStream, item: TokenStream) -> TokenStream {
    let item = parse_macro_input!(item as ItemStruct);
    options::parse_pattern(args.into())
        .and_then(|opts| expand::pattern(opts, item.clone()))
        .unwrap_or_else(|err| expand::failed(err, item))
        .into()
}

/// A record whose fields are gated on a version it is given.
#[proc_macro_attribute]
pub fn versioned(args: TokenStream, item: TokenStream) -> TokenStream {
    let item = parse_macro_input!(item as ItemStruct);
    options::parse_versioned(args.into())
        .and_then(|opts| expand::versioned(opts, item.clone()))
        .unwrap_or_else(|err| expand::failed(err, item))
        .into()
}
