//! `switch-on` values in a value instance: `.as<type>` casts and switches of one case type.

use proc_macro2::TokenStream;
use quote::quote;

use super::Ty;
use super::tr::Tr;
use crate::binrw::tokens::ident;
use crate::expr::{Expr, TypeRef};

impl<'a> Tr<'a> {
    /// A switch value whose cases are all one user type as that type, undefined (`None`)
    /// when no case matched; any other value as it is.
    pub(super) fn coerce_switch(&self, ty: Ty, code: TokenStream) -> (Ty, TokenStream) {
        let Ty::Switch(file, name, cases) = &ty else {
            return (ty, code);
        };
        let Some(case) = cases.first().map(|c| &c.ty) else {
            return (ty, code);
        };
        let one_type = cases.iter().all(|c| c.ty == *case);
        let found = self
            .user_type(case)
            .filter(|_| one_type && *file == self.file.id);
        let Some((decl, t)) = found else {
            return (ty, code);
        };
        let variant = ident(&crate::binrw::emit::switch::variant_name(case));
        let name = ident(name);
        // Without a `_` case the enum also has the variant for "no case matched".
        let others = match cases.iter().any(|c| c.key.is_else()) {
            true => quote!(),
            false => quote!(_ => return None,),
        };
        let code = quote!(match #code { #name::#variant(x) => x, #others });
        (Ty::User(decl, t.id.clone(), t.rust_name.clone()), code)
    }

    /// `inner.as<ty>`: the case of a `switch-on` value whose type is `ty`, undefined (`None`)
    /// when another case was read (Kaitai fails the cast there).
    pub(super) fn cast(&mut self, inner: &Expr, ty: &TypeRef) -> Result<(Ty, TokenStream), String> {
        let unsupported =
            || format!("`.as<{ty}>` on {inner:?} is not supported by the binrw backend");
        if let (Some(el), Expr::Array(_)) = (ty.element(), inner)
            && el.rust_int().is_some()
        {
            // An integer list literal is such a list already (`[27643, 7].as<u2[]>`).
            return match self.expr(inner)? {
                (Ty::List(t), v) if *t == Ty::Int => Ok((Ty::List(t), v)),
                _ => Err(unsupported()),
            };
        }
        let (t, v) = self.expr(inner)?;
        if let Ty::User(decl, id, _) = &t
            && ty
                .user_name()
                .and_then(|name| self.user_type(name))
                .is_some_and(|(d, target)| d == *decl && target.id == *id)
        {
            // A cast to the type it has (a `struct` param is typed, see `struct_params.rs`).
            return Ok((t, v));
        }
        let Ty::Switch(file, name, cases) = t else {
            return Err(unsupported());
        };
        if file != self.file.id {
            // The match names the enum, which only its own file's module has in scope.
            return Err(unsupported());
        }
        let variant = crate::binrw::emit::switch::variant_name(&ty.to_string());
        let case = cases
            .iter()
            .map(|c| &c.ty)
            .find(|t| crate::binrw::emit::switch::variant_name(t) == variant)
            .ok_or_else(unsupported)?;
        let (decl, t) = self.user_type(case).ok_or_else(unsupported)?;
        let others = if cases.iter().all(|c| c.ty == *case) {
            quote!()
        } else {
            quote!(_ => return None,)
        };
        let (name, variant) = (ident(&name), ident(&variant));
        Ok((
            Ty::User(decl, t.id.clone(), t.rust_name.clone()),
            quote!(match #v { #name::#variant(x) => x, #others }),
        ))
    }
}
