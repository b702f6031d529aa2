//! `-savepoint-max-depth`: the bound of a type that contains itself, checked by the reader
//! through its depth argument and by the writer and serde through a per-thread counter.

use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, format_ident, quote};

use super::super::schema::{Field, FieldType, TypeDef};
use super::super::tokens::ident;
use super::Module;
use crate::SchemaError;

impl<'a> Module<'a> {
    /// The bound of a `-savepoint-max-depth` type's field that recurses into it, else `None`.
    pub(super) fn recursion_bound(
        &self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<Option<TokenStream>, SchemaError> {
        let (Some(max), FieldType::Named { name, kind, .. }) = (depth_bound(def), &field.ty) else {
            return Ok(None);
        };
        if def.default_depth {
            // The default bound counts the reader's levels only (see `recursion.rs`).
            return Ok(None);
        }
        if kind.builtin() {
            return Ok(None);
        }
        let (decl, target) = self.resolve(field, name)?;
        Ok(self.needs_depth(decl, target).then_some(max))
    }
}

/// A `-savepoint-max-depth` bound as Rust: its constant's name, else the number.
pub(super) fn depth_bound(def: &TypeDef) -> Option<TokenStream> {
    let max = def.max_depth?;
    Some(match &def.max_depth_const {
        Some(name) => ident(name).into_token_stream(),
        None => Literal::u32_unsuffixed(max).into_token_stream(),
    })
}

/// The call building the message for nesting `def` past `max` levels, shared by every path.
pub(super) fn too_deep_call(def: &TypeDef, max: &TokenStream) -> TokenStream {
    let name = &def.rust_name;
    quote!(savepoint_runtime::depth::too_deep(#name, #max))
}

/// The writer and serde (JSON) side of a `-savepoint-max-depth` bound: the recursive field is
/// written, serialized and deserialized inside one level of a per-thread counter (binrw passes
/// arguments to readers only, so the writer cannot count as the reader does). Returns the field's
/// attributes; the counter and the helpers go to `items`.
pub(super) fn nesting_guard(
    def: &TypeDef,
    field: &Field,
    rust: &TokenStream,
    max: &TokenStream,
    items: &mut TokenStream,
    serde: bool,
) -> TokenStream {
    let base = format!("{}_{}", def.id, field.id);
    let counter = format_ident!("{}_DEPTH", def.id.to_uppercase());
    let (name, path) = (&def.rust_name, format!("{}.{}", def.rust_name, field.id));
    let doc = format!(" {name} levels being written or converted by serde on this thread.");
    items.extend(quote! {
        thread_local! {
            #[doc = #doc]
            static #counter: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
        }
    });
    let write = format_ident!("write_{base}");
    let (doc, too_deep) = (
        format!(" Writes `{path}` one nesting level deeper."),
        too_deep_call(def, max),
    );
    items.extend(quote! {
        #[doc = #doc]
        #[binrw::writer(writer, endian)]
        fn #write(value: &#rust) -> binrw::BinResult<()> {
            let _level = savepoint_runtime::depth::DepthGuard::enter(&#counter, #max).ok_or_else(|| {
                binrw::Error::Custom {
                    pos: binrw::io::Seek::stream_position(writer).unwrap_or(0),
                    err: Box::new(savepoint_runtime::binrw_error::FieldError::new(#path, #too_deep)),
                }
            })?;
            binrw::BinWrite::write_options(value, writer, endian, ())
        }
    });
    let write = quote!(#[bw(write_with = #write)]);
    if !serde {
        return write;
    }
    let (ser, de) = (format_ident!("ser_{base}"), format_ident!("de_{base}"));
    let ser_doc = format!(" Serializes `{path}` one nesting level deeper.");
    let de_doc = format!(" Deserializes `{path}` one nesting level deeper.");
    items.extend(quote! {
        #[doc = #ser_doc]
        fn #ser<S: serde::Serializer>(value: &#rust, s: S) -> Result<S::Ok, S::Error> {
            let _level = savepoint_runtime::depth::DepthGuard::enter_ser(&#counter, #max, #name)?;
            value.serialize(s)
        }
        #[doc = #de_doc]
        fn #de<'de, D: serde::Deserializer<'de>>(d: D) -> Result<#rust, D::Error> {
            let _level = savepoint_runtime::depth::DepthGuard::enter_de(&#counter, #max, #name)?;
            <#rust>::deserialize(d)
        }
    });
    let (ser, de) = (ser.to_string(), de.to_string());
    quote!(#write #[serde(serialize_with = #ser, deserialize_with = #de)])
}
