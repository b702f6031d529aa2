//! Kaitai expressions to Rust expressions, with their types.
//!
//! Integers are computed as `i128` (every Kaitai integer fits), floats as `f64`. A translated
//! expression is either a *place* (a field, read without copying) or a *value*; [`Gen::val`]
//! turns a place into a value.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::Gen;
use super::names::{field_ident, ident};
use crate::expr::Expr;
use crate::ir::{Attr, InstanceKind};
use crate::ksy::SchemaError;

/// The type of an expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Ty {
    /// Any integer (`i128` as a value).
    Int,
    /// `f32` or `f64` (`f64` as a value).
    Float,
    /// `bool`.
    Bool,
    /// Text (`String`).
    Str,
    /// `Vec<u8>`.
    Bytes,
    /// An enum of the module.
    Enum(usize),
    /// A struct of the module.
    User(usize),
    /// A `switch-on` field: type and attribute id.
    Switch(usize, String),
    /// An array; elements stored as described by the [`Unwrap`].
    Array(Box<Ty>, Unwrap),
    /// A stream (`_io`).
    Io,
}

/// How a stored element is reached from its storage.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Unwrap {
    /// Stored as is.
    Plain,
    /// `KStr` / `KBytes`: `.value`.
    Value,
    /// `Box<T>`: `*`.
    Boxed,
    /// `KSub<Box<T>>`: `*x.value`.
    SubBox,
}

/// A translated expression.
#[derive(Clone)]
pub struct Tr {
    pub ts: TokenStream,
    pub ty: Ty,
    pub place: bool,
    /// For a struct place: a reference to the struct holding it (its `_parent`).
    pub owner: Option<TokenStream>,
}

/// Where an expression is evaluated.
#[derive(Clone)]
pub struct Cx {
    pub tid: usize,
    /// Expression for the current struct (`this`).
    pub this: TokenStream,
    /// A reference to it (`&this` while reading, `this` elsewhere).
    pub this_ref: TokenStream,
    /// The stream, when there is one.
    pub io: Option<TokenStream>,
    /// The element of `repeat-until` / `valid` (`_`).
    pub elem: Option<(TokenStream, Ty)>,
    /// `_index` is in scope.
    pub index: bool,
    /// `Option<&Root>` for passing on.
    pub root_opt: TokenStream,
    /// `Option<&Parent>` of the current struct.
    pub parent_opt: TokenStream,
    /// YAML path, for messages.
    pub yaml: String,
}

impl Tr {
    fn value(ts: TokenStream, ty: Ty) -> Self {
        Tr {
            ts,
            ty,
            place: false,
            owner: None,
        }
    }
}

/// The type of a value: arrays hold plain elements once copied out of their storage.
fn plain(t: Ty) -> Ty {
    match t {
        Ty::Array(inner, _) => Ty::Array(Box::new(plain(*inner)), Unwrap::Plain),
        other => other,
    }
}

