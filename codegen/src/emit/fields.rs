//! Storage types of fields and the read / write code of each, generated side by side so the
//! two stay mirror images.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::Gen;
use super::expr::{Cx, Tr, Ty, Unwrap, unwrap_place};
use super::names::{camel, field_ident, ident};
use crate::ir::{Attr, AttrType, Endian, InstanceKind, Param, Process, Repeat, Valid};
use crate::ksy::SchemaError;

/// A switch enum variant: name, expression type, unwrap.
pub(crate) type Variant = (String, Ty, Unwrap);

/// Read or write.
#[derive(Clone, Copy, PartialEq)]
enum Dir {
    Read,
    Write,
}

impl Gen<'_> {
    pub(crate) fn param_ty(&self, tid: usize, p: &Param) -> Result<Ty, String> {
        if let Some(en) = &p.enum_ref {
            return self
                .resolve_enum(tid, en)
                .map(Ty::Enum)
                .ok_or(format!("unknown enum {en}"));
        }
        let t = p.ty.as_str();
        Ok(match t {
            "str" => Ty::Str,
            "bytes" => Ty::Bytes,
            "bool" => Ty::Bool,
            _ => match crate::ksy::prim(t) {
                Some(AttrType::Int(..)) => Ty::Int,
                Some(AttrType::Float(..)) => Ty::Float,
                Some(AttrType::Bits(1, _)) => Ty::Bool,
                Some(AttrType::Bits(..)) => Ty::Int,
                _ => {
                    let (base, arr) = t.strip_suffix("[]").map_or((t, false), |b| (b, true));
                    let inner = match crate::ksy::prim(base) {
                        Some(AttrType::Int(..)) => Ty::Int,
                        _ => Ty::User(
                            self.resolve_type(tid, base)
                                .ok_or(format!("parameter type {t} is not supported"))?,
                        ),
                    };
                    if !arr {
                        return Ok(inner);
                    }
                    Ty::Array(Box::new(inner), Unwrap::Plain)
                }
            },
        })
    }

    pub(crate) fn param_rust_ty(&self, tid: usize, p: &Param) -> Result<TokenStream, SchemaError> {
        let ty = self
            .param_ty(tid, p)
            .map_err(|m| self.err(tid, &self.types[tid].def.yaml_path, m))?;
        let cx = self.method_cx(tid, self.types[tid].def.yaml_path.clone());
        self.value_rust(&cx, &ty)
    }

    fn endian_of(
        &self,
        tid: usize,
        a: &Attr,
        explicit: Option<bool>,
    ) -> Result<TokenStream, SchemaError> {
        if let Some(le) = explicit {
            return Ok(if le { quote!(true) } else { quote!(false) });
        }
        match self.endian(tid) {
            Some(Endian::Le) => Ok(quote!(true)),
            Some(Endian::Be) => Ok(quote!(false)),
            Some(Endian::Switch(..)) => Ok(quote!(_is_le)),
            None => Err(self.err(
                tid,
                &a.yaml_path,
                "a multi-byte number needs an endianness (meta/endian or le/be)",
            )),
        }
    }

    /// Storage type, expression type and unwrap of one element of attribute `a`.
    pub(crate) fn elem_store(
        &self,
        tid: usize,
        a: &Attr,
    ) -> Result<(TokenStream, Ty, Unwrap), SchemaError> {
        self.elem_store_of(tid, a, &a.ty)
    }

    fn elem_store_of(
        &self,
        tid: usize,
        a: &Attr,
        ty: &AttrType,
    ) -> Result<(TokenStream, Ty, Unwrap), SchemaError> {
        if let Some(en) = &a.enum_ref
            && matches!(ty, AttrType::Int(..) | AttrType::Bits(..))
        {
            let eid = self
                .resolve_enum(tid, en)
                .ok_or_else(|| self.err(tid, &a.yaml_path, format!("unknown enum {en}")))?;
            let n = ident(&self.enums[eid].rust);
            return Ok((quote!(#n), Ty::Enum(eid), Unwrap::Plain));
        }
        let sized = a.size.is_some() || a.size_eos || a.terminator.is_some();
        Ok(match ty {
            AttrType::Int(n, s, _) => {
                let t = ident(&format!(
                    "{}{}",
                    if *s { "i" } else { "u" },
                    u32::from(*n) * 8
                ));
                (quote!(#t), Ty::Int, Unwrap::Plain)
            }
            AttrType::Float(n, _) => {
                let t = ident(&format!("f{}", u32::from(*n) * 8));
                (quote!(#t), Ty::Float, Unwrap::Plain)
            }
            AttrType::Bits(1, _) => (quote!(bool), Ty::Bool, Unwrap::Plain),
            AttrType::Bits(..) => (quote!(u64), Ty::Int, Unwrap::Plain),
            AttrType::Str => (quote!(KStr), Ty::Str, Unwrap::Value),
            AttrType::Contents(_) => (quote!(Vec<u8>), Ty::Bytes, Unwrap::Plain),
            AttrType::Bytes => {
                if a.terminator.is_some()
                    || a.pad_right.is_some()
                    || matches!(a.process, Some(Process::Zlib))
                {
                    (quote!(KBytes), Ty::Bytes, Unwrap::Value)
                } else {
                    (quote!(Vec<u8>), Ty::Bytes, Unwrap::Plain)
                }
            }
            AttrType::User(name, _) => {
                let t = self
                    .resolve_type(tid, name)
                    .ok_or_else(|| self.err(tid, &a.yaml_path, format!("unknown type {name}")))?;
                let n = ident(&self.types[t].rust);
                if sized {
                    (quote!(KSub<Box<#n>>), Ty::User(t), Unwrap::SubBox)
                } else {
                    (quote!(Box<#n>), Ty::User(t), Unwrap::Boxed)
                }
            }
            AttrType::Switch(..) => {
                let (en, _) = self.switch_variants(tid, &a.id)?;
                let n = ident(&en);
                (quote!(#n), Ty::Switch(tid, a.id.clone()), Unwrap::Plain)
            }
        })
    }

    fn find_attr(&self, tid: usize, id: &str) -> Option<&Attr> {
        let def = self.types[tid].def;
        def.seq.iter().find(|a| a.id == id).or_else(|| {
            def.instances.iter().find_map(|i| match &i.kind {
                InstanceKind::Parse(_, _, a) if i.id == id => Some(&**a),
                _ => None,
            })
        })
    }

    /// The enum of a switch field and its variants: name, expression type, unwrap.
    pub(crate) fn switch_variants(
        &self,
        tid: usize,
        id: &str,
    ) -> Result<(String, Vec<Variant>), SchemaError> {
        let a = self
            .find_attr(tid, id)
            .ok_or_else(|| self.err(tid, "", format!("no field {id}")))?;
        let AttrType::Switch(_, cases) = &a.ty else {
            return Err(self.err(tid, &a.yaml_path, "not a switch"));
        };
        let ename = format!("{}{}", self.types[tid].rust, camel(id));
        let mut out: Vec<(String, Ty, Unwrap)> = Vec::new();
        for (_, c) in cases {
            let v = variant_name(c);
            if out.iter().any(|(n, _, _)| *n == v) {
                continue;
            }
            let (_, ty, u) = self.elem_store_of(tid, a, c)?;
            out.push((v, ty, u));
        }
        Ok((ename, out))
    }

    /// When every case of a switch is an integer: `Ty::Int` and match arms giving the `i128`.
    pub(crate) fn switch_int_arms(
        &self,
        tid: usize,
        id: &str,
    ) -> Result<Option<(Ty, TokenStream)>, SchemaError> {
        let (ename, vars) = self.switch_variants(tid, id)?;
        let en = ident(&ename);
        let a = self
            .find_attr(tid, id)
            .ok_or_else(|| self.err(tid, "", format!("no field {id}")))?;
        let has_default = switch_has_default(a);
        if vars.iter().all(|(_, t, _)| *t == Ty::Int) && has_default {
            let arms = vars.iter().map(|(v, _, _)| {
                let vn = ident(v);
                quote!(#en::#vn(x) => (*x as i128),)
            });
            return Ok(Some((Ty::Int, quote!(#(#arms)* _ => 0i128,))));
        }
        if vars.iter().all(|(_, t, _)| *t == Ty::Int) {
            let arms = vars.iter().map(|(v, _, _)| {
                let vn = ident(v);
                quote!(#en::#vn(x) => (*x as i128),)
            });
            return Ok(Some((
                Ty::Int,
                quote!(#(#arms)* _ => return Err(KError::null(#id)),),
            )));
        }
        Ok(None)
    }

    /// The struct field type of attribute `a` (with `Vec` for repeat and `Option` for `if`).
    pub(crate) fn field_rust_ty(&self, tid: usize, a: &Attr) -> Result<TokenStream, SchemaError> {
        let t = self.field_rust_ty_bare(tid, a)?;
        Ok(if a.cond.is_some() {
            quote!(Option<#t>)
        } else {
            t
        })
    }

    /// The field type without the `Option` of `if`.
    pub(crate) fn field_rust_ty_bare(
        &self,
        tid: usize,
        a: &Attr,
    ) -> Result<TokenStream, SchemaError> {
        if let AttrType::Switch(..) = &a.ty {
            self.switch_enum_item(tid, a)?;
        }
        let (elem, _, _) = self.elem_store(tid, a)?;
        let t = match a.repeat {
            Repeat::No => elem,
            _ => quote!(Vec<#elem>),
        };
        Ok(t)
    }

    fn switch_enum_item(&self, tid: usize, a: &Attr) -> Result<(), SchemaError> {
        let AttrType::Switch(_, cases) = &a.ty else {
            return Ok(());
        };
        let (ename, vars) = self.switch_variants(tid, &a.id)?;
        let en = ident(&ename);
        let mut variants = Vec::new();
        let mut seen = Vec::new();
        for (_, c) in cases {
            let v = variant_name(c);
            if seen.contains(&v) {
                continue;
            }
            seen.push(v.clone());
            let (store, _, _) = self.elem_store_of(tid, a, c)?;
            let vn = ident(&v);
            let d = format!("Case type `{}`.", type_label(c));
            let d = super::names::doc_lines(&d);
            variants.push(quote!(#(#[doc = #d])* #vn(#store),));
        }
        let _ = vars;
        let fallback = if switch_has_default(a) {
            quote!()
        } else if a.size.is_some() || a.size_eos {
            quote!(
                /// No case matched: the raw bytes.
                Raw(Vec<u8>),
            )
        } else {
            quote!()
        };
        let doc = format!("The types field `{}` can hold (`switch-on`).", a.id);
        let doc = super::names::doc_lines(&doc);
        self.extra.borrow_mut().push(quote! {
            #(#[doc = #doc])*
            #[derive(Debug, Clone, Default, PartialEq)]
            #[cfg_attr(feature = "serde", derive(serde::Serialize))]
            pub enum #en {
                /// No case matched and nothing was read.
                #[default]
                Absent,
                #(#variants)*
                #fallback
            }
        });
        Ok(())
    }

    fn read_cx(&self, tid: usize, yaml: &str) -> Cx {
        Cx {
            tid,
            this: quote!(this),
            this_ref: quote!(&this),
            io: Some(quote!(_io)),
            elem: None,
            index: false,
            root_opt: self.root_opt(tid, quote!(&this)),
            parent_opt: quote!(_parent),
            yaml: yaml.to_string(),
        }
    }

    fn write_cx(&self, tid: usize, yaml: &str) -> Cx {
        Cx {
            this_ref: quote!(this),
            root_opt: self.root_opt(tid, quote!(this)),
            ..self.read_cx(tid, yaml)
        }
    }

    fn int_val(&self, cx: &Cx, e: &crate::expr::Expr) -> Result<TokenStream, SchemaError> {
        let t = self.expr(cx, e)?;
        self.coerce(cx, &t, &Ty::Int)
    }

    /// Arguments for calling type `callee` from the current struct.
    fn call_args(&self, cx: &Cx, callee: usize) -> (TokenStream, TokenStream) {
        let this_ref = &cx.this_ref;
        let parent = if self.types[callee].parent_ty == Some(cx.tid) {
            quote!(Some(#this_ref))
        } else {
            quote!(None)
        };
        let root = if self.types[callee].schema == self.types[cx.tid].schema
            && !self.is_schema_root(callee)
        {
            cx.root_opt.clone()
        } else {
            quote!(None)
        };
        (parent, root)
    }

    /// The bytes of a field before `process` and decoding: slice expression.
    fn raw_read(&self, cx: &Cx, a: &Attr) -> Result<TokenStream, SchemaError> {
        if let Some(s) = &a.size {
            let n = self.int_val(cx, s)?;
            Ok(quote!(_io.read_bytes(#n)?))
        } else if a.size_eos {
            Ok(quote!(_io.read_bytes_full()))
        } else if a.terminator.is_some() {
            let (c, e) = (a.consume, a.eos_error);
            let t = term_bytes(a);
            Ok(quote!(_io.read_bytes_term(#t, #c, #e)?))
        } else {
            Err(self.err(
                cx.tid,
                &a.yaml_path,
                "bytes need size, size-eos or terminator",
            ))
        }
    }

    fn process_fn(
        &self,
        cx: &Cx,
        a: &Attr,
        input: TokenStream,
        dir: Dir,
    ) -> Result<TokenStream, SchemaError> {
        Ok(match &a.process {
            None => quote!(#input.to_vec()),
            Some(Process::Xor(k)) => {
                let t = self.expr(cx, k)?;
                let v = self.val(cx, &t)?;
                match t.ty {
                    Ty::Int => quote!(process_xor_one(&#input, #v)),
                    Ty::Bytes => quote!(process_xor_many(&#input, &#v)),
                    _ => {
                        return Err(self.err(
                            cx.tid,
                            &a.yaml_path,
                            "xor key must be an integer or bytes",
                        ));
                    }
                }
            }
            Some(Process::Rotate(n, right)) => {
                let v = self.int_val(cx, n)?;
                let left = (*right) == (dir == Dir::Write);
                if left {
                    quote!(process_rotate_left(&#input, #v))
                } else {
                    quote!(process_rotate_left(&#input, 8 - (#v)))
                }
            }
            Some(Process::Zlib) => quote!(process_zlib(&#input)?),
        })
    }

    fn pad_term(a: &Attr) -> (TokenStream, TokenStream, bool, bool) {
        let pad = match a.pad_right {
            Some(p) => quote!(Some(#p)),
            None => quote!(None),
        };
        let term = match a.terminator {
            Some(_) => {
                let t = term_bytes(a);
                quote!(Some(#t))
            }
            None => quote!(None),
        };
        (pad, term, a.include, a.consume)
    }

    fn encoding(&self, cx: &Cx, a: &Attr) -> Result<String, SchemaError> {
        a.encoding
            .clone()
            .ok_or_else(|| self.err(cx.tid, &a.yaml_path, "str needs an encoding"))
    }

    /// Reads one element of type `ty`; an expression of the element storage type.
    fn read_elem(&self, cx: &Cx, a: &Attr, ty: &AttrType) -> Result<TokenStream, SchemaError> {
        let enum_wrap = |read: TokenStream| -> Result<TokenStream, SchemaError> {
            if let Some(en) = &a.enum_ref {
                let eid = self
                    .resolve_enum(cx.tid, en)
                    .ok_or_else(|| self.err(cx.tid, &a.yaml_path, format!("unknown enum {en}")))?;
                let n = ident(&self.enums[eid].rust);
                return Ok(quote!(#n::from_i128(#read as i128)));
            }
            Ok(read)
        };
        Ok(match ty {
            AttrType::Int(1, s, _) => enum_wrap(if *s {
                quote!(_io.read_s1()?)
            } else {
                quote!(_io.read_u1()?)
            })?,
            AttrType::Int(n, s, le) => {
                let le = self.endian_of(cx.tid, a, *le)?;
                let base = format!("read_{}{}", if *s { "s" } else { "u" }, n);
                let (l, b) = (ident(&format!("{base}le")), ident(&format!("{base}be")));
                enum_wrap(quote!((if #le { _io.#l()? } else { _io.#b()? })))?
            }
            AttrType::Float(n, le) => {
                let le = self.endian_of(cx.tid, a, *le)?;
                let (l, b) = (
                    ident(&format!("read_f{n}le")),
                    ident(&format!("read_f{n}be")),
                );
                quote!((if #le { _io.#l()? } else { _io.#b()? }))
            }
            AttrType::Bits(n, le) => {
                let le = le.unwrap_or_else(|| self.bit_le(cx.tid));
                let f = ident(if le {
                    "read_bits_int_le"
                } else {
                    "read_bits_int_be"
                });
                let n = u32::from(*n);
                let r = quote!(_io.#f(#n)?);
                if a.enum_ref.is_some() {
                    enum_wrap(r)?
                } else if n == 1 {
                    quote!((#r != 0))
                } else {
                    r
                }
            }
            AttrType::Contents(c) => {
                let n = c.len() as i128;
                let lit = Literal::byte_string(c);
                quote!({
                    let b = _io.read_bytes(#n)?;
                    if b != #lit {
                        return Err(KError::new("ValidationNotEqualError", format!("contents {:?} expected, found {:?}", #lit, b), _io.pos() - b.len()));
                    }
                    b.to_vec()
                })
            }
            AttrType::Bytes => {
                let raw = self.raw_read(cx, a)?;
                let (pad, term, inc, _) = Self::pad_term(a);
                if matches!(a.process, Some(Process::Zlib)) {
                    quote!({ let raw = #raw; KBytes { value: process_zlib(raw)?, raw: raw.to_vec() } })
                } else if a.terminator.is_some() || a.pad_right.is_some() {
                    let p = self.process_fn(cx, a, quote!(body), Dir::Read)?;
                    quote!({ let raw = #raw; let body = strip(raw, #pad, #term, #inc); KBytes { value: #p, raw: raw.to_vec() } })
                } else {
                    let p = self.process_fn(cx, a, quote!(raw), Dir::Read)?;
                    quote!({ let raw = #raw; #p })
                }
            }
            AttrType::Str => {
                let raw = self.raw_read(cx, a)?;
                let (pad, term, inc, _) = Self::pad_term(a);
                let enc = self.encoding(cx, a)?;
                quote!({
                    let raw = #raw;
                    KStr { value: decode(strip(raw, #pad, #term, #inc), #enc)?, raw: raw.to_vec() }
                })
            }
            AttrType::User(name, args) => {
                let callee = self.resolve_type(cx.tid, name).ok_or_else(|| {
                    self.err(cx.tid, &a.yaml_path, format!("unknown type {name}"))
                })?;
                let params = &self.types[callee].def.params;
                if params.len() != args.len() {
                    return Err(self.err(
                        cx.tid,
                        &a.yaml_path,
                        format!("type {name} takes {} arguments", params.len()),
                    ));
                }
                let mut argv = Vec::new();
                for (p, e) in params.iter().zip(args) {
                    let pty = self
                        .param_ty(callee, p)
                        .map_err(|m| self.err(cx.tid, &a.yaml_path, m))?;
                    let t = self.expr(cx, e)?;
                    argv.push(self.coerce(cx, &t, &pty)?);
                }
                let (parent, root) = self.call_args(cx, callee);
                let n = ident(&self.types[callee].rust);
                if a.size.is_some() || a.size_eos || a.terminator.is_some() {
                    let raw = self.raw_read(cx, a)?;
                    let p = self.process_fn(cx, a, quote!(body), Dir::Read)?;
                    let (pad, term, inc, _) = Self::pad_term(a);
                    let keep = if a.terminator.is_some() || a.pad_right.is_some() {
                        quote!(raw.to_vec())
                    } else if matches!(a.process, Some(Process::Zlib)) {
                        quote!(body.to_vec())
                    } else {
                        quote!(Vec::new())
                    };
                    let idx: Vec<_> = index_lits(argv.len()).collect();
                    quote!({
                        let args = (#(#argv,)*);
                        let raw = #raw;
                        let body = strip(raw, #pad, #term, #inc);
                        let dec = #p;
                        let mut sub = _io.substream(&dec);
                        let value = {
                            let _io = &mut sub;
                            Box::new(#n::read(_io, #parent, #root, #(args.#idx),*)?)
                        };
                        KSub { value, tail: sub.read_bytes_full().to_vec(), raw: #keep }
                    })
                } else {
                    quote!(Box::new(#n::read(_io, #parent, #root, #(#argv),*)?))
                }
            }
            AttrType::Switch(on, cases) => self.read_switch(cx, a, on, cases)?,
        })
    }

    fn read_switch(
        &self,
        cx: &Cx,
        a: &Attr,
        on: &crate::expr::Expr,
        cases: &[(crate::expr::Expr, AttrType)],
    ) -> Result<TokenStream, SchemaError> {
        let (ename, _) = self.switch_variants(cx.tid, &a.id)?;
        let en = ident(&ename);
        let on_t = self.expr(cx, on)?;
        let on_v = self.val(cx, &on_t)?;
        let on_ty = on_t.ty.clone();
        let mut arms = Vec::new();
        let mut default = None;
        for (k, c) in cases {
            let vn = ident(&variant_name(c));
            let read = self.read_elem(cx, a, c)?;
            if *k == crate::expr::Expr::Name("_".into()) {
                default = Some(quote!(#en::#vn(#read)));
                continue;
            }
            let kt = self.expr(cx, k)?;
            let kv = self.coerce(cx, &kt, &on_ty)?;
            arms.push(quote!(if on == #kv { #en::#vn(#read) } else));
        }
        let fallback = match default {
            Some(d) => d,
            None if a.size.is_some() || a.size_eos => {
                let raw = self.raw_read(cx, a)?;
                quote!(#en::Raw(#raw.to_vec()))
            }
            None => quote!(#en::Absent),
        };
        Ok(quote!({
            let on = #on_v;
            #(#arms)* { #fallback }
        }))
    }

    /// Writes one element; `v` is a reference to its storage.
    fn write_elem(
        &self,
        cx: &Cx,
        a: &Attr,
        ty: &AttrType,
        v: TokenStream,
    ) -> Result<TokenStream, SchemaError> {
        let num = |t: TokenStream| -> TokenStream {
            if a.enum_ref.is_some() {
                quote!((#v.to_i128() as #t))
            } else {
                quote!((*#v))
            }
        };
        Ok(match ty {
            AttrType::Int(1, s, _) => {
                let (f, t) = if *s {
                    (ident("write_s1"), quote!(i8))
                } else {
                    (ident("write_u1"), quote!(u8))
                };
                let x = num(t);
                quote!(_io.#f(#x)?;)
            }
            AttrType::Int(n, s, le) => {
                let le = self.endian_of(cx.tid, a, *le)?;
                let base = format!("write_{}{}", if *s { "s" } else { "u" }, n);
                let (l, b) = (ident(&format!("{base}le")), ident(&format!("{base}be")));
                let t = ident(&format!(
                    "{}{}",
                    if *s { "i" } else { "u" },
                    u32::from(*n) * 8
                ));
                let x = num(quote!(#t));
                quote!(if #le { _io.#l(#x)?; } else { _io.#b(#x)?; })
            }
            AttrType::Float(n, le) => {
                let le = self.endian_of(cx.tid, a, *le)?;
                let (l, b) = (
                    ident(&format!("write_f{n}le")),
                    ident(&format!("write_f{n}be")),
                );
                quote!(if #le { _io.#l(*#v)?; } else { _io.#b(*#v)?; })
            }
            AttrType::Bits(n, le) => {
                let le = le.unwrap_or_else(|| self.bit_le(cx.tid));
                let f = ident(if le {
                    "write_bits_int_le"
                } else {
                    "write_bits_int_be"
                });
                let n32 = u32::from(*n);
                let x = if a.enum_ref.is_some() {
                    quote!((#v.to_i128() as u64))
                } else if *n == 1 {
                    quote!(u64::from(*#v))
                } else {
                    quote!((*#v))
                };
                quote!(_io.#f(#n32, #x)?;)
            }
            AttrType::Contents(_) => quote!(_io.write_bytes(#v)?;),
            AttrType::Bytes => {
                let (pad, term, inc, cons) = Self::pad_term(a);
                let size = self.write_size(cx, a)?;
                if matches!(a.process, Some(Process::Zlib)) {
                    quote!(_io.write_bytes(&unprocess_zlib(&#v.value, &#v.raw)?)?;)
                } else if a.terminator.is_some() || a.pad_right.is_some() {
                    let p = self.process_fn(cx, a, quote!(#v.value), Dir::Write)?;
                    quote!({
                        let body = #p;
                        _io.write_bytes(&unstrip(&body, &#v.raw, #pad, #term, #inc, #cons, #size)?)?;
                    })
                } else {
                    let p = self.process_fn(cx, a, quote!(#v), Dir::Write)?;
                    let check = self.size_check(cx, a, quote!(#v.len()))?;
                    quote!({ #check _io.write_bytes(&#p)?; })
                }
            }
            AttrType::Str => {
                let (pad, term, inc, cons) = Self::pad_term(a);
                let enc = self.encoding(cx, a)?;
                let size = self.write_size(cx, a)?;
                quote!({
                    let encoded = encode(&#v.value, #enc)?;
                    _io.write_bytes(&unstrip(&encoded, &#v.raw, #pad, #term, #inc, #cons, #size)?)?;
                })
            }
            AttrType::User(name, _) => {
                let callee = self.resolve_type(cx.tid, name).ok_or_else(|| {
                    self.err(cx.tid, &a.yaml_path, format!("unknown type {name}"))
                })?;
                let (parent, root) = self.call_args(cx, callee);
                if a.size.is_some() || a.size_eos || a.terminator.is_some() {
                    let p = if matches!(a.process, Some(Process::Zlib)) {
                        quote!(unprocess_zlib(&plain, &#v.raw)?)
                    } else {
                        self.process_fn(cx, a, quote!(plain), Dir::Write)?
                    };
                    let (pad, term, inc, cons) = Self::pad_term(a);
                    let size = self.write_size(cx, a)?;
                    let padded = if a.terminator.is_some() || a.pad_right.is_some() {
                        quote!(let out = unstrip(&out, &#v.raw, #pad, #term, #inc, #cons, #size)?;)
                    } else {
                        quote!()
                    };
                    let check = self.size_check(cx, a, quote!(out.len()))?;
                    quote!({
                        let mut sub = KWriter::new();
                        #v.value.write(&mut sub, #parent, #root)?;
                        sub.write_bytes(&#v.tail)?;
                        let plain = sub.into_inner();
                        let out = #p;
                        #padded
                        #check
                        _io.write_bytes(&out)?;
                    })
                } else {
                    quote!(#v.write(_io, #parent, #root)?;)
                }
            }
            AttrType::Switch(_, cases) => {
                let (ename, _) = self.switch_variants(cx.tid, &a.id)?;
                let en = ident(&ename);
                let mut arms = Vec::new();
                let mut seen = Vec::new();
                for (_, c) in cases {
                    let vname = variant_name(c);
                    if seen.contains(&vname) {
                        continue;
                    }
                    seen.push(vname.clone());
                    let vn = ident(&vname);
                    let w = self.write_elem(cx, a, c, quote!(x))?;
                    arms.push(quote!(#en::#vn(x) => { #w }));
                }
                let raw = if !switch_has_default(a) && (a.size.is_some() || a.size_eos) {
                    quote!(#en::Raw(x) => { _io.write_bytes(x)?; })
                } else {
                    quote!()
                };
                quote!(match #v { #(#arms)* #raw #en::Absent => {} })
            }
        })
    }

    /// `Some(size)` for `unstrip` when the size expression can be evaluated while writing.
    fn write_size(&self, cx: &Cx, a: &Attr) -> Result<TokenStream, SchemaError> {
        match &a.size {
            Some(s) if !mentions_io(s) => {
                let n = self.int_val(cx, s)?;
                Ok(quote!(Some(fit::<usize>(#n, "size")?)))
            }
            _ => Ok(quote!(None)),
        }
    }

    fn size_check(&self, cx: &Cx, a: &Attr, len: TokenStream) -> Result<TokenStream, SchemaError> {
        match &a.size {
            Some(s) if !mentions_io(s) => {
                let n = self.int_val(cx, s)?;
                Ok(quote!(
                    if #len as i128 != #n {
                        return Err(KError::new("SizeError", format!("{} bytes where the size says {}", #len, #n), _io.pos()));
                    }
                ))
            }
            _ => Ok(quote!()),
        }
    }

    fn valid_check(
        &self,
        cx: &Cx,
        a: &Attr,
        place: TokenStream,
    ) -> Result<TokenStream, SchemaError> {
        let Some(valid) = &a.valid else {
            return Ok(quote!());
        };
        let (_, ety, u) = self.elem_store(cx.tid, a)?;
        let pl = unwrap_place(place.clone(), u);
        let vt = Tr {
            ts: pl.clone(),
            ty: ety.clone(),
            place: true,
            owner: None,
        };
        let v = self.val(cx, &vt)?;
        let ecx = Cx {
            elem: Some((pl, ety.clone())),
            ..cx.clone()
        };
        let fail = |kind: &str, cond: TokenStream| {
            let msg = format!("{kind} on {}", a.id);
            quote!(if #cond { return Err(KError::new(#kind, #msg, _io.pos())); })
        };
        let cmp = |e: &crate::expr::Expr| -> Result<TokenStream, SchemaError> {
            let t = self.expr(&ecx, e)?;
            self.coerce(&ecx, &t, &ety)
        };
        Ok(match valid {
            Valid::Eq(e) => {
                let x = cmp(e)?;
                fail("ValidationNotEqualError", quote!(#v != #x))
            }
            Valid::Range(min, max) => {
                let mut out = quote!();
                if let Some(m) = min {
                    let x = cmp(m)?;
                    out.extend(fail("ValidationLessThanError", quote!(#v < #x)));
                }
                if let Some(m) = max {
                    let x = cmp(m)?;
                    out.extend(fail("ValidationGreaterThanError", quote!(#v > #x)));
                }
                out
            }
            Valid::AnyOf(list) => {
                let xs = list.iter().map(&cmp).collect::<Result<Vec<_>, _>>()?;
                fail("ValidationNotAnyOfError", quote!(#(#v != #xs)&&*))
            }
            Valid::Expr(e) => {
                let t = self.expr(&ecx, e)?;
                let x = self.coerce(&ecx, &t, &Ty::Bool)?;
                fail("ValidationExprError", quote!(!(#x)))
            }
            Valid::InEnum => fail("ValidationNotInEnumError", quote!(!#v.is_known())),
        })
    }

    /// Read statements for attribute `a` into `this.<target>`.
    fn read_attr(
        &self,
        cx: &Cx,
        a: &Attr,
        target: &proc_macro2::Ident,
        wrap_some: bool,
    ) -> Result<TokenStream, SchemaError> {
        let mut ecx = cx.clone();
        ecx.yaml = a.yaml_path.clone();
        if !matches!(a.repeat, Repeat::No) {
            ecx.index = true;
        }
        let elem = self.read_elem(&ecx, a, &a.ty)?;
        let check = self.valid_check(&ecx, a, quote!(e))?;
        let elem = if a.valid.is_some() {
            quote!({ let e = #elem; #check e })
        } else {
            elem
        };
        let body = match &a.repeat {
            Repeat::No => elem,
            Repeat::Eos => quote!({
                let mut v = Vec::new();
                let mut _index = 0usize;
                while !_io.is_eof() {
                    let before = _io.bit_pos();
                    v.push(#elem);
                    _index += 1;
                    if _io.bit_pos() == before {
                        return Err(KError::new("RepeatError", "an element read no bytes", _io.pos()));
                    }
                }
                v
            }),
            Repeat::Expr(n) => {
                let n = self.int_val(&ecx, n)?;
                quote!({
                    let n = #n;
                    if n < 0 || n > (_io.size() as i128) * 8 + 4096 {
                        return Err(KError::new("RepeatError", format!("repeat count {n} exceeds what the stream can hold"), _io.pos()));
                    }
                    let mut v = Vec::new();
                    for _index in 0..n as usize {
                        v.push(#elem);
                    }
                    v
                })
            }
            Repeat::Until(cond) => {
                let (_, ety, u) = self.elem_store(cx.tid, a)?;
                let ucx = Cx {
                    elem: Some((unwrap_place(quote!((*_it)), u), ety)),
                    ..ecx.clone()
                };
                let c = self.expr(&ucx, cond)?;
                let c = self.coerce(&ucx, &c, &Ty::Bool)?;
                quote!({
                    let mut v = Vec::new();
                    let mut _index = 0usize;
                    loop {
                        let before = _io.bit_pos();
                        let item = #elem;
                        let done = { let _it = &item; #c };
                        v.push(item);
                        _index += 1;
                        if done { break; }
                        if _io.bit_pos() == before {
                            return Err(KError::new("RepeatError", "an element read no bytes", _io.pos()));
                        }
                    }
                    v
                })
            }
        };
        let body = match &a.cond {
            Some(c) if wrap_some => {
                let c = self.expr(&ecx, c)?;
                let c = self.coerce(&ecx, &c, &Ty::Bool)?;
                return Ok(self.assign(a, target, quote!(if #c { Some(#body) } else { None })));
            }
            Some(c) => {
                let c = self.expr(&ecx, c)?;
                let c = self.coerce(&ecx, &c, &Ty::Bool)?;
                quote!(if #c { Some(#body) } else { None })
            }
            None => body,
        };
        let body = if wrap_some { quote!(Some(#body)) } else { body };
        Ok(self.assign(a, target, body))
    }

    fn assign(&self, a: &Attr, target: &proc_macro2::Ident, body: TokenStream) -> TokenStream {
        let name = &a.id;
        quote! {
            let v = (|| -> KResult<_> { Ok(#body) })().map_err(|e| e.at(#name))?;
            this.#target = v;
        }
    }

    fn write_attr(
        &self,
        cx: &Cx,
        a: &Attr,
        place: TokenStream,
        optional: bool,
    ) -> Result<TokenStream, SchemaError> {
        let mut ecx = cx.clone();
        ecx.yaml = a.yaml_path.clone();
        if !matches!(a.repeat, Repeat::No) {
            ecx.index = true;
        }
        let w = self.write_elem(&ecx, a, &a.ty, quote!(e))?;
        let body = match a.repeat {
            Repeat::No => quote!({ let e = x; #w }),
            _ => quote!(for (_index, e) in x.iter().enumerate() { #w }),
        };
        let body = if optional {
            quote!(if let Some(x) = &#place { #body })
        } else {
            quote!({ let x = &#place; #body })
        };
        let name = &a.id;
        Ok(quote! {
            (|| -> KResult<()> { #body Ok(()) })().map_err(|e| e.at(#name))?;
        })
    }

    fn endian_setup(&self, tid: usize, cx: &Cx, dir: Dir) -> Result<TokenStream, SchemaError> {
        let own = self.types[tid].def.endian.as_ref();
        match (self.endian(tid), dir) {
            (Some(Endian::Switch(..)), Dir::Write) => Ok(quote!(let _is_le = this._is_le;)),
            (Some(Endian::Switch(on, cases)), Dir::Read) if own.is_some() => {
                let t = self.expr(cx, on)?;
                let v = self.val(cx, &t)?;
                let mut arms = Vec::new();
                let mut default = quote!(return Err(KError::new("UndecidedEndiannessError", "no endianness case matched", _io.pos())););
                for (k, le) in cases {
                    if *k == crate::expr::Expr::Name("_".into()) {
                        default = quote!(#le);
                        continue;
                    }
                    let kt = self.expr(cx, k)?;
                    let kv = self.coerce(cx, &kt, &t.ty)?;
                    arms.push(quote!(if on == #kv { #le } else));
                }
                Ok(quote!(
                    let _is_le = { let on = #v; #(#arms)* { #default } };
                    this._is_le = _is_le;
                ))
            }
            (Some(Endian::Switch(..)), Dir::Read) => Ok(quote!(
                let _is_le = _parent.map(|p| p._is_le).ok_or_else(|| KError::new("UndecidedEndiannessError", "inherited endianness without a parent", _io.pos()))?;
                this._is_le = _is_le;
            )),
            _ => Ok(quote!()),
        }
    }

    pub(crate) fn read_fn(&self, tid: usize) -> Result<TokenStream, SchemaError> {
        let def = self.types[tid].def;
        let cx = self.read_cx(tid, &def.yaml_path);
        let parent = self.parent_rust(tid);
        let root = self.root_rust(tid);
        let mut params = Vec::new();
        let mut sets = Vec::new();
        for p in &def.params {
            let id = field_ident(&p.id);
            let ty = self.param_rust_ty(tid, p)?;
            params.push(quote!(#id: #ty));
            sets.push(quote!(this.#id = #id;));
        }
        let endian = self.endian_setup(tid, &cx, Dir::Read)?;
        let mut body = Vec::new();
        for a in &def.seq {
            let mut done = Vec::new();
            for n in attr_names(a) {
                body.push(self.prefetch(&cx, &n, &mut done)?);
            }
            body.push(self.read_attr(&cx, a, &field_ident(&a.id), false)?);
        }
        for inst in &def.instances {
            let mut done = Vec::new();
            body.push(self.prefetch(&cx, &inst.id, &mut done)?);
        }
        let (pad_start, pad_end) = self.pad_code(tid, Dir::Read);
        Ok(quote! {
            /// Reads a value from `_io`; `_parent` and `_root` are the enclosing values (`None` at the top).
            pub fn read(_io: &mut KStream, _parent: Option<&#parent>, _root: Option<&#root>, #(#params),*) -> KResult<Self> {
                _io.enter()?;
                let mut this = Self::default();
                #pad_start
                #(#sets)*
                #endian
                #(#body)*
                #pad_end
                _io.leave();
                Ok(this)
            }
        })
    }

    /// Reads parsed instance `name` (and the parsed instances it needs) if not read yet, so
    /// a field may use an instance as Kaitai's lazy instances allow. Value instances are
    /// followed to the parsed instances they use.
    fn prefetch(
        &self,
        cx: &Cx,
        name: &str,
        done: &mut Vec<String>,
    ) -> Result<TokenStream, SchemaError> {
        if done.iter().any(|d| d == name) {
            return Ok(quote!());
        }
        done.push(name.to_string());
        let def = self.types[cx.tid].def;
        let Some(inst) = def.instances.iter().find(|i| i.id == name) else {
            return Ok(quote!());
        };
        let mut deps = Vec::new();
        match &inst.kind {
            InstanceKind::Value(e, _, c, _) => {
                e.names(&mut deps);
                if let Some(c) = c {
                    c.names(&mut deps);
                }
            }
            InstanceKind::Parse(pos, _, a) => {
                if let Some(p) = pos {
                    p.names(&mut deps);
                }
                deps.extend(attr_names(a));
            }
        }
        let mut out = Vec::new();
        for d in deps {
            out.push(self.prefetch(cx, &d, done)?);
        }
        if let InstanceKind::Parse(pos, io, a) = &inst.kind {
            if io.is_some() {
                return Err(self.err(cx.tid, &a.yaml_path, "`io` on an instance is not supported"));
            }
            let id = field_ident(&inst.id);
            let read = self.read_attr(cx, a, &id, true)?;
            let cond = match &a.cond {
                Some(c) => {
                    let t = self.expr(cx, c)?;
                    self.coerce(cx, &t, &Ty::Bool)?
                }
                None => quote!(true),
            };
            out.push(match pos {
                Some(p) => {
                    let p = self.int_val(cx, p)?;
                    quote!(if this.#id.is_none() && #cond {
                        let saved = _io.pos();
                        _io.seek(#p)?;
                        #read
                        _io.seek(saved as i128)?;
                    })
                }
                None => quote!(if this.#id.is_none() { #read }),
            });
        }
        Ok(quote!(#(#out)*))
    }

    /// Keeping the unread bits of partly read bytes: the log mark and capture around a read,
    /// the matching frame around a write. The outermost struct also settles the last byte.
    fn pad_code(&self, tid: usize, dir: Dir) -> (TokenStream, TokenStream) {
        if !self.uses_bits() {
            return (quote!(), quote!());
        }
        let settle = if self.is_schema_root(tid) {
            quote!(if _root.is_none() {
                _io.align_to_byte();
            })
        } else {
            quote!()
        };
        match dir {
            Dir::Read => (
                quote!(let _pad_mark = _io.pad_mark();),
                quote!(#settle this._bit_pads = _io.take_pads(_pad_mark);),
            ),
            Dir::Write => (
                quote!(_io.push_pads(&this._bit_pads);),
                quote!(#settle _io.pop_pads();),
            ),
        }
    }

    /// Writes parsed instance `name` (and those it needs) if not written yet: at the point
    /// where reading first needed it, so a `pos` relative to `_io.pos` lands where it was read.
    fn prewrite(
        &self,
        cx: &Cx,
        name: &str,
        done: &mut Vec<String>,
    ) -> Result<TokenStream, SchemaError> {
        if done.iter().any(|d| d == name) {
            return Ok(quote!());
        }
        done.push(name.to_string());
        let def = self.types[cx.tid].def;
        let Some(inst) = def.instances.iter().find(|i| i.id == name) else {
            return Ok(quote!());
        };
        let mut deps = Vec::new();
        match &inst.kind {
            InstanceKind::Value(e, _, c, _) => {
                e.names(&mut deps);
                if let Some(c) = c {
                    c.names(&mut deps);
                }
            }
            InstanceKind::Parse(pos, _, a) => {
                if let Some(p) = pos {
                    p.names(&mut deps);
                }
                deps.extend(attr_names(a));
            }
        }
        let mut out = Vec::new();
        for d in deps {
            out.push(self.prewrite(cx, &d, done)?);
        }
        if let InstanceKind::Parse(pos, _, a) = &inst.kind {
            let id = field_ident(&inst.id);
            let flag = quote::format_ident!("_written_{}", inst.id);
            let inner = self.write_attr(cx, a, quote!(this.#id), true)?;
            let block = match pos {
                Some(p) => {
                    let p = self.int_val(cx, p)?;
                    quote!(
                        let saved = _io.pos();
                        _io.seek(#p)?;
                        #inner
                        _io.seek(saved as i128)?;
                    )
                }
                None => inner,
            };
            out.push(quote!(if !#flag && this.#id.is_some() { #flag = true; #block }));
        }
        Ok(quote!(#(#out)*))
    }

    pub(crate) fn write_fn(&self, tid: usize) -> Result<TokenStream, SchemaError> {
        let def = self.types[tid].def;
        let cx = self.write_cx(tid, &def.yaml_path);
        let parent = self.parent_rust(tid);
        let root = self.root_rust(tid);
        let endian = self.endian_setup(tid, &cx, Dir::Write)?;
        let mut body = Vec::new();
        let mut flags = Vec::new();
        for inst in &def.instances {
            if let InstanceKind::Parse(..) = &inst.kind {
                let flag = quote::format_ident!("_written_{}", inst.id);
                flags.push(quote!(let mut #flag = false;));
            }
        }
        for a in &def.seq {
            let mut done = Vec::new();
            for n in attr_names(a) {
                body.push(self.prewrite(&cx, &n, &mut done)?);
            }
            let id = field_ident(&a.id);
            body.push(self.write_attr(&cx, a, quote!(this.#id), a.cond.is_some())?);
        }
        for inst in &def.instances {
            let mut done = Vec::new();
            body.push(self.prewrite(&cx, &inst.id, &mut done)?);
        }
        let (pad_start, pad_end) = self.pad_code(tid, Dir::Write);
        Ok(quote! {
            /// Writes the value to `_io`, byte for byte as it was read.
            pub fn write(&self, _io: &mut KWriter, _parent: Option<&#parent>, _root: Option<&#root>) -> KResult<()> {
                let this = self;
                #(#flags)*
                #pad_start
                #endian
                #(#body)*
                #pad_end
                Ok(())
            }
        })
    }

    pub(crate) fn instance_methods(&self, tid: usize) -> Result<Vec<TokenStream>, SchemaError> {
        let def = self.types[tid].def;
        let parent = self.parent_rust(tid);
        let root = self.root_rust(tid);
        let mut out = Vec::new();
        for inst in &def.instances {
            let InstanceKind::Value(_, _, cond, _) = &inst.kind else {
                continue;
            };
            let id = field_ident(&inst.id);
            let (body, ty) = self.instance_body(tid, &inst.id)?;
            let cx = self.method_cx(tid, format!("{}/instances/{}", def.yaml_path, inst.id));
            let rt = self.value_rust(&cx, &ty)?;
            let doc = format!("Value instance `{}`.", inst.id);
            let doc = super::names::doc_lines(&doc);
            out.push(match cond {
                Some(c) => {
                    let c = self.expr(&cx, c)?;
                    let c = self.coerce(&cx, &c, &Ty::Bool)?;
                    quote! {
                        #(#[doc = #doc])*
                        pub fn #id(&self, _parent: Option<&#parent>, _root: Option<&#root>) -> KResult<Option<#rt>> {
                            let this = self;
                            Ok(if #c { Some(#body) } else { None })
                        }
                    }
                }
                None => quote! {
                    #(#[doc = #doc])*
                    pub fn #id(&self, _parent: Option<&#parent>, _root: Option<&#root>) -> KResult<#rt> {
                        let this = self;
                        Ok(#body)
                    }
                },
            });
        }
        Ok(out)
    }
}

/// The terminator as a byte-string literal: two bytes for `strz` in UTF-16.
fn term_bytes(a: &Attr) -> TokenStream {
    let t = a.terminator.unwrap_or(0);
    let wide = matches!(a.ty, AttrType::Str)
        && a.encoding.as_deref().is_some_and(|e| {
            e.to_ascii_uppercase()
                .replace(['-', '_'], "")
                .starts_with("UTF16")
        });
    let bytes = if wide { vec![t, t] } else { vec![t] };
    let l = Literal::byte_string(&bytes);
    quote!(#l)
}

/// Names used by the expressions of an attribute.
fn attr_names(a: &Attr) -> Vec<String> {
    let mut out = Vec::new();
    for e in [&a.size, &a.cond].into_iter().flatten() {
        e.names(&mut out);
    }
    match &a.repeat {
        Repeat::Expr(e) | Repeat::Until(e) => e.names(&mut out),
        _ => {}
    }
    match &a.ty {
        AttrType::User(_, args) => args.iter().for_each(|e| e.names(&mut out)),
        AttrType::Switch(on, cases) => {
            on.names(&mut out);
            for (_, c) in cases {
                if let AttrType::User(_, args) = c {
                    args.iter().for_each(|e| e.names(&mut out));
                }
            }
        }
        _ => {}
    }
    match &a.process {
        Some(Process::Xor(e)) | Some(Process::Rotate(e, _)) => e.names(&mut out),
        _ => {}
    }
    match &a.valid {
        Some(Valid::Eq(e)) | Some(Valid::Expr(e)) => e.names(&mut out),
        Some(Valid::Range(a, b)) => [a, b].into_iter().flatten().for_each(|e| e.names(&mut out)),
        Some(Valid::AnyOf(v)) => v.iter().for_each(|e| e.names(&mut out)),
        _ => {}
    }
    out
}

fn index_lits(n: usize) -> impl Iterator<Item = syn::Index> {
    (0..n).map(syn::Index::from)
}

fn switch_has_default(a: &Attr) -> bool {
    matches!(&a.ty, AttrType::Switch(_, cases) if cases.iter().any(|(k, _)| *k == crate::expr::Expr::Name("_".into())))
}

fn type_label(t: &AttrType) -> String {
    match t {
        AttrType::User(n, _) => n.clone(),
        AttrType::Int(n, s, le) => format!(
            "{}{}{}",
            if *s { "s" } else { "u" },
            n,
            le.map_or("", |l| if l { "le" } else { "be" })
        ),
        AttrType::Float(n, le) => {
            format!("f{}{}", n, le.map_or("", |l| if l { "le" } else { "be" }))
        }
        AttrType::Bits(n, _) => format!("b{n}"),
        AttrType::Str => "str".into(),
        AttrType::Bytes => "bytes".into(),
        AttrType::Contents(_) => "contents".into(),
        AttrType::Switch(..) => "switch".into(),
    }
}

fn variant_name(t: &AttrType) -> String {
    camel(&type_label(t).replace("::", "_"))
}

fn mentions_io(e: &crate::expr::Expr) -> bool {
    format!("{e:?}").contains("\"_io\"")
}
