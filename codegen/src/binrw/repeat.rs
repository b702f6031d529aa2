//! `repeat: eos` and `repeat: until` for the binrw backend.
//!
//! binrw's `until_eof` ends a list at the first read that fails at the end of the input (so a
//! truncated last element is dropped instead of reported, and an element that reads nothing
//! repeats forever) and its `until` has no guard either; Kaitai reports a truncated element as
//! an end-of-stream error. So a module with such lists gets two small helpers of its own,
//! `ks_until_eof` and `ks_until`, which stop with an error when an element consumes nothing.
//! The `repeat-until` condition (and a `valid` beyond integers, see `valid.rs`) becomes the closure given to `ks_until`, and the writer checks
//! that the list still ends at its first element that meets it. A condition that reads
//! `_io.eof` is given, after each element, whether the input is at its end (`ks_until_io`, and
//! `ks_indexed_until_io` for a list whose elements take their index); the writer does not know
//! where its output ends, so it takes the end to be after the last element. A condition that
//! reads `_io.pos` is given the position after each element (`ks_until_pos`), which the writer
//! knows as well: it writes the list itself and checks the condition there.

use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};

use crate::expr::{Expr, Source, Type};

use super::schema::{FieldType, TypeDef};
use super::tokens::{self, ident};

/// What one element of a `repeat: until` list is, for its condition.
pub(super) enum Element<'a> {
    /// An integer (`x: &i32`).
    Int,
    /// A float (`x: &f32`).
    Float,
    /// Bytes, at `x` or in its frame (`.value` of a `KsBytes`).
    Bytes(At),
    /// A string (`KsStr`).
    Str,
    /// A user type, at `x` or in its frame (`.value` of a `KsSub`).
    Struct(&'a TypeDef, At),
}

/// Where an element's value is: the element itself, or the `value` of the frame it is read in.
#[derive(Clone, Copy)]
pub(super) enum At {
    Plain,
    Value,
}

impl ToTokens for At {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        if let At::Value = self {
            tokens.extend(quote!(.value));
        }
    }
}

/// The Rust condition `cond` (a `repeat-until` or `valid` condition on `_`) over the element
/// `x` (a reference).
pub(super) fn condition(cond: &Source, element: &Element) -> Result<TokenStream, String> {
    translate(cond, element, &[], &[], false)
}

/// [`condition`] that may also name `.last` of the lists in `earlier` (fields read before this
/// one, by name, with what their elements are: `_ == records1.last`, `pointers[0].ofs`),
/// `_io.eof` and `_io.pos` (the bool `ks_eof`, the `u64` `ks_pos`, see [`Until`]) and the positioned integer instances `instances` (read before the
/// list, see `until_inst.rs`), each dereferenced when `deref`: the reader has their values, the
/// writer references.
fn translate(
    until: &Source,
    element: &Element,
    earlier: &[(&str, Element)],
    instances: &[&str],
    deref: bool,
) -> Result<TokenStream, String> {
    Cx {
        element,
        earlier,
        instances,
        deref: deref.then(|| quote!(*)),
        text: until.text(),
    }
    .boolean(until.tree())
}

/// A `repeat-until` condition over the element `x` of type `element` (see [`translate`]).
pub(super) struct Until {
    cond: TokenStream,
    /// The condition as the writer spells it (it differs when it names an instance).
    write_cond: TokenStream,
    element: TokenStream,
    /// The stream attribute the condition reads after each element, if any.
    io: Option<After>,
    /// The element's value instances the condition reads (`x.has_next()`).
    instances: Vec<TokenStream>,
}

/// What a `repeat-until` condition reads of the stream after each element.
#[derive(Clone, Copy, PartialEq)]
enum After {
    /// `_io.eof` (the bool `ks_eof`), which the reader learns and the writer cannot know: it
    /// takes the stream to end after the last element.
    Eof,
    /// `_io.pos` (the `u64` `ks_pos`), which the writer knows too: it checks the condition as
    /// it writes each element (`ks_until_pos_write`).
    Pos,
}

/// Whether `e` is `_io.<attr>`.
fn is_io_attr(e: &Expr, attr: &str) -> bool {
    matches!(e, Expr::Attr(b, a) if a == attr && matches!(&**b, Expr::Name(n) if n == "_io"))
}

