//! Counts: a `-savepoint-count-of` field recomputed from its list, and the writer's checks
//! that a list still has the length its count or a type argument gives.

use super::super::expr::{Expr, Side, Width};
use super::super::schema::{Field, FieldType, TypeDef};
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::super::schema::Valid;
use super::super::tokens::{ident, source};
use super::Module;
use super::asserts::{Check, Checked, check, field_check, valid_check};
use super::elem::Elem;
use crate::SchemaError;
use crate::expr::Source;

impl<'a> Module<'a> {
    /// A count field of integer type `ty`: read, checked, and recomputed from its list on write.
    pub(super) fn count_field(
        &self,
        def: &TypeDef,
        field: &Field,
        count_of: &str,
        ty: &TokenStream,
        kind: Elem,
    ) -> Result<TokenStream, SchemaError> {
        let Elem::Int(element) = kind else {
            return Err(self.field_err(
                field,
                "a -savepoint-count-of field is an integer (not an enum) for the binrw backend",
            ));
        };
        let target = def.seq.iter().find(|f| f.id == count_of).ok_or_else(|| {
            self.field_err(
                field,
                format!("-savepoint-count-of names no field `{count_of}`"),
            )
        })?;
        if target.repeat_expr.as_ref().and_then(Source::as_name) != Some(field.id.as_str()) {
            return Err(self.field_err(
                field,
                format!("`{count_of}` must have repeat-expr: {}", field.id),
            ));
        }
        if field.cond.is_some() || target.cond.is_some() {
            return Err(self.field_err(
                field,
                "a conditional count field is not supported by the binrw backend",
            ));
        }
        // A `temp` field is not in the struct: the field's doc has nowhere to go.
        let mut out = quote!(#[br(temp)]);
        if let Some(valid) = &field.valid {
            out.extend(self.count_checks(def, field, count_of, kind, valid));
        }
        let path = format!("{}.{count_of}", def.rust_name);
        let (list, id) = (ident(count_of), ident(&field.id));
        let message = format!("{{}} elements do not fit a {element} count");
        let error = quote! {
            savepoint_runtime::binrw_error::FieldError::new(#path, format!(#message, #list.len()))
        };
        let calc = quote!(#[bw(try_calc = #ty::try_from(#list.len()).map_err(|_| { #error }))]);
        out.extend(calc);
        out.extend(quote!(#id: #ty,));
        Ok(out)
    }

    /// The `valid` of a count field: the reader checks the count read, the writer the length of
    /// the list it writes instead.
    fn count_checks(
        &self,
        def: &TypeDef,
        field: &Field,
        count_of: &str,
        kind: Elem,
        valid: &Valid,
    ) -> TokenStream {
        let Some(read) = valid_check(Checked::Read(&field.id), valid, kind.unsigned()) else {
            return TokenStream::new();
        };
        let message = format!("invalid {}.{} {{}}", def.rust_name, field.id);
        let id = ident(&field.id).into_token_stream();
        let mut out = check(Check::Read, &read, &message, &[id]);
        if let Some(write) = valid_check(Checked::Len(count_of), valid, true) {
            let path = format!("{}.{}", def.rust_name, field.id);
            let list = ident(count_of);
            let len = quote!(#list.len());
            out.extend(field_check(&path, &write, &message, &[len]));
        }
        out
    }

    /// A list whose length is computed from other fields: the writer checks it still holds.
    pub(super) fn computed_count_check(
        &self,
        def: &TypeDef,
        field: &Field,
        count: &Expr,
    ) -> Option<TokenStream> {
        if super::super::io::reads_stream(count) {
            // The writer does not know the stream's attributes (see `io.rs`).
            return None;
        }
        let mut paths = Vec::new();
        count.paths(&mut paths);
        let writer = super::super::writer_params::writer_params(self.schemas, self.file, def);
        if paths
            .iter()
            .any(|p| def.param(&p[0]).is_some() && !writer.iter().any(|w| w.id == p[0]))
        {
            // The writer gets only the params of `writer_params.rs`.
            return None;
        }
        if let Some(name) = count.name() {
            let is_param = def.param(name).is_some();
            let is_count = def
                .seq
                .iter()
                .any(|f| f.id == name && f.count_of.as_deref() == Some(field.id.as_str()));
            if is_param || is_count {
                return None;
            }
        }
        let id = ident(&field.id);
        // `usize::from` takes narrow counts only (by the field's recorded type).
        let wide = count
            .name()
            .filter(|n| def.seq.iter().any(|f| f.id == *n))
            .is_some_and(|n| self.wide_path(def, n) != Width::Narrow);
        let cond = match count.name() {
            Some(n) if wide => {
                let n = ident(n);
                quote!(usize::try_from(*#n).is_ok_and(|n| n == #id.len()))
            }
            _ => {
                let count = count.count_in(Side::Write, &|n| self.wide_path(def, n));
                quote!(#id.len() == #count)
            }
        };
        // The count as Rust, its braces escaped for `format!`.
        let source = source(&count.rust(Side::Read))
            .replace('{', "{{")
            .replace('}', "}}");
        let message = format!(
            "{}.{id} must hold {source} elements, not {{}}",
            def.rust_name
        );
        let path = format!("{}.{id}", def.rust_name);
        // An absent optional list has no length to check.
        let optional = field.cond.is_some() || field.since.is_some() || field.until.is_some();
        let (cond, len) = if optional {
            (
                quote!(#id.as_ref().is_none_or(|#id| #cond)),
                quote!(#id.as_ref().map_or(0, |#id| #id.len())),
            )
        } else {
            (cond, quote!(#id.len()))
        };
        Some(field_check(&path, &cond, &message, &[len]))
    }

    /// Where a field passes an argument that sizes a list of its type, the writer checks that
    /// every such list still has that length (the type itself cannot: binrw passes arguments
    /// to readers only).
    pub(super) fn param_count_check(
        &self,
        def: &TypeDef,
        field: &Field,
        vec: bool,
    ) -> Result<Option<TokenStream>, SchemaError> {
        let FieldType::Named { name, args, .. } = &field.ty else {
            return Ok(None);
        };
        if args.is_empty() || field.with_version {
            return Ok(None);
        }
        let (_, target) = self.resolve(field, name)?;
        let mut checks = Vec::new();
        for (param, arg) in target.params.iter().zip(args) {
            let counts = |f: &&Field| {
                f.repeat_expr.as_ref().and_then(Source::as_name) == Some(param.id.as_str())
            };
            if !target.seq.iter().any(|f| counts(&f)) {
                continue;
            }
            let count = self.expr_in(field, arg, false)?.count(Side::Write);
            for inner in target.seq.iter().filter(counts) {
                checks.push((inner.id.clone(), count.clone(), arg.clone()));
            }
        }
        let mut out = TokenStream::new();
        let id = ident(&field.id);
        for (inner, arg, source) in checks {
            let inner_id = ident(&inner);
            let cond = if vec {
                quote!(#id.iter().all(|e| e.#inner_id.len() == #arg))
            } else {
                quote!(#id.#inner_id.len() == #arg)
            };
            // `[..]`: every element of a list field.
            let each = if vec { "[..]" } else { "" };
            let path = format!("{}.{}{each}.{inner}", def.rust_name, field.id);
            let message = format!("{path} must hold {source} elements");
            out.extend(field_check(&path, &cond, &message, &[]));
        }
        Ok(Some(out).filter(|s| !s.is_empty()))
    }
}
