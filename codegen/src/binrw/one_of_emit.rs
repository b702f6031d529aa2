//! The emitter's side of `-savepoint-one-of` (see `one_of.rs`): the Rust field and its enum.
//!
//! The first variant whose member's `if` holds is read, the unit one where none does; every `if`
//! compares the same earlier integer field, which the enum's reader takes. The struct's writer
//! refuses a variant that would not be read back: its `if` false or an earlier one's true, or
//! the unit one where one holds.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::Module;
use super::asserts::field_check;
use super::own_enum::{Args, OwnEnum};
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
        let mut code = OneOfCode::default();
        let mut names = BTreeSet::new();
        for (member, variant) in self.one_of_members(def, field, one)? {
            self.one_of_variant(def, one, (member, variant), &mut code, &mut names, enums)?;
        }
        let selector = self.one_of_selector(def, field, &names)?;
        let (name, none) = (ident(&one.name), ident(&one.none));
        let none_doc = docs(Some("Where no member is stored."));
        code.decls.push(quote!(#none_doc #none,));
        code.writes.push(quote!(Self::#none => Ok(()),));
        let n = code.conds.len();
        code.arms.push(quote!(#name::#none => #n,));
        enums.extend(self.one_of_enum(field, one, &selector, &code));
        let (sel, id) = (ident(&selector.0), ident(&one.id));
        let path = format!("{}.{}", def.rust_name, one.id);
        let message = format!(
            "{path}: the variant is not the one {} {{}} stores",
            selector.0
        );
        // The variant the reader would choose, by its index, is the one written.
        let (arms, conds) = (&code.arms, &code.conds);
        let index = 0..n;
        let check = field_check(
            &path,
            &quote!((#(if #conds { #index } else)* { #n }) == match #id { #(#arms)* }),
            &message,
            &[sel.to_token_stream()],
        );
        let doc = docs(one.doc.as_deref());
        Ok(Some(quote!(#doc #[br(args(#sel))] #check pub #id: #name,)))
    }

    /// One member's variant, its reader's branch, its writer's arm and the struct writer's check.
    fn one_of_variant(
        &mut self,
        def: &TypeDef,
        one: &OneOf,
        (member, variant): (&Field, &String),
        code: &mut OneOfCode,
        names: &mut BTreeSet<String>,
        enums: &mut TokenStream,
    ) -> Result<(), SchemaError> {
        let cond = member
            .cond
            .as_ref()
            .ok_or_else(|| self.field_err(member, "a member of -savepoint-one-of needs an `if`"))?;
        let cond = self.expr_in(member, cond, false)?;
        paths(&cond, names);
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
        let what = format!("`{}`: {}", cond_text(member), what.unwrap_or(&member.id));
        let (doc, name, v) = (docs(Some(&what)), ident(&one.name), ident(variant));
        let (read, write) = (cond.rust(Side::Read), cond.rust(Side::Write));
        let k = code.arms.len();
        code.arms.push(quote!(#name::#v(_) => #k,));
        code.decls.push(quote!(#doc #v(#element),));
        code.reads.push(
            quote!(if #read { binrw::BinRead::read_options(reader, endian, ()).map(Self::#v) }),
        );
        code.writes.push(
            quote!(Self::#v(value) => binrw::BinWrite::write_options(value, writer, endian, ()),),
        );
        code.conds.push(write);
        Ok(())
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
                FieldType::Named { kind, .. } => kind.rust_int(),
                _ => None,
            })
            .ok_or_else(|| {
                self.field_err(field, format!("`{one}` is not an earlier integer field"))
            })?;
        Ok((one, ty))
    }

    /// The enum of a `-savepoint-one-of`: its reader takes the selector and reads the first
    /// variant whose `if` holds (the unit one where none does), its writer the variant's value.
    fn one_of_enum(
        &self,
        field: &Field,
        one: &OneOf,
        (sel, ty): &(String, &'static str),
        code: &OneOfCode,
    ) -> TokenStream {
        let (sel, ty, name, none) = (ident(sel), ident(ty), ident(&one.name), ident(&one.none));
        let (decls, reads, writes) = (&code.decls, &code.reads, &code.writes);
        self.own_enum(OwnEnum {
            doc: one.doc.as_deref().or(field.doc.as_deref()),
            name: &name,
            variants: quote!(#(#decls)*),
            serde: self.snake_case_variants(),
            endian: None,
            read_args: Args::tuple(&[(quote!(#sel), quote!(#ty))]),
            write_args: Args::none(),
            read: quote!(#(#reads else)* { Ok(Self::#none) }),
            write: quote!(match self { #(#writes)* }),
        })
    }
}

/// What the members give: the enum's variants, its reader's branches and writer's arms, each
/// variant's index for the struct writer's check, and each member's `if` as the writer spells it.
#[derive(Default)]
struct OneOfCode {
    decls: Vec<TokenStream>,
    reads: Vec<TokenStream>,
    writes: Vec<TokenStream>,
    arms: Vec<TokenStream>,
    conds: Vec<TokenStream>,
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
        Expr::Path(p) | Expr::ChildValue(p) => {
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

#[cfg(test)]
mod tests {
    use super::super::super::generate_from;

    /// A type whose fields `a` and `b` (after `v` and `w`) are one `-savepoint-one-of`, with
    /// `between` fields between them and the `if`s `a_if` and `b_if`.
    fn module(tag: &str, between: &str, a_if: &str, b_if: &str) -> Result<String, String> {
        let schema = format!(
            "meta: {{id: oo, endian: le}}\nseq:\n  - {{id: v, type: u1}}\n  - {{id: w, type: u1}}\n  \
             - {{id: a, type: u1, if: '{a_if}', -savepoint-one-of: {{id: ab, name: Ab, variants: {{a: A, b: B}}, else: N}}}}\n\
             {between}  - {{id: b, type: u2, if: '{b_if}'}}\n"
        );
        generate_from(tag, &[("oo.ksy", &schema)], "oo")
            .map(|m| m.source)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn the_members_follow_each_other_and_compare_one_field() {
        let m = module("oo-ok", "", "v == 1", "v >= 2").unwrap();
        assert!(m.contains("pub ab: Ab"), "{m}");
        let e = module("oo-gap", "  - {id: c, type: u1}\n", "v == 1", "v >= 2").unwrap_err();
        assert!(e.contains("`b` is not the field 1 after this one"), "{e}");
        let e = module("oo-two", "", "v == 1", "w >= 2").unwrap_err();
        assert!(e.contains("compare one earlier field"), "{e}");
    }
}
