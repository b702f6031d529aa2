//! What the enums the backend writes binrw's impls for itself (`left_enum.rs`, `one_of_emit.rs`,
//! `enum_ahead_emit.rs`) share: the declaration, with serde's `snake_case` variant names, and
//! the two impls around the reader's and the writer's bodies each of them builds.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::Module;
use super::record::docs;

/// An enum and the bodies of its reader and writer.
pub(super) struct OwnEnum<'a> {
    pub doc: Option<&'a str>,
    pub name: &'a Ident,
    pub variants: TokenStream,
    /// The reader's argument pattern and type (`(on,)` and `(u32,)`; `()` twice for none).
    pub args: (TokenStream, TokenStream),
    /// The reader's body, over `reader` and `endian`.
    pub read: TokenStream,
    /// The writer's body, over `self`, `writer` and `endian`.
    pub write: TokenStream,
}

impl Module<'_> {
    /// The enum's declaration and its `BinRead` and `BinWrite` impls.
    pub(super) fn own_enum(&self, e: OwnEnum) -> TokenStream {
        let doc = docs(e.doc);
        let derive = self.base_derive();
        let serde = self
            .settings
            .serde
            .then(|| quote!(#[serde(rename_all = "snake_case")]));
        let OwnEnum {
            name,
            variants,
            args: (pattern, ty),
            read,
            write,
            ..
        } = e;
        quote! {
            #doc
            #derive
            #serde
            pub enum #name { #variants }

            impl binrw::BinRead for #name {
                type Args<'a> = #ty;

                fn read_options<R: binrw::io::Read + binrw::io::Seek>(
                    reader: &mut R,
                    endian: binrw::Endian,
                    #pattern: #ty,
                ) -> binrw::BinResult<Self> {
                    #read
                }
            }

            impl binrw::BinWrite for #name {
                type Args<'a> = ();

                fn write_options<W: binrw::io::Write + binrw::io::Seek>(
                    &self,
                    writer: &mut W,
                    endian: binrw::Endian,
                    (): (),
                ) -> binrw::BinResult<()> {
                    #write
                }
            }
        }
    }
}
