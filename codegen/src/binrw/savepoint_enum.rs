//! `-savepoint-enum` on a type (a Rust enum that reads its tag) and on a field (a Rust enum
//! selected by an earlier field, checked against it by the struct's writer); `tag_enum.rs`
//! writes their readers and writers.

use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};

use super::super::schema::{Field, FieldType, TypeDef};
use super::super::tokens::ident;
use super::Module;
use super::asserts::field_check;
use super::enum_args::CaseArgs;
use super::own_enum::Args;
use super::record::docs;
use super::tag_enum::{Tag, TagArm, TagEnum, TagPlace};
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
        let FieldType::Switch { on } = &field.ty else {
            return Err(self.field_err(
                field,
                "-savepoint-enum on a field needs `type: {switch-on: ...}`",
            ));
        };
        let cases = field.int_cases();
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
                FieldType::Named { kind, .. } => kind.rust_int(),
                _ => None,
            })
            .ok_or_else(|| {
                self.field_err(
                    field,
                    format!("selector `{sel_name}` must be an integer field"),
                )
            })?;
        let mut arms = Vec::new();
        for (variant, values, case_type) in self.group_variants(field, variants, &cases)? {
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
            arms.push(TagArm {
                doc,
                variant: ident(&variant),
                ty: ident(&rust),
                boxed: false,
                values,
                args: CaseArgs::default(),
            });
        }
        let sel_rust = ident(sel_type);
        Ok(self.tag_enum(TagEnum {
            doc: field.doc.as_deref(),
            name: ident(name),
            what: format!("{}.{}", def.rust_name, field.id),
            tag: Tag {
                id: sel_name,
                ty: sel_type,
                place: TagPlace::Before,
            },
            arms,
            serde: TokenStream::new(),
            endian: def.endian,
            args: (
                Args::tuple(&[(quote!(ks_tag), quote!(#sel_rust))]),
                Args::none(),
            ),
        }))
    }

    /// The writer's check that a field enum's variant agrees with its selector.
    pub(super) fn selector_check(
        &self,
        def: &TypeDef,
        field: &Field,
        name: &str,
        variants: &[(i64, String)],
    ) -> Result<TokenStream, SchemaError> {
        let FieldType::Switch { on } = &field.ty else {
            return Ok(TokenStream::new());
        };
        let cases = field.int_cases();
        let sel = self.expr_in(field, on, false)?;
        let sel = sel
            .name()
            .ok_or_else(|| self.field_err(field, "the selector must be one earlier field"))?
            .to_string();
        let name = ident(name);
        let arms = self
            .group_variants(field, variants, &cases)?
            .into_iter()
            .map(|(v, values, _)| {
                let (v, matches) = (ident(&v), selector_matches(&sel, &values));
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
        cases: &[(i64, &str)],
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
                None => out.push((variant, vec![*value], case_type.to_string())),
            }
        }
        if out.iter().map(|(_, v, _)| v.len()).sum::<usize>() != variants.len() {
            return Err(self.field_err(field, "-savepoint-enum variants and cases differ"));
        }
        Ok(out)
    }

    /// A type that is a selector integer and one field switched on it: a Rust enum that reads
    /// the selector as its tag.
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
        let (tag_type, tag_endian) = match &tag.ty {
            FieldType::Named { kind, .. } if tag.id == e.tag => {
                (kind.rust_int(), kind.own_endian())
            }
            _ => (None, None),
        };
        let tag_type = tag_type.ok_or_else(|| {
            self.field_err(
                tag,
                format!("the selector must be the integer field `{}`", e.tag),
            )
        })?;
        let FieldType::Switch { on } = &body.ty else {
            return Err(self.field_err(body, "expected type: {switch-on: ..., cases: ...}"));
        };
        let cases = body.int_cases();
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
        let mut arms = Vec::new();
        for (variant, values, case_type) in self.group_variants(body, &e.variants, &cases)? {
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
            let mut args = self.enum_case_args(def, body, (decl, target), &args)?;
            let decl = decl.to_string();
            let (rust, doc, boxed) = (
                target.rust_name.clone(),
                target.doc.clone(),
                target.max_depth.is_some(),
            );
            if boxed {
                // A type that contains itself is read one level deeper.
                args.read = vec![ident("depth")];
            }
            let rust = self.use_type(&decl, &rust);
            let what = doc
                .as_deref()
                .and_then(|d| d.lines().next())
                .unwrap_or(&rust);
            let doc = docs(Some(&format!("`{}` {value}: {what}", e.tag)));
            arms.push(TagArm {
                doc,
                variant: ident(&variant),
                ty: ident(&rust),
                boxed,
                values,
                args,
            });
        }
        let args = match depth {
            true => (Args::tuple(&[(quote!(depth), quote!(u32))]), Args::none()),
            false => {
                let cases: Vec<_> = arms.iter().map(|a| &a.args).collect();
                self.enum_imports(def, &cases)?
            }
        };
        let serde = self.enum_serde_tag(e);
        let own = self.tag_enum(TagEnum {
            doc: def.doc.as_deref(),
            name: ident(&e.name),
            what: e.name.clone(),
            tag: Tag {
                id: e.tag.clone(),
                ty: tag_type,
                place: TagPlace::Inside(tag_endian),
            },
            arms,
            serde,
            endian: def.endian,
            args,
        });
        self.items.extend(own);
        Ok(())
    }
}

/// The writer's test that selector field `sel` (a reference) holds one of `values`.
fn selector_matches(sel: &str, values: &[i64]) -> TokenStream {
    let sel = ident(sel);
    let sel = quote!(*#sel);
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
