//! The reader and writer of a `-savepoint-enum`, on a type (which reads and writes its tag
//! itself) and on a field (given the earlier field that selects it): the tag's value is matched
//! to its variant once. binrw's own enums (`#[brw(magic)]`, `pre_assert`) would try the variants
//! in turn, building and dropping an error for each one before the variant that matches: on
//! Satisfactory's TOC, an error per object header that is not an actor's.
//!
//! A value that names no variant is one error naming the enum (the struct's field for a field
//! enum), the value and the tag's offset (the variant's for a field enum, whose tag is read
//! earlier). The writer of a type enum writes its variant's tag, then the variant; a field
//! enum's writes the variant alone, the struct's writer checking that its selector agrees.

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use super::Module;
use super::enum_args::CaseArgs;
use super::own_enum::{Args, OwnEnum};
use super::savepoint_enum::value_pattern;

/// One variant: the tag's values that select it and the case type it holds.
pub(super) struct TagArm {
    pub doc: TokenStream,
    pub variant: Ident,
    /// The case type's Rust name.
    pub ty: Ident,
    /// Held in a `Box` (a type that contains itself).
    pub boxed: bool,
    pub values: Vec<i64>,
    /// What the case type's reader and writer are given.
    pub args: CaseArgs,
}

/// The tag: what a type enum reads and writes itself, a field enum is given (as `ks_tag`, the
/// name of its value in the reader).
pub(super) struct Tag {
    /// The tag field's id, for errors.
    pub id: String,
    /// The tag's Rust integer type (`u8`).
    pub ty: &'static str,
    pub place: TagPlace,
}

/// Where the tag is read and written.
#[derive(Clone, Copy)]
pub(super) enum TagPlace {
    /// By the enum itself (a type enum), in the byte order the tag's type names (`u2be`), if
    /// any, else the enum's.
    Inside(Option<&'static str>),
    /// By the struct, before the field (a field enum).
    Before,
}

/// A `-savepoint-enum`'s declaration, its tag and its variants.
pub(super) struct TagEnum<'a> {
    pub doc: Option<&'a str>,
    pub name: Ident,
    /// What errors name: the enum, or the struct's field (`Drawing.item`).
    pub what: String,
    pub tag: Tag,
    pub arms: Vec<TagArm>,
    pub serde: TokenStream,
    /// The enum's byte order (see [`OwnEnum::endian`]).
    pub endian: Option<&'static str>,
    /// The reader's and the writer's arguments.
    pub args: (Args, Args),
}

impl Module<'_> {
    /// The enum, its reader dispatching on the tag and its writer.
    pub(super) fn tag_enum(&self, e: TagEnum) -> TokenStream {
        let TagEnum { tag, arms, .. } = &e;
        let tag_endian = match tag.place {
            TagPlace::Inside(Some("big")) => quote!(binrw::Endian::Big),
            TagPlace::Inside(Some(_)) => quote!(binrw::Endian::Little),
            TagPlace::Inside(None) | TagPlace::Before => quote!(endian),
        };
        let ty = Ident::new(tag.ty, Span::call_site());
        let (mut decls, mut reads, mut writes, mut known) = (vec![], vec![], vec![], vec![]);
        for arm in arms {
            let TagArm {
                doc, variant, ty, ..
            } = arm;
            let (read_args, write_args) = (&arm.args.read, &arm.args.write);
            decls.push(match arm.boxed {
                true => quote!(#doc #variant(Box<#ty>),),
                false => quote!(#doc #variant(#ty),),
            });
            let wrap = match arm.boxed {
                true => quote!(|value| Self::#variant(Box::new(value))),
                false => quote!(Self::#variant),
            };
            let pattern = value_pattern(&arm.values);
            reads.push(quote! {
                #pattern => <#ty as binrw::BinRead>::read_options(reader, endian, (#(#read_args,)*)).map(#wrap),
            });
            let write_tag = matches!(tag.place, TagPlace::Inside(_)).then(|| {
                let value = suffixed(arm.values[0], tag.ty);
                quote!(binrw::BinWrite::write_options(&#value, writer, #tag_endian, ())?;)
            });
            writes.push(quote! {
                Self::#variant(value) => {
                    #write_tag
                    binrw::BinWrite::write_options(value, writer, endian, (#(#write_args,)*))
                }
            });
            known.extend(arm.values.iter().map(|v| format!("{v} {variant}")));
        }
        let message = format!(
            "{}: {} {{}} names none of its variants ({})",
            e.what,
            tag.id,
            known.join(", ")
        );
        let read_tag = matches!(tag.place, TagPlace::Inside(_)).then(
            || quote!(let ks_tag = <#ty as binrw::BinRead>::read_options(reader, #tag_endian, ())?;),
        );
        // `ks_start` is the offset of the tag read here, or of the variant whose tag was read
        // earlier.
        let read = quote! {
            #read_tag
            match ks_tag {
                #(#reads)*
                _ => Err(binrw::Error::AssertFail { pos: ks_start, message: format!(#message, ks_tag) }),
            }
        };
        let (read_args, write_args) = e.args;
        self.own_enum(OwnEnum {
            doc: e.doc,
            name: &e.name,
            variants: quote!(#(#decls)*),
            serde: e.serde,
            endian: e.endian,
            read_args,
            write_args,
            read,
            write: quote!(match self { #(#writes)* }),
        })
    }
}

/// The integer `value` with the suffix of Rust type `ty` (`1u8`, `-2i16`).
fn suffixed(value: i64, ty: &str) -> TokenStream {
    let literal = syn::LitInt::new(&format!("{}{ty}", value.unsigned_abs()), Span::call_site());
    match value < 0 {
        true => quote!(-#literal),
        false => quote!(#literal),
    }
}
