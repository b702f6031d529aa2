//! `-savepoint-enum` on a type (a Rust enum with magic values) and on a field (a Rust enum
//! selected by an earlier field, checked against it by the writer).

use proc_macro2::{Literal, Span, TokenStream};
use quote::{ToTokens, quote};

use super::super::expr::Side;
use super::super::schema::{Field, FieldType, TypeDef};
use super::super::tokens::ident;
use super::Module;
use super::asserts::field_check;
use super::enum_args::written;
use super::field_types::int_type;
use super::record::docs;
use crate::SchemaError;
use crate::expr::{CallError, parse_call};

impl<'a> Module<'a> {
    /// A Rust enum for a field switched on a selector outside it.
    pub(super) fn field_enum(
        &mut self,
        def: &TypeDef,
        field: &Field,
        name: &str,
        variants: &[(i64, String)],
    ) -> Result<TokenStream, SchemaError> {
        let FieldType::Switch { on, cases } = &field.ty else {
            return Err(self.field_err(
                field,
                "-savepoint-enum on a field needs `type: {switch-on: ...}`",
            ));
        };
        let selector = self.expr_in(field, on, false)?;
        let sel_name = selector
            .name()
            .ok_or_else(|| self.field_err(field, "the selector must be one earlier field"))?
            .to_string();
        let sel_type = def
            .seq
            .iter()
            .find(|f| f.id == sel_name)
            .and_then(|f| match &f.ty {
                FieldType::Named { name, .. } => int_type(name),
                _ => None,
            })
            .ok_or_else(|| {
                self.field_err(
                    field,
                    format!("selector `{sel_name}` must be an integer field"),
                )
            })?;
        let mut cases_out = Vec::new();
        for (variant, values, case_type) in self.group_variants(field, variants, cases)? {
            let (decl, target) = self.resolve(field, &case_type)?;
            let decl = decl.to_string();
            let (rust, doc) = (target.rust_name.clone(), target.doc.clone());
            let rust = self.use_type(&decl, &rust);
            let list: Vec<String> = values.iter().map(i64::to_string).collect();
            let what = doc
                .as_deref()
                .and_then(|d| d.lines().next())
                .unwrap_or(&rust);
            let doc = docs(Some(&format!("`{sel_name}` {}: {what}", list.join(", "))));
            let matches = selector_matches(&sel_name, &values, Side::Read);
            let (variant, rust) = (ident(&variant), ident(&rust));
            cases_out.push(quote!(#doc #[br(pre_assert(#matches))] #variant(#rust),));
        }
        let doc = docs(field.doc.as_deref());
        let endian = def.endian.map(|e| {
            let e = ident(e);
            quote!(#[brw(#e)])
        });
        let (sel_name, sel_type, name) = (ident(&sel_name), ident(sel_type), ident(name));
        let derive = self.base_derive();
        Ok(quote! {
            #doc
            #[binrw]
            #endian
            #[br(import(#sel_name: #sel_type))]
            #derive
            pub enum #name { #(#cases_out)* }
        })
    }

    /// The writer's check that a field enum's variant agrees with its selector.
    pub(super) fn selector_check(
        &self,
        def: &TypeDef,
        field: &Field,
        name: &str,
        variants: &[(i64, String)],
    ) -> Result<TokenStream, SchemaError> {
        let FieldType::Switch { on, cases } = &field.ty else {
            return Ok(TokenStream::new());
        };
        let sel = self.expr_in(field, on, false)?;
        let sel = sel
            .name()
            .ok_or_else(|| self.field_err(field, "the selector must be one earlier field"))?
            .to_string();
        let name = ident(name);
        let arms = self
            .group_variants(field, variants, cases)?
            .into_iter()
            .map(|(v, values, _)| {
                let (v, matches) = (ident(&v), selector_matches(&sel, &values, Side::Write));
                quote!(#name::#v(_) => #matches,)
            });
        let id = ident(&field.id);
        let cond = quote!(match #id { #(#arms)* });
        let message = format!(
            "{}.{sel} {{}} does not match its {}",
            def.rust_name, field.id
        );
        let path = format!("{}.{sel}", def.rust_name);
        let sel = ident(&sel).into_token_stream();
        Ok(field_check(&path, &cond, &message, &[sel]))
    }

    /// Variants in first-appearance order with every selector value naming them.
    pub(super) fn group_variants(
        &self,
        field: &Field,
        variants: &[(i64, String)],
        cases: &[(i64, String)],
    ) -> Result<Vec<(String, Vec<i64>, String)>, SchemaError> {
        let mut out: Vec<(String, Vec<i64>, String)> = Vec::new();
        for (value, case_type) in cases {
            let variant = variants
                .iter()
                .find(|(v, _)| v == value)
                .map(|(_, n)| n.clone())
                .ok_or_else(|| {
                    self.field_err(
                        field,
                        format!("case {value} has no -savepoint-enum variant"),
                    )
                })?;
            match out.iter_mut().find(|(v, _, _)| *v == variant) {
                Some((_, values, t)) if t == case_type => values.push(*value),
                Some(_) => {
                    return Err(
                        self.field_err(field, format!("variant {variant} names two case types"))
                    );
                }
                None => out.push((variant, vec![*value], case_type.clone())),
            }
        }
        if out.iter().map(|(_, v, _)| v.len()).sum::<usize>() != variants.len() {
            return Err(self.field_err(field, "-savepoint-enum variants and cases differ"));
        }
        Ok(out)
    }

    /// A type that is a selector byte and one switched field: a Rust enum with magic values.
    pub(super) fn type_enum(&mut self, def: &TypeDef) -> Result<(), SchemaError> {
        let Some(e) = &def.type_enum else {
            return Ok(());
        };
        let [tag, body] = def.seq.as_slice() else {
            return Err(self.err(
                &def.yaml_path,
                "a -savepoint-enum type's seq is its selector and one switched field",
            ));
        };
        let suffix = match &tag.ty {
            FieldType::Named { name, .. } if tag.id == e.tag => int_type(name),
            _ => None,
        }
        .ok_or_else(|| {
            self.field_err(
                tag,
                format!("the selector must be the integer field `{}`", e.tag),
            )
        })?;
        let FieldType::Switch { on, cases } = &body.ty else {
            return Err(self.field_err(body, "expected type: {switch-on: ..., cases: ...}"));
        };
        if on.as_name() != Some(e.tag.as_str()) {
            return Err(self.field_err(body, format!("switch-on must be `{}`", e.tag)));
        }
        let depth = self.needs_depth(self.file, def);
        if depth && !def.params.is_empty() {
            return Err(self.err(
                &def.yaml_path,
                "a recursive -savepoint-enum type cannot have params",
            ));
        }
        let mut variants_out = Vec::new();
        let mut case_args = Vec::new();
        for (variant, values, case_type) in self.group_variants(body, &e.variants, cases)? {
            let [value] = values.as_slice() else {
                return Err(self.field_err(
                    body,
                    format!("variant {variant} of a type enum needs exactly one value"),
                ));
            };
            let (called, args) = parse_call(case_type.trim()).map_err(|e| {
                let why = match e {
                    CallError::Unbalanced => "unbalanced arguments".to_string(),
                    CallError::Args { inner, error } => format!("arguments `{inner}`: {error}"),
                };
                self.field_err(body, format!("case type `{case_type}`: {why}"))
            })?;
            let (decl, target) = self.resolve(body, called.trim())?;
            let args = self.enum_case_args(def, body, (decl, target), &args)?;
            let attrs = args.attrs();
            case_args.push(args);
            let decl = decl.to_string();
            let (rust, doc, recursive) = (
                target.rust_name.clone(),
                target.doc.clone(),
                target.max_depth.is_some(),
            );
            let rust = self.use_type(&decl, &rust);
            let what = doc
                .as_deref()
                .and_then(|d| d.lines().next())
                .unwrap_or(&rust);
            let doc = docs(Some(&format!("`{}` {value}: {what}", e.tag)));
            let rust = ident(&rust);
            let inner = match recursive {
                true => quote!(#[br(args(depth))] Box<#rust>),
                false => quote!(#attrs #rust),
            };
            let (variant, magic) = (ident(&variant), suffixed(*value, suffix));
            variants_out.push(quote!(#doc #[brw(magic = #magic)] #variant(#inner),));
        }
        let doc = docs(def.doc.as_deref());
        let depth = depth.then(|| quote!(#[br(import(depth: u32))]));
        let imports = self.enum_imports(def, &written(&case_args))?;
        let (derive, name) = (self.base_derive(), ident(&e.name));
        let tag = self.enum_serde_tag(e);
        self.items.extend(quote! {
            #doc
            #[binrw]
            #[brw(little)]
            #depth
            #imports
            #derive
            #tag
            pub enum #name { #(#variants_out)* }
        });
        Ok(())
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

pub(super) fn selector_matches(sel: &str, values: &[i64], side: Side) -> TokenStream {
    let sel = ident(sel);
    let sel = match side {
        Side::Write => quote!(*#sel),
        Side::Read => quote!(#sel),
    };
    match values {
        [one] => {
            let one = Literal::i64_unsuffixed(*one);
            quote!(#sel == #one)
        }
        _ => {
            let pattern = value_pattern(values);
            quote!(matches!(#sel, #pattern))
        }
    }
}

/// A match pattern of integers, runs of three or more as ranges: `0 | 4..=6`.
pub(super) fn value_pattern(values: &[i64]) -> TokenStream {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len() && sorted[j + 1] == sorted[j] + 1 {
            j += 1;
        }
        let literal = |n: &i64| Literal::i64_unsuffixed(*n);
        if j - i >= 2 {
            let (from, to) = (literal(&sorted[i]), literal(&sorted[j]));
            parts.push(quote!(#from..=#to));
        } else {
            parts.extend(sorted[i..=j].iter().map(|n| literal(n).into_token_stream()));
        }
        i = j + 1;
    }
    quote!(#(#parts)|*)
}
