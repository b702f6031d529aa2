//! Kaitai `enums`: a Rust enum per enum that keeps the values it does not name, and the maps
//! of the integer fields that store one.

use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};

use super::super::schema::{Field, FieldType, KsEnum};
use super::super::tokens::ident;
use super::Module;
use crate::SchemaError;

impl<'a> Module<'a> {
    /// A Kaitai enum: a Rust enum that keeps values it does not name, with conversions from and
    /// to `i128` for the fields that store it.
    pub(super) fn ks_enum(&mut self, e: &KsEnum) -> Result<(), SchemaError> {
        let file = self.schemas.files.get(self.file);
        let clash = file.is_some_and(|f| f.types.iter().any(|t| t.rust_name == e.rust_name));
        if clash {
            return Err(self.err(
                &format!("/enums/{}", e.id),
                "an enum named like a type is not supported by the binrw backend",
            ));
        }
        let name = ident(&e.rust_name);
        let unknown = ident(&unknown_variant(e));
        let variants: Vec<_> = e.values.iter().map(|(_, v)| ident(v)).collect();
        let keys = e.values.iter().map(|(k, _)| Literal::i128_unsuffixed(*k));
        let from = keys
            .clone()
            .zip(&variants)
            .map(|(k, v)| quote!(#k => #name::#v,));
        let to = keys.zip(&variants).map(|(k, v)| quote!(#name::#v => #k,));
        let doc = format!(
            " Kaitai enum `{}`; values it does not name are kept as `{unknown}`.",
            e.id
        );
        let serde = self
            .settings
            .serde
            .then(|| quote!(, Serialize, Deserialize));
        let items = quote! {
            #[doc = #doc]
            #[derive(Debug, Clone, Copy, PartialEq, Eq #serde)]
            pub enum #name {
                #(#variants,)*
                /// A value the schema does not name.
                #unknown(i128),
            }
            impl From<i128> for #name {
                fn from(value: i128) -> Self {
                    match value {
                        #(#from)*
                        other => #name::#unknown(other),
                    }
                }
            }
            impl From<#name> for i128 {
                fn from(value: #name) -> Self {
                    match value {
                        #(#to)*
                        #name::#unknown(other) => other,
                    }
                }
            }
        };
        self.items.extend(items);
        Ok(())
    }

    /// An integer field with `enum:`: stored as the enum, mapped from and to the integer
    /// (`optional`: the field is an `Option`, present when its condition holds).
    pub(super) fn enum_field(
        &mut self,
        field: &Field,
        name: &str,
        element: &TokenStream,
        optional: bool,
        out: &mut TokenStream,
    ) -> Result<TokenStream, SchemaError> {
        let (declared_in, e) = self
            .schemas
            .resolve_enum(self.file, name)
            .ok_or_else(|| self.field_err(field, format!("unknown enum `{name}`")))?;
        let is_int =
            matches!(&field.ty, FieldType::Named { kind, .. } if kind.rust_int().is_some());
        // `valid: {in-enum: true}` checks a value that is always there.
        let in_enum = field.valid_in_enum && optional;
        if !is_int
            || field.repeat_eos
            || field.repeat_until.is_some()
            || field.valid.is_some()
            || in_enum
        {
            return Err(self.field_err(
                field,
                "`enum` other than on an integer field or a `repeat: expr` list of them (no other repeat, no valid, no in-enum under if) is not supported by the binrw backend",
            ));
        }
        let rust = ident(&self.use_type(declared_in, &e.rust_name));
        // A list is mapped as a whole once its type is known (see `enum_list_maps`).
        if field.repeat_expr.is_none() {
            let (read, write) = (
                quote!(#rust::from(i128::from(x))),
                quote!(#element::try_from(i128::from(*e))),
            );
            out.extend(match optional {
                false => quote! {
                    #[br(map = |x: #element| #read)]
                    #[bw(try_map = |e: &#rust| #write)]
                },
                true => quote! {
                    #[br(map = |x: #element| Some(#read))]
                    #[bw(try_map = |e: &Option<#rust>| e.as_ref().map(|e| #write).transpose())]
                },
            });
        }
        Ok(rust.into_token_stream())
    }

    /// The maps of a `repeat: expr` list of enum values: `list`, a `Vec` of `enum_type` or an
    /// array of `len` of them, read as integers of Rust type `int` and converted one by one
    /// (`optional`: the field is an `Option` of the list, which these maps wrap and unwrap, as
    /// binrw takes one map).
    pub(super) fn enum_list_maps(
        list: &TokenStream,
        enum_type: &TokenStream,
        int: &TokenStream,
        len: Option<&Literal>,
        optional: bool,
    ) -> TokenStream {
        let each = quote!(|x| #enum_type::from(i128::from(x)));
        let (input, mut read) = match len {
            Some(n) => (quote!([#int; #n]), quote!(v.map(#each))),
            None => (
                quote!(Vec<#int>),
                quote!(v.into_iter().map(#each).collect::<Vec<_>>()),
            ),
        };
        let to_int = quote!(|e| #int::try_from(i128::from(*e)));
        let mut write = quote!(v.iter().map(#to_int).collect::<Result<Vec<#int>, _>>());
        let mut list = list.clone();
        if optional {
            read = quote!(Some(#read));
            write = quote!(v.as_ref().map(|v| #write).transpose());
            list = quote!(Option<#list>);
        }
        quote!(#[br(map = |v: #input| #read)] #[bw(try_map = |v: &#list| #write)])
    }
}

#[cfg(test)]
mod enum_list_tests {
    fn generate_one(tag: &str, ksy: &str) -> Result<String, crate::SchemaError> {
        let tag = format!("enum-list-{tag}");
        crate::binrw::generate_from(&tag, &[("e.ksy", ksy)], "e").map(|m| m.source)
    }

    const SCHEMA: &str = "meta: {id: e, endian: le}\nseq:\n  - {id: n, type: u1}\n  - {id: some, type: u2, enum: animal, repeat: expr, repeat-expr: n}\n  - {id: two, type: u1, enum: animal, repeat: expr, repeat-expr: 2}\nenums:\n  animal:\n    1: cat\n";

    #[test]
    fn a_repeat_expr_list_of_enum_values_is_mapped_as_a_whole() {
        let src = generate_one("ok", SCHEMA).unwrap();
        for expected in [
            "#[br(map = |v: Vec<u16>| v.into_iter().map(|x| Animal::from(i128::from(x))).collect::<Vec<_>>())]",
            "#[bw(try_map = |v: &Vec<Animal>| v.iter().map(|e| u16::try_from(i128::from(*e))).collect::<Result<Vec<u16>, _>>())]",
            "#[br(count = n)]",
            "pub some: Vec<Animal>,",
            "#[br(map = |v: [u8; 2]| v.map(|x| Animal::from(i128::from(x))))]",
            "pub two: [Animal; 2],",
        ] {
            assert!(src.contains(expected), "{expected}:\n{src}");
        }
        let eos = SCHEMA.replace("repeat: expr, repeat-expr: 2", "repeat: eos");
        let err = generate_one("eos", &eos).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/2", "{err}");
    }

    #[test]
    fn a_conditional_enum_list_has_one_map_each_way() {
        let cond = SCHEMA.replace("repeat-expr: 2}", "repeat-expr: 2, if: n == 1}");
        let src = generate_one("cond", &cond).unwrap();
        assert_eq!(src.matches("#[br(map").count(), 2, "{src}");
        assert!(!src.contains("map = Some"), "{src}");
        assert!(src.contains("pub two: Option<[Animal; 2]>,"), "{src}");
        // In-enum under `if` would check a value that may be absent.
        let in_enum = cond.replace("if: n == 1}", "if: n == 1, valid: {in-enum: true}}");
        let err = generate_one("cond-in-enum", &in_enum).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/2", "{err}");
    }
}

/// The variant of `e` that keeps a value the schema does not name: `Unknown`, or, when a value
/// is named so, the first of `UnknownValue`, `UnknownValueValue`, .. that none is.
pub(super) fn unknown_variant(e: &KsEnum) -> String {
    let mut name = "Unknown".to_string();
    while e.values.iter().any(|(_, v)| *v == name) {
        name.push_str("Value");
    }
    name
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_value_named_unknown_moves_the_catch_all_aside() {
        let ksy = "meta: {id: s}\nseq:\n  - {id: os, type: u1, enum: oses, valid: {in-enum: true}}\nenums:\n  oses:\n    0: fat\n    255: unknown\n";
        let src = crate::binrw::generate_from("enum-unknown", &[("s.ksy", ksy)], "s")
            .unwrap_or_else(|e| panic!("{e}"))
            .source;
        for expected in [
            "Unknown,",
            "UnknownValue(i128),",
            "255 => Oses::Unknown,",
            "other => Oses::UnknownValue(other),",
            "!matches!(os, Oses::UnknownValue(_))",
        ] {
            assert!(src.contains(expected), "{expected}:\n{src}");
        }
    }
}
