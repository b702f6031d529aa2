//! Sizes and element counts as `usize`: names converted before the arithmetic (by the type the
//! typing pass recorded for them, [`Width`]), arithmetic that saturates, and literals past
//! `u32::MAX` computed in `u64` (see [`Unit`]).

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{ToTokens, format_ident, quote};

use super::{Expr, Side, path};
use crate::binrw::parent;
use crate::binrw::tokens::{ident, operator};

/// `list[i]` (or `list[i].rest`) as a `usize`: the list by reference (a field, or a `_parent` /
/// `_root` import of a slice), the index and the element converted with checks, so past the
/// end, or a negative or huge index or element, is a size no input holds.
fn index(list: &Expr, i: &TokenStream, rest: &[String], side: Side) -> TokenStream {
    let list = match list {
        Expr::Path(p) if parent::is_nav(&p[0]) => {
            ident(&parent::import_name(p)).into_token_stream()
        }
        Expr::Path(p) => path(p),
        other => other.rust(side),
    };
    // The element by reference, a field of it (`[0].foo`) by value; widened to `i128` first,
    // as its integer type is not known here.
    let element = match rest {
        [] => quote!(*ks_e),
        _ => {
            let rest = path(rest);
            quote!(ks_e.#rest)
        }
    };
    quote!(#list.get(#i).map_or(usize::MAX, |ks_e| usize::try_from(i128::from(#element)).unwrap_or(usize::MAX)))
}

/// The integer type a size or count is computed in: `usize`, or `u64` for one that holds a
/// literal past `u32::MAX` (`4294967296usize` does not compile on a 32-bit target), whose
/// result is then converted to `usize` with a check.
#[derive(Clone, Copy)]
enum Unit {
    Usize,
    U64,
}

impl Unit {
    fn ident(self) -> Ident {
        format_ident!(
            "{}",
            if matches!(self, Unit::Usize) {
                "usize"
            } else {
                "u64"
            }
        )
    }

    /// The integer literal `n` in this type; a negative one is its largest value, a size no
    /// input holds.
    fn literal(self, n: i64) -> TokenStream {
        match (self, u64::try_from(n)) {
            (Unit::Usize, Ok(n)) if n <= u64::from(u32::MAX) => {
                Literal::usize_suffixed(usize::try_from(n).unwrap_or(usize::MAX))
                    .into_token_stream()
            }
            (Unit::U64, Ok(n)) => Literal::u64_suffixed(n).into_token_stream(),
            _ => {
                let ty = self.ident();
                quote!(#ty::MAX)
            }
        }
    }

    /// The `usize` `value` in this type.
    fn widen(self, value: TokenStream) -> TokenStream {
        match self {
            Unit::Usize => value,
            Unit::U64 => quote!(u64::try_from(#value).unwrap_or(u64::MAX)),
        }
    }
}

/// How the integer a name or path holds converts to a size, by its recorded type (see
/// `Module::wide_path`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Width {
    /// At most 16 bits unsigned (or a boolean): `usize::from` takes it.
    Narrow,
    /// Unsigned up to 64 bits: `u64::from` takes it, `usize` needs a check.
    Unsigned,
    /// Signed, or not known: converted with a check.
    Other,
}

impl Expr {
    /// Rust for an element count (`usize`): a plain name or literal as it is (binrw
    /// converts it), arithmetic in `usize` so a product of two `u16` cannot overflow.
    pub fn count(&self, side: Side) -> TokenStream {
        // Imports of `_parent` / `_root` values may be of any width.
        self.count_in(side, &|n| match parent::is_nav(n) {
            true => Width::Other,
            false => Width::Narrow,
        })
    }

    /// The value as a `usize` (a size), each name converted before the arithmetic, where
    /// `wide` says which names or paths hold integers wider than `u16` (see [`Expr::count_in`]).
    pub fn to_usize(&self, side: Side, wide: &dyn Fn(&str) -> Width) -> TokenStream {
        self.usize(side, wide)
    }

    /// [`Expr::count`] where `wide(path)` says which names or dotted paths (`header.qty`) hold
    /// integers wider than `u16`:
    /// those are converted with a checked `usize::try_from` (saturating: a count too large
    /// for memory fails at the end of the input, not here) and combined with saturating
    /// arithmetic.
    pub fn count_in(&self, side: Side, wide: &dyn Fn(&str) -> Width) -> TokenStream {
        match self {
            _ if self.has_big_literal() => self.usize(side, wide),
            Expr::Path(p) if parent::is_nav(&p[0]) => self.usize(side, wide),
            Expr::Int(_) | Expr::Path(_) | Expr::Param(_) | Expr::Enum(..)
                if side == Side::Read =>
            {
                self.rust(side)
            }
            Expr::Enum(..) => self.rust(side),
            Expr::Int(_) | Expr::Bool(_) | Expr::Not(_) | Expr::Ternary(..) => {
                self.usize(side, wide)
            }
            Expr::Binary(l, op, r) if !self.has_wide(wide) && *op != "-" => {
                let (l, op) = (l.operand(side, wide, Unit::Usize), operator(op));
                let r = r.operand(side, wide, Unit::Usize);
                quote!(#l #op #r)
            }
            Expr::Path(_)
            | Expr::ChildValue(_)
            | Expr::Param(_)
            | Expr::Binary(..)
            | Expr::Index(..) => self.usize(side, wide),
        }
    }

    /// The value as a `usize`: computed in `usize`, or, when it holds a literal past
    /// `u32::MAX` (no `usize` on a 32-bit target), in `u64` and converted with a check.
    pub(super) fn usize(&self, side: Side, wide: &dyn Fn(&str) -> Width) -> TokenStream {
        if !self.has_big_literal() {
            return self.in_unit(side, wide, Unit::Usize);
        }
        let value = self.in_unit(side, wide, Unit::U64);
        quote!(usize::try_from(#value).unwrap_or(usize::MAX))
    }

    /// The value computed in `unit`: each name converted before the arithmetic, which
    /// saturates (a size too large fails at the end of the input).
    fn in_unit(&self, side: Side, wide: &dyn Fn(&str) -> Width, unit: Unit) -> TokenStream {
        let ty = unit.ident();
        // `From` where the type takes the name's integer whole, else a checked conversion.
        let convert = |width: Width, value: TokenStream| match (width, unit) {
            (Width::Narrow, _) | (Width::Unsigned, Unit::U64) => quote!(#ty::from(#value)),
            _ => quote!(#ty::try_from(#value).unwrap_or(#ty::MAX)),
        };
        match self {
            Expr::Int(n) => unit.literal(*n),
            Expr::Index(list, i, rest) => unit.widen(index(list, &i.usize(side, wide), rest, side)),
            Expr::Path(p) if parent::is_nav(&p[0]) => {
                let name = ident(&parent::import_name(p)).into_token_stream();
                convert(wide(&p.join(".")), name)
            }
            Expr::Bool(b) => quote!(#ty::from(#b)),
            Expr::Ternary(c, a, b) => {
                let c = c.rust(side);
                let (a, b) = (a.argument(side, wide, unit), b.argument(side, wide, unit));
                quote!(if #c { #a } else { #b })
            }
            // A list's `len()` (see `list_size.rs`) is a `usize` already.
            Expr::Path(p) if p.last().is_some_and(|l| l == "len()") => unit.widen(self.rust(side)),
            Expr::Path(p) => convert(wide(&p.join(".")), self.rust(side)),
            // `None` (a value past `i128` or undefined) is a size no input holds.
            Expr::ChildValue(_) => {
                let value = self.rust(side);
                quote!(#value.and_then(|ks_v| #ty::try_from(ks_v).ok()).unwrap_or(#ty::MAX))
            }
            Expr::Param(name) => convert(wide(name), self.rust(side)),
            Expr::Enum(..) => self.rust(side),
            Expr::Not(_) => {
                let value = self.rust(side);
                quote!(#ty::from(#value))
            }
            Expr::Binary(l, "-", r) => {
                let (l, r) = (l.operand(side, wide, unit), r.argument(side, wide, unit));
                quote!(#l.checked_sub(#r).unwrap_or(#ty::MAX))
            }
            Expr::Binary(l, op, r) if self.has_wide(wide) && matches!(*op, "+" | "*") => {
                let method = ident(if *op == "+" {
                    "saturating_add"
                } else {
                    "saturating_mul"
                });
                let (l, r) = (l.operand(side, wide, unit), r.argument(side, wide, unit));
                quote!(#l.#method(#r))
            }
            Expr::Binary(..) => {
                let value = self.argument(side, wide, unit);
                quote!((#value))
            }
        }
    }

    /// [`Expr::in_unit`] where a method takes it as its argument or a branch is it: an operation
    /// without the parentheses it gets as an operand, which there would be needless ones.
    fn argument(&self, side: Side, wide: &dyn Fn(&str) -> Width, unit: Unit) -> TokenStream {
        match self {
            Expr::Binary(l, op, r)
                if *op != "-" && !(self.has_wide(wide) && matches!(*op, "+" | "*")) =>
            {
                let (l, op) = (l.operand(side, wide, unit), operator(op));
                let r = r.operand(side, wide, unit);
                quote!(#l #op #r)
            }
            _ => self.in_unit(side, wide, unit),
        }
    }

    /// [`Expr::in_unit`] where an operator or a method takes it: a conditional in
    /// parentheses, which elsewhere (an argument, a branch) would be needless ones.
    fn operand(&self, side: Side, wide: &dyn Fn(&str) -> Width, unit: Unit) -> TokenStream {
        let value = self.in_unit(side, wide, unit);
        match self {
            Expr::Ternary(..) => quote!((#value)),
            _ => value,
        }
    }

    /// Whether it holds an integer literal past `u32::MAX`.
    fn has_big_literal(&self) -> bool {
        match self {
            Expr::Int(n) => *n > i64::from(u32::MAX),
            Expr::Enum(..)
            | Expr::Bool(_)
            | Expr::Path(_)
            | Expr::ChildValue(_)
            | Expr::Param(_) => false,
            Expr::Not(inner) => inner.has_big_literal(),
            Expr::Ternary(c, a, b) => {
                c.has_big_literal() || a.has_big_literal() || b.has_big_literal()
            }
            Expr::Binary(l, _, r) | Expr::Index(l, r, _) => {
                l.has_big_literal() || r.has_big_literal()
            }
        }
    }

    fn has_wide(&self, wide: &dyn Fn(&str) -> Width) -> bool {
        match self {
            Expr::Int(_) | Expr::Enum(..) | Expr::Bool(_) => false,
            Expr::Path(p) => parent::is_nav(&p[0]) || wide(&p.join(".")) != Width::Narrow,
            Expr::Param(name) => wide(name) != Width::Narrow,
            Expr::Not(_) => false,
            Expr::Ternary(_, a, b) => a.has_wide(wide) || b.has_wide(wide),
            Expr::Binary(l, _, r) => l.has_wide(wide) || r.has_wide(wide),
            Expr::Index(..) | Expr::ChildValue(_) => true,
        }
    }
}
