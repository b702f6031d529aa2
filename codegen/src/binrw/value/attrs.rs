//! Attributes (`.length`, `.to_i`, a user type's fields) and method calls (`.substring`,
//! `.to_s(encoding)`) in a value instance.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::Ty;
use super::names::{Place, stored_or_positioned};
use super::tr::Tr;
use crate::binrw::emit::canonical_encoding;
use crate::binrw::tokens::ident;
use crate::expr::Expr;

impl<'a> Tr<'a> {
    /// `base.attr`: sizes, conversions and list ends.
    pub(super) fn attr(&mut self, base: &Expr, attr: &str) -> Result<(Ty, TokenStream), String> {
        let unsupported = || format!("`.{attr}` on {base:?} is not supported by the binrw backend");
        if let Some(read) = crate::binrw::io::recorded(base, attr) {
            // Recorded at the end of the seq, after the fields that would need it.
            if self.seq.is_some() {
                return Err(format!(
                    "`_io.{attr}` in a value a seq field uses is not supported by the binrw backend"
                ));
            }
            return Ok(read);
        }
        let (t, v) = self.expr(base)?;
        let name = ident(attr);
        if let Ty::User(decl, id, _) = &t {
            // A plain field or a value instance of a user type, seen from its own file.
            let file = self.declaring(decl).ok_or_else(unsupported)?;
            let d = file
                .types
                .iter()
                .find(|t| t.id == *id)
                .ok_or_else(unsupported)?;
            let inner = Tr {
                def: d,
                file,
                imports: self.imports,
                seq: None,
            };
            if let Some(inst) = d.instances.iter().find(|i| i.id == attr) {
                return Ok((inner.instance_ty(inst)?, quote!((#v).#name()?)));
            }
            let field = stored_or_positioned(d, attr).filter(|f| f.cond.is_none());
            let repeated = field.is_some_and(|f| {
                f.repeat_expr.is_some() || f.repeat_eos || f.repeat_until.is_some()
            });
            let conv = match field {
                Some(f) if repeated => inner
                    .element(f, &Place::element())
                    .filter(|(t, _)| *t != Ty::Bytes)
                    .map(|(t, c)| {
                        (
                            Ty::List(Box::new(t)),
                            quote!((#v).#name.iter().map(|x| #c).collect::<Vec<_>>()),
                        )
                    }),
                Some(f) => inner.element(f, &Place::reference(quote!((&(#v).#name)))),
                None => None,
            };
            return conv.ok_or_else(unsupported);
        }
        Ok(match (attr, t) {
            ("length", Ty::Str) => (Ty::Int, quote!(i128::try_from((#v).chars().count()).ok()?)),
            ("length" | "size", Ty::Bytes | Ty::List(_)) => {
                (Ty::Int, quote!(i128::try_from((#v).len()).ok()?))
            }
            ("first" | "last", Ty::List(el)) => (*el, quote!((#v).#name()?.clone())),
            ("first" | "last", Ty::Bytes) => (Ty::Int, quote!(i128::from(*(#v).#name()?))),
            ("min" | "max", Ty::List(el)) if *el == Ty::Float => {
                (Ty::Float, quote!((#v).iter().copied().reduce(f64::#name)?))
            }
            ("min" | "max", Ty::List(el)) if matches!(*el, Ty::Int | Ty::Str) => {
                (*el, quote!((#v).iter().#name()?.clone()))
            }
            ("min" | "max", Ty::Bytes) => (Ty::Int, quote!(i128::from(*(#v).iter().#name()?))),
            ("reverse", Ty::Str) => (Ty::Str, quote!((#v).chars().rev().collect::<String>())),
            ("reverse", Ty::Bytes) => (
                Ty::Bytes,
                quote!((#v).iter().rev().copied().collect::<Vec<u8>>()),
            ),
            ("to_s", Ty::Int) => (Ty::Str, quote!((#v).to_string())),
            // A string interpolated into an f-string is itself.
            ("to_s", Ty::Str) => (Ty::Str, v),
            ("to_i", Ty::Str) => (Ty::Int, quote!((#v).parse::<i128>().ok()?)),
            ("to_i", Ty::Bool | Ty::Enum(_)) => (Ty::Int, quote!(i128::from(#v))),
            ("to_i", Ty::Float) => (
                Ty::Int,
                // Truncated toward zero, as Kaitai's; `None` outside `i128`.
                quote!({ let f: f64 = #v; if f.is_finite() && f.abs() < 1.0e38 { f.trunc() as i128 } else { return None } }),
            ),
            _ => return Err(unsupported()),
        })
    }

    /// `base.method(args)`: `substring` and `to_i(radix)` on strings.
    pub(super) fn call(
        &mut self,
        base: &Expr,
        method: &str,
        args: &[Expr],
    ) -> Result<(Ty, TokenStream), String> {
        let unsupported =
            || format!("`.{method}(...)` on {base:?} is not supported by the binrw backend");
        match (method, args) {
            ("substring", [from, to]) => {
                let v = self.expect(base, &Ty::Str)?;
                let from = self.expect(from, &Ty::Int)?;
                let to = self.expect(to, &Ty::Int)?;
                Ok((
                    Ty::Str,
                    quote!({ let from = usize::try_from(#from).ok()?; let to = usize::try_from(#to).ok()?; (#v).chars().skip(from).take(to.checked_sub(from)?).collect::<String>() }),
                ))
            }
            ("to_s", [Expr::Str(encoding)]) => {
                let v = self.expect(base, &Ty::Bytes)?;
                // As `str` fields decode (invalid sequences replaced).
                Ok((
                    Ty::Str,
                    match canonical_encoding(encoding) {
                        Some("ASCII" | "UTF-8") => {
                            quote!(String::from_utf8_lossy(&(#v)).into_owned())
                        }
                        // The runtime's decoder, imported as `ks_decode` (see `methods`).
                        Some(known) => quote!(ks_decode(&(#v), #known)),
                        // Kaitai fails on access (UnknownEncodingError): undefined here.
                        None => quote!(
                            savepoint_runtime::encoding::decode_known(&(#v), #encoding)?
                        ),
                    },
                ))
            }
            ("to_i", [Expr::Int(radix)]) if (2..=36).contains(radix) => {
                let v = self.expect(base, &Ty::Str)?;
                let radix = Literal::i128_unsuffixed(*radix);
                Ok((Ty::Int, quote!(i128::from_str_radix(&(#v), #radix).ok()?)))
            }
            _ => Err(unsupported()),
        }
    }
}
