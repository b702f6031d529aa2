//! Binary operators in a value instance, with Kaitai's integer semantics.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::Ty;
use super::tr::Tr;
use crate::binrw::tokens::{ident, operator};
use crate::expr::Expr;

impl<'a> Tr<'a> {
    pub(super) fn binary(
        &mut self,
        op: &str,
        a: &Expr,
        b: &Expr,
    ) -> Result<(Ty, TokenStream), String> {
        let positive_literal = |e: &Expr| match e {
            Expr::Int(n) if *n > 0 => Some(*n),
            _ => None,
        };
        let (ta, _) = self.expr(a)?;
        let (tb, _) = self.expr(b)?;
        let float = ta == Ty::Float || tb == Ty::Float;
        Ok(match op {
            "and" | "or" => {
                let a = self.expect(a, &Ty::Bool)?;
                let b = self.expect(b, &Ty::Bool)?;
                let op = operator(if op == "and" { "&&" } else { "||" });
                (Ty::Bool, quote!((#a #op #b)))
            }
            "==" | "!=" | "<" | "<=" | ">" | ">=" => {
                if ta == Ty::Bool && !matches!(op, "==" | "!=") {
                    return Err(format!(
                        "`{op}` on booleans is not supported by the binrw backend"
                    ));
                }
                let ty = if float { Ty::Float } else { ta };
                let a = self.expect(a, &ty)?;
                let b = self.expect(b, &ty)?;
                let op = operator(op);
                (Ty::Bool, quote!((#a #op #b)))
            }
            "+" if ta == Ty::Str => {
                let a = self.expect(a, &Ty::Str)?;
                let b = self.expect(b, &Ty::Str)?;
                (Ty::Str, quote!(format!("{}{}", #a, #b)))
            }
            "+" | "-" | "*" | "/" if float => {
                let a = self.expect(a, &Ty::Float)?;
                let b = self.expect(b, &Ty::Float)?;
                let op = operator(op);
                (Ty::Float, quote!((#a #op #b)))
            }
            "+" | "-" | "*" => {
                let a = self.expect(a, &Ty::Int)?;
                let b = self.expect(b, &Ty::Int)?;
                let method = ident(match op {
                    "+" => "checked_add",
                    "-" => "checked_sub",
                    _ => "checked_mul",
                });
                (Ty::Int, quote!((#a).#method(#b)?))
            }
            "/" | "%" => {
                let Some(d) = positive_literal(b) else {
                    return Err(format!(
                        "`{op}` by other than a positive integer literal is not supported by the binrw backend"
                    ));
                };
                let a = self.expect(a, &Ty::Int)?;
                // Kaitai divides rounding down and its modulo is never negative: for a
                // positive divisor that is Euclidean division.
                let method = ident(if op == "/" {
                    "div_euclid"
                } else {
                    "rem_euclid"
                });
                let d = Literal::i128_suffixed(d);
                (Ty::Int, quote!((#a).#method(#d)))
            }
            "&" | "|" | "^" => {
                let a = self.expect(a, &Ty::Int)?;
                let b = self.expect(b, &Ty::Int)?;
                let op = operator(op);
                (Ty::Int, quote!((#a #op #b)))
            }
            // `a << b` is `a * 2^b`: exact in `i128`, an overflow or a negative shift fails the
            // read as an overflowing `+` does, where Rust's `<<` would drop the high bits.
            "<<" => {
                let a = self.expect(a, &Ty::Int)?;
                let b = self.expect(b, &Ty::Int)?;
                (
                    Ty::Int,
                    quote!((#a).checked_mul(2i128.checked_pow(u32::try_from(#b).ok()?)?)?),
                )
            }
            ">>" => match b {
                Expr::Int(n) if (0..128).contains(n) => {
                    let a = self.expect(a, &Ty::Int)?;
                    let n = Literal::i128_unsuffixed(*n);
                    (Ty::Int, quote!((#a >> #n)))
                }
                _ => {
                    return Err(
                        "`>>` by other than a literal below 128 is not supported by the binrw backend"
                            .into(),
                    );
                }
            },
            _ => {
                return Err(format!(
                    "operator `{op}` is not supported by the binrw backend in a value instance"
                ));
            }
        })
    }
}
