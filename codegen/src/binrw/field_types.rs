//! The Rust types of fields: Kaitai's built-in types, a field's element type, and which
//! optional traits (`Eq`, `Copy`, `Default`) a type can derive.

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote};

use super::super::schema::{Field, FieldType, KsType, TypeDef};
use super::super::tokens::ident;
use super::{Module, Traits};
use crate::SchemaError;
use crate::expr::Source;

impl<'a> Module<'a> {
    /// The Rust type of one element of a field (before `[T; N]`, `Vec` and `Option`).
    pub(super) fn element_type(&mut self, field: &Field) -> Result<TokenStream, SchemaError> {
        if let Some(path) = &field.rust_type {
            let file = self.file.to_string();
            return self.rust_type(field, path, &file);
        }
        match &field.ty {
            FieldType::None => Err(self.field_err(
                field,
                "a field without a type (only pattern tags may have `contents` alone)",
            )),
            FieldType::Switch { .. } => field
                .variants
                .as_ref()
                .map(|(name, _)| ident(name).into_token_stream())
                .ok_or_else(|| {
                    self.field_err(
                        field,
                        "switch-on needs -savepoint-enum (on the field or its type)",
                    )
                }),
            FieldType::Named { name, kind, .. } => {
                if let Some(t) = kind.rust_int().or_else(|| kind.rust_float()) {
                    return Ok(ident(t).into_token_stream());
                }
                let (decl, def) = self.resolve(field, name)?;
                let decl = decl.to_string();
                if let Some(path) = def.rust_type.clone() {
                    return self.rust_type(field, &path, &decl);
                }
                if let Some((_, bits)) = def.bitfield {
                    return Ok(format_ident!("u{bits}").into_token_stream());
                }
                let rust = def.type_enum.as_ref().map(|e| &e.name);
                let ahead = def.enum_ahead.as_ref().map(|e| &e.name);
                let rust = rust.or(ahead).unwrap_or(&def.rust_name).clone();
                let boxed = def.default_depth;
                let rust = ident(&self.use_type(&decl, &rust));
                Ok(if boxed {
                    quote!(Box<#rust>)
                } else {
                    quote!(#rust)
                })
            }
        }
    }

    /// A `-savepoint-rust-type` path as this module names it (see `use_rust_type`); the schema
    /// gives it as text, refused when it is not a Rust type.
    pub(super) fn rust_type(
        &mut self,
        field: &Field,
        path: &str,
        declared_in: &str,
    ) -> Result<TokenStream, SchemaError> {
        let ty = syn::parse_str::<syn::Type>(path).map_err(|e| {
            self.field_err(
                field,
                format!("-savepoint-rust-type `{path}` is not a Rust type ({e})"),
            )
        })?;
        Ok(self.use_rust_type(ty, declared_in).into_token_stream())
    }

    pub(super) fn traits_of_element(&self, field: &Field) -> Traits {
        if field.enum_name.is_some() {
            return (true, true, false);
        }
        if field.process.is_some() {
            // `KsProcBytes` / `KsProcSub`: vectors inside.
            let plain = Field {
                process: None,
                size: None,
                size_eos: false,
                terminator: None,
                pad_right: None,
                ..field.clone()
            };
            let eq = matches!(field.ty, FieldType::None) || self.traits_of_element(&plain).0;
            return (eq, false, false);
        }
        let user_type = matches!(&field.ty, FieldType::Named { kind, .. } if !kind.builtin());
        if user_type && (field.size.is_some() || field.size_eos || field.terminator.is_some()) {
            // A `KsSub` keeps the rest of its area in a `Vec`.
            let plain = Field {
                size: None,
                size_eos: false,
                terminator: None,
                ..field.clone()
            };
            return (self.traits_of_element(&plain).0, false, false);
        }
        if let Some(path) = &field.rust_type {
            let scalar = path.ends_with("::Money") || path.ends_with("::Bool");
            return (scalar, scalar, scalar);
        }
        match &field.ty {
            FieldType::Named { kind, .. } if kind.rust_int().is_some() => (true, true, true),
            FieldType::Named { kind, .. } if kind.bits().is_some() => (true, true, true),
            FieldType::Named { kind, .. } if kind.rust_float().is_some() => (false, true, false),
            FieldType::Named { kind, .. } if kind.is_str() => (true, false, false),
            FieldType::None
                if field.terminator.is_some()
                    || field.pad_right.is_some()
                    || field.repeat_eos
                    || field.repeat_expr.is_some()
                    || field.repeat_until.is_some() =>
            {
                (true, false, false)
            }
            FieldType::None
                if field.size.is_some() || field.size_eos || field.contents_bytes.is_some() =>
            {
                (
                    true,
                    field
                        .size
                        .as_ref()
                        .and_then(Source::as_count)
                        .is_some_and(|n| n <= 32),
                    false,
                )
            }
            FieldType::Named { name, .. } => match self.schemas.resolve(self.file, name) {
                Some((_, def)) if def.bitfield.is_some() => (true, true, true),
                Some((decl, def)) if def.rust_type.is_none() => self.traits_of(decl, def),
                _ => (false, false, false),
            },
            FieldType::Switch { .. } | FieldType::None => (false, false, false),
        }
    }

    /// Plain records (no pattern, version, params or enum) derive Eq, Copy and Default when
    /// every field can; patterns and enums keep the base set.
    pub(super) fn traits_of(&self, decl: &str, def: &TypeDef) -> Traits {
        let plain = def.pattern.is_none()
            && def.versioned.is_none()
            && def.named_versions.is_empty()
            && def.params.is_empty()
            && def.type_enum.is_none()
            && def.enum_ahead.is_none()
            && def.max_depth.is_none();
        if !plain {
            return (false, false, false);
        }
        let file = self.schemas.files.get(decl);
        let file = file.map_or(self.file, |f| f.id.as_str());
        let sub = Module::new(self.schemas, file, self.settings, self.root.clone());
        let mut all = (true, true, true);
        if let Some(file) = self.schemas.files.get(decl)
            && super::super::pos::needs_rest(file, def)
        {
            all.1 = false;
        }
        let positioned = def.positioned.iter().map(|p| &p.field);
        for f in def
            .seq
            .iter()
            .chain(positioned)
            .filter(|f| f.count_of.is_none() && f.flag_of.is_none())
        {
            let (eq, copy, default) = sub.traits_of_element(f);
            // A repeated bit field is a `Vec` whatever its count (see `bits.rs`).
            let bits = matches!(&f.ty, FieldType::Named { kind, .. } if kind.bits().is_some());
            let is_vec = f.repeat_eos
                || f.repeat_until.is_some()
                || f.size_eos
                || (bits && f.repeat_expr.is_some())
                || f.repeat_expr
                    .as_ref()
                    .or(f.size.as_ref())
                    .is_some_and(|r| r.as_count().is_none_or(|n| n > 32));
            all.0 &= eq;
            all.1 &= copy && !is_vec;
            all.2 &= default && eq;
        }
        all.1 &= !sub.up().records_string(def);
        all
    }

    pub(super) fn derives(&self, def: &TypeDef) -> TokenStream {
        let (eq, copy, default) = self.traits_of(self.file, def);
        let mut list = vec!["Debug", "Clone"];
        if copy {
            list.push("Copy");
        }
        if default {
            list.push("Default");
        }
        list.push("PartialEq");
        if eq {
            list.push("Eq");
        }
        if self.settings.serde {
            list.extend(["Serialize", "Deserialize"]);
        }
        let list = list.into_iter().map(ident);
        quote!(#[derive(#(#list),*)])
    }
}

/// The Rust type of a Kaitai integer (`u2` is `u16`, also `u2le`), of a type name that is still
/// text, read through [`KsType::parse`] as a field's `type:` is read once at load.
pub(in crate::binrw) fn int_type(ksy: &str) -> Option<&'static str> {
    KsType::parse(ksy).rust_int()
}

/// Kaitai's name of a supported encoding, as the generated code spells it (`None` when it is
/// not supported).
pub(in crate::binrw) fn canonical_encoding(name: &str) -> Option<&'static str> {
    let key = name.to_ascii_uppercase().replace(['-', '_'], "");
    Some(match key.as_str() {
        "ASCII" => "ASCII",
        "UTF8" => "UTF-8",
        "UTF16LE" => "UTF-16LE",
        "UTF16BE" => "UTF-16BE",
        "IBM437" | "CP437" => "IBM437",
        // encoding_rs takes this label for windows-1252 (as browsers do), which decodes
        // 0x80..=0x9F differently; Kaitai means Latin-1, each byte its own code point.
        "ISO88591" | "LATIN1" => "ISO-8859-1",
        _ => encoding_rs::Encoding::for_label(name.as_bytes())?.name(),
    })
}
