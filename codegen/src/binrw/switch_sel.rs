//! The selector of a `switch-on` without `-savepoint-enum`: what it is (a field, a param, an
//! expression, `list[_index]`), how the parent passes it, and each case key as the reader's and
//! the writer's condition on it.

use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};

use super::super::expr::Side;
use super::super::schema::{Field, FieldType, TypeDef, field_type, snake_to_camel};
use super::switch::indexed_selector;
use super::{Module, indexed_size};
use crate::SchemaError;
use crate::binrw::tokens::ident;
use crate::binrw::value::seq_uses;
use crate::expr::{Expr, IntTy, Source, Type};

/// The Rust type holding an integer of type `int`: a bit field wider than a byte's in the
/// narrowest unsigned integer.
fn int_rust(int: IntTy) -> Option<&'static str> {
    Some(match (int.signed, int.bits) {
        (false, bits) => super::super::bits::rust_type(u32::from(bits)),
        (true, 8) => "i8",
        (true, 16) => "i16",
        (true, 32) => "i32",
        (true, 64) => "i64",
        _ => return None,
    })
}

/// How a selector is passed and compared.
pub(super) enum Sel {
    /// An integer field (its Rust type).
    Int(&'static str),
    /// An integer field with `enum:` (the Rust enum).
    Enum(String),
    /// A string field.
    Str,
    /// A byte array field (`framed`: `KsBytes`, whose bytes are `.value`).
    Bytes { framed: bool },
    /// An integer expression of earlier fields (`one & 3`), passed as an `i128`: its Rust
    /// spelling in the reader and in the writer.
    Expr {
        read: TokenStream,
        write: TokenStream,
    },
    /// `list[_index]` of a repeated field: each element is switched on the element of the
    /// integer list `list` at its index (its Rust type), which the parent iterates as `ks_n`.
    Each(&'static str),
    /// A value instance computed before the field (`seq_value.rs`): the value both sides hold
    /// it in, and what it is.
    Value { value: TokenStream, held: Held },
}

/// What a value instance computed before a switch field holds.
pub(super) enum Held {
    /// An integer, as an `i128`.
    Int,
    /// A `String`.
    Str,
    /// A value of a Kaitai enum (the `meta/id` of the file that declares it, its Rust name),
    /// held as its integer (an `i128`): a generated enum has no default for where the field is
    /// not read (see `seq_value.rs`).
    Enum(String, String),
}

/// The Rust type of the selector import.
pub(super) fn sel_type(sel: &Sel) -> TokenStream {
    match sel {
        Sel::Int(t) | Sel::Each(t) => ident(t).into_token_stream(),
        Sel::Enum(e) => ident(e).into_token_stream(),
        Sel::Str
        | Sel::Value {
            held: Held::Str, ..
        } => quote!(String),
        Sel::Bytes { .. } => quote!(Vec<u8>),
        Sel::Expr { .. } | Sel::Value { .. } => quote!(i128),
    }
}

/// How the writer and messages name the selector `on`: the field or param it is, else (an
/// expression, which neither names) its text.
pub(super) fn sel_name(on: &Source) -> &str {
    match on.tree() {
        Expr::Name(name) => name,
        _ => on.text(),
    }
}

/// The selector as the parent's reader passes it.
pub(super) fn sel_arg(sel: &Sel, on: &str) -> TokenStream {
    match sel {
        Sel::Int(_) | Sel::Enum(_) => ident(on).into_token_stream(),
        Sel::Str | Sel::Bytes { framed: true } => {
            let on = ident(on);
            quote!(#on.value.clone())
        }
        Sel::Bytes { framed: false } => {
            let on = ident(on);
            quote!(#on.to_vec())
        }
        Sel::Expr { read, .. } => quote!(i128::from(#read)),
        Sel::Each(_) => quote!(*ks_n),
        Sel::Value {
            value,
            held: Held::Str,
        } => quote!(#value.clone()),
        Sel::Value { value, .. } => value.clone(),
    }
}

impl Module<'_> {
    /// The selector `on`: one earlier field of `def`.
    pub(super) fn selector(
        &self,
        def: &TypeDef,
        field: &Field,
        on: &Source,
    ) -> Result<Sel, SchemaError> {
        let refuse = || {
            self.field_err(
                field,
                format!("switch-on `{on}`: the binrw backend switches on one earlier integer, enum, string or byte-array field"),
            )
        };
        if let Some(list) = indexed_selector(field) {
            // The parent checks that `list` is an earlier integer list as long as the field.
            if indexed_size(field).is_some_and(|l| l != list) {
                return Err(self.field_err(
                    field,
                    "a size and a switch-on indexing two lists is not supported by the binrw backend",
                ));
            }
            let list = def.seq.iter().find(|f| f.id == list).ok_or_else(refuse)?;
            return match &list.ty {
                FieldType::Named { kind, .. } if list.enum_name.is_none() => {
                    kind.rust_int().map(Sel::Each).ok_or_else(refuse)
                }
                _ => Err(refuse()),
            };
        }
        let Expr::Name(on) = on.tree() else {
            let e = self.expr_in(field, on, false)?;
            return Ok(Sel::Expr {
                read: e.rust_arg(Side::Read),
                write: e.rust_arg(Side::Write),
            });
        };
        if let Some(param) = def.param(on) {
            return param.ty.rust_int().map(Sel::Int).ok_or_else(refuse);
        }
        if let Some(inst) = def.instances.iter().find(|i| i.id == *on) {
            return self.instance_selector(field, inst).ok_or_else(refuse);
        }
        let sel = def.seq.iter().find(|f| f.id == *on).ok_or_else(refuse)?;
        if sel.repeat_expr.is_some() || sel.repeat_eos || sel.cond.is_some() {
            return Err(refuse());
        }
        // What the selector holds is the typing pass's type of the field; how it is stored,
        // the field's own.
        let ty = field_type(self.schemas, self.file, def, sel);
        match (ty.as_ref().map(Type::present), &sel.ty) {
            (Some(Type::Enum(_, rust)), FieldType::Named { kind, .. })
                if kind.rust_int().is_some() =>
            {
                Ok(Sel::Enum(rust.clone()))
            }
            (Some(Type::Int(int)), FieldType::Named { .. }) => {
                int_rust(*int).map(Sel::Int).ok_or_else(refuse)
            }
            (Some(Type::Str), FieldType::Named { .. }) => Ok(Sel::Str),
            (Some(Type::Bytes), FieldType::None)
                if sel.contents_bytes.is_none() && sel.process.is_none() =>
            {
                Ok(Sel::Bytes {
                    framed: sel.terminator.is_some() || sel.pad_right.is_some(),
                })
            }
            _ => Err(refuse()),
        }
    }

    /// The selector `inst`, a value instance computed just before `field` (see
    /// `seq_value.rs`): an integer, a string or an enum value (its `enum:`, or the enum the
    /// typing pass found its value to be), as the typing pass found it.
    fn instance_selector(
        &self,
        field: &Field,
        inst: &super::super::schema::Instance,
    ) -> Option<Sel> {
        let local = ident(&seq_uses::value_local(&inst.id, field));
        let value = quote!(#local.0);
        // A value of a conditional field is the field's type where the switch needs it.
        let held = match (&inst.enum_name, inst.value.ty()?.present()) {
            (Some(name), Type::Int(_) | Type::Literal) => {
                let (decl, e) = self.schemas.resolve_enum(self.file, name)?;
                Held::Enum(decl.to_string(), e.rust_name.clone())
            }
            (Some(_), _) => return None,
            (None, Type::Enum(decl, rust)) => Held::Enum(decl.clone(), rust.clone()),
            (None, Type::Str) => Held::Str,
            (None, Type::Int(_) | Type::Literal) => Held::Int,
            _ => return None,
        };
        Some(Sel::Value { value, held })
    }

    /// The integer of the enum key `key` (`animal::cat`) of an enum of the file `decl` (of Rust
    /// name `rust`, when given), and the Rust name of its value.
    fn enum_key(&self, key: &Source, decl: &str, rust: Option<&str>) -> Option<(Literal, String)> {
        let Expr::Path(path) = key.tree() else {
            return None;
        };
        let (v, e) = path.split_last()?;
        let (e, v) = (e.join("::"), snake_to_camel(v));
        let number = self
            .schemas
            .files
            .get(decl)
            .and_then(|f| super::super::schema::find_enum(&f.enums, &e))
            .filter(|x| rust.is_none_or(|r| x.rust_name == r))
            .and_then(|x| x.values.iter().find(|(_, n)| *n == v))
            .map(|(n, _)| Literal::i128_unsuffixed(*n))?;
        Some((number, v))
    }

    /// One case key as the reader's condition on the selector it has (`sel`, the value it was
    /// given, or `read` when it reads the selector itself) and the writer's on the field `on`.
    pub(super) fn case_conds(
        &self,
        field: &Field,
        sel: &Sel,
        read: &TokenStream,
        on: &str,
        key: &Source,
    ) -> Result<(TokenStream, TokenStream), SchemaError> {
        let bad = || self.field_err(field, format!("case `{key}` does not fit switch-on `{on}`"));
        // The parser reads `-1` as the literal.
        let int = || match key.tree() {
            Expr::Int(n) => Ok(Literal::i128_unsuffixed(*n)),
            _ => Err(bad()),
        };
        Ok(match sel {
            Sel::Int(_) => {
                let (n, on) = (int()?, ident(on));
                (quote!(#read == #n), quote!(*#on == #n))
            }
            Sel::Expr { write, .. } => {
                // An enum value key (a selector that is an enum: `_root.header.color`) is the
                // integer it stands for, as the selector is passed.
                let key_number = || self.enum_key(key, self.file, None).map(|(n, _)| n);
                let n = int().or_else(|_| key_number().ok_or_else(bad))?;
                (quote!(#read == #n), quote!(i128::from(#write) == #n))
            }
            Sel::Value {
                value,
                held: Held::Int,
            } => {
                let n = int()?;
                (quote!(#read == #n), quote!(#value == #n))
            }
            Sel::Value {
                value,
                held: Held::Enum(decl, rust),
            } => {
                let (n, _) = self.enum_key(key, decl, Some(rust)).ok_or_else(bad)?;
                (quote!(#read == #n), quote!(#value == #n))
            }
            Sel::Each(_) => {
                let n = int()?;
                (quote!(#read == #n), quote!(*ks_sel == #n))
            }
            Sel::Enum(rust) => {
                let (number, v) = self.enum_key(key, self.file, Some(rust)).ok_or_else(bad)?;
                // Both names are an enum's and its value's, which `enum_key` found; the writer
                // sees the field as its integer (after `#[bw(try_map)]`).
                let (rust, v, on) = (ident(rust), ident(&v), ident(on));
                (quote!(#read == #rust::#v), quote!(#on == #number))
            }
            Sel::Str | Sel::Value { .. } => {
                let text = match key.tree() {
                    Expr::Str(text) => text,
                    // Kaitai reads a key's YAML text as an expression, so `'1'` is the integer
                    // 1, as `1` is: the string needs quotes of its own.
                    Expr::Int(n) => {
                        return Err(self.field_err(
                            field,
                            format!("case `{key}` does not fit switch-on `{on}`, a string: the string key is written '\"{n}\"'"),
                        ));
                    }
                    _ => return Err(bad()),
                };
                let held = match sel {
                    Sel::Value { value, .. } => value.clone(),
                    _ => {
                        let on = ident(on);
                        quote!(#on.value)
                    }
                };
                (quote!(#read == #text), quote!(#held == #text))
            }
            Sel::Bytes { framed } => {
                let bytes = key.tree().byte_array().ok_or_else(bad)?;
                let bytes = bytes.into_iter().map(Literal::u8_suffixed);
                let lit = quote!([#(#bytes),*][..]);
                let (on, value) = (ident(on), framed.then(|| quote!(.value)));
                (quote!(#read[..] == #lit), quote!(#on #value [..] == #lit))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    /// The module of a switch on the string field `code` with the case keys `keys` (YAML).
    fn module(tag: &str, keys: &str) -> Result<String, crate::SchemaError> {
        let ksy = format!(
            "meta: {{id: s}}\nseq:\n  - {{id: code, type: str, size: 1, encoding: ASCII}}\n  - id: body\n    type:\n      switch-on: code\n      cases:\n{keys}"
        );
        crate::binrw::generate_from(tag, &[("s.ksy", &ksy)], "s").map(|m| m.source)
    }

    #[test]
    fn string_keys_are_compared_as_the_strings_they_spell() {
        // Single quotes and escapes spell the string Kaitai reads.
        let src = module(
            "sel-quotes",
            "        \"'I'\": u1\n        '\"\\x4a\"': u2le\n",
        )
        .unwrap();
        assert!(src.contains("sel == \"I\""), "{src}");
        assert!(src.contains("sel == \"J\""), "{src}");
        // A key that is not a string does not fit a string selector, quoted in YAML or not:
        // Kaitai reads the key's text as an expression either way.
        for (tag, key) in [("sel-int", "7"), ("sel-quoted-int", "'7'")] {
            let err = module(tag, &format!("        {key}: u1\n")).unwrap_err();
            assert_eq!(
                err.message,
                "case `7` does not fit switch-on `code`, a string: the string key is written '\"7\"'",
                "{key}"
            );
        }
    }
}
