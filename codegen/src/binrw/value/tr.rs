//! The translator of a value instance's expression: its state, the types and enums it can
//! name, and the dispatch by expression kind (literals here, the rest in the sibling modules).

use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};

use super::{Imports, Ty};
use crate::binrw::expr::Side;
use crate::binrw::schema::{File, Instance, KsEnum, TypeDef, snake_to_camel};
use crate::binrw::tokens::{self, ident};
use crate::expr::{Expr, Type, TypeRef};

pub(super) struct Tr<'a> {
    pub(super) def: &'a TypeDef,
    pub(super) file: &'a File,
    pub(super) imports: Option<Imports<'a>>,
    /// Where the value is computed for a seq field rather than in a method (`None`).
    pub(super) seq: Option<SeqAt<'a>>,
}

/// A value instance computed just before the seq field that names it (see `seq_value.rs`):
/// the fields it reads are the locals binrw binds for the fields read before, values in the
/// reader and references in the writer, where an enum field is the integer it is written as.
#[derive(Clone)]
pub(super) struct SeqAt<'a> {
    pub(super) side: Side,
    /// The ids of the seq fields read before.
    pub(super) before: Vec<&'a str>,
    /// How many instances deep the translation is (each named instance is written out).
    pub(super) depth: u32,
}

/// The deepest chain of instances written out into one seq field's value.
const SEQ_DEPTH: u32 = 8;

