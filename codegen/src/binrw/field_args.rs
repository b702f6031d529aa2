//! The arguments a field passes to its type's reader and writer.

use proc_macro2::TokenStream;
use quote::quote;

use super::super::expr::{Expr, Side};
use super::super::schema::{Field, FieldType, Param, TypeDef, TypeRef, Versioned};
use super::rust_params::writer_takes;
use super::{Module, list_args};
use crate::SchemaError;
use crate::expr::Source;

impl<'a> Module<'a> {
    /// Arguments passed to the field's type: `None` when it takes none, an empty list for
    /// `#[with_version]` (the macro passes the version).
    pub(super) fn type_args(
        &self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<Option<Vec<TokenStream>>, SchemaError> {
        let (name, args) = match &field.ty {
            FieldType::Named { kind, .. } if kind.builtin() => return Ok(None),
            FieldType::Named { name, args, .. } => (name, args),
            FieldType::Switch { .. } if field.variants.is_none() => {
                let mut args = self.general_switch_arg(def, field)?.unwrap_or_default();
                // A sized switch passes its arguments inside `args_raw` (see `field`).
                if field.size.is_none() && !field.size_eos {
                    args.extend(self.up_args(def, field)?);
                    args.extend(self.nav_args(def, field)?.0);
                }
                return Ok((!args.is_empty()).then_some(args));
            }
            FieldType::Switch { on, .. } if super::left_enum::is_bytes_left(on) => {
                return Ok(None);
            }
            FieldType::Switch { on, .. } => {
                let on = self.expr_in(field, on, false)?;
                return Ok(Some(vec![on.rust(Side::Read)]));
            }
            FieldType::None => return Ok(None),
        };
        let (decl, target) = self.resolve(field, name)?;
        if field.with_version {
            let is_versioned = matches!(target.versioned, Some(Versioned::Param));
            if !is_versioned || !matches!(args.as_slice(), [a] if a.as_name() == Some("version")) {
                return Err(self.field_err(
                    field,
                    "-savepoint-with-version needs `type: <versioned type>(version)`",
                ));
            }
            return Ok(Some(Vec::new()));
        }
        if args.len() != target.params.len() {
            return Err(self.field_err(
                field,
                format!("`{name}` takes {} arguments", target.params.len()),
            ));
        }
        let mut out = self.param_args(def, field, target, args)?;
        let (nav, _) = self.nav_args(def, field)?;
        out.extend(nav);
        out.extend(self.up_args(def, field)?);
        if self.needs_depth(decl, target) {
            out.push(match def.max_depth.is_some() {
                true => quote!(depth + 1),
                false => quote!(0),
            });
        }
        Ok(if out.is_empty() { None } else { Some(out) })
    }

    /// The values `field` of `def` passes to the params of `target` (`args`, one per param),
    /// as the reader computes them.
    pub(super) fn param_args(
        &self,
        def: &TypeDef,
        field: &Field,
        target: &TypeDef,
        args: &[Source],
    ) -> Result<Vec<TokenStream>, SchemaError> {
        let mut out = Vec::new();
        for (a, param) in args.iter().zip(&target.params) {
            let ty = &param.ty;
            if let Some(arg) = self.gated_arg(field, a)? {
                out.push(arg);
                continue;
            }
            if let Some(arg) = self.rust_param_arg(field, target, a, &param.id)? {
                out.push(arg);
                continue;
            }
            if let Some(arg) = self.index_arg(field, a, ty)? {
                out.push(arg);
                continue;
            }
            if let Some(arg) = self.list_arg(def, field, a, ty)? {
                out.push(arg);
                continue;
            }
            if *ty == TypeRef::Io {
                let size = super::super::io::stream_size_arg(a, def, field);
                let size = size.map_err(|e| self.field_err(field, e))?;
                let size = self.resolve_expr(field, size, true)?;
                let wide = |n: &str| self.wide_path(def, n);
                let size =
                    super::super::io::size_arg_rust(&size, &|e| e.to_usize(Side::Read, &wide));
                out.push(size);
                continue;
            }
            let e = self.expr_in(field, a, false)?;
            if let Expr::Path(p) = &e
                && p.iter().all(|s| super::super::parent::is_nav(s))
            {
                return Err(self.field_err(
                        field,
                        format!("`{a}` itself as a type argument is not supported by the binrw backend (only values of it)"),
                    ));
            }
            let arg = e.rust(Side::Read);
            // A user-type param is imported by value (see `user_param_type`); a list one as a
            // `Vec`, whatever holds the argument (a fixed count is read into an array). A
            // name or field path is cloned as it is, anything else in parentheses.
            let path = e.is_path();
            out.push(if ty.by_value() {
                arg
            } else if ty.element().is_some() {
                quote!((#arg).to_vec())
            } else if path {
                quote!(#arg.clone())
            } else {
                quote!((#arg).clone())
            });
        }
        Ok(out)
    }

    /// The `_parent` / `_root` values a field passes to its type: (reader, writer).
    pub(super) fn nav_args(
        &self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<(Vec<TokenStream>, Vec<TokenStream>), SchemaError> {
        self.nav()
            .args(def, field)
            .map_err(|e| self.field_err(field, e))
    }

    /// What a field passes to the value-instance imports of its type or switch cases (see
    /// `nav_value.rs`).
    pub(super) fn up_args(
        &self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<Vec<TokenStream>, SchemaError> {
        let at = def.seq.iter().position(|f| std::ptr::eq(f, field));
        let up = self.up().args(def, at.unwrap_or(usize::MAX), field);
        up.map_err(|(at, e)| self.err(&at, e))
    }

    /// The arguments a field passes to its type's writer params (see `writer_params.rs`).
    pub(super) fn writer_args(&self, field: &Field) -> Result<Vec<TokenStream>, SchemaError> {
        let (name, args) = match &field.ty {
            FieldType::Named { name, kind, args } if !kind.builtin() => (name, args),
            FieldType::Switch { .. } if field.variants.is_none() && !is_sized(field) => {
                return self.case_writer_values(field);
            }
            _ => return Ok(Vec::new()),
        };
        self.writer_param_args(field, name, args)
    }

    /// The values `field` passes to the writer params of its type `name`, called with `args`.
    pub(super) fn writer_param_args(
        &self,
        field: &Field,
        name: &str,
        args: &[Source],
    ) -> Result<Vec<TokenStream>, SchemaError> {
        let (decl, target) = self.resolve(field, name)?;
        let wanted = super::super::writer_params::writer_params(self.schemas, decl, target);
        let mut out = Vec::new();
        for (arg, Param { id: param, ty, .. }) in args.iter().zip(&target.params) {
            let takes = writer_takes(target, param) || wanted.iter().any(|w| w.id == *param);
            if let Some(gated) = self.gated_arg(field, arg)?.filter(|_| takes) {
                out.push(gated);
            } else if let Some(taken) = self.taken_writer_arg(field, target, arg, (param, ty))? {
                out.push(taken);
            } else if wanted.iter().any(|w| w.id == *param) {
                match self.index_arg(field, arg, ty)? {
                    Some(index) => out.push(index),
                    None => {
                        let value = self.expr_in(field, arg, false)?.rust(Side::Write);
                        out.push(list_args::lend(ty, value));
                    }
                }
            }
        }
        Ok(out)
    }
}

/// Whether a field is read from an area of its own size (`size`, `size-eos`).
fn is_sized(field: &Field) -> bool {
    field.size.is_some() || field.size_eos
}

/// A Rust tuple of `items`: `()`, `(a,)`, `(a, b,)`.
pub(super) fn tuple(items: &[TokenStream]) -> TokenStream {
    match items {
        [] => quote!(()),
        _ => quote!((#(#items),*,)),
    }
}