impl Until {
    pub(super) fn new(
        until: &Source,
        kind: &Element,
        earlier: &[(&str, Element)],
        instances: &[&str],
        element: &TokenStream,
    ) -> Result<Until, String> {
        let cond = translate(until, kind, earlier, instances, false)?;
        let write_cond = translate(until, kind, earlier, instances, true)?;
        let reads = |attr| until.tree().any(&|e| is_io_attr(e, attr));
        let io = match (reads("eof"), reads("pos")) {
            (false, false) => None,
            (true, false) => Some(After::Eof),
            (false, true) => Some(After::Pos),
            (true, true) => {
                return Err(format!(
                    "condition `{}`: `_io.eof` and `_io.pos` together are not supported by the binrw backend",
                    until.text()
                ));
            }
        };
        Ok(Until {
            cond,
            write_cond,
            element: element.clone(),
            io,
            instances: instances_read(until, kind),
        })
    }

    /// The reader's `parse_with` value.
    pub(super) fn parse_with(&self) -> TokenStream {
        let closure = self.closure(&self.cond);
        match self.io {
            None => quote!(ks_until(#closure)),
            Some(After::Eof) => quote!(ks_until_io(#closure)),
            Some(After::Pos) => quote!(ks_until_pos(#closure)),
        }
    }

    /// The `parse_with` value of a list whose element `i` takes the arguments `each(i)` (see
    /// `index.rs`).
    pub(super) fn indexed_parse_with(&self, each: &TokenStream) -> Result<TokenStream, String> {
        let closure = self.closure(&self.cond);
        match self.io {
            None => Ok(quote!(ks_indexed_until(#closure, #each))),
            Some(After::Eof) => Ok(quote!(ks_indexed_until_io(#closure, #each))),
            Some(After::Pos) => Err("`_io.pos` in the `repeat-until` of a list whose elements take their index is not supported by the binrw backend".into()),
        }
    }

    /// The condition `cond` as a closure on the element (and, when it reads `_io.eof`, on
    /// whether the stream is at its end after it).
    fn closure(&self, cond: &TokenStream) -> TokenStream {
        let element = &self.element;
        // A condition on the stream alone does not name the element.
        let x = match tokens::mentions(cond, "x") {
            true => quote!(x),
            false => quote!(_),
        };
        match self.io {
            None => quote!(|#x: &#element| #cond),
            Some(After::Eof) => quote!(|#x: &#element, ks_eof: bool| #cond),
            Some(After::Pos) => quote!(|#x: &#element, ks_pos: u64| #cond),
        }
    }

    /// The check, by reader and writer, that the element's value instances the condition
    /// reads are defined for every element of the list field `list`; `None` when it reads none.
    pub(super) fn defined(&self, list: &str) -> Option<TokenStream> {
        if self.instances.is_empty() {
            return None;
        }
        let (list, calls) = (ident(list), &self.instances);
        Some(quote!(#list.iter().all(|x| #(#calls.is_some())&&*)))
    }

    /// The writer's check that the list field `list` still ends at its first element that
    /// meets the condition, made before it is written; `None` when it is made while it is
    /// written (see [`Until::write_with`]).
    pub(super) fn write_check(&self, list: &str) -> Option<TokenStream> {
        let (list, cond) = (ident(list), &self.write_cond);
        match self.io {
            None => {
                Some(quote!(#list.iter().position(|x| #cond).map(|i| i + 1) == Some(#list.len())))
            }
            Some(After::Eof) => {
                let closure = self.closure(cond);
                Some(quote!(ks_ends_at_first_io(#list, #closure)))
            }
            Some(After::Pos) => None,
        }
    }

    /// The writer's `write_with` value for a condition on `_io.pos`: it writes each element and
    /// checks the condition at the position after it (`path` names the field in the error).
    pub(super) fn write_with(&self, path: &str) -> Option<TokenStream> {
        (self.io == Some(After::Pos)).then(|| {
            let closure = self.closure(&self.write_cond);
            quote!(ks_until_pos_write(#path, #closure))
        })
    }
}

struct Cx<'a> {
    element: &'a Element<'a>,
    earlier: &'a [(&'a str, Element<'a>)],
    instances: &'a [&'a str],
    /// `*` when the instances are references (the writer's fields).
    deref: Option<TokenStream>,
    text: &'a str,
}

/// A translated operand: its Rust tokens and what it is.
enum Operand {
    /// An integer literal, typed by what it is compared with.
    Lit(i128),
    Int(TokenStream),
    /// A byte of a byte array by index: `None` past its end; or a field of the last element
    /// of an earlier list.
    OptInt(TokenStream),
    /// The bytes of the last element of an earlier list: `None` when it is empty.
    OptBytes(TokenStream),
    /// A string value instance of the element: `None` when undefined.
    OptStr(TokenStream),
    /// A boolean value instance of the element: `None` when it is undefined.
    OptBool(TokenStream),
    Float(TokenStream),
    Bytes(TokenStream),
    Str(TokenStream),
}

impl Cx<'_> {
    fn refuse(&self, what: &str) -> String {
        format!(
            "condition `{}`: {what} is not supported by the binrw backend",
            self.text
        )
    }

    fn boolean(&self, e: &Expr) -> Result<TokenStream, String> {
        match e {
            Expr::Binary(op @ ("and" | "or"), l, r) => {
                let (l, r) = (self.boolean(l)?, self.boolean(r)?);
                Ok(match *op {
                    "and" => quote!((#l) && (#r)),
                    _ => quote!((#l) || (#r)),
                })
            }
            Expr::Unary("not", inner) => {
                let inner = self.boolean(inner)?;
                Ok(quote!(!(#inner)))
            }
            e if is_io_attr(e, "eof") => Ok(quote!(ks_eof)),
            Expr::Binary(op @ ("==" | "!=" | "<" | ">" | "<=" | ">="), l, r) => {
                let equality = matches!(*op, "==" | "!=");
                let op = tokens::operator(op);
                let int = |n: i128| Literal::i128_suffixed(n);
                // An integer literal compared with a float is that float (`1f64`).
                let float = |n: i128| Literal::f64_suffixed(n as f64);
                match (self.operand(l)?, self.operand(r)?) {
                    (Operand::Int(a), Operand::Int(b)) | (Operand::Float(a), Operand::Float(b)) => {
                        Ok(quote!(#a #op #b))
                    }
                    (Operand::Int(a), Operand::Lit(n)) => {
                        let n = int(n);
                        Ok(quote!(#a #op #n))
                    }
                    (Operand::OptInt(a), Operand::Lit(n)) if equality => {
                        let n = int(n);
                        Ok(quote!(#a #op Some(#n)))
                    }
                    // A byte past the end is not in any range (as it equals no value).
                    (Operand::OptInt(a), Operand::Lit(n)) => {
                        let n = int(n);
                        Ok(quote!(#a.is_some_and(|v| v #op #n)))
                    }
                    (Operand::OptStr(a), Operand::Str(b)) if equality => {
                        Ok(quote!(#a #op Some(#b)))
                    }
                    (Operand::Int(a), Operand::OptInt(b))
                    | (Operand::Bytes(a), Operand::OptBytes(b))
                        if equality =>
                    {
                        Ok(quote!(Some(#a) #op #b))
                    }
                    (Operand::Lit(n), Operand::Int(b)) => {
                        let n = int(n);
                        Ok(quote!(#n #op #b))
                    }
                    (Operand::Lit(a), Operand::Lit(b)) => {
                        let (a, b) = (int(a), int(b));
                        Ok(quote!(#a #op #b))
                    }
                    (Operand::Float(a), Operand::Lit(n)) => {
                        let n = float(n);
                        Ok(quote!(#a #op #n))
                    }
                    (Operand::Lit(n), Operand::Float(b)) => {
                        let n = float(n);
                        Ok(quote!(#n #op #b))
                    }
                    // Slices and `&str`s compare byte by byte, as Kaitai's bytes and strings do.
                    (Operand::Bytes(a), Operand::Bytes(b)) | (Operand::Str(a), Operand::Str(b)) => {
                        Ok(quote!(#a #op #b))
                    }
                    _ => Err(self.refuse(&format!("comparing {l:?} with {r:?}"))),
                }
            }
            Expr::Bool(b) => Ok(b.into_token_stream()),
            Expr::Attr(..) => match self.operand(e)? {
                Operand::OptBool(v) => Ok(quote!(#v.unwrap_or(false))),
                _ => Err(self.refuse(&format!("{e:?} as a condition"))),
            },
            other => Err(self.refuse(&format!("{other:?}"))),
        }
    }

    fn operand(&self, e: &Expr) -> Result<Operand, String> {
        match e {
            Expr::Int(n) => Ok(Operand::Lit(*n)),
            Expr::Float(f) if f.is_finite() => Ok(Operand::Float(tokens::float(*f))),
            Expr::Unary("-", inner) => match inner.as_ref() {
                Expr::Int(n) => Ok(Operand::Lit(-*n)),
                Expr::Float(f) if f.is_finite() => {
                    let f = tokens::float(*f);
                    Ok(Operand::Float(quote!(-#f)))
                }
                _ => Err(self.refuse("`-` of other than a literal")),
            },
            Expr::Str(s) => Ok(Operand::Str(s.into_token_stream())),
            Expr::Array(_) => {
                let bytes = e
                    .byte_array()
                    .ok_or_else(|| self.refuse("an array of other than bytes"))?;
                let bytes = bytes.into_iter().map(Literal::u8_suffixed);
                Ok(Operand::Bytes(quote!((&[#(#bytes),*][..]))))
            }
            e if is_io_attr(e, "pos") => Ok(Operand::Int(quote!(i128::from(ks_pos)))),
            Expr::Name(n) if self.instances.contains(&n.as_str()) => {
                let (deref, n) = (&self.deref, ident(n));
                Ok(Operand::Int(quote!(i128::from(#deref #n))))
            }
            Expr::Name(n) if n == "_" => match self.element {
                Element::Int => Ok(Operand::Int(quote!(i128::from(*x)))),
                Element::Float => Ok(Operand::Float(quote!(f64::from(*x)))),
                Element::Bytes(at) => Ok(Operand::Bytes(quote!((&x #at [..])))),
                Element::Str => Ok(Operand::Str(quote!(x.value.as_str()))),
                Element::Struct(..) => Err(self.refuse("`_` of a user type as a value")),
            },
            Expr::Index(base, index) => {
                let refuse = || self.refuse("an index other than a literal into bytes");
                let Expr::Int(i) = index.as_ref() else {
                    return Err(refuse());
                };
                let i = usize::try_from(*i).map_err(|_| refuse())?;
                // `_`'s bytes as they are (`x`, `x.value`), not re-sliced as a comparison
                // takes them.
                let bytes = match (base.as_ref(), self.element) {
                    (Expr::Name(n), Element::Bytes(at)) if n == "_" => quote!(x #at),
                    _ => match self.operand(base)? {
                        Operand::Bytes(b) => b,
                        _ => return Err(refuse()),
                    },
                };
                let get = match i {
                    0 => quote!(.first()),
                    i => {
                        let i = Literal::usize_unsuffixed(i);
                        quote!(.get(#i))
                    }
                };
                Ok(Operand::OptInt(quote!(#bytes #get.map(|b| i128::from(*b)))))
            }
            Expr::Attr(base, name)
                if matches!(name.as_str(), "length" | "size")
                    && !matches!(
                        (base.as_ref(), self.element),
                        (Expr::Name(_), Element::Struct(..))
                    ) =>
            {
                match self.operand(base)? {
                    Operand::Bytes(b) => Ok(Operand::Int(quote!(
                        i128::try_from(#b.len()).unwrap_or(i128::MAX)
                    ))),
                    Operand::Str(t) => Ok(Operand::Int(quote!(
                        i128::try_from(#t.chars().count()).unwrap_or(i128::MAX)
                    ))),
                    _ => Err(self.refuse(&format!("`.{name}` of other than bytes or a string"))),
                }
            }
            Expr::Attr(base, last) if last == "last" => {
                let (list, Element::Bytes(at)) = self.earlier_list(base)? else {
                    return Err(self.refuse("`.last` of other than a list of bytes"));
                };
                let list = ident(list);
                Ok(Operand::OptBytes(quote!(#list.last().map(|l| &l #at [..]))))
            }
            Expr::Attr(inner, name) if picks_element(inner) => {
                let (list, def, at, get) = self.earlier_element(inner)?;
                match self.struct_field(def, at, name, "l")? {
                    Operand::Int(v) => Ok(Operand::OptInt(quote!(#list #get.map(|l| #v)))),
                    Operand::Bytes(v) => Ok(Operand::OptBytes(quote!(#list #get.map(|l| #v)))),
                    _ => Err(self.refuse(&format!("`.{name}` of an element of `{list}`"))),
                }
            }
            Expr::Attr(base, name) if matches!(base.as_ref(), Expr::Name(n) if n == "_") => {
                let Element::Struct(def, at) = self.element else {
                    return Err(self.refuse(&format!("`_.{name}` of other than a user type")));
                };
                self.struct_field(def, *at, name, "x")
            }
            other => Err(self.refuse(&format!("{other:?}"))),
        }
    }

    /// The earlier list of a user type that `e` (`list.last` or `list[i]`) takes an element
    /// of: the list, its element type and where its value is, and the access to the element
    /// (an `Option`: `.last()` or `.get(i)`).
    fn earlier_element(
        &self,
        e: &Expr,
    ) -> Result<(proc_macro2::Ident, &TypeDef, At, TokenStream), String> {
        let (base, get) = match e {
            Expr::Attr(base, _) => (base, quote!(.last())),
            Expr::Index(base, i) => {
                let i = match **i {
                    Expr::Int(i) => {
                        usize::try_from(i).map_err(|_| self.refuse("a negative index"))?
                    }
                    _ => return Err(self.refuse("an index other than a literal")),
                };
                let get = match i {
                    0 => quote!(.first()),
                    i => quote!(.get(#i)),
                };
                (base, get)
            }
            _ => return Err(self.refuse(&format!("{e:?}"))),
        };
        let (list, Element::Struct(def, at)) = self.earlier_list(base)? else {
            return Err(self.refuse("an element of other than a list of a user type"));
        };
        Ok((ident(list), def, *at, get))
    }

    /// The earlier list `base` names, with its elements' kind.
    fn earlier_list(&self, base: &Expr) -> Result<(&str, &Element<'_>), String> {
        let Expr::Name(list) = base else {
            return Err(self.refuse(&format!("`.last` of {base:?}")));
        };
        self.earlier
            .iter()
            .find(|(n, _)| n == list)
            .map(|(n, e)| (*n, e))
            .ok_or_else(|| self.refuse(&format!("`{list}.last` (not a list read before)")))
    }

    /// Plain field `name` of element `element` (its value `at`) of user type `def`.
    fn struct_field(
        &self,
        def: &TypeDef,
        at: At,
        name: &str,
        element: &str,
    ) -> Result<Operand, String> {
        let Some(field) = def.seq.iter().find(|f| f.id == name) else {
            return self.instance(def, at, name, element);
        };
        let plain = field.cond.is_none()
            && field.repeat_expr.is_none()
            && field.repeat_until.is_none()
            && !field.repeat_eos
            && field.count_of.is_none();
        let framed = field.terminator.is_some() || field.pad_right.is_some();
        let (element, name) = (ident(element), ident(name));
        match &field.ty {
            // An enum value is its integer (the caller gives enum values in the condition as
            // theirs, see `Module::until_closure`).
            FieldType::Named { kind, .. } if plain && kind.rust_int().is_some() => {
                Ok(Operand::Int(quote!(i128::from(#element #at.#name))))
            }
            FieldType::None
                if plain && field.enum_name.is_none() && field.contents_bytes.is_none() =>
            {
                let value = if framed { At::Value } else { At::Plain };
                Ok(Operand::Bytes(quote!((&#element #at.#name #value [..]))))
            }
            _ => Err(self.refuse(&format!("`_.{name}` (not a plain integer field)"))),
        }
    }

    /// Value instance `name` of element `element` (its value `at`) of user type `def`: an
    /// integer, boolean or string (its method's value, `None` when undefined). An undefined
    /// value meets no comparison but `!=` and is not true; [`Until::defined`] makes the reader
    /// and the writer refuse it.
    fn instance(
        &self,
        def: &TypeDef,
        at: At,
        name: &str,
        element: &str,
    ) -> Result<Operand, String> {
        let inst = def.instances.iter().find(|i| i.id == name).ok_or_else(|| {
            self.refuse(&format!("`_.{name}` (not a seq field or value instance)"))
        })?;
        let (element, method) = (ident(element), ident(name));
        let value = quote!(#element #at.#method());
        match inst.value.ty() {
            _ if inst.enum_name.is_some() => Err(self.refuse(&format!("`_.{name}`, an enum"))),
            Some(Type::Int(_) | Type::Literal) => Ok(Operand::OptInt(value)),
            Some(Type::Bool) => Ok(Operand::OptBool(value)),
            Some(Type::Str) => Ok(Operand::OptStr(quote!(#value.as_deref()))),
            _ => Err(self.refuse(&format!("`_.{name}` (not an integer, boolean or string)"))),
        }
    }
}

/// The value instances of the element that `cond` reads as `_.name`, which must be defined
/// for every element: Kaitai fails where one is undefined, and the condition cannot.
/// They are called on the element `x`.
fn instances_read(cond: &Source, element: &Element) -> Vec<TokenStream> {
    fn walk(e: &Expr, def: &TypeDef, out: &mut Vec<String>) {
        if let Expr::Attr(base, name) = e
            && matches!(base.as_ref(), Expr::Name(n) if n == "_")
            && def.seq.iter().all(|f| f.id != *name)
            && def.instances.iter().any(|i| i.id == *name)
            && !out.contains(name)
        {
            out.push(name.clone());
        }
        for child in e.children() {
            walk(child, def, out);
        }
    }
    let Element::Struct(def, at) = element else {
        return Vec::new();
    };
    let mut names = Vec::new();
    walk(cond.tree(), def, &mut names);
    names
        .iter()
        .map(|n| {
            let n = ident(n);
            quote!(x #at.#n())
        })
        .collect()
}

/// Whether `e` takes one element of a list: `list.last` or `list[i]`.
fn picks_element(e: &Expr) -> bool {
    match e {
        Expr::Attr(_, last) => last == "last",
        Expr::Index(_, i) => matches!(**i, Expr::Int(_)),
        _ => false,
    }
}

/// What a module with `repeat: eos` / `until` lists imports: the runtime module and the items
/// it may name.
pub const RUNTIME: (&str, &[&str]) = (
    "repeat",
    &[
        "ks_until_eof",
        "ks_count",
        "ks_until",
        "ks_until_io",
        "ks_until_pos",
        "ks_until_pos_write",
        "ks_ends_at_first_io",
        "ks_each_write",
        "ks_indexed_count",
        "ks_indexed_eof",
        "ks_indexed_until",
        "ks_indexed_until_io",
    ],
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::binrw::tokens::source;

    #[test]
    fn conditions() {
        let condition = |text: &str, element: &Element| {
            condition(&Source::parse(text).unwrap(), element).map(|c| source(&c))
        };
        assert_eq!(
            condition("_ == -1", &Element::Int).unwrap(),
            "i128::from(*x) == -1i128"
        );
        assert_eq!(
            condition("_ == [0xaa, 0x55]", &Element::Bytes(At::Value)).unwrap(),
            "(&x.value[..]) == (&[170u8, 85u8][..])"
        );
        assert!(condition("_.count == 0", &Element::Int).is_err());
        assert_eq!(
            condition("_[0] == 0xaa", &Element::Bytes(At::Value)).unwrap(),
            "x.value.first().map(|b| i128::from(*b)) == Some(170i128)"
        );
        // Past the end a byte is in no range: the comparison is false.
        assert_eq!(
            condition("_[2] < 0x41", &Element::Bytes(At::Value)).unwrap(),
            "x.value.get(2).map(|b| i128::from(*b)).is_some_and(|v| v < 65i128)"
        );
        assert_eq!(
            condition("_.length == 0", &Element::Bytes(At::Value)).unwrap(),
            "i128::try_from((&x.value[..]).len()).unwrap_or(i128::MAX) == 0i128"
        );
        assert!(condition("_ == 1.5", &Element::Int).is_err());
    }

    #[test]
    fn the_last_element_of_an_earlier_list() {
        let condition_with = |text: &str, element: &Element, earlier: &[(&str, Element)]| {
            let until = Source::parse(text).unwrap();
            translate(&until, element, earlier, &[], false).map(|c| source(&c))
        };
        let condition = |text: &str, element: &Element| condition_with(text, element, &[]);
        let earlier = [("records1", Element::Bytes(At::Value))];
        assert_eq!(
            condition_with("_ == records1.last", &Element::Bytes(At::Value), &earlier).unwrap(),
            "Some((&x.value[..])) == records1.last().map(|l| &l.value[..])"
        );
        let err = condition_with("_ == records2.last", &Element::Bytes(At::Value), &earlier);
        assert!(err.unwrap_err().contains("records2.last"));
        assert!(condition("_ == records1.last", &Element::Bytes(At::Value)).is_err());
        let ints = [("counts", Element::Int)];
        assert!(condition_with("_ == counts.last", &Element::Int, &ints).is_err());
    }
}
