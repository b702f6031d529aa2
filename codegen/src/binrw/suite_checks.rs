//! The checks of a `.kst`: an assertion's translated value compared with its expected value
//! (integer, float, boolean, string and enum literals, lists of them, Kaitai's `null`), and an
//! expected `ConversionError` as an undefined value instance.

use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};

use super::{Cx, Missing, Unwrap, Value};
use crate::SchemaError;
use crate::binrw::schema::TypeDef;
use crate::binrw::tokens::ident;
use crate::expr::{Expr, KsType, TypeRef};

impl<'a> Cx<'a> {
    /// `x._parent` / `x._root` is null: Kaitai passes neither to a type of another file than
    /// the type holding it. Here that type's reader takes no arguments at all, so nothing of
    /// the types around it reaches it; checked on its `BinRead::Args`.
    fn no_parent(&self, base: &Expr, root: &'a TypeDef) -> Result<TokenStream, SchemaError> {
        let (holder, name) = match base {
            Expr::Name(n) => (root, n),
            Expr::Attr(b, n) => match self.actual(b, root)? {
                (_, Value::Struct(def), _) => (def, n),
                _ => return Err(self.refuse("kst `_parent` of other than a field of a struct")),
            },
            _ => return Err(self.refuse("kst `_parent` of other than a field path")),
        };
        let declaring = |def: &TypeDef| {
            self.schemas
                .files
                .values()
                .find(|f| f.types.iter().any(|t| std::ptr::eq(t, def)))
                .map(|f| f.id.clone())
        };
        let (_, Value::Struct(def), _) = self.field(&quote!(r), holder, name)? else {
            return Err(self.refuse("kst `_parent` of other than a struct"));
        };
        let decl = declaring(def).unwrap_or_default();
        if declaring(holder).as_deref() == Some(decl.as_str()) {
            return Err(
                self.refuse("kst `_parent` / `_root` is null only for a type of another file")
            );
        }
        let what = format!("{base:?} gets no parent or root").replace('"', "'");
        let (decl, name) = (ident(&decl), ident(&def.rust_name));
        let args = quote!(std::any::TypeId::of::<<#decl::#name as BinRead>::Args<'static>>());
        Ok(check(quote!(#args == std::any::TypeId::of::<()>()), &what))
    }

    /// The check of an assertion whose `actual` must fail with Kaitai's `kind`: a value
    /// instance that Kaitai cannot compute (`ConversionError` of `"12x".to_i`) is undefined
    /// (`None`) here, so its method must return `None`.
    pub(super) fn raises(
        &self,
        actual: &Expr,
        kind: &str,
        root: &'a TypeDef,
    ) -> Result<TokenStream, SchemaError> {
        if kind != "ConversionError" {
            return Err(self.refuse(format!("kst assertion expecting {kind}")));
        }
        let Some(Unwrap {
            access: call,
            missing: Missing::Undefined,
        }) = self.actual(actual, root)?.2
        else {
            return Err(self.refuse(format!("kst {kind} from other than a value instance")));
        };
        let what = format!("{actual:?} raises {kind}").replace('"', "'");
        Ok(check(quote!(#call.is_none()), &what))
    }

    /// One `check(...)` statement.
    pub(super) fn assert(
        &self,
        actual: &Expr,
        expected: &Expr,
        root: &'a TypeDef,
    ) -> Result<TokenStream, SchemaError> {
        if let (Expr::Attr(base, nav), Expr::Name(null)) = (actual, expected)
            && (nav == "_parent" || nav == "_root")
            && null == "null"
        {
            return self.no_parent(base, root);
        }
        let (access, kind, unwrap) = self.actual(actual, root)?;
        let what = format!("{actual:?}").replace('"', "'");
        if matches!(expected, Expr::Name(n) if n == "null") {
            // An unsized switch where no case matched reads nothing (Kaitai's null).
            if let Value::Switch(name, field) = &kind
                && field.size.is_none()
                && !field.size_eos
                && field.switch_cases.iter().all(|c| !c.key.is_else())
            {
                let name = ident(name);
                return Ok(check(quote!(matches!(#access, #name::Unmatched)), &what));
            }
            // An undefined value instance (its `if` false) or an absent optional field: the
            // access without its final unwrap.
            let unwrap = unwrap.ok_or_else(|| {
                self.refuse(format!(
                    "kst null for a field that is not optional: {actual:?}"
                ))
            })?;
            let access = unwrap.access;
            return Ok(check(quote!(#access.is_none()), &what));
        }
        // `[...].as<bytes>` is a byte array literal.
        let expected = match expected {
            Expr::Cast(inner, TypeRef::Bytes) if matches!(**inner, Expr::Array(_)) => inner,
            e => e,
        };
        let (access, kind) = match kind {
            // A switch over integer types compared with a number: the variant's value.
            Value::Switch(name, field) if literal(expected).is_some() => {
                let name = ident(&name);
                let variants = field
                    .switch_cases
                    .iter()
                    .filter(|c| c.kind.rust_int().is_some())
                    .map(|c| ident(&super::emit::switch::variant_name(&c.ty)));
                let not = format!("{what} is not a number");
                let access = quote! {
                    (match &#access { #(#name::#variants(x) => i128::from(*x),)* _ => return Err(#not.into()) })
                };
                (access, Value::Int)
            }
            kind => (access, kind),
        };
        let cond = self.comparison(access, kind, expected, &what)?;
        Ok(check(cond, &what))
    }

    /// The condition that the value `access` (of kind `kind`) equals `expected`.
    fn comparison(
        &self,
        access: TokenStream,
        kind: Value<'a>,
        expected: &Expr,
        what: &str,
    ) -> Result<TokenStream, SchemaError> {
        let strings = |items: &[Expr]| -> Option<Vec<Literal>> {
            items
                .iter()
                .map(|i| match i {
                    Expr::Str(t) => Some(Literal::string(t)),
                    _ => None,
                })
                .collect()
        };
        Ok(match (kind, expected) {
            (Value::List(element), Expr::Array(items))
                if matches!(*element, Value::Int) && items.is_empty() =>
            {
                quote!(#access.is_empty())
            }
            // `.clone()` also copies out of an optional field's `&` integer.
            (Value::Int, e) if literal(e).is_some() => {
                let n = Literal::i128_unsuffixed(literal(e).unwrap_or_default());
                quote!(i128::try_from(#access.clone()).ok() == Some(#n))
            }
            (Value::Float, e) if float_literal(e).is_some() => {
                let f = float_literal(e).unwrap_or_default();
                let (f, scale) = (debug_float(f), debug_float(f.abs().max(1.0)));
                quote!((f64::from(#access) - #f).abs() <= 1e-6 * #scale)
            }
            (Value::List(element), Expr::Array(items))
                if matches!(*element, Value::Str) && strings(items).is_some() =>
            {
                let list = strings(items).unwrap_or_default();
                let len = Literal::usize_unsuffixed(list.len());
                quote!(#access.iter().map(|x| x.as_str()).collect::<Vec<_>>() == [#(#list),*] as [&str; #len])
            }
            // `clone` reads a present optional field (a reference) and a plain one alike.
            (Value::Bool, Expr::Bool(b)) => quote!(#access.clone() == #b),
            (Value::StrList, Expr::Array(items)) if strings(items).is_some() => {
                let list = strings(items).unwrap_or_default();
                quote!(#access.iter().map(|x| x.value.as_str()).collect::<Vec<_>>() == [#(#list),*])
            }
            // An enum field compared with a number: its integer value.
            (Value::Enum(_), e) if literal(e).is_some() => {
                let n = Literal::i128_unsuffixed(literal(e).unwrap_or_default());
                quote!(i128::from(#access) == #n)
            }
            (Value::Enum(rust), Expr::Path(path)) if path.len() >= 2 => {
                // Another file's enum, which the test's module may not import, by its module.
                let name = path[..path.len() - 1].join("::");
                let rust = match self.schemas.resolve_enum(self.file, &name) {
                    Some((decl, e)) if decl != self.file => {
                        let (decl, e) = (ident(decl), ident(&e.rust_name));
                        quote!(#decl::#e)
                    }
                    _ => ident(&rust).into_token_stream(),
                };
                let variant = ident(&crate::binrw::schema::snake_to_camel(&path[path.len() - 1]));
                quote!(#access == #rust::#variant)
            }
            (Value::Str, Expr::Str(text)) => quote!(#access == #text),
            (Value::List(element), Expr::Array(items))
                if matches!(*element, Value::Int) && items.iter().all(|i| literal(i).is_some()) =>
            {
                let list = items
                    .iter()
                    .map(|i| Literal::i128_unsuffixed(literal(i).unwrap_or_default()));
                quote!(#access.iter().map(|x| i128::try_from(*x).ok()).collect::<Vec<_>>() == [#(#list),*].map(Some))
            }
            _ => return Err(self.refuse(format!("kst expected value {expected:?} for {what}"))),
        })
    }
}

/// An integer literal of an assertion, or a sum, difference or product of them.
fn literal(e: &Expr) -> Option<i128> {
    match e {
        Expr::Int(i) => Some(*i),
        Expr::Unary("-", inner) => literal(inner)?.checked_neg(),
        Expr::Binary("+", a, b) => literal(a)?.checked_add(literal(b)?),
        Expr::Binary("-", a, b) => literal(a)?.checked_sub(literal(b)?),
        Expr::Binary("*", a, b) => literal(a)?.checked_mul(literal(b)?),
        _ => None,
    }
}

/// A float literal of an assertion: `1.5`, `2`, `-0.5`, `0.5.as<f4>`.
fn float_literal(e: &Expr) -> Option<f64> {
    match e {
        Expr::Float(f) => Some(*f),
        Expr::Int(i) => Some(*i as f64),
        Expr::Unary("-", inner) => float_literal(inner).map(|f| -f),
        Expr::Cast(
            inner,
            TypeRef::Named {
                kind: KsType::Float { endian: None, .. },
                ..
            },
        ) => float_literal(inner),
        _ => None,
    }
}

/// The statement checking `cond`, failing with `what`.
fn check(cond: TokenStream, what: &str) -> TokenStream {
    quote!(check(#cond, #what)?;)
}

/// `f` as an unsuffixed float literal spelled as `{:?}` spells it (`0.5`, `1.0`).
fn debug_float(f: f64) -> TokenStream {
    syn::LitFloat::new(&format!("{f:?}"), proc_macro2::Span::call_site()).into_token_stream()
}
