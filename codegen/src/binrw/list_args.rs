//! Params that are lists of integers or strings (`type: u2[]`, `type: str[]`), imported as
//! `Vec<u16>` / `Vec<String>`, and the arguments a field passes to them: an earlier list field
//! (a string list by its values), or a value instance that is a list literal
//! (`[27643, 7].as<u2[]>`, `["aB", "Cd"]`), written in place as a Rust `vec!` of the param's
//! element type (binrw directives cannot call the struct's methods: it is not built yet). Each
//! integer is checked against that type here, so a literal that does not fit is refused rather
//! than truncated. A writer that needs a user-type param (`bar[0].foo` in a size) borrows it:
//! `&Block` or `&[Block]`, lent by the caller.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};

use super::super::schema::{Field, FieldType, TypeDef, TypeRef};
use super::super::tokens::ident;
use super::Module;
use crate::SchemaError;
use crate::expr::{self as ks, Expr, Source};

/// What one element of a list param is.
enum Element {
    /// An integer of this Rust type.
    Int(&'static str),
    /// A string.
    Str,
}

fn element(ty: &TypeRef) -> Option<Element> {
    match ty.element()? {
        TypeRef::Named { kind, .. } if kind.is_str() => Some(Element::Str),
        el => el.rust_int().map(Element::Int),
    }
}

/// The Rust type of a param that is a list of integers or strings, else `None`.
pub(super) fn list_param_type(ty: &TypeRef) -> Option<TokenStream> {
    Some(match element(ty)? {
        Element::Int(rust) => {
            let rust = ident(rust);
            quote!(Vec<#rust>)
        }
        Element::Str => quote!(Vec<String>),
    })
}

/// The items of a list literal value (`[a, b]`, also cast to a list type), else `None`.
pub(in crate::binrw) fn literal_items(value: &ks::Source) -> Option<Vec<Expr>> {
    match value.tree() {
        Expr::Array(items) => Some(items.clone()),
        Expr::Cast(inner, TypeRef::List(_)) => match &**inner {
            Expr::Array(items) => Some(items.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// A writer's argument `value` (as the writer spells it) for a param of Kaitai type `ty`: a
/// user type or a list of one is lent (see [`Module::writer_borrowed_type`]).
pub(super) fn lend(ty: &TypeRef, value: TokenStream) -> TokenStream {
    if ty.by_value() {
        value
    } else if ty.element().is_some() {
        quote!(&(#value)[..])
    } else {
        quote!(&(#value))
    }
}

impl Module<'_> {
    /// The type under which a writer borrows a user-type param (`&Block`) or a list of one
    /// (`&[Block]`), else `None`. The reader imports the same type by value, so the module
    /// already names it.
    pub(super) fn writer_borrowed_type(&self, ty: &TypeRef) -> Option<TokenStream> {
        let (name, list) = match ty.element() {
            Some(element) => (element.user_name()?, true),
            None => (ty.user_name()?, false),
        };
        let (_, target) = self.schemas.resolve(self.file, name)?;
        let rust = ident(&target.rust_name);
        Some(if list {
            quote!(&[#rust])
        } else {
            quote!(&#rust)
        })
    }

    /// The reader's argument `arg` of `field` for a list param of Kaitai type `ty`, or `None`
    /// when `ty` is not a list of integers or strings.
    pub(super) fn list_arg(
        &self,
        def: &TypeDef,
        field: &Field,
        arg: &Source,
        ty: &TypeRef,
    ) -> Result<Option<TokenStream>, SchemaError> {
        let Some(el) = element(ty) else {
            return Ok(None);
        };
        // A list is passed by name (an earlier list field or a list literal instance).
        let name = arg.as_name().unwrap_or_default();
        let refuse = |why: &str| {
            self.field_err(
                field,
                format!("argument `{arg}` for a param of type `{ty}`: {why} (binrw backend)"),
            )
        };
        if let Some(inst) = def.instances.iter().find(|i| i.id == name) {
            let items = literal_items(&inst.value)
                .ok_or_else(|| refuse("only a value instance that is a list literal is passed"))?;
            let values = items
                .iter()
                .map(|item| {
                    literal(&el, item).ok_or_else(|| {
                        refuse(&format!("{item:?} is not a literal of the element type"))
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(Some(quote!(vec![#(#values),*])));
        }
        let earlier = def.seq.iter().take_while(|f| !std::ptr::eq(*f, field));
        let list = earlier
            .filter(|f| f.id == name && f.cond.is_none() && f.enum_name.is_none())
            .find(|f| f.repeat_expr.is_some() || f.repeat_eos || f.repeat_until.is_some())
            .ok_or_else(|| {
                refuse("only an earlier list field or a list literal instance is passed")
            })?;
        let FieldType::Named { kind, .. } = &list.ty else {
            return Err(refuse("the list is not of integers or strings"));
        };
        let id = ident(&list.id);
        match el {
            Element::Int(rust) if kind.rust_int() == Some(rust) => Ok(Some(quote!(#id.to_vec()))),
            Element::Str if kind.is_str() => Ok(Some(quote!(
                #id.iter().map(|s| s.value.clone()).collect()
            ))),
            _ => Err(refuse(
                "the list's elements are not of the param's element type",
            )),
        }
    }
}

/// One literal item as a Rust value of the element type, `None` when it is not one.
fn literal(el: &Element, item: &Expr) -> Option<TokenStream> {
    match (el, item) {
        // Suffixed by the element type (`7u16`), which `vec!` would not infer.
        (Element::Int(rust), Expr::Int(n)) => fits(rust, *n).then(|| {
            syn::LitInt::new(&format!("{n}{rust}"), Span::call_site()).into_token_stream()
        }),
        (Element::Str, Expr::Str(text)) => Some(quote!(String::from(#text))),
        _ => None,
    }
}

/// Whether `n` fits the Rust integer type `rust`.
fn fits(rust: &str, n: i128) -> bool {
    let (signed, bits) = match rust.split_at(1) {
        ("i", bits) => (true, bits),
        (_, bits) => (false, bits),
    };
    let Ok(bits) = bits.parse::<u32>() else {
        return false;
    };
    if signed {
        let max = (1i128 << (bits - 1)) - 1;
        (-max - 1..=max).contains(&n)
    } else {
        (0..1i128 << bits).contains(&n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_must_fit_their_element_type() {
        assert!(fits("u16", 65535) && !fits("u16", 65536) && !fits("u8", -1));
        assert!(fits("i8", -128) && !fits("i8", 128) && fits("u64", u64::MAX.into()));
        let spelled = |el: &Element, item: &Expr| literal(el, item).map(|t| t.to_string());
        assert_eq!(
            spelled(&Element::Int("u16"), &Expr::Int(7)).as_deref(),
            Some("7u16")
        );
        assert_eq!(spelled(&Element::Int("u8"), &Expr::Int(300)), None);
        assert_eq!(spelled(&Element::Str, &Expr::Int(3)), None);
    }

    #[test]
    fn list_literals_with_and_without_a_cast() {
        let items = |text: &str| literal_items(&ks::Source::parse(text).unwrap());
        assert_eq!(items("[1, 2].as<u2[]>").map(|v| v.len()), Some(2));
        assert_eq!(items("[\"a\"]").map(|v| v.len()), Some(1));
        assert!(items("a + 1").is_none());
        let spelled = |ty| {
            let ty = TypeRef::parse(ty).unwrap();
            list_param_type(&ty).map(|t| crate::binrw::tokens::source(&t))
        };
        assert_eq!(spelled("u2[]").as_deref(), Some("Vec<u16>"));
        assert_eq!(spelled("str[]").as_deref(), Some("Vec<String>"));
        assert_eq!(spelled("u2"), None);
    }

    #[test]
    fn refuses_a_literal_that_does_not_fit_and_a_list_of_another_type() {
        let ksy = "meta: {id: s}\nseq:\n  - {id: a, type: u2le, repeat: expr, repeat-expr: 2}\n  - id: b\n    type: wants(big)\ninstances:\n  big:\n    value: '[1, 300].as<u1[]>'\ntypes:\n  wants:\n    params:\n      - {id: xs, type: 'u1[]'}\n";
        let err = crate::binrw::generate_from("list-fit", &[("s.ksy", ksy)], "s").unwrap_err();
        assert_eq!(err.yaml_path, "/seq/1");
        assert!(err.message.contains("Int(300)"), "{err}");
        let field = ksy.replace("type: wants(big)", "type: wants(a)");
        let err = crate::binrw::generate_from("list-type", &[("s.ksy", &field)], "s").unwrap_err();
        assert!(err.message.contains("element type"), "{err}");
    }
}
