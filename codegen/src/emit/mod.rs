//! The Rust emitter: the IR of a schema (and its imports) to one Rust module.
//!
//! Every .ksy type becomes a struct with a `read` and a `write` function generated from the
//! same field list; value instances become methods, parsed instances become fields. See
//! `codegen/README.md` for the shape of the output.

mod expr;
mod fields;
mod names;

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::PathBuf;

use proc_macro2::TokenStream;
use quote::quote;

use crate::ir::{AttrType, Endian, EnumDef, InstanceKind, Schema, TypeDef};
use crate::ksy::SchemaError;

pub use expr::Ty;
use names::{camel, field_ident};

/// One type of the module being generated.
pub(crate) struct TInfo<'a> {
    pub def: &'a TypeDef,
    pub rust: String,
    pub schema: usize,
    pub parent_ty: Option<usize>,
    pub lexical_parent: Option<usize>,
}

/// One enum of the module being generated.
pub(crate) struct EInfo<'a> {
    pub def: &'a EnumDef,
    pub rust: String,
    pub schema: usize,
}

/// The generator for one schema and its imports.
pub struct Gen<'a> {
    pub(crate) types: Vec<TInfo<'a>>,
    pub(crate) enums: Vec<EInfo<'a>>,
    pub(crate) files: Vec<PathBuf>,
    pub(crate) schema_roots: Vec<usize>,
    pub(crate) inst_cache: RefCell<HashMap<(usize, String), Ty>>,
    pub(crate) inst_busy: RefCell<Vec<(usize, String)>>,
    pub(crate) extra: RefCell<Vec<TokenStream>>,
}

impl<'a> Gen<'a> {
    /// Collects the types and enums of `schema` and its imports (`files[i]` names schema `i`
    /// in depth-first order: the main schema first).
    pub fn new(schema: &'a Schema, files: Vec<PathBuf>) -> Result<Self, SchemaError> {
        let mut g = Gen {
            types: Vec::new(),
            enums: Vec::new(),
            files,
            schema_roots: Vec::new(),
            inst_cache: RefCell::default(),
            inst_busy: RefCell::default(),
            extra: RefCell::default(),
        };
        g.add_schema(schema, true);
        g.find_parents()?;
        Ok(g)
    }

    fn add_schema(&mut self, s: &'a Schema, main: bool) {
        let idx = self.schema_roots.len();
        self.schema_roots.push(self.types.len());
        self.add_type(&s.root, idx, None, main);
        for imp in &s.imports {
            self.add_schema(imp, false);
        }
    }

    fn add_type(
        &mut self,
        t: &'a TypeDef,
        schema: usize,
        lexical_parent: Option<usize>,
        main: bool,
    ) {
        let rust = if t.path.len() == 1 || !main {
            camel(&t.path.join("_"))
        } else {
            camel(&t.path[1..].join("_"))
        };
        let me = self.types.len();
        self.types.push(TInfo {
            def: t,
            rust,
            schema,
            parent_ty: None,
            lexical_parent,
        });
        for e in &t.enums {
            let rust = if e.path.len() == 2 || !main {
                camel(&e.path.join("_"))
            } else {
                camel(&e.path[1..].join("_"))
            };
            let rust = if e.path.len() == 2 && main {
                camel(&e.path[1])
            } else {
                rust
            };
            self.enums.push(EInfo {
                def: e,
                rust,
                schema,
            });
        }
        for sub in &t.types {
            self.add_type(sub, schema, Some(me), main);
        }
    }

    pub(crate) fn err(&self, tid: usize, yaml_path: &str, msg: impl Into<String>) -> SchemaError {
        SchemaError {
            file: self
                .files
                .get(self.types[tid].schema)
                .cloned()
                .unwrap_or_default(),
            yaml_path: if yaml_path.is_empty() {
                "/".into()
            } else {
                yaml_path.into()
            },
            message: msg.into(),
        }
    }

