//! The emitter's side of `-savepoint-one-of` (see `one_of.rs`): the Rust field and its enum.
//!
//! Each variant is read where its member's `if` holds (`#[br(pre_assert(..))]`), the unit one
//! where none does; every `if` compares the same earlier integer field, which the enum imports.
//! The writer refuses a variant whose `if` does not hold, or the unit one where one does.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::Module;
use super::asserts::field_check;
use super::field_types::int_type;
use super::record::docs;
use crate::SchemaError;
use crate::binrw::expr::{Expr, Side};
use crate::binrw::one_of::OneOf;
use crate::binrw::schema::{Field, FieldType, TypeDef};
use crate::binrw::tokens::ident;

impl Module<'_> {
    /// The tokens of `field` when it belongs to a `-savepoint-one-of`: the Rust field (its enum
    /// added to `enums`) for the first member, nothing for the others; `None` for other fields.
    pub(super) fn one_of_field(
        &mut self,
        def: &TypeDef,
        field: &Field,
        enums: &mut TokenStream,
    ) -> Result<Option<TokenStream>, SchemaError> {
        let later_member = def
            .seq
            .iter()
            .filter_map(|f| f.one_of.as_ref())
            .any(|o| o.variants.iter().skip(1).any(|(id, _)| *id == field.id));
        if later_member {
            return Ok(Some(TokenStream::new()));
        }
        let Some(one) = &field.one_of else {
            return Ok(None);
        };
        let members = self.one_of_members(def, field, one)?;
        let (mut decls, mut arms, mut conds) = (vec![], vec![], vec![]);
        let mut names = BTreeSet::new();
        let name = ident(&one.name);
        for (member, variant) in members {
            let cond = member.cond.as_ref().ok_or_else(|| {
                self.field_err(member, "a member of -savepoint-one-of needs an `if`")
            })?;
            let cond = self.expr_in(member, cond, false)?;
            paths(&cond, &mut names);
            let list =
                member.repeat_eos || member.repeat_expr.is_some() || member.repeat_until.is_some();
            let sized = member.size.is_some() || member.size_eos;
            if list || sized || self.type_args(def, member)?.is_some() {
                return Err(self.field_err(
                    member,
                    "a member of -savepoint-one-of is one value of a type that takes no arguments (no repeat, size or args)",
                ));
            }
            let element = self.element_type(member)?;
            if let Some((enum_name, variants)) = &member.variants {
                let left = self.left_enum(def, member, enum_name, variants)?;
                enums.extend(left.ok_or_else(|| {
                    self.field_err(
                        member,
                        "a -savepoint-enum member of -savepoint-one-of switches on the bytes left",
                    )
                })?);
            }
            let what = member.doc.as_deref().and_then(|d| d.lines().next());
            let doc = docs(Some(&format!(
                "`{}`: {}",
                cond_text(member),
                what.unwrap_or(&member.id)
            )));
            let (read, write, v) = (
                cond.rust(Side::Read),
                cond.rust(Side::Write),
                ident(variant),
            );
            decls.push(quote!(#doc #[br(pre_assert(#read))] #v(#element),));
            arms.push(quote!(#name::#v(_) => #write,));
            conds.push((read, write));
        }
        let selector = self.one_of_selector(def, field, &names)?;
        let (reads, writes): (Vec<_>, Vec<_>) = conds.into_iter().unzip();
        let none = ident(&one.none);
        let none_doc = docs(Some("Where no member is stored."));
        decls.push(quote!(#none_doc #[br(pre_assert(!(#(#reads)||*)))] #none,));
        arms.push(quote!(#name::#none => !(#(#writes)||*),));
        enums.extend(self.one_of_enum(def, field, one, &selector, &decls));
        let (sel, id) = (ident(&selector.0), ident(&one.id));
        let path = format!("{}.{}", def.rust_name, one.id);
        let message = format!(
            "{path}: the variant is not the one {} {{}} stores",
            selector.0
        );
        let check = field_check(
            &path,
            &quote!(match #id { #(#arms)* }),
            &message,
            &[sel.to_token_stream()],
        );
        let doc = docs(one.doc.as_deref());
        Ok(Some(quote!(#doc #[br(args(#sel))] #check pub #id: #name,)))
    }

    /// The members of `one` in order: `field` and the fields right after it.
    fn one_of_members<'d>(
        &self,
        def: &'d TypeDef,
        field: &Field,
        one: &'d OneOf,
    ) -> Result<Vec<(&'d Field, &'d String)>, SchemaError> {
        let start = def
            .seq
            .iter()
            .position(|f| f.id == field.id)
            .unwrap_or_default();
        let mut out = Vec::new();
        for (i, (id, variant)) in one.variants.iter().enumerate() {
            match def.seq.get(start + i) {
                Some(member) if member.id == *id => out.push((member, variant)),
                _ => {
                    return Err(self.field_err(
                        field,
                        format!("-savepoint-one-of: `{id}` is not the field {i} after this one"),
                    ));
                }
            }
        }
        Ok(out)
    }

    /// The one earlier integer field the members' `if`s compare, and its Rust type.
    fn one_of_selector(
        &self,
        def: &TypeDef,
        field: &Field,
        names: &BTreeSet<String>,
    ) -> Result<(String, &'static str), SchemaError> {
        let one = match names.iter().collect::<Vec<_>>().as_slice() {
            [one] => (*one).clone(),
            _ => {
                return Err(self.field_err(
                    field,
                    "the `if`s of a -savepoint-one-of's members compare one earlier field",
                ));
            }
        };
        let ty = def
            .seq
            .iter()
            .take_while(|f| f.id != field.id)
            .find(|f| f.id == one)
            .and_then(|f| match &f.ty {
                FieldType::Named { name, .. } => int_type(name),
                _ => None,
            })
            .ok_or_else(|| {
                self.field_err(field, format!("`{one}` is not an earlier integer field"))
            })?;
        Ok((one, ty))
    }

    /// The enum of a `-savepoint-one-of`, importing its selector.
    fn one_of_enum(
        &self,
        def: &TypeDef,
        field: &Field,
        one: &OneOf,
        (sel, ty): &(String, &'static str),
        decls: &[TokenStream],
    ) -> TokenStream {
        let doc = docs(one.doc.as_deref().or(field.doc.as_deref()));
        let endian = def.endian.map(|e| {
            let e = ident(e);
            quote!(#[brw(#e)])
        });
        let (sel, ty, name) = (ident(sel), ident(ty), ident(&one.name));
        let derive = self.base_derive();
        let serde = self
            .settings
            .serde
            .then(|| quote!(#[serde(rename_all = "snake_case")]));
        quote! {
            #doc
            #[binrw]
            #endian
            #[br(import(#sel: #ty))]
            #derive
            #serde
            pub enum #name { #(#decls)* }
        }
    }
}

/// The member's `if` as the schema spells it.
fn cond_text(member: &Field) -> String {
    member
        .cond
        .as_ref()
        .map(|c| c.text().to_owned())
        .unwrap_or_default()
}

/// Every field a condition names.
fn paths(e: &Expr, out: &mut BTreeSet<String>) {
    match e {
        Expr::Path(p) => {
            out.insert(p.join("."));
        }
        Expr::Binary(l, _, r) => {
            paths(l, out);
            paths(r, out);
        }
        Expr::Not(inner) => paths(inner, out),
        Expr::Ternary(c, a, b) => {
            paths(c, out);
            paths(a, out);
            paths(b, out);
        }
        Expr::Index(a, b, _) => {
            paths(a, out);
            paths(b, out);
        }
        Expr::Param(p) => {
            out.insert(format!("param {p}"));
        }
        Expr::Int(_) | Expr::Bool(_) | Expr::Enum(..) => {}
    }
}