pub(crate) fn unwrap_place(p: TokenStream, u: Unwrap) -> TokenStream {
    match u {
        Unwrap::Plain => p,
        Unwrap::Value => quote!(#p.value),
        Unwrap::Boxed => quote!((*#p)),
        Unwrap::SubBox => quote!((*#p.value)),
    }
}

impl Gen<'_> {
    fn unsupported(&self, cx: &Cx, what: impl Into<String>) -> SchemaError {
        self.err(
            cx.tid,
            &cx.yaml,
            format!("{} is not supported", what.into()),
        )
    }

    /// The Rust value type of an expression type.
    pub(crate) fn value_rust(&self, cx: &Cx, ty: &Ty) -> Result<TokenStream, SchemaError> {
        Ok(match ty {
            Ty::Int => quote!(i128),
            Ty::Float => quote!(f64),
            Ty::Bool => quote!(bool),
            Ty::Str => quote!(String),
            Ty::Bytes => quote!(Vec<u8>),
            Ty::Enum(e) => {
                let n = ident(&self.enums[*e].rust);
                quote!(#n)
            }
            Ty::User(t) => {
                let n = ident(&self.types[*t].rust);
                quote!(#n)
            }
            Ty::Array(t, _) => {
                let inner = self.value_rust(cx, t)?;
                quote!(Vec<#inner>)
            }
            Ty::Switch(..) | Ty::Io => {
                return Err(self.unsupported(cx, "a switch or stream value here"));
            }
        })
    }

    /// A place turned into an owned value.
    pub(crate) fn val(&self, cx: &Cx, t: &Tr) -> Result<TokenStream, SchemaError> {
        if !t.place {
            return Ok(t.ts.clone());
        }
        let p = &t.ts;
        Ok(match &t.ty {
            Ty::Int => quote!((#p as i128)),
            Ty::Float => quote!((#p as f64)),
            Ty::Bool | Ty::Enum(_) => quote!(#p),
            Ty::Str | Ty::Bytes | Ty::User(_) => quote!(#p.clone()),
            Ty::Array(inner, u) => {
                let x = unwrap_place(quote!((*x)), *u);
                let conv = self.val(
                    cx,
                    &Tr {
                        ts: x,
                        ty: (**inner).clone(),
                        place: true,
                        owner: None,
                    },
                )?;
                quote!(#p.iter().map(|x| #conv).collect::<Vec<_>>())
            }
            Ty::Switch(tid, id) => {
                let (_, arms) = self
                    .switch_int_arms(*tid, id)?
                    .ok_or_else(|| self.unsupported(cx, "a switch value of mixed types"))?;
                quote!((match &#p { #arms }))
            }
            Ty::Io => return Err(self.unsupported(cx, "a stream as a value")),
        })
    }

    /// Translates an expression.
    pub(crate) fn expr(&self, cx: &Cx, e: &Expr) -> Result<Tr, SchemaError> {
        Ok(match e {
            Expr::Int(v) => {
                let l = Literal::i128_suffixed(*v);
                Tr::value(quote!(#l), Ty::Int)
            }
            Expr::Float(v) => {
                let l = Literal::f64_suffixed(*v);
                Tr::value(quote!(#l), Ty::Float)
            }
            Expr::Str(s) => Tr::value(quote!(String::from(#s)), Ty::Str),
            Expr::Bool(b) => Tr::value(quote!(#b), Ty::Bool),
            Expr::Name(n) => self.name(cx, n)?,
            Expr::Path(parts) => {
                let (val, en) = parts.split_last().unwrap_or((&parts[0], &[]));
                let eid = self.resolve_enum(cx.tid, &en.join("::")).ok_or_else(|| {
                    self.err(cx.tid, &cx.yaml, format!("unknown enum {}", en.join("::")))
                })?;
                let ename = ident(&self.enums[eid].rust);
                if !self.enums[eid].def.values.iter().any(|(_, n, _)| n == val) {
                    return Err(self.err(
                        cx.tid,
                        &cx.yaml,
                        format!("enum {} has no value {val}", en.join("::")),
                    ));
                }
                let v = super::names::variant(val);
                Tr::value(quote!(#ename::#v), Ty::Enum(eid))
            }
            Expr::Array(items) => {
                let bytes: Option<Vec<u8>> = items
                    .iter()
                    .map(|i| match i {
                        Expr::Int(v) if (0..256).contains(v) => Some(*v as u8),
                        _ => None,
                    })
                    .collect();
                if let Some(b) = bytes {
                    return Ok(Tr::value(quote!(vec![#(#b),*]), Ty::Bytes));
                }
                let trs = items
                    .iter()
                    .map(|i| self.expr(cx, i))
                    .collect::<Result<Vec<_>, _>>()?;
                let ty = trs.first().map(|t| t.ty.clone()).unwrap_or(Ty::Int);
                let ty = if trs.iter().any(|t| t.ty == Ty::Float) {
                    Ty::Float
                } else {
                    ty
                };
                let vals = trs
                    .iter()
                    .map(|t| self.coerce(cx, t, &ty))
                    .collect::<Result<Vec<_>, _>>()?;
                Tr::value(
                    quote!(vec![#(#vals),*]),
                    Ty::Array(Box::new(ty), Unwrap::Plain),
                )
            }
            Expr::Unary(op, a) => {
                let t = self.expr(cx, a)?;
                let v = self.val(cx, &t)?;
                match (*op, &t.ty) {
                    ("-", Ty::Int) => Tr::value(quote!((#v).wrapping_neg()), Ty::Int),
                    ("-", Ty::Float) => Tr::value(quote!((-#v)), Ty::Float),
                    ("not", Ty::Bool) => Tr::value(quote!((!#v)), Ty::Bool),
                    ("~", Ty::Int) => Tr::value(quote!((!#v)), Ty::Int),
                    _ => return Err(self.unsupported(cx, format!("operator {op} on {:?}", t.ty))),
                }
            }
            Expr::Binary(op, a, b) => self.binary(cx, op, a, b)?,
            Expr::Ternary(c, a, b) => {
                let c = self.expr(cx, c)?;
                let cv = self.val(cx, &c)?;
                let a = self.expr(cx, a)?;
                let b = self.expr(cx, b)?;
                let ty = if a.ty == b.ty {
                    a.ty.clone()
                } else if matches!((&a.ty, &b.ty), (Ty::Int | Ty::Float, Ty::Int | Ty::Float)) {
                    Ty::Float
                } else {
                    return Err(
                        self.unsupported(cx, format!("a ternary of {:?} and {:?}", a.ty, b.ty))
                    );
                };
                let av = self.coerce(cx, &a, &ty)?;
                let bv = self.coerce(cx, &b, &ty)?;
                Tr::value(quote!((if #cv { #av } else { #bv })), plain(ty))
            }
            Expr::Attr(base, name) => self.attr(cx, base, name)?,
            Expr::Call(base, name, args) => self.call(cx, base, name, args)?,
            Expr::Index(base, idx) => {
                let b = self.expr(cx, base)?;
                let i = self.expr(cx, idx)?;
                let iv = self.coerce(cx, &i, &Ty::Int)?;
                let bp = self.as_place(cx, &b)?;
                match &b.ty {
                    Ty::Array(inner, u) => Tr {
                        ts: unwrap_place(quote!((*at(&#bp, #iv)?)), *u),
                        ty: (**inner).clone(),
                        place: true,
                        owner: b.owner.clone(),
                    },
                    Ty::Bytes => Tr::value(quote!((*at(&#bp, #iv)? as i128)), Ty::Int),
                    _ => return Err(self.unsupported(cx, format!("indexing {:?}", b.ty))),
                }
            }
            Expr::Cast(base, tname) => self.cast(cx, base, tname)?,
            Expr::SizeOf(..) => return Err(self.unsupported(cx, "sizeof / bitsizeof")),
        })
    }

    fn as_place(&self, _cx: &Cx, t: &Tr) -> Result<TokenStream, SchemaError> {
        let ts = &t.ts;
        Ok(if t.place { ts.clone() } else { quote!((#ts)) })
    }

    /// The value of `t` as type `ty` (integers widen to floats).
    pub(crate) fn coerce(&self, cx: &Cx, t: &Tr, ty: &Ty) -> Result<TokenStream, SchemaError> {
        let v = self.val(cx, t)?;
        if &t.ty == ty {
            return Ok(v);
        }
        match (&t.ty, ty) {
            (Ty::Int, Ty::Float) => Ok(quote!((#v as f64))),
            (Ty::Array(a, _), Ty::Array(b, _)) if a == b => Ok(v),
            (Ty::Switch(..), _) => Ok(v),
            _ => Err(self.unsupported(cx, format!("using {:?} as {:?}", t.ty, ty))),
        }
    }

    fn binary(&self, cx: &Cx, op: &str, a: &Expr, b: &Expr) -> Result<Tr, SchemaError> {
        let a = self.expr(cx, a)?;
        let b = self.expr(cx, b)?;
        let ta = self.effective(&a.ty);
        let tb = self.effective(&b.ty);
        let num = |t: &Ty| matches!(t, Ty::Int | Ty::Float);
        let common = if ta == tb {
            ta.clone()
        } else if let (Ty::Array(x, _), Ty::Array(y, _)) = (&ta, &tb)
            && x == y
        {
            ta.clone()
        } else if num(&ta) && num(&tb) {
            Ty::Float
        } else {
            return Err(self.unsupported(cx, format!("operator {op} on {ta:?} and {tb:?}")));
        };
        let av = self.coerce(cx, &a, &common)?;
        let bv = self.coerce(cx, &b, &common)?;
        let out = |ts: TokenStream, ty: Ty| Ok(Tr::value(ts, ty));
        match (op, &common) {
            ("==", _) => out(quote!((#av == #bv)), Ty::Bool),
            ("!=", _) => out(quote!((#av != #bv)), Ty::Bool),
            ("<", Ty::Int | Ty::Float | Ty::Str | Ty::Bytes) => out(quote!((#av < #bv)), Ty::Bool),
            ("<=", Ty::Int | Ty::Float | Ty::Str | Ty::Bytes) => {
                out(quote!((#av <= #bv)), Ty::Bool)
            }
            (">", Ty::Int | Ty::Float | Ty::Str | Ty::Bytes) => out(quote!((#av > #bv)), Ty::Bool),
            (">=", Ty::Int | Ty::Float | Ty::Str | Ty::Bytes) => {
                out(quote!((#av >= #bv)), Ty::Bool)
            }
            ("and", Ty::Bool) => out(quote!((#av && #bv)), Ty::Bool),
            ("or", Ty::Bool) => out(quote!((#av || #bv)), Ty::Bool),
            ("+", Ty::Int) => out(quote!((#av).wrapping_add(#bv)), Ty::Int),
            ("-", Ty::Int) => out(quote!((#av).wrapping_sub(#bv)), Ty::Int),
            ("*", Ty::Int) => out(quote!((#av).wrapping_mul(#bv)), Ty::Int),
            ("/", Ty::Int) => out(quote!(kdiv(#av, #bv)?), Ty::Int),
            ("%", Ty::Int) => out(quote!(kmod(#av, #bv)?), Ty::Int),
            ("+", Ty::Float) => out(quote!((#av + #bv)), Ty::Float),
            ("-", Ty::Float) => out(quote!((#av - #bv)), Ty::Float),
            ("*", Ty::Float) => out(quote!((#av * #bv)), Ty::Float),
            ("/", Ty::Float) => out(quote!((#av / #bv)), Ty::Float),
            ("<<", Ty::Int) => out(quote!((#av).wrapping_shl((#bv) as u32)), Ty::Int),
            (">>", Ty::Int) => out(quote!((#av).wrapping_shr((#bv) as u32)), Ty::Int),
            ("&", Ty::Int | Ty::Bool) => out(quote!((#av & #bv)), common.clone()),
            ("|", Ty::Int | Ty::Bool) => out(quote!((#av | #bv)), common.clone()),
            ("^", Ty::Int | Ty::Bool) => out(quote!((#av ^ #bv)), common.clone()),
            ("+", Ty::Str) => out(quote!(format!("{}{}", #av, #bv)), Ty::Str),
            ("+", Ty::Bytes) => out(quote!([#av, #bv].concat()), Ty::Bytes),
            _ => Err(self.unsupported(cx, format!("operator {op} on {common:?}"))),
        }
    }

    /// The type a switch value behaves as in arithmetic (integers when every case is one).
    fn effective(&self, t: &Ty) -> Ty {
        if let Ty::Switch(tid, id) = t
            && let Ok(Some((ty, _))) = self.switch_int_arms(*tid, id)
        {
            return ty;
        }
        t.clone()
    }

    fn name(&self, cx: &Cx, n: &str) -> Result<Tr, SchemaError> {
        match n {
            "_io" => {
                let io = cx
                    .io
                    .clone()
                    .ok_or_else(|| self.unsupported(cx, "_io in a value instance"))?;
                Ok(Tr::value(io, Ty::Io))
            }
            "_root" => {
                let r = &cx.root_opt;
                Ok(Tr {
                    ts: quote!((*#r.ok_or_else(|| KError::null("_root"))?)),
                    ty: Ty::User(self.root_of(cx.tid)),
                    place: true,
                    owner: None,
                })
            }
            "_parent" => {
                let p = self.types[cx.tid].parent_ty.ok_or_else(|| {
                    self.unsupported(cx, "_parent of a type used by several types (or none)")
                })?;
                let po = &cx.parent_opt;
                Ok(Tr {
                    ts: quote!((*#po.ok_or_else(|| KError::null("_parent"))?)),
                    ty: Ty::User(p),
                    place: true,
                    owner: None,
                })
            }
            "_" => {
                let (ts, ty) = cx
                    .elem
                    .clone()
                    .ok_or_else(|| self.unsupported(cx, "`_` outside repeat-until / valid"))?;
                Ok(Tr {
                    ts,
                    ty,
                    place: true,
                    owner: Some(cx.this_ref.clone()),
                })
            }
            "_index" if cx.index => Ok(Tr::value(quote!((_index as i128)), Ty::Int)),
            _ => self.member(
                cx,
                cx.tid,
                cx.this.clone(),
                Some(cx.this_ref.clone()),
                true,
                n,
            ),
        }
    }

    /// `base.name` on a struct of type `tid`; `own` when `base` is the current struct.
    pub(crate) fn member(
        &self,
        cx: &Cx,
        tid: usize,
        base: TokenStream,
        owner: Option<TokenStream>,
        own: bool,
        n: &str,
    ) -> Result<Tr, SchemaError> {
        let def = self.types[tid].def;
        let id = field_ident(n);
        let same_schema = self.types[tid].schema == self.types[cx.tid].schema;
        if let Some(p) = def.params.iter().find(|p| p.id == n) {
            let ty = self
                .param_ty(tid, p)
                .map_err(|m| self.err(cx.tid, &cx.yaml, m))?;
            return Ok(Tr {
                ts: quote!(#base.#id),
                ty,
                place: true,
                owner: Some(quote!(&#base)),
            });
        }
        if let Some(a) = def.seq.iter().find(|a| a.id == n) {
            return self.attr_place(
                cx,
                tid,
                a,
                quote!(#base.#id),
                a.cond.is_some(),
                Some(quote!(&#base)),
            );
        }
        if n == "_is_le" {
            return Ok(Tr::value(quote!(#base._is_le), Ty::Bool));
        }
        let inst = def.instances.iter().find(|i| i.id == n).ok_or_else(|| {
            self.err(
                cx.tid,
                &cx.yaml,
                format!("unknown name `{n}` in type {}", def.path.join("::")),
            )
        })?;
        match &inst.kind {
            InstanceKind::Parse(_, _, a) => {
                self.attr_place(cx, tid, a, quote!(#base.#id), true, Some(quote!(&#base)))
            }
            InstanceKind::Value(_, _, cond, _) => {
                let ty = self.instance_ty(tid, n)?;
                let parent = if own {
                    cx.parent_opt.clone()
                } else if self.types[tid].parent_ty.is_some() {
                    owner.map(|o| quote!(Some(#o))).unwrap_or(quote!(None))
                } else {
                    quote!(None)
                };
                let root = if same_schema {
                    cx.root_opt.clone()
                } else {
                    quote!(None)
                };
                let call = quote!(#base.#id(#parent, #root)?);
                let call = if cond.is_some() {
                    quote!(#call.ok_or_else(|| KError::null(#n))?)
                } else {
                    call
                };
                Ok(Tr {
                    ts: call,
                    ty,
                    place: false,
                    owner: None,
                })
            }
        }
    }

    fn attr_place(
        &self,
        _cx: &Cx,
        tid: usize,
        a: &Attr,
        place: TokenStream,
        optional: bool,
        owner: Option<TokenStream>,
    ) -> Result<Tr, SchemaError> {
        let name = &a.id;
        let place = if optional {
            quote!((*#place.as_ref().ok_or_else(|| KError::null(#name))?))
        } else {
            place
        };
        let (_, ety, u) = self.elem_store(tid, a)?;
        if !matches!(a.repeat, crate::ir::Repeat::No) {
            return Ok(Tr {
                ts: place,
                ty: Ty::Array(Box::new(ety), u),
                place: true,
                owner,
            });
        }
        Ok(Tr {
            ts: unwrap_place(place, u),
            ty: ety,
            place: true,
            owner,
        })
    }

    fn attr(&self, cx: &Cx, base: &Expr, name: &str) -> Result<Tr, SchemaError> {
        let b = self.expr(cx, base)?;
        if let Ty::Switch(stid, id) = &b.ty {
            // Every case reads the same struct: its fields are reachable without a cast.
            let (_, vars) = self.switch_variants(*stid, id)?;
            if let Some((_, Ty::User(t), _)) = vars.first()
                && vars.iter().all(|(_, ty, _)| *ty == Ty::User(*t))
            {
                let path = self.types[*t].def.path.join("::");
                let cast = Expr::Cast(Box::new(base.clone()), path);
                return self.attr(cx, &cast, name);
            }
        }
        let bt = self.effective(&b.ty);
        let bp = self.as_place(cx, &b)?;
        let int = |ts: TokenStream| Ok(Tr::value(ts, Ty::Int));
        match (&bt, name) {
            (Ty::Io, "size") => int(quote!((#bp.size() as i128))),
            (Ty::Io, "pos") => int(quote!((#bp.pos() as i128))),
            (Ty::Io, "eof") => Ok(Tr::value(quote!(#bp.is_eof()), Ty::Bool)),
            (Ty::User(t), _) if !name.starts_with("_io") => {
                let own = b.ts.to_string() == cx.this.to_string();
                if name == "_parent" || name == "_root" {
                    return Err(self.unsupported(cx, format!("{name} of another struct")));
                }
                self.member(cx, *t, bp, b.owner.clone(), own, name)
            }
            (Ty::Str, "length") => int(quote!((#bp.chars().count() as i128))),
            (Ty::Str, "reverse") => Ok(Tr::value(
                quote!(#bp.chars().rev().collect::<String>()),
                Ty::Str,
            )),
            (Ty::Str, "to_i") => int(quote!(str_to_i(&#bp, 10)?)),
            (Ty::Bytes, "length" | "size") => int(quote!((#bp.len() as i128))),
            (Ty::Bytes, "first") => int(quote!((*at(&#bp, 0)? as i128))),
            (Ty::Bytes, "last") => int(quote!((*at(&#bp, #bp.len() as i128 - 1)? as i128))),
            (Ty::Bytes, "min") => int(quote!((kmin(&#bp)? as i128))),
            (Ty::Bytes, "max") => int(quote!((kmax(&#bp)? as i128))),
            (Ty::Array(_, _), "size" | "length") => int(quote!((#bp.len() as i128))),
            (Ty::Array(inner, u), "first" | "last") => {
                let idx = if name == "first" {
                    quote!(0)
                } else {
                    quote!(#bp.len() as i128 - 1)
                };
                Ok(Tr {
                    ts: unwrap_place(quote!((*at(&#bp, #idx)?)), *u),
                    ty: (**inner).clone(),
                    place: true,
                    owner: b.owner.clone(),
                })
            }
            (Ty::Array(inner, _), "min" | "max") => {
                let v = self.val(cx, &b)?;
                let f = ident(if name == "min" { "kmin" } else { "kmax" });
                Ok(Tr::value(quote!(#f(&#v)?), (**inner).clone()))
            }
            (Ty::Int, "to_s") => {
                let v = self.val(cx, &b)?;
                Ok(Tr::value(quote!(int_to_s(#v, 10)), Ty::Str))
            }
            (Ty::Float, "to_i") => {
                let v = self.val(cx, &b)?;
                int(quote!((#v as i128)))
            }
            (Ty::Int, "to_i") => int(self.val(cx, &b)?),
            (Ty::Enum(_), "to_i") => int(quote!(#bp.to_i128())),
            (Ty::Bool, "to_i") => int(quote!((#bp as i128))),
            _ => Err(self.unsupported(cx, format!("`.{name}` on {bt:?}"))),
        }
    }

    fn call(&self, cx: &Cx, base: &Expr, name: &str, args: &[Expr]) -> Result<Tr, SchemaError> {
        let b = self.expr(cx, base)?;
        let bp = self.as_place(cx, &b)?;
        let args = args
            .iter()
            .map(|a| self.expr(cx, a))
            .collect::<Result<Vec<_>, _>>()?;
        match (&b.ty, name, args.as_slice()) {
            (Ty::Bytes, "to_s", [enc]) => {
                let Tr { ts: e, .. } = enc;
                Ok(Tr::value(quote!(decode(&#bp, &#e)?), Ty::Str))
            }
            (Ty::Str, "substring", [from, to]) => {
                let f = self.coerce(cx, from, &Ty::Int)?;
                let t = self.coerce(cx, to, &Ty::Int)?;
                Ok(Tr::value(quote!(substring(&#bp, #f, #t)), Ty::Str))
            }
            (Ty::Str, "to_i", [radix]) => {
                let r = self.coerce(cx, radix, &Ty::Int)?;
                Ok(Tr::value(quote!(str_to_i(&#bp, #r)?), Ty::Int))
            }
            (Ty::Int, "to_s", [radix]) => {
                let v = self.val(cx, &b)?;
                let r = self.coerce(cx, radix, &Ty::Int)?;
                Ok(Tr::value(quote!(int_to_s(#v, (#r) as u32)), Ty::Str))
            }
            _ => Err(self.unsupported(
                cx,
                format!(
                    "method `{name}` with {} arguments on {:?}",
                    args.len(),
                    b.ty
                ),
            )),
        }
    }

    fn cast(&self, cx: &Cx, base: &Expr, tname: &str) -> Result<Tr, SchemaError> {
        let b = self.expr(cx, base)?;
        if let Some(ty) = crate::ksy::prim(tname) {
            return match (ty, &b.ty) {
                (crate::ir::AttrType::Int(..) | crate::ir::AttrType::Bits(..), Ty::Int) => Ok(b),
                (crate::ir::AttrType::Float(..), Ty::Int | Ty::Float) => {
                    Ok(Tr::value(self.coerce(cx, &b, &Ty::Float)?, Ty::Float))
                }
                _ => Err(self.unsupported(cx, format!("cast of {:?} to {tname}", b.ty))),
            };
        }
        if matches!(tname, "str" | "bytes") {
            return Ok(b);
        }
        let target = self
            .resolve_type(cx.tid, tname)
            .ok_or_else(|| self.err(cx.tid, &cx.yaml, format!("unknown type {tname} in cast")))?;
        match &b.ty {
            Ty::User(t) if *t == target => Ok(b),
            Ty::Switch(stid, id) => {
                let (ename, variants) = self.switch_variants(*stid, id)?;
                let (vname, u) = variants
                    .iter()
                    .find(|(_, ty, _)| *ty == Ty::User(target))
                    .map(|(v, _, u)| (v.clone(), *u))
                    .ok_or_else(|| {
                        self.unsupported(
                            cx,
                            format!("cast to {tname}, which no case of the switch reads"),
                        )
                    })?;
                let en = ident(&ename);
                let vn = ident(&vname);
                let p = &b.ts;
                let x = unwrap_place(quote!((*x)), u);
                let msg = format!("not a {tname}");
                Ok(Tr {
                    ts: quote!((match &#p { #en::#vn(x) => &#x, _ => return Err(KError::new("CastError", #msg, 0)) })),
                    ty: Ty::User(target),
                    place: true,
                    owner: b.owner.clone(),
                })
            }
            _ => Err(self.unsupported(cx, format!("cast of {:?} to {tname}", b.ty))),
        }
    }

    /// The type of value instance `name` of type `tid` (translated once and cached).
    pub(crate) fn instance_ty(&self, tid: usize, name: &str) -> Result<Ty, SchemaError> {
        let key = (tid, name.to_string());
        if let Some(t) = self.inst_cache.borrow().get(&key) {
            return Ok(t.clone());
        }
        if self.inst_busy.borrow().contains(&key) {
            return Err(self.err(tid, "", format!("instance {name} depends on itself")));
        }
        self.inst_busy.borrow_mut().push(key.clone());
        let r = self.instance_body(tid, name).map(|(_, t)| t);
        self.inst_busy.borrow_mut().retain(|k| *k != key);
        let t = r?;
        self.inst_cache.borrow_mut().insert(key, t.clone());
        Ok(t)
    }

    /// The body (value expression) and type of value instance `name`.
    pub(crate) fn instance_body(
        &self,
        tid: usize,
        name: &str,
    ) -> Result<(TokenStream, Ty), SchemaError> {
        let def = self.types[tid].def;
        let Some(InstanceKind::Value(e, en, _, _)) =
            def.instances.iter().find(|i| i.id == name).map(|i| &i.kind)
        else {
            return Err(self.err(tid, "", format!("{name} is not a value instance")));
        };
        let cx = self.method_cx(tid, format!("{}/instances/{name}/value", def.yaml_path));
        let t = self.expr(&cx, e)?;
        if let Some(en) = en {
            let eid = self
                .resolve_enum(tid, en)
                .ok_or_else(|| self.err(tid, &cx.yaml, format!("unknown enum {en}")))?;
            let v = self.coerce(&cx, &t, &Ty::Int)?;
            let n = ident(&self.enums[eid].rust);
            return Ok((quote!(#n::from_i128(#v)), Ty::Enum(eid)));
        }
        let ty = self.effective(&t.ty);
        let v = self.coerce(&cx, &t, &ty)?;
        Ok((v, plain(ty)))
    }

    /// Context of a method (value instance) of type `tid`.
    pub(crate) fn method_cx(&self, tid: usize, yaml: String) -> Cx {
        Cx {
            tid,
            this: quote!(this),
            this_ref: quote!(this),
            io: None,
            elem: None,
            index: false,
            root_opt: self.root_opt(tid, quote!(this)),
            parent_opt: quote!(_parent),
            yaml,
        }
    }

    /// `Option<&Root>` inside type `tid`, whose current struct is `this_ref`.
    pub(crate) fn root_opt(&self, tid: usize, this_ref: TokenStream) -> TokenStream {
        if self.is_schema_root(tid) {
            quote!(Some(_root.unwrap_or(#this_ref)))
        } else {
            quote!(_root)
        }
    }
}
