//! An integer `valid` on a switch field whose cases are all integers: the reader and the writer
//! check that the variant holds a valid value.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::super::{Check, Module, check, field_check};
use super::variant_name;
use crate::SchemaError;
use crate::binrw::schema::{Field, TypeDef, Valid};
use crate::binrw::tokens::ident;

impl Module<'_> {
    /// The checks of an integer `valid` on a switch field: the variant holds an integer case
    /// type and its value is valid (any other variant is not).
    pub(super) fn valid_variants(
        &self,
        def: &TypeDef,
        field: &Field,
        name: &str,
        valid: &Valid,
    ) -> Result<TokenStream, SchemaError> {
        let value = if !valid.any_of.is_empty() {
            let list = valid.any_of.iter().map(|n| Literal::i64_unsuffixed(*n));
            quote!(#(#list)|*)
        } else {
            let bound = |b: Option<i64>| b.map(Literal::i64_unsuffixed);
            match (valid.min, valid.max) {
                (None, None) => return Ok(TokenStream::new()),
                (min, None) => {
                    let min = bound(min);
                    quote!(#min..)
                }
                (min, max) => {
                    let (min, max) = (bound(min), bound(max));
                    quote!(#min..=#max)
                }
            }
        };
        let mut variants: Vec<String> = Vec::new();
        for case in &field.switch_cases {
            let ty = &case.ty;
            let Some(rust) = case.kind.rust_int() else {
                return Err(self.field_err(
                    field,
                    format!("`valid` on a switch with the case type `{ty}`: the binrw backend checks integer cases only"),
                ));
            };
            // A bound the case type cannot hold would be a pattern that does not compile.
            let bounds = valid.any_of.iter().chain(&valid.min).chain(&valid.max);
            if let Some(v) = bounds.copied().find(|v| !fits(rust, *v)) {
                return Err(self.field_err(
                    field,
                    format!("`valid` value {v} does not fit the switch case type `{ty}`"),
                ));
            }
            let variant = variant_name(ty);
            if !variants.contains(&variant) {
                variants.push(variant);
            }
        }
        let (name, id) = (ident(name), ident(&field.id));
        let variants = variants.iter().map(|v| ident(v));
        let cond = quote!(matches!(#id, #(#name::#variants(#value))|*));
        let path = format!("{}.{}", def.rust_name, field.id);
        let message = format!("{path} is not valid");
        let read = check(Check::Read, &cond, &message, &[]);
        let write = field_check(&path, &cond, &message, &[]);
        Ok(quote!(#read #write))
    }
}

/// Whether `v` is a value of the Rust integer type `rust` (`u8` ... `i64`).
fn fits(rust: &str, v: i64) -> bool {
    let v = i128::from(v);
    let (bits, signed) = (
        rust[1..].parse::<u32>().unwrap_or(64),
        rust.starts_with('i'),
    );
    let (min, max) = if signed {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    };
    (min..=max).contains(&v)
}
