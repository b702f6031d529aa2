//! Names in a value instance: seq fields (as read, conditional or repeated), other value
//! instances and params kept as fields.

use proc_macro2::TokenStream;
use quote::quote;

use super::Ty;
use super::tr::Tr;
use crate::binrw::schema::{Field, FieldType, TypeDef};
use crate::binrw::tokens::ident;
use crate::expr::TypeRef;

/// The seq field `n` of `def` when it is stored as read (perhaps conditional, an `Option`): not
/// counted, versioned, hand-written or constant (repeated fields are lists).
pub(super) fn stored_in<'a>(def: &'a TypeDef, n: &str) -> Option<&'a Field> {
    def.seq.iter().find(|f| {
        f.id == n
            && f.count_of.is_none()
            && f.rust_type.is_none()
            && f.contents.is_none()
            && f.since.is_none()
            && f.until.is_none()
            && f.variants.is_none()
    })
}

/// [`stored_in`], or else the `pos` instance `n` of `def`, which is a field of the struct too
/// (read with the seq, see `pos.rs`).
pub(super) fn stored_or_positioned<'a>(def: &'a TypeDef, n: &str) -> Option<&'a Field> {
    stored_in(def, n).or_else(|| {
        def.positioned
            .iter()
            .map(|p| &p.field)
            .find(|f| f.id == n && f.count_of.is_none())
    })
}