    /// The parent type of each type: the one type whose fields use it (`None` when no type
    /// or several do, in which case `_parent` in it is refused).
    fn find_parents(&mut self) -> Result<(), SchemaError> {
        let mut users: Vec<Vec<usize>> = vec![Vec::new(); self.types.len()];
        for tid in 0..self.types.len() {
            let def = self.types[tid].def;
            let attrs = def
                .seq
                .iter()
                .chain(def.instances.iter().filter_map(|i| match &i.kind {
                    InstanceKind::Parse(_, _, a) => Some(&**a),
                    InstanceKind::Value(..) => None,
                }));
            for a in attrs {
                let mut names = Vec::new();
                match &a.ty {
                    AttrType::User(n, _) => names.push(n.clone()),
                    AttrType::Switch(_, cases) => {
                        for (_, c) in cases {
                            if let AttrType::User(n, _) = c {
                                names.push(n.clone());
                            }
                        }
                    }
                    _ => {}
                }
                for n in names {
                    if let Some(u) = self.resolve_type(tid, &n)
                        && !users[u].contains(&tid)
                    {
                        users[u].push(tid);
                    }
                }
            }
        }
        for (tid, u) in users.into_iter().enumerate() {
            if u.len() == 1 {
                self.types[tid].parent_ty = Some(u[0]);
            }
        }
        Ok(())
    }

    /// Resolves a type name as seen from type `from` (its own nested types, then outwards,
    /// then imported schemas by their ids).
    pub(crate) fn resolve_type(&self, from: usize, name: &str) -> Option<usize> {
        let parts: Vec<&str> = name.split("::").collect();
        let mut scope = Some(from);
        while let Some(s) = scope {
            let base = &self.types[s].def.path;
            let found = self.types.iter().position(|t| {
                t.schema == self.types[s].schema
                    && t.def.path.len() == base.len() + parts.len()
                    && t.def.path.starts_with(base)
                    && t.def.path[base.len()..]
                        .iter()
                        .zip(&parts)
                        .all(|(a, b)| a == b)
            });
            if found.is_some() {
                return found;
            }
            scope = self.types[s].lexical_parent;
        }
        self.types.iter().position(|t| {
            t.def
                .path
                .iter()
                .map(String::as_str)
                .eq(parts.iter().copied())
        })
    }

    /// Resolves an enum name as seen from type `from`.
    pub(crate) fn resolve_enum(&self, from: usize, name: &str) -> Option<usize> {
        let parts: Vec<&str> = name.split("::").collect();
        let mut scope = Some(from);
        while let Some(s) = scope {
            let base = &self.types[s].def.path;
            let found = self.enums.iter().position(|e| {
                e.schema == self.types[s].schema
                    && e.def.path.len() == base.len() + parts.len()
                    && e.def.path.starts_with(base)
                    && e.def.path[base.len()..]
                        .iter()
                        .zip(&parts)
                        .all(|(a, b)| a == b)
            });
            if found.is_some() {
                return found;
            }
            scope = self.types[s].lexical_parent;
        }
        self.enums.iter().position(|e| {
            e.def
                .path
                .iter()
                .map(String::as_str)
                .eq(parts.iter().copied())
        })
    }

