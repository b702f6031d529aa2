//! `_index` as a type argument of a repeated field (`type: block(_index)`): binrw gives every
//! element of a list the same arguments, so such a list is read by the runtime's
//! `ks_indexed_count` / `ks_indexed_eof` / `ks_indexed_until(_end)`, whose closure builds element
//! `i`'s arguments with `ks_i` as `_index`, and written by `ks_each_write` with one argument
//! tuple per element, built the same way.

use proc_macro2::TokenStream;
use quote::quote;

use super::super::expr::Side;
use super::super::schema::{Field, FieldType, TypeDef, TypeRef};
use super::Module;
use crate::SchemaError;
use crate::binrw::tokens::{ident, mentions};
use crate::expr::{Expr, Source};

/// Whether a type argument of `field` is `_index`.
pub(super) fn uses_index(field: &Field) -> bool {
    matches!(&field.ty, FieldType::Named { args, .. } if args.iter().any(is_index))
}

/// Whether a type argument is `_index`.
fn is_index(arg: &Source) -> bool {
    matches!(arg.tree(), Expr::Name(n) if n == "_index")
}

impl Module<'_> {
    /// The argument `_index` of `field` for a param of Kaitai type `ty` (the element's index,
    /// `ks_i`, in the param's integer type), or `None` when `arg` is not `_index`.
    pub(super) fn index_arg(
        &self,
        field: &Field,
        arg: &Source,
        ty: &TypeRef,
    ) -> Result<Option<TokenStream>, SchemaError> {
        if !is_index(arg) {
            return Ok(None);
        }
        let repeated =
            field.repeat_expr.is_some() || field.repeat_eos || field.repeat_until.is_some();
        let sized = field.size.is_some() || field.size_eos || field.terminator.is_some();
        if !repeated || sized || field.process.is_some() {
            return Err(self.field_err(
                field,
                "`_index` as a type argument other than of a repeated, unsized user type is not supported by the binrw backend",
            ));
        }
        let rust = ty.rust_int().ok_or_else(|| {
            self.field_err(
                field,
                format!("`_index` for a param of type `{ty}`: the binrw backend passes it to integer params"),
            )
        })?;
        // An index past the param's range (over 2^31 elements for an `s4`) saturates at its
        // maximum rather than wrapping.
        let rust = ident(rust);
        Ok(Some(quote!(#rust::try_from(ks_i).unwrap_or(#rust::MAX))))
    }

    /// The `parse_with` of a repeated field whose type arguments name `_index`, given the
    /// arguments (`args`) and the `repeat-until` closure, else `None`.
    pub(super) fn indexed_reader(
        &self,
        def: &TypeDef,
        field: &Field,
        args: Option<&[TokenStream]>,
        until: Option<&crate::binrw::repeat::Until>,
    ) -> Result<Option<TokenStream>, SchemaError> {
        if !uses_index(field) {
            return Ok(None);
        }
        let args = super::field_args::tuple(args.unwrap_or_default());
        let each = quote!(|ks_i: usize| #args);
        let parse_with = match (&field.repeat_expr, until) {
            (Some(count), _) => {
                let count = self
                    .size_expr(field, count)?
                    .to_usize(Side::Read, &|n| self.wide_path(def, n));
                quote!(ks_indexed_count(#count, #each))
            }
            (None, Some(until)) => until
                .indexed_parse_with(&each)
                .map_err(|e| self.field_err(field, e))?,
            (None, None) => quote!(ks_indexed_eof(#each)),
        };
        Ok(Some(quote!(parse_with = #parse_with)))
    }
}

/// The writer's `args` attribute of `field`: one tuple per element, built from its index, when
/// they name `_index` (`ks_i`), else the same for all.
pub(super) fn write_args_attr(field: &Field, args: &[TokenStream]) -> TokenStream {
    if uses_index(field) && args.iter().any(|a| mentions(a, "ks_i")) {
        let (list, each) = (ident(&field.id), super::field_args::tuple(args));
        quote! {
            #[bw(write_with = ks_each_write, args_raw = (0..#list.len()).map(|ks_i| #each).collect::<Vec<_>>())]
        }
    } else {
        quote!(#[bw(args(#(#args),*))])
    }
}