/// An unsized `switch-on` field (without `-savepoint-enum`) whose every case is an integer, as
/// an `i128`: a `match` over the variants of its enum `name` (see `switch.rs`), where no case
/// matching (`Unmatched`, Kaitai's null) is undefined.
fn int_switch(field: &Field, name: &str, x: &TokenStream) -> Option<(Ty, TokenStream)> {
    let ints = field
        .switch_cases
        .iter()
        .all(|c| c.kind.rust_int().is_some());
    if field.variants.is_some() || !ints {
        return None;
    }
    let mut variants: Vec<String> = Vec::new();
    for case in &field.switch_cases {
        let v = crate::binrw::emit::switch::variant_name(&case.ty);
        if !variants.contains(&v) {
            variants.push(v);
        }
    }
    let name = ident(name);
    let mut arms: Vec<TokenStream> = variants
        .iter()
        .map(|v| {
            let v = ident(v);
            quote!(#name::#v(v) => i128::from(*v),)
        })
        .collect();
    if !field.switch_cases.iter().any(|c| c.key.is_else()) {
        arms.push(quote!(#name::Unmatched => return None,));
    }
    Some((Ty::Int, quote!(match #x { #(#arms)* })))
}

/// How a method body reaches a field's value: `deref` is the value itself (`*x`), `member` what
/// `.value`, `.clone()` or `.to_vec()` follow, and `whole` the place as it is (matched on).
pub(super) struct Place {
    deref: TokenStream,
    member: TokenStream,
    whole: TokenStream,
}

impl Place {
    /// The closure parameter `x`, a reference to an element of a list.
    pub(super) fn element() -> Place {
        Place {
            deref: quote!(*x),
            member: quote!(x),
            whole: quote!(x),
        }
    }

    /// The reference `reference`, taken apart only by dereferencing it.
    pub(super) fn reference(reference: TokenStream) -> Place {
        Place {
            deref: quote!(*#reference),
            member: reference.clone(),
            whole: reference,
        }
    }
}

impl<'a> Tr<'a> {
    pub(super) fn name(&mut self, n: &str) -> Result<(Ty, TokenStream), String> {
        let id = ident(n);
        self.seq_readable(n)?;
        if let Some(read) = self.written_enum(n) {
            return read;
        }
        let at = self.place(&id);
        if let Some(field) = self.stored(n) {
            let repeated =
                field.repeat_expr.is_some() || field.repeat_eos || field.repeat_until.is_some();
            if repeated {
                if let Some((ty, conv)) = self
                    .element(field, &Place::element())
                    .filter(|(t, _)| *t != Ty::Bytes)
                {
                    return Ok((
                        Ty::List(Box::new(ty)),
                        quote!(#at.iter().map(|x| #conv).collect::<Vec<_>>()),
                    ));
                }
            } else {
                // The field is read as `self.n` (`*(&self.n)` and `(&self.n).value` read
                // better without the reference), but matched on by reference.
                let place = Place {
                    deref: at.clone(),
                    member: at.clone(),
                    whole: quote!((&#at)),
                };
                if let Some(read) = self.element(field, &place) {
                    return Ok(read);
                }
            }
        }
        // A conditional field, not repeated and not bits: `None` (undefined) when absent.
        if let Some(field) = stored_in(self.def, n).filter(|f| {
            f.cond.is_some()
                && f.repeat_expr.is_none()
                && !f.repeat_eos
                && f.repeat_until.is_none()
                && !matches!(&f.ty, FieldType::Named { kind, .. } if kind.bits().is_some())
        }) {
            let place = Place {
                deref: quote!(*#at.as_ref()?),
                ..Place::reference(quote!((#at.as_ref()?)))
            };
            if let Some(read) = self.element(field, &place) {
                return Ok(read);
            }
        }
        if self.def.seq.iter().any(|f| f.id == n) {
            return Err(format!(
                "field `{n}` in a value instance is not a plain integer, float, string, byte array, enum or list field (binrw backend)"
            ));
        }
        if let Some(inst) = self.def.instances.iter().find(|i| i.id == n) {
            return self.named_instance(inst);
        }
        if let Some(param) = self.def.param(n) {
            // Kept as a field for the value instances (see `Module::stored_params`).
            return self.param(n, &param.ty);
        }
        Err(format!(
            "`{n}` in a value instance is not supported by the binrw backend"
        ))
    }

    /// Refuses `n` where the value is computed for a seq field and `n` is not there yet: a
    /// seq field read later, a positioned instance (read after the seq) or a param not kept as
    /// a field. A kept param is there on both sides under its own name: the reader's import
    /// and the writer's field (its import is named apart, see `writer_params::keeps_param`).
    fn seq_readable(&self, n: &str) -> Result<(), String> {
        let Some(at) = &self.seq else {
            return Ok(());
        };
        let later = self.def.seq.iter().any(|f| f.id == n) && !at.before.contains(&n);
        let positioned = self.def.positioned.iter().any(|p| p.field.id == n);
        let kept = crate::binrw::writer_params::keeps_param(self.def, n);
        let why = if later {
            "a seq field not read before"
        } else if positioned {
            "a positioned instance"
        } else if self.def.param(n).is_some() && !kept {
            "a param not kept as a field"
        } else {
            return Ok(());
        };
        Err(format!(
            "`{n}`, {why}, in a value a seq field uses is not supported by the binrw backend"
        ))
    }

    /// An enum field (not repeated) where the writer computes a value for a seq field: binrw
    /// has mapped it to the integer it is written as (`#[bw(try_map)]`), an `Option` of one
    /// when conditional.
    fn written_enum(&self, n: &str) -> Option<Result<(Ty, TokenStream), String>> {
        let side = self.seq.as_ref()?.side;
        let field = stored_in(self.def, n).filter(|f| f.enum_name.is_some())?;
        if side != crate::binrw::expr::Side::Write {
            return None;
        }
        let repeated =
            field.repeat_expr.is_some() || field.repeat_eos || field.repeat_until.is_some();
        if repeated
            || !matches!(&field.ty, FieldType::Named { kind, .. } if kind.rust_int().is_some())
        {
            return Some(Err(format!(
                "`{n}`, an enum field other than one integer, in a value a seq field uses is not supported by the binrw backend"
            )));
        }
        let rust = match self.enum_rust(field.enum_name.as_deref()?) {
            Ok(rust) => ident(&rust),
            Err(e) => return Some(Err(e)),
        };
        let id = ident(n);
        let int = match field.cond {
            Some(_) => quote!(#id?),
            None => quote!(#id),
        };
        Some(Ok((
            Ty::Enum(rust.to_string()),
            quote!(#rust::from(i128::from(#int))),
        )))
    }

    /// The seq field or `pos` instance `n` when it is stored as read: not conditional, counted, versioned,
    /// hand-written or constant (repeated fields are lists).
    fn stored(&self, n: &str) -> Option<&Field> {
        stored_or_positioned(self.def, n).filter(|f| f.cond.is_none())
    }

    /// The type of one element of `field` and the Rust conversion of `x`, where it is.
    pub(super) fn element(&self, field: &Field, x: &Place) -> Option<(Ty, TokenStream)> {
        let Place {
            deref,
            member,
            whole,
        } = x;
        // Processed bytes keep their stored form beside `value`, as framed ones do.
        let framed =
            field.terminator.is_some() || field.pad_right.is_some() || field.process.is_some();
        match &field.ty {
            FieldType::Named { kind, .. }
                if field.enum_name.is_some() && kind.rust_int().is_some() =>
            {
                let e = field.enum_name.as_deref()?;
                let rust = self.find_enum(e)?.rust_name.clone();
                Some((Ty::Enum(rust), quote!((#deref))))
            }
            _ if field.enum_name.is_some() => None,
            FieldType::Named { kind, .. } if kind.is_str() => {
                Some((Ty::Str, quote!(#member.value.clone())))
            }
            FieldType::Named { kind, .. } if kind.rust_int().is_some() => {
                Some((Ty::Int, quote!(i128::from(#deref))))
            }
            FieldType::Named { kind, .. } if kind.rust_float().is_some() => {
                Some((Ty::Float, quote!(f64::from(#deref))))
            }
            // A bit field: `b1` is a `bool`, wider ones an unsigned integer.
            FieldType::Named { kind, .. } if kind.bits().is_some() => match kind.bits()? {
                (1, _) => Some((Ty::Bool, quote!((#deref)))),
                _ => Some((Ty::Int, quote!(i128::from(#deref)))),
            },
            // A user type of this file without parameters; a sized, terminated or processed one
            // keeps its value in `value`.
            FieldType::Named { name, args, .. } if args.is_empty() => {
                let (decl, t) = self.user_type(name)?;
                let sub = framed || field.size.is_some() || field.size_eos;
                let value = if sub { quote!(.value) } else { quote!() };
                Some((
                    Ty::User(decl, t.id.clone(), t.rust_name.clone()),
                    quote!(#member #value.clone()),
                ))
            }
            // A sized (or processed) switch keeps its value in `value`.
            FieldType::Switch { .. }
                if field.variants.is_none() && (field.size.is_some() || field.size_eos) =>
            {
                let name = crate::binrw::emit::switch::enum_name(self.def, field);
                let ty = Ty::Switch(self.file.id.clone(), name, field.switch_cases.clone());
                Some((ty, quote!(#member.value.clone())))
            }
            FieldType::Switch { .. } if !framed && field.size.is_none() && !field.size_eos => {
                let name = crate::binrw::emit::switch::enum_name(self.def, field);
                int_switch(field, &name, whole).or_else(|| {
                    field.variants.is_none().then(|| {
                        (
                            Ty::Switch(self.file.id.clone(), name, field.switch_cases.clone()),
                            quote!(#member.clone()),
                        )
                    })
                })
            }
            FieldType::None if framed => Some((Ty::Bytes, quote!(#member.value.clone()))),
            FieldType::None if field.size.is_some() || field.size_eos => {
                Some((Ty::Bytes, quote!(#member.to_vec())))
            }
            _ => None,
        }
    }

    /// The param `n` of Kaitai type `ty`, kept as a field.
    pub(super) fn param(&self, n: &str, ty: &TypeRef) -> Result<(Ty, TokenStream), String> {
        let field = self.place(&ident(n));
        if let Some(e) = self.def.param(n).and_then(|p| p.enum_name.as_ref()) {
            return Ok((Ty::Enum(self.enum_rust(e)?), quote!(#field)));
        }
        if ty.rust_int().is_some() {
            return Ok((Ty::Int, quote!(i128::from(#field))));
        }
        if *ty == TypeRef::Bool {
            return Ok((Ty::Bool, quote!(#field)));
        }
        // Lists of integers and strings (see `list_args.rs`).
        match ty.element() {
            Some(el) if el.rust_int().is_some() => {
                let v = quote!(#field.iter().map(|&x| i128::from(x)).collect::<Vec<_>>());
                return Ok((Ty::List(Box::new(Ty::Int)), v));
            }
            Some(TypeRef::Named { kind, .. }) if kind.is_str() => {
                return Ok((Ty::List(Box::new(Ty::Str)), quote!(#field.clone())));
            }
            _ => {}
        }
        let (user, list) = match ty.element() {
            Some(el) => (el, true),
            None => (ty, false),
        };
        let (decl, t) = user
            .user_name()
            .and_then(|name| self.user_type(name))
            .filter(|(_, t)| t.params.is_empty())
            .ok_or_else(|| {
                format!("param `{n}` of type `{ty}` in a value instance is not supported by the binrw backend")
            })?;
        let user = Ty::User(decl, t.id.clone(), t.rust_name.clone());
        let ty = if list { Ty::List(Box::new(user)) } else { user };
        Ok((ty, quote!(#field.clone())))
    }
}