    /// Default byte order of a type: its own, else its lexical parent's.
    pub(crate) fn endian(&self, tid: usize) -> Option<&'a Endian> {
        let mut s = Some(tid);
        while let Some(t) = s {
            if let Some(e) = &self.types[t].def.endian {
                return Some(e);
            }
            s = self.types[t].lexical_parent;
        }
        None
    }

    /// Default bit order of a type (`true`: little-endian).
    pub(crate) fn bit_le(&self, tid: usize) -> bool {
        let mut s = Some(tid);
        while let Some(t) = s {
            if let Some(b) = self.types[t].def.bit_le {
                return b;
            }
            s = self.types[t].lexical_parent;
        }
        false
    }

    /// Whether any type of the module reads bit-sized integers.
    pub(crate) fn uses_bits(&self) -> bool {
        let bits = |t: &AttrType| match t {
            AttrType::Bits(..) => true,
            AttrType::Switch(_, cases) => {
                cases.iter().any(|(_, c)| matches!(c, AttrType::Bits(..)))
            }
            _ => false,
        };
        self.types.iter().any(|t| {
            t.def.seq.iter().any(|a| bits(&a.ty))
                || t.def
                    .instances
                    .iter()
                    .any(|i| matches!(&i.kind, InstanceKind::Parse(_, _, a) if bits(&a.ty)))
        })
    }

    pub(crate) fn is_schema_root(&self, tid: usize) -> bool {
        self.schema_roots.contains(&tid)
    }

    pub(crate) fn root_of(&self, tid: usize) -> usize {
        self.schema_roots[self.types[tid].schema]
    }

    /// The whole module: every type and enum.
    pub fn module(&self) -> Result<TokenStream, SchemaError> {
        let mut items = Vec::new();
        for e in 0..self.enums.len() {
            items.push(self.enum_item(e));
        }
        for tid in 0..self.types.len() {
            items.push(self.type_item(tid)?);
        }
        let extra = self.extra.borrow();
        Ok(quote! {
            #(#items)*
            #(#extra)*
        })
    }

    fn enum_item(&self, eid: usize) -> TokenStream {
        let e = &self.enums[eid];
        let name = names::ident(&e.rust);
        let variants: Vec<_> = e
            .def
            .values
            .iter()
            .map(|(_, n, _)| names::variant(n))
            .collect();
        let docs: Vec<_> = e
            .def
            .values
            .iter()
            .map(|(v, n, d)| {
                let d = d.clone().unwrap_or_else(|| format!("`{n}` = {v}"));
                let d = names::doc_lines(&d);
                quote!(#(#[doc = #d])*)
            })
            .collect();
        let values: Vec<_> = e
            .def
            .values
            .iter()
            .map(|(v, _, _)| proc_macro2::Literal::i128_unsuffixed(*v))
            .collect();
        let doc = format!(
            "Enum `{}`; values without a name are kept as `Unknown`.",
            e.def.path.join("::")
        );
        let doc = names::doc_lines(&doc);
        quote! {
            #(#[doc = #doc])*
            #[derive(Debug, Clone, Copy, PartialEq)]
            #[cfg_attr(feature = "serde", derive(serde::Serialize))]
            pub enum #name {
                #(#docs #variants,)*
                /// A value the schema does not name, kept so it writes back unchanged.
                Unknown(i128),
            }
            impl Default for #name {
                fn default() -> Self {
                    Self::from_i128(0)
                }
            }
            impl #name {
                /// The enum value of an integer.
                pub fn from_i128(v: i128) -> Self {
                    match v {
                        #(#values => Self::#variants,)*
                        other => Self::Unknown(other),
                    }
                }
                /// The integer of an enum value.
                pub fn to_i128(self) -> i128 {
                    match self {
                        #(Self::#variants => #values,)*
                        Self::Unknown(v) => v,
                    }
                }
                /// Whether the schema names this value.
                pub fn is_known(self) -> bool {
                    !matches!(self, Self::Unknown(_))
                }
            }
        }
    }

    fn type_item(&self, tid: usize) -> Result<TokenStream, SchemaError> {
        let t = &self.types[tid];
        let name = names::ident(&t.rust);
        let doc = t
            .def
            .doc
            .clone()
            .unwrap_or_else(|| format!("Type `{}`.", t.def.path.join("::")));
        let doc = names::doc_lines(&doc);
        let mut fields = Vec::new();
        for p in &t.def.params {
            let id = field_ident(&p.id);
            let ty = self.param_rust_ty(tid, p)?;
            let d = p
                .doc
                .clone()
                .unwrap_or_else(|| format!("Parameter `{}`.", p.id));
            let d = names::doc_lines(&d);
            fields.push(quote!(#(#[doc = #d])* pub #id: #ty,));
        }
        if self.uses_bits() {
            fields.push(quote!(
                /// Unread bits of partly read bytes (bit fields followed by byte-aligned data),
                /// written back in their place.
                pub _bit_pads: Vec<u8>,
            ));
        }
        if matches!(self.endian(tid), Some(Endian::Switch(..))) {
            fields.push(quote!(#[doc = "Byte order chosen when this value was read (`true`: little-endian)."] pub _is_le: bool,));
        }
        for a in &t.def.seq {
            let id = field_ident(&a.id);
            let ty = self.field_rust_ty(tid, a)?;
            let d = a.doc.clone().unwrap_or_else(|| format!("`{}`", a.id));
            let d = names::doc_lines(&d);
            fields.push(quote!(#(#[doc = #d])* pub #id: #ty,));
        }
        for inst in &t.def.instances {
            if let InstanceKind::Parse(_, _, a) = &inst.kind {
                let id = field_ident(&inst.id);
                let ty = self.field_rust_ty_bare(tid, a)?;
                let ty = quote!(Option<#ty>);
                let d = a
                    .doc
                    .clone()
                    .unwrap_or_else(|| format!("Instance `{}` (read at its position).", inst.id));
                let d = names::doc_lines(&d);
                fields.push(quote!(#(#[doc = #d])* pub #id: #ty,));
            }
        }
        let read = self.read_fn(tid)?;
        let write = self.write_fn(tid)?;
        let methods = self.instance_methods(tid)?;
        let binrw = if self.is_schema_root(tid) && t.def.params.is_empty() {
            binrw_impls(&name)
        } else {
            quote!()
        };
        Ok(quote! {
            #(#[doc = #doc])*
            #[derive(Debug, Clone, Default, PartialEq)]
            #[cfg_attr(feature = "serde", derive(serde::Serialize))]
            pub struct #name {
                #(#fields)*
            }
            impl #name {
                #read
                #write
                #(#methods)*
            }
            #binrw
        })
    }

    pub(crate) fn parent_rust(&self, tid: usize) -> TokenStream {
        match self.types[tid].parent_ty {
            Some(p) => {
                let n = names::ident(&self.types[p].rust);
                quote!(#n)
            }
            None => quote!(()),
        }
    }

    pub(crate) fn root_rust(&self, tid: usize) -> TokenStream {
        let n = names::ident(&self.types[self.root_of(tid)].rust);
        quote!(#n)
    }
}

/// Generates the Rust source of one schema (with its imports) as a formatted module body.
pub fn generate(schema: &Schema, files: Vec<PathBuf>) -> Result<String, SchemaError> {
    let g = Gen::new(schema, files)?;
    let module = g.module()?;
    let header = quote! {
        #![allow(clippy::all, unused_variables, unused_mut, unused_parens, unused_imports, dead_code, non_camel_case_types)]
        use super::ks_runtime::*;
    };
    let file: syn::File = syn::parse2(quote!(#header #module)).map_err(|e| SchemaError {
        file: g.files.first().cloned().unwrap_or_default(),
        yaml_path: "/".into(),
        message: format!("internal error: generated code does not parse: {e}"),
    })?;
    Ok(prettyplease::unparse(&file))
}

/// `binrw::BinRead` / `BinWrite` for a top-level type, so it can be read with
/// `T::read_le(&mut cursor)` or used as a field of a `#[binrw]` struct. Reading takes the rest
/// of the stream (the bytes that are there, never a length from the file) and leaves the
/// position after what was parsed.
fn binrw_impls(name: &proc_macro2::Ident) -> TokenStream {
    quote! {
        impl binrw::BinRead for #name {
            type Args<'a> = ();
            fn read_options<R: binrw::io::Read + binrw::io::Seek>(
                reader: &mut R,
                _endian: binrw::Endian,
                _args: (),
            ) -> binrw::BinResult<Self> {
                let start = reader.stream_position()?;
                let mut buf = Vec::new();
                reader.read_to_end(&mut buf)?;
                let mut io = KStream::new(&buf);
                let value = #name::read(&mut io, None, None).map_err(|mut e| {
                    e.pos += start as usize;
                    binrw::Error::from(e)
                })?;
                reader.seek(binrw::io::SeekFrom::Start(start + io.pos() as u64))?;
                Ok(value)
            }
        }
        impl binrw::BinWrite for #name {
            type Args<'a> = ();
            fn write_options<W: binrw::io::Write + binrw::io::Seek>(
                &self,
                writer: &mut W,
                _endian: binrw::Endian,
                _args: (),
            ) -> binrw::BinResult<()> {
                let mut w = KWriter::new();
                self.write(&mut w, None, None)?;
                writer.write_all(&w.into_inner())?;
                Ok(())
            }
        }
    }
}

/// One `.kst` check: an assertion or the expected exception.
pub enum Check {
    /// `actual == expected` (floats within 1e-6).
    Assert(crate::expr::Expr, crate::expr::Expr),
    /// Reading must fail with this Kaitai exception name.
    Exception(String),
    /// Evaluating `actual` must fail with this Kaitai exception name (an assertion with
    /// `exception:` instead of `expected:`).
    Raises(crate::expr::Expr, String),
}

/// Generates the module of `schema` plus `pub fn run(data: &[u8]) -> Result<(), String>`,
/// which reads `data`, evaluates the checks, writes the value back and compares the bytes
/// the read covered.
pub fn generate_test(
    schema: &Schema,
    files: Vec<PathBuf>,
    checks: &[Check],
) -> Result<String, SchemaError> {
    let g = Gen::new(schema, files)?;
    let module = g.module()?;
    let run = g.test_fn(checks)?;
    let header = quote! {
        #![allow(clippy::all, unused_variables, unused_mut, unused_parens, unused_imports, dead_code, non_camel_case_types, unreachable_code, unused_braces)]
        use super::ks_runtime::*;
    };
    let file: syn::File = syn::parse2(quote!(#header #module #run)).map_err(|e| SchemaError {
        file: g.files.first().cloned().unwrap_or_default(),
        yaml_path: "/".into(),
        message: format!("internal error: generated code does not parse: {e}"),
    })?;
    Ok(prettyplease::unparse(&file))
}

impl Gen<'_> {
    fn test_fn(&self, checks: &[Check]) -> Result<TokenStream, SchemaError> {
        let root = names::ident(&self.types[0].rust);
        let cx = expr::Cx {
            tid: 0,
            this: quote!(this),
            this_ref: quote!(this),
            io: None,
            elem: None,
            index: false,
            root_opt: quote!(Some(this)),
            parent_opt: quote!(None),
            yaml: "kst".into(),
        };
        let mut asserts = Vec::new();
        for (i, c) in checks.iter().enumerate() {
            match c {
                Check::Exception(kind) => {
                    return Ok(quote! {
                        /// Runs the test: reading must fail.
                        pub fn run(data: &[u8]) -> Result<(), String> {
                            let mut io = KStream::new(data);
                            match #root::read(&mut io, None, None) {
                                Err(e) if e.kind == #kind => Ok(()),
                                Err(e) => Err(format!("expected {}, got {}", #kind, e)),
                                Ok(_) => Err(format!("expected {}, but the read succeeded", #kind)),
                            }
                        }
                    });
                }
                Check::Raises(_, kind) => {
                    return Err(SchemaError {
                        file: self.files.first().cloned().unwrap_or_default(),
                        yaml_path: format!("kst/asserts/{i}"),
                        message: format!(
                            "kst: an assertion expecting {kind} is not supported by the kaitai backend"
                        ),
                    });
                }
                Check::Assert(actual, crate::expr::Expr::Name(null)) if null == "null" => {
                    let cx = expr::Cx {
                        yaml: format!("kst/asserts/{i}"),
                        ..cx.clone()
                    };
                    let a = self.expr(&cx, actual)?;
                    let present = self.present(&cx, &a)?;
                    let msg = format!("assert {i}: expected null");
                    asserts.push(quote! {
                        match (|| -> KResult<bool> { Ok(#present) })() {
                            Err(e) if e.kind == "NullError" => {}
                            Ok(false) => {}
                            Err(e) => return Err(e),
                            Ok(true) => return Ok(Err(#msg.to_string())),
                        }
                    });
                }
                Check::Assert(actual, expected) => {
                    let cx = expr::Cx {
                        yaml: format!("kst/asserts/{i}"),
                        ..cx.clone()
                    };
                    let a = self.expr(&cx, actual)?;
                    let e = self.expr(&cx, expected)?;
                    asserts.push(self.assert_cmp(&cx, i, &a, &e)?);
                }
            }
        }
        Ok(quote! {
            /// Runs the test: read, check, write back, compare.
            pub fn run(data: &[u8]) -> Result<(), String> {
                let (mut io, cover) = KStream::with_coverage(data);
                let value = #root::read(&mut io, None, None).map_err(|e| format!("read: {e}"))?;
                let this = &value;
                let _root: Option<&#root> = Some(this);
                (|| -> KResult<Result<(), String>> {
                    #(#asserts)*
                    Ok(Ok(()))
                })()
                .map_err(|e| format!("assert: {e}"))??;
                let mut w = KWriter::new();
                value.write(&mut w, None, None).map_err(|e| format!("write: {e}"))?;
                let out = w.into_inner();
                let cover = cover.borrow();
                for (i, &b) in data.iter().enumerate() {
                    if cover[i] && out.get(i) != Some(&b) {
                        return Err(format!("differs at offset {i}"));
                    }
                }
                if out.len() > data.len() {
                    return Err(format!("differs at offset {}", data.len()));
                }
                Ok(())
            }
        })
    }

    /// `true` when the value exists: a switch that matched a case, anything else that
    /// evaluates (an absent `if` field fails with `NullError` instead).
    fn present(&self, cx: &expr::Cx, a: &expr::Tr) -> Result<TokenStream, SchemaError> {
        if let Ty::Switch(tid, id) = &a.ty {
            let (ename, _) = self.switch_variants(*tid, id)?;
            let en = names::ident(&ename);
            let p = &a.ts;
            return Ok(quote!(!matches!(&#p, #en::Absent)));
        }
        let v = self.val(cx, a)?;
        Ok(quote!({ let _ = #v; true }))
    }

    fn assert_cmp(
        &self,
        cx: &expr::Cx,
        i: usize,
        a: &expr::Tr,
        e: &expr::Tr,
    ) -> Result<TokenStream, SchemaError> {
        let msg = format!("assert {i}");
        let (av, ev) = (self.val(cx, a)?, self.val(cx, e)?);
        let fail = quote!(return Ok(Err(format!("{}: {:?} != {:?}", #msg, av, ev))););
        let ints = |v: &TokenStream, t: &Ty| -> Option<TokenStream> {
            match t {
                Ty::Bytes => Some(quote!(#v.iter().map(|&x| x as i128).collect::<Vec<i128>>())),
                Ty::Array(inner, _) if **inner == Ty::Int => Some(quote!(#v)),
                _ => None,
            }
        };
        Ok(match (&a.ty, &e.ty) {
            (Ty::Float, _) | (_, Ty::Float) => {
                let av = self.coerce(cx, a, &Ty::Float)?;
                let ev = self.coerce(cx, e, &Ty::Float)?;
                quote!({ let av = #av; let ev = #ev; if !((av - ev).abs() < 1e-6 || av == ev) { #fail } })
            }
            (Ty::Bytes, Ty::Array(..)) | (Ty::Array(..), Ty::Bytes) => {
                let av = ints(&av, &a.ty).ok_or_else(|| self.err(0, &cx.yaml, "comparison"))?;
                let ev = ints(&ev, &e.ty).ok_or_else(|| self.err(0, &cx.yaml, "comparison"))?;
                quote!({ let av = #av; let ev = #ev; if av != ev { #fail } })
            }
            (Ty::Enum(_), Ty::Int) => {
                quote!({ let av = #av.to_i128(); let ev = #ev; if av != ev { #fail } })
            }
            (Ty::Array(x, _), Ty::Array(y, _)) if x == y => {
                quote!({ let av = #av; let ev = #ev; if av != ev { #fail } })
            }
            (Ty::Switch(..), Ty::Int) => {
                let av = self.coerce(cx, a, &Ty::Int)?;
                quote!({ let av = #av; let ev = #ev; if av != ev { #fail } })
            }
            (x, y) if x == y => quote!({ let av = #av; let ev = #ev; if av != ev { #fail } }),
            (x, y) => {
                return Err(self.err(
                    0,
                    &cx.yaml,
                    format!("comparing {x:?} with {y:?} is not supported"),
                ));
            }
        })
    }
}
