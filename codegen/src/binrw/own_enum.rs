//! What the enums the backend writes binrw's impls for itself (`tag_enum.rs`, `left_enum.rs`,
//! `one_of_emit.rs`, `enum_ahead_emit.rs`) share: the declaration and the two impls around the
//! reader's and the writer's bodies each of them builds.
//!
//! The reader leaves the stream where it found it when it fails, as binrw's derived readers do:
//! a caller that tries something else after the error (binrw's `Option` fields, enums trying
//! their variants in turn) starts from the enum's first byte, not from wherever its body stopped.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::Module;
use super::record::docs;

/// An enum and the bodies of its reader and writer.
pub(super) struct OwnEnum<'a> {
    pub doc: Option<&'a str>,
    pub name: &'a Ident,
    pub variants: TokenStream,
    /// The enum's `#[serde(..)]` attribute, if any: how JSON names its variants.
    pub serde: TokenStream,
    /// The byte order both bodies use whatever the caller's (`meta/endian`, as a binrw
    /// directive); `None` keeps the caller's.
    pub endian: Option<&'static str>,
    /// The reader's arguments.
    pub read_args: Args,
    /// The writer's arguments.
    pub write_args: Args,
    /// The reader's body, over `reader`, `endian` and `ks_start`, the reader's position when
    /// the enum's read began (the offset its errors name). It runs in a closure: `return` and
    /// `?` leave the body, and the reader rewinds to `ks_start` after an error.
    pub read: TokenStream,
    /// The writer's body, over `self`, `writer` and `endian`.
    pub write: TokenStream,
}

/// The arguments of a reader or writer: their pattern and type (`(on,)` and `(u32,)`).
pub(super) struct Args {
    pub pattern: TokenStream,
    pub ty: TokenStream,
}

impl Args {
    /// No arguments: `()` twice.
    pub(super) fn none() -> Self {
        Self::tuple(&[])
    }

    /// A tuple of (pattern, type) pairs: `(on,)` and `(u32,)`.
    pub(super) fn tuple(items: &[(TokenStream, TokenStream)]) -> Self {
        let (pattern, ty): (Vec<_>, Vec<_>) = items.iter().cloned().unzip();
        Self {
            pattern: quote!((#(#pattern,)*)),
            ty: quote!((#(#ty,)*)),
        }
    }
}

impl Module<'_> {
    /// The enum's declaration and its `BinRead` and `BinWrite` impls.
    pub(super) fn own_enum(&self, e: OwnEnum) -> TokenStream {
        let doc = docs(e.doc);
        let derive = self.base_derive();
        let OwnEnum {
            name,
            variants,
            serde,
            read_args:
                Args {
                    pattern: r_pattern,
                    ty: r_ty,
                },
            write_args:
                Args {
                    pattern: w_pattern,
                    ty: w_ty,
                },
            read,
            write,
            ..
        } = e;
        // A fixed byte order replaces the caller's, which is then not named.
        let (param, fixed) = match e.endian {
            Some(order) => {
                let order = match order {
                    "big" => quote!(binrw::Endian::Big),
                    _ => quote!(binrw::Endian::Little),
                };
                (quote!(_), quote!(let endian = #order;))
            }
            None => (quote!(endian), TokenStream::new()),
        };
        quote! {
            #doc
            #derive
            #serde
            pub enum #name { #variants }

            impl binrw::BinRead for #name {
                type Args<'a> = #r_ty;

                fn read_options<R: binrw::io::Read + binrw::io::Seek>(
                    reader: &mut R,
                    #param: binrw::Endian,
                    #r_pattern: #r_ty,
                ) -> binrw::BinResult<Self> {
                    #fixed
                    let ks_start = binrw::io::Seek::stream_position(reader)?;
                    let mut ks_read = || -> binrw::BinResult<Self> { #read };
                    ks_read().or_else(|error| {
                        // A stream that cannot seek back reports that instead.
                        binrw::io::Seek::seek(reader, binrw::io::SeekFrom::Start(ks_start))?;
                        Err(error)
                    })
                }
            }

            impl binrw::BinWrite for #name {
                type Args<'a> = #w_ty;

                fn write_options<W: binrw::io::Write + binrw::io::Seek>(
                    &self,
                    writer: &mut W,
                    #param: binrw::Endian,
                    #w_pattern: #w_ty,
                ) -> binrw::BinResult<()> {
                    #fixed
                    #write
                }
            }
        }
    }

    /// The `#[serde(..)]` attribute of an enum whose variants are `snake_case` in JSON.
    pub(super) fn snake_case_variants(&self) -> TokenStream {
        match self.settings.serde {
            true => quote!(#[serde(rename_all = "snake_case")]),
            false => TokenStream::new(),
        }
    }
}