impl<'a> Tr<'a> {
    /// The file `id`: this one, or (through `imports`) another.
    pub(super) fn declaring(&self, id: &str) -> Option<&'a File> {
        if id == self.file.id {
            return Some(self.file);
        }
        self.imports?.schemas.files.get(id)
    }

    /// The user type `name` as this file sees it (its own, or through `imports` one of a file
    /// it imports): the declaring file's id and the type.
    pub(super) fn user_type(&self, name: &str) -> Option<(String, &'a TypeDef)> {
        if let Some(t) = self.file.types.iter().find(|t| t.id == name) {
            return Some((self.file.id.clone(), t));
        }
        let (decl, t) = self.imports?.schemas.resolve(&self.file.id, name)?;
        Some((decl.to_string(), t))
    }

    pub(super) fn expect(&mut self, e: &Expr, ty: &Ty) -> Result<TokenStream, String> {
        let got = self.expr(e)?;
        self.coerce(e, got, ty)
    }

    /// `got`, the translation of `e`, as a value of type `ty`: an integer widened to a float, a
    /// switch of one case type as that type (see [`Tr::coerce_switch`]).
    pub(super) fn coerce(
        &self,
        e: &Expr,
        (t, s): (Ty, TokenStream),
        ty: &Ty,
    ) -> Result<TokenStream, String> {
        let (t, s) = match ty {
            Ty::User(..) => self.coerce_switch(t, s),
            _ => (t, s),
        };
        match (&t, ty) {
            _ if t == *ty => Ok(s),
            (Ty::Int, Ty::Float) => Ok(quote!(((#s) as f64))),
            _ => Err(format!(
                "`{e:?}` is {t:?} where {ty:?} is needed (binrw backend value instance)"
            )),
        }
    }

    /// The type of the value instance `inst` of this type: its `enum:`, else the one the typing
    /// pass recorded for its value (see [`Tr::recorded`]).
    pub(super) fn instance_ty(&self, inst: &Instance) -> Result<Ty, String> {
        if let Some(e) = &inst.enum_name {
            return Ok(Ty::Enum(self.enum_rust(e)?));
        }
        inst.value
            .ty()
            .and_then(|t| self.recorded(t))
            .ok_or_else(|| {
                format!(
                    "value instance `{}` has no type the binrw backend can spell",
                    inst.id
                )
            })
    }

    /// The Rust value of the recorded type `ty`: every integer an `i128`, a value that may be
    /// absent the value itself (a method reads it with `?`); `None` for a stream. An enum of
    /// another file is recorded for the module to import.
    pub(super) fn recorded(&self, ty: &Type) -> Option<Ty> {
        Some(match ty {
            Type::Int(_) | Type::Literal => Ty::Int,
            Type::Float => Ty::Float,
            Type::Bool => Ty::Bool,
            Type::Str => Ty::Str,
            Type::Bytes => Ty::Bytes,
            Type::Enum(decl, rust) => {
                if let Some(imports) = self.imports.filter(|_| *decl != self.file.id) {
                    imports
                        .enums
                        .borrow_mut()
                        .push((decl.clone(), rust.clone()));
                }
                Ty::Enum(rust.clone())
            }
            Type::List(t) => Ty::List(Box::new(self.recorded(t)?)),
            Type::Opt(t) => self.recorded(t)?,
            Type::User(decl, id) => {
                let t = self.declaring(decl)?.types.iter().find(|t| t.id == *id)?;
                Ty::User(decl.clone(), id.clone(), t.rust_name.clone())
            }
            Type::Io => return None,
        })
    }

    /// The Kaitai enum `name` as this file sees it: its own (see `find_enum`), or through
    /// `imports` one of a file it imports (`other::animal`), which is then recorded there.
    pub(super) fn find_enum(&self, name: &str) -> Option<&'a KsEnum> {
        if let Some(e) = crate::binrw::schema::find_enum(&self.file.enums, name) {
            return Some(e);
        }
        let imports = self.imports?;
        let (decl, e) = imports.schemas.resolve_enum(&self.file.id, name)?;
        imports
            .enums
            .borrow_mut()
            .push((decl.to_string(), e.rust_name.clone()));
        Some(e)
    }

    /// The Rust name of the Kaitai enum `name` (see [`Tr::find_enum`]).
    pub(super) fn enum_rust(&self, name: &str) -> Result<String, String> {
        self.find_enum(name)
            .map(|e| e.rust_name.clone())
            .ok_or_else(|| format!("unknown enum `{name}` (binrw backend value instance)"))
    }

    pub(super) fn expr(&mut self, e: &Expr) -> Result<(Ty, TokenStream), String> {
        let unsupported = || format!("expression {e:?} is not supported by the binrw backend");
        if let Some(size) = self.nav_sizeof(e) {
            let size = Literal::i128_suffixed(i128::from(size?));
            return Ok((Ty::Int, size.into_token_stream()));
        }
        if let Some(read) = self.nav(e) {
            return match read? {
                crate::binrw::nav_value::Read::Local(local) => self.expr(&local),
                crate::binrw::nav_value::Read::Recorded(..) if self.seq.is_some() => Err(format!(
                    "{e:?}, read through `_parent` / `_root`, in a value a seq field uses is not supported by the binrw backend"
                )),
                crate::binrw::nav_value::Read::Recorded(ty, spelled) => Ok((ty, spelled)),
            };
        }
        if let Some(bytes) = e.byte_array().filter(|b| !b.is_empty()) {
            let bytes = bytes.into_iter().map(Literal::u8_suffixed);
            return Ok((Ty::Bytes, quote!(vec![#(#bytes),*])));
        }
        Ok(match e {
            Expr::Int(n) => (Ty::Int, Literal::i128_suffixed(*n).into_token_stream()),
            // Spelled as Rust's `Debug` spells it (`1.0`, `1e300`), which `Literal` does not.
            Expr::Float(f) if f.is_finite() => (Ty::Float, tokens::float(*f)),
            Expr::Bool(b) => (Ty::Bool, quote!(#b)),
            Expr::Str(text) => (Ty::Str, quote!(String::from(#text))),
            Expr::Array(items) if !items.is_empty() => {
                let (t, first) = self.expr(&items[0])?;
                let mut all = vec![first];
                for item in &items[1..] {
                    all.push(self.expect(item, &t)?);
                }
                (Ty::List(Box::new(t)), quote!(vec![#(#all),*]))
            }
            Expr::Cast(inner, ty) if *ty != TypeRef::Bytes => self.cast(inner, ty)?,
            Expr::Cast(inner, TypeRef::Bytes) => {
                let Expr::Array(items) = inner.as_ref() else {
                    return Err(unsupported());
                };
                let mut all = Vec::new();
                for item in items {
                    let v = self.expect(item, &Ty::Int)?;
                    all.push(quote!(u8::try_from(#v).ok()?));
                }
                (Ty::Bytes, quote!(vec![#(#all),*]))
            }
            Expr::Path(p) if p.len() >= 2 => {
                let (value, en) = p.split_last().unwrap_or((&p[0], &[]));
                let en = en.join("::");
                let rust = self.enum_rust(&en)?;
                let e = self.find_enum(&en);
                let variant = snake_to_camel(value);
                if !e.is_some_and(|e| e.values.iter().any(|(_, n)| *n == variant)) {
                    return Err(format!("enum `{en}` has no `{value}` (binrw backend)"));
                }
                let (en, variant) = (ident(&rust), ident(&variant));
                (Ty::Enum(rust), quote!(#en::#variant))
            }
            Expr::SizeOf(ty, bytes) => {
                let size = crate::binrw::type_size::type_size(self.file, ty, !bytes)?;
                (
                    Ty::Int,
                    Literal::i128_suffixed(i128::from(size)).into_token_stream(),
                )
            }
            Expr::Name(n) if n == "_sizeof" => {
                let size = self.sizeof_path(&[]).ok_or_else(|| {
                    "`_sizeof` of other than a fixed-size type is not supported by the binrw backend"
                        .to_string()
                })?;
                (
                    Ty::Int,
                    Literal::i128_suffixed(i128::from(size)).into_token_stream(),
                )
            }
            Expr::Attr(base, attr) if attr == "_sizeof" => {
                let mut names = Vec::new();
                let mut at = base.as_ref();
                while let Expr::Attr(b, n) = at {
                    names.push(n.as_str());
                    at = b;
                }
                let Expr::Name(first) = at else {
                    return Err(unsupported());
                };
                names.push(first.as_str());
                names.reverse();
                let size = self.sizeof_path(&names).ok_or_else(|| {
                    format!("`_sizeof` of {base:?}, not of a fixed size, is not supported by the binrw backend")
                })?;
                (
                    Ty::Int,
                    Literal::i128_suffixed(i128::from(size)).into_token_stream(),
                )
            }
            Expr::Attr(base, attr) => self.attr(base, attr)?,
            Expr::Call(base, method, args) => self.call(base, method, args)?,
            Expr::Index(base, i) => {
                let (t, v) = self.expr(base)?;
                let i = self.expect(i, &Ty::Int)?;
                let at = quote!(usize::try_from(#i).ok()?);
                match t {
                    Ty::List(el) => (*el, quote!((#v).get(#at)?.clone())),
                    Ty::Bytes => (Ty::Int, quote!(i128::from(*(#v).get(#at)?))),
                    _ => return Err(unsupported()),
                }
            }
            Expr::Name(n) => self.name(n)?,
            Expr::Unary("-", inner) => match self.expr(inner)? {
                (Ty::Float, v) => (Ty::Float, quote!((-(#v)))),
                (Ty::Int, v) => (Ty::Int, quote!((#v).checked_neg()?)),
                _ => return Err(unsupported()),
            },
            // Kaitai's `~` of an integer is its two's complement, which `i128` keeps.
            Expr::Unary("~", inner) => {
                let v = self.expect(inner, &Ty::Int)?;
                (Ty::Int, quote!((!(#v))))
            }
            Expr::Unary("not", inner) => {
                let v = self.expect(inner, &Ty::Bool)?;
                (Ty::Bool, quote!(!(#v)))
            }
            Expr::Ternary(c, a, b) => {
                let c = self.expect(c, &Ty::Bool)?;
                let (ta, sa) = self.expr(a)?;
                let (tb, sb) = self.expr(b)?;
                // Two switches (two enums) of one case type meet as that type.
                let ((ta, sa), (tb, sb)) = match (&ta, &tb) {
                    (Ty::Switch(..), Ty::Switch(..)) if ta != tb => {
                        (self.coerce_switch(ta, sa), self.coerce_switch(tb, sb))
                    }
                    _ => ((ta, sa), (tb, sb)),
                };
                let ty = if ta == Ty::Float || tb == Ty::Float {
                    Ty::Float
                } else {
                    ta.clone()
                };
                let a = if ta == ty { sa } else { self.expect(a, &ty)? };
                let b = if tb == ty { sb } else { self.expect(b, &ty)? };
                (ty, quote!(if #c { #a } else { #b }))
            }
            Expr::Binary(op, a, b) => self.binary(op, a, b)?,
            _ => return Err(unsupported()),
        })
    }

    /// How a `_parent` / `_root` path reads (see `nav_value.rs`), `None` for other than one.
    fn nav(&self, e: &Expr) -> Option<Result<crate::binrw::nav_value::Read, String>> {
        let up = crate::binrw::nav_value::Up {
            schemas: self.imports?.schemas,
            file: &self.file.id,
        };
        up.read(self.def, e)
    }

    /// `_sizeof` of a `_parent` / `_root` path, a constant (see `Up::sizeof`).
    fn nav_sizeof(&self, e: &Expr) -> Option<Result<u64, String>> {
        let up = crate::binrw::nav_value::Up {
            schemas: self.imports?.schemas,
            file: &self.file.id,
        };
        up.sizeof(self.def, e)
    }
}

impl Tr<'_> {
    /// The place of the seq field `id` of this type: `self.id` in a method, the local binrw
    /// binds where the value is computed for a seq field (a reference in the writer).
    pub(super) fn place(&self, id: &proc_macro2::Ident) -> TokenStream {
        match &self.seq {
            None => quote!(self.#id),
            Some(SeqAt {
                side: Side::Read, ..
            }) => quote!(#id),
            Some(SeqAt {
                side: Side::Write, ..
            }) => quote!((*#id)),
        }
    }

    /// The value of the instance `inst` of this type where another names it: its method, or
    /// written out where the value is computed for a seq field.
    pub(super) fn named_instance(&self, inst: &Instance) -> Result<(Ty, TokenStream), String> {
        let Some(at) = &self.seq else {
            let id = ident(&inst.id);
            return Ok((self.instance_ty(inst)?, quote!(self.#id()?)));
        };
        if at.depth >= SEQ_DEPTH {
            return Err(format!(
                "instance `{}` is more than {SEQ_DEPTH} instances deep",
                inst.id
            ));
        }
        let mut inner = Tr {
            seq: Some(SeqAt {
                depth: at.depth + 1,
                ..at.clone()
            }),
            ..*self
        };
        let (ty, body) = inner.instance(inst)?;
        Ok((ty, quote!((#body))))
    }
}
