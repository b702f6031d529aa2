//! Framed fields: the `KsFrame` of strings, byte arrays and substreams, processed fields, and
//! sizes taken element by element from a list (`size: sizes[_index]`).

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::super::expr::{Expr, Side};
use super::super::schema::{Field, FieldType, KsType, Process, TypeDef};
use super::field_types::canonical_encoding;
use super::{Module, switch};
use crate::SchemaError;
use crate::expr::Source;

impl<'a> Module<'a> {
    /// A processed byte array (`KsProcBytes`) or user type (`KsProcSub<T>`), see `process.rs`.
    pub(super) fn processed(
        &mut self,
        def: &TypeDef,
        field: &Field,
        process: &Process,
        user_type: bool,
        raw_args: &mut Option<(TokenStream, TokenStream)>,
    ) -> Result<TokenStream, SchemaError> {
        let plain_bytes = matches!(field.ty, FieldType::None);
        if !plain_bytes && !user_type {
            return Err(self.field_err(
                field,
                "`process` on other than a byte array or a user type is not supported by the binrw backend",
            ));
        }
        if user_type && self.type_args(def, field)?.is_some() {
            return Err(self.field_err(
                field,
                "`process` on a user type with arguments is not supported by the binrw backend",
            ));
        }
        let (read, write) = self.frame_values(def, field, None)?;
        let (pr, pw) = super::super::process::args(def, field, process, &self.settings.processors)
            .map_err(|e| self.field_err(field, e))?;
        self.frames = true;
        self.process = true;
        if plain_bytes {
            *raw_args = Some((quote!((#read, #pr)), quote!((#write, #pw))));
            return Ok(quote!(KsProcBytes));
        }
        *raw_args = Some((quote!((#read, #pr, ())), quote!((#write, #pw, ()))));
        let inner = self.element_type(field)?;
        Ok(quote!(KsProcSub<#inner>))
    }

    /// The `KsFrame` (`savepoint_runtime::frame::KsFrame`) of a string (`Some(true)`), a framed byte
    /// array (`Some(false)`) or a substream (`None`), as the reader and the writer spell it.
    pub(super) fn frame_values(
        &mut self,
        def: &TypeDef,
        field: &Field,
        string: Option<bool>,
    ) -> Result<(TokenStream, TokenStream), SchemaError> {
        if field.valid.is_some() {
            return Err(self.field_err(
                field,
                "`valid` on a string, framed byte array or substream is not supported by the binrw backend",
            ));
        }
        let mut encoding_name = "UTF-8";
        if string == Some(true) {
            let encoding = field.encoding.clone().or_else(|| {
                self.schemas
                    .files
                    .get(self.file)
                    .and_then(|f| f.encoding.clone())
            });
            let known = encoding.as_deref().and_then(canonical_encoding);
            let Some(known) = known else {
                return Err(self.field_err(
                    field,
                    format!("encoding {encoding:?} is not supported by the binrw backend (ASCII, UTF-8, UTF-16LE/BE, IBM437 and the encodings encoding_rs knows are)"),
                ));
            };
            encoding_name = known;
        }
        let strz = matches!(
            &field.ty,
            FieldType::Named {
                kind: KsType::Strz,
                ..
            }
        );
        let terminator = field.terminator.or(strz.then_some(0));
        if field.size.is_none() && !field.size_eos && terminator.is_none() {
            return Err(self.field_err(field, "a string needs `size`, `size-eos` or a terminator"));
        }
        if field.size.is_some() && field.size_eos {
            return Err(self.field_err(field, "`size` and `size-eos` together"));
        }
        let indexed = indexed_size(field).is_some();
        let size = match &field.size {
            None => None,
            // `sizes[_index]`: each element's size, `ks_n`, comes from the iteration (see
            // `indexed_size`).
            Some(_) if indexed => Some(Expr::Path(vec!["ks_n".into()])),
            Some(text) => Some(self.size_expr(field, text)?),
        };
        // A UTF-16 string ends at a two-byte terminator.
        let unit = Literal::u8_unsuffixed(if encoding_name.starts_with("UTF-16") {
            2
        } else {
            1
        });
        let (terminator, pad_right) = (byte_option(terminator), byte_option(field.pad_right));
        let (eos, include, consume) = (field.size_eos, field.include, field.consume);
        let eos_error = field.eos_error;
        let frame = |side| {
            let size = size.as_ref().map_or(quote!(None), |e| match e.constant() {
                Some(n) => {
                    let n = Literal::i64_unsuffixed(n);
                    quote!(Some(#n))
                }
                None if indexed => quote!(Some(usize::try_from(*ks_n).unwrap_or(usize::MAX))),
                None => {
                    let n = e.to_usize(side, &|n| self.wide_path(def, n));
                    quote!(Some(#n))
                }
            });
            quote! {
                KsFrame {
                    size: #size, eos: #eos, terminator: #terminator, include: #include,
                    consume: #consume, pad_right: #pad_right, unit: #unit,
                    eos_error: #eos_error, encoding: #encoding_name
                }
            }
        };
        Ok((frame(Side::Read), frame(Side::Write)))
    }
}

/// An optional byte of a frame (`Some(0)`, `None`).
fn byte_option(byte: Option<u8>) -> TokenStream {
    match byte.map(Literal::u8_unsuffixed) {
        Some(b) => quote!(Some(#b)),
        None => quote!(None),
    }
}

/// `list` of a `size: list[_index]` on a `repeat: expr` field: each element's size is the
/// element of `list` at its index.
pub(in crate::binrw) fn indexed_size(field: &Field) -> Option<&str> {
    indexed_list(field.size.as_ref()?).filter(|_| field.repeat_expr.is_some())
}

/// `list` of an expression `list[_index]`, `list` a plain name.
pub(in crate::binrw) fn indexed_list(e: &Source) -> Option<&str> {
    use crate::expr::Expr as Ks;
    let Ks::Index(list, at) = e.tree() else {
        return None;
    };
    let (Ks::Name(list), Ks::Name(at)) = (&**list, &**at) else {
        return None;
    };
    let plain = at == "_index"
        && list.starts_with(|c: char| c.is_ascii_lowercase())
        && list
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    plain.then_some(list)
}

/// The list a `repeat: expr` field iterates for its elements' sizes or switch selectors (see
/// `indexed_size` and `switch::indexed_selector`).
pub(super) fn indexed(field: &Field) -> Option<&str> {
    indexed_size(field).or_else(|| switch::indexed_selector(field))
}
