//! A plain Kaitai type as a `#[binrw]` struct: its head (doc, pattern or version, imports,
//! depth and version checks, derives), its params kept as fields, and its fields in order.

use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};

use super::super::expr::{self};
use super::super::schema::{Field, Param, Schemas, TypeDef, TypeRef, Versioned};
use super::super::tokens::{ident, is_ident};
use super::asserts::{Check, check, field_check};
use super::nesting::{depth_bound, too_deep_call};
use super::{Module, VersionSource, list_args, rust_params};
use crate::SchemaError;
use crate::expr::Source;

impl<'a> Module<'a> {
    /// A plain Kaitai type: its struct (head, then fields) and its value-instance methods.
    pub(super) fn record(&mut self, def: &TypeDef) -> Result<(), SchemaError> {
        let (head, version) = self.record_head(def)?;
        let file = &self.schemas.files[self.file];
        super::super::value::seq_uses::check_seq_uses(def, file, self.schemas)
            .map_err(|(path, e)| self.err(&path, e))?;
        let mut enums = TokenStream::new();
        let body = self.record_body(def, &version, &mut enums)?;
        self.items.extend(enums);
        let name = ident(&def.rust_name);
        self.items.extend(quote!(#head pub struct #name { #body }));
        let on_request = self.on_request_methods(def, &version)?;
        self.items.extend(on_request);
        let methods =
            super::super::value::methods(def, &self.schemas.files[self.file], self.schemas)
                .map_err(|(path, e)| self.err(&path, e))?;
        self.decodes |= methods.decodes;
        for (decl, rust) in &methods.uses {
            self.use_type(decl, rust);
        }
        self.items.extend(methods.items);
        Ok(())
    }

    /// The attributes before a struct: doc, pattern or version, binrw, imports, the depth and
    /// version checks and derives (the depth constant goes to the items); where its fields see
    /// the version.
    fn record_head(&mut self, def: &TypeDef) -> Result<(TokenStream, VersionSource), SchemaError> {
        let mut head = docs(def.doc.as_deref());
        let version = match (&def.pattern, &def.versioned) {
            (Some(p), None) => {
                self.derive_macros.insert("pattern");
                let tag = Literal::byte_string(p.tag.as_bytes());
                let newest = Literal::u32_unsuffixed(p.newest);
                head.extend(quote!(#[pattern(tag = #tag, newest = #newest)]));
                VersionSource::Field("version".into())
            }
            (None, Some(Versioned::Param)) => {
                if def.params.len() != 1 || def.params[0].id != "version" {
                    return Err(self.err(
                        &def.yaml_path,
                        "-savepoint-versioned: true needs exactly the param `version`",
                    ));
                }
                self.derive_macros.insert("versioned");
                head.extend(quote!(#[versioned]));
                VersionSource::Field("version".into())
            }
            (None, Some(Versioned::Path(path))) => {
                self.derive_macros.insert("versioned");
                let segments = path.split('.').map(|s| is_ident(s).then(|| ident(s)));
                let version: Option<Vec<_>> = segments.collect();
                let version = version.ok_or_else(|| {
                    self.err(
                        &def.yaml_path,
                        format!("-savepoint-versioned `{path}` is not a field path"),
                    )
                })?;
                head.extend(quote!(#[versioned(version = #(#version).*)]));
                VersionSource::Field(path.clone())
            }
            (None, None) => {
                head.extend(self.named_version_head(def)?);
                VersionSource::None
            }
            (Some(_), Some(_)) => {
                return Err(self.err(
                    &def.yaml_path,
                    "a type is either a -savepoint-pattern or -savepoint-versioned",
                ));
            }
        };
        let endian = def.endian.map(|e| {
            let e = ident(e);
            quote!(#[brw(#e)])
        });
        head.extend(quote!(#[binrw] #endian));
        self.binrw_attr = true;
        let imports = self.param_imports(def)?;
        if !imports.is_empty() {
            head.extend(quote!(#[br(import(#(#imports),*))]));
        }
        let mut write_imports = self.writer_param_imports(def)?;
        write_imports.extend(self.nav_imports(def)?);
        if !write_imports.is_empty() {
            head.extend(quote!(#[bw(import(#(#write_imports),*))]));
        }
        if def.max_depth_const.is_some() && def.max_depth.is_none() {
            return Err(self.err(
                &def.yaml_path,
                "-savepoint-max-depth-const needs -savepoint-max-depth",
            ));
        }
        if let Some(name) = def.max_depth_const.as_ref().filter(|n| !is_ident(n)) {
            return Err(self.err(
                &def.yaml_path,
                format!("-savepoint-max-depth-const `{name}` is not a Rust identifier"),
            ));
        }
        if let (Some(max), Some(name)) = (def.max_depth, &def.max_depth_const) {
            let doc = format!(
                " Deepest nesting of [`{}`] accepted (the outermost is level 1), on every path:",
                def.rust_name
            );
            let (name, max) = (ident(name), Literal::u32_unsuffixed(max));
            self.items.extend(quote! {
                #[doc = #doc]
                #[doc = " the binary reader and writer and serde (JSON) both ways."]
                pub const #name: u32 = #max;
            });
        }
        if let Some(max) = depth_bound(def) {
            // Depth 0 is the outermost level: `max` levels in all.
            let cond = quote!(depth < #max);
            let check = check(Check::BeforeRead, &cond, "{}", &[too_deep_call(def, &max)]);
            head.extend(check);
        }
        if let Some(p) = def.pattern.as_ref().filter(|p| p.oldest > 1) {
            let message = format!("unsupported {} version {{}}", p.tag);
            let oldest = Literal::u32_unsuffixed(p.oldest);
            let version = [quote!(version)];
            let read = check(Check::Read, &quote!(version >= #oldest), &message, &version);
            head.extend(read);
            let message = format!("{}.version: {message}", def.rust_name);
            let path = format!("{}.version", def.rust_name);
            let write = quote!(*version >= #oldest);
            head.extend(field_check(&path, &write, &message, &version));
        }
        head.extend(self.derives(def));
        Ok((head, version))
    }

    /// A struct's fields in order: kept params, seq fields and positioned instances, bit-run
    /// padding, `_io` records, the unparsed rest and the recorded `_parent` / `_root` values;
    /// the enums its fields need go to `enums`.
    fn record_body(
        &mut self,
        def: &TypeDef,
        version: &VersionSource,
        enums: &mut TokenStream,
    ) -> Result<TokenStream, SchemaError> {
        let mut body = self.stored_params(def)?;
        let mut bits = super::super::bits::Run::default();
        let ks_enums = self
            .schemas
            .files
            .get(self.file)
            .map_or(&[][..], |f| &f.enums);
        let file = self
            .schemas
            .files
            .get(self.file)
            .ok_or_else(|| self.err("", "no file"))?;
        // The top-level type's `_unparsed` rest reads to the end of the stream.
        let mut after_rest = false;
        for item in super::super::pos::order(file, def) {
            match item {
                super::super::pos::Item::Seq(field) => match bits.field(def, ks_enums, field) {
                    Ok(Some(tokens)) => body.extend(tokens),
                    Ok(None) => {
                        body.extend(bits.close());
                        body.extend(self.seq_values(def, field)?);
                        body.extend(self.nav_values(def, field)?);
                        body.extend(self.field(def, field, version, enums)?);
                    }
                    Err((path, e)) => return Err(self.err(&path, e)),
                },
                super::super::pos::Item::Pos(p) => {
                    if let Some(io) = &p.io {
                        super::super::root_io::check(self.schemas, self.file, def, io)
                            .map_err(|e| self.err(&format!("{}/io", p.field.yaml_path), e))?;
                    }
                    if after_rest && super::super::pos::from_here(&p.pos).is_some() {
                        return Err(self.field_err(
                            &p.field,
                            "an instance of the top-level type at `_io.pos` (or without `pos`) that no seq field reads is not supported by the binrw backend (it is read after the rest of the stream)",
                        ));
                    }
                    body.extend(bits.close());
                    body.extend(self.seq_values(def, &p.field)?);
                    let resolve = |e| self.resolve_expr(&p.field, e, false).map_err(|e| e.message);
                    let at = super::super::until_inst::attrs(def, p)
                        .unwrap_or_else(|| {
                            super::super::pos::attrs(p, &|n| self.wide_path(def, n), &resolve)
                        })
                        .map_err(|e| self.field_err(&p.field, e))?;
                    body.extend(at);
                    body.extend(self.field(def, &p.field, version, enums)?);
                }
                super::super::pos::Item::SeqEnd => {
                    let io = super::super::io::seq_end_fields(def);
                    if !io.is_empty() {
                        body.extend(bits.close());
                        body.extend(io);
                        self.io = true;
                    }
                }
                super::super::pos::Item::Rest => {
                    after_rest = true;
                    body.extend(bits.close());
                    body.extend(super::super::pos::rest_field());
                }
            }
        }
        body.extend(bits.close());
        let recorded = self.up().recorded(def);
        body.extend(recorded.map_err(|(at, e)| self.err(&at, e))?);
        self.bits |= bits.used;
        self.io |= bits.io;
        Ok(body)
    }

    /// Since/until must say the same as the plain Kaitai `if`.
    pub(super) fn check_gate(
        &self,
        field: &Field,
        version: &VersionSource,
    ) -> Result<(), SchemaError> {
        let VersionSource::Field(v) = version else {
            return Err(self.field_err(
                field,
                "-savepoint-since/-until outside a pattern or versioned type",
            ));
        };
        let expected = match (field.since, field.until) {
            (Some(a), Some(b)) => format!("{v} >= {a} and {v} <= {b}"),
            (Some(a), None) => format!("{v} >= {a}"),
            (None, Some(b)) => format!("{v} <= {b}"),
            (None, None) => return Ok(()),
        };
        // Compared as trees, so spacing and parentheses do not matter.
        let wanted = crate::expr::parse(&expected).ok();
        if field.cond.as_ref().map(Source::tree) != wanted.as_ref() {
            return Err(self.field_err(
                field,
                format!(
                    "the version keys need `if: {expected}`, found {:?}",
                    field.cond
                ),
            ));
        }
        Ok(())
    }

    /// The Rust type of `param` of `def`, `None` when the backend has none for it.
    pub(super) fn param_type(
        &mut self,
        def: &TypeDef,
        param: &Param,
    ) -> Result<Option<TokenStream>, SchemaError> {
        let ty = &param.ty;
        if let Some(name) = self
            .param_enum(def, param)?
            .filter(|_| ty.rust_int().is_some())
        {
            return Ok(Some(ident(&name).into_token_stream()));
        }
        Ok(match ty.rust_int() {
            Some(rust) => Some(ident(rust).into_token_stream()),
            None if *ty == TypeRef::Bool => Some(quote!(bool)),
            None => self.user_param_type(ty),
        })
    }

    /// The error for param `i` of `def`, of a Kaitai type `ty` the backend has no type for.
    fn param_refused(&self, def: &TypeDef, i: usize, ty: &TypeRef) -> SchemaError {
        self.err(
            &format!("{}/params/{i}", def.yaml_path),
            format!("param type `{ty}` is not supported by the binrw backend"),
        )
    }

    pub(super) fn param_imports(&mut self, def: &TypeDef) -> Result<Vec<TokenStream>, SchemaError> {
        let mut out = Vec::new();
        for (i, param) in def.params.iter().enumerate() {
            let Param { id, ty, .. } = param;
            let versioned = matches!(def.versioned, Some(Versioned::Param)) && id == "version";
            if versioned || super::super::version_param::is_version_param(def, id) {
                continue;
            }
            if *ty == TypeRef::Io {
                let local = ident(&super::super::io::param_local(id));
                out.push(quote!(#local: u64));
                continue;
            }
            if let Some(import) = self.rust_param_import(def, id)? {
                out.push(import);
                continue;
            }
            let rust = self.param_type(def, param)?;
            let rust = rust.ok_or_else(|| self.param_refused(def, i, ty))?;
            let id = ident(id);
            out.push(quote!(#id: #rust));
        }
        out.extend(self.nav_imports(def)?);
        let up = self.up().imports(def);
        out.extend(up.map_err(|(at, e)| self.err(&at, e))?);
        if self.needs_depth(self.file, def) {
            out.push(quote!(depth: u32));
        }
        Ok(out)
    }

    /// The Rust type of a param of a user type (`block`, `other::block`) or a list of one
    /// (`block[]`), or a list of integers or strings (see `list_args.rs`), imported by value:
    /// the reader gets a clone of the argument.
    pub(super) fn user_param_type(&mut self, ty: &TypeRef) -> Option<TokenStream> {
        if let Some(rust) = list_args::list_param_type(ty) {
            return Some(rust);
        }
        let (name, list) = match ty.element() {
            Some(element) => (element.user_name()?, true),
            None => (ty.user_name()?, false),
        };
        let schemas: &'a Schemas = self.schemas;
        let (declared_in, target) = schemas.resolve(self.file, name)?;
        if !target.params.is_empty() {
            return None;
        }
        let rust = ident(&self.use_type(declared_in, &target.rust_name));
        Some(if list {
            quote!(Vec<#rust>)
        } else {
            quote!(#rust)
        })
    }

    /// The params `def` keeps as fields (see [`super::super::writer_params::keeps_param`]); one that
    /// no value instance reads is left out when a field cannot hold its type.
    pub(super) fn stored_params(&mut self, def: &TypeDef) -> Result<TokenStream, SchemaError> {
        let mut out = TokenStream::new();
        for (i, param) in def.params.iter().enumerate() {
            let Param { id, ty, .. } = param;
            if !super::super::writer_params::keeps_param(def, id) {
                continue;
            }
            let read = super::super::writer_params::instances_read(def, id);
            let Some(rust) = self.param_type(def, param)? else {
                match read {
                    true => return Err(self.param_refused(def, i, ty)),
                    false => continue,
                }
            };
            let name = ident(id);
            // A user type or list is imported by value and kept as a clone.
            let value = match ty.by_value() {
                true => quote!(#name),
                false => quote!(#name.clone()),
            };
            let doc = format!(
                " Kaitai param `{id}`, as the reader was given it (the writer does not write it)."
            );
            out.extend(quote! {
                #[doc = #doc]
                #[br(calc = #value)]
                #[bw(ignore)]
                pub #name: #rust,
            });
        }
        Ok(out)
    }

    /// The Rust enum of integer `param` of `def` with an `enum` (imported when another
    /// file's), else `None`.
    pub(super) fn param_enum(
        &mut self,
        def: &TypeDef,
        param: &Param,
    ) -> Result<Option<String>, SchemaError> {
        let Some(name) = &param.enum_name else {
            return Ok(None);
        };
        let id = &param.id;
        let schemas: &'a Schemas = self.schemas;
        let (decl, e) = schemas.resolve_enum(self.file, name).ok_or_else(|| {
            self.err(
                &def.yaml_path,
                format!("param `{id}`: unknown enum `{name}`"),
            )
        })?;
        Ok(Some(self.use_type(decl, &e.rust_name)))
    }

    /// The params `def`'s writer imports (see `writer_params.rs`), as `id: Type`.
    pub(super) fn writer_param_imports(
        &self,
        def: &TypeDef,
    ) -> Result<Vec<TokenStream>, SchemaError> {
        if let Some(Param { id, .. }) =
            super::super::writer_params::writer_params(self.schemas, self.file, def)
                .iter()
                .find(|p| p.enum_name.is_some())
        {
            return Err(self.err(
                &def.yaml_path,
                format!("the writer needs param `{id}`, an enum, which the binrw backend does not pass to writers"),
            ));
        }
        super::super::writer_params::writer_params(self.schemas, self.file, def)
            .into_iter()
            .map(|Param { id, ty, .. }| match ty {
                _ if rust_params::rust_type(def, &id).is_some() => {
                    self.rust_param_writer_import(def, &id)
                }
                TypeRef::Bool => {
                    let id = expr::writer_import(&id);
                    Ok(quote!(#id: bool))
                }
                _ => ty
                    .rust_int()
                    .map(|int| ident(int).into_token_stream())
                    .or_else(|| self.writer_borrowed_type(&ty))
                    .map(|rust| {
                        let id = expr::writer_import(&id);
                        quote!(#id: #rust)
                    })
                    .ok_or_else(|| {
                        self.err(
                            &def.yaml_path,
                            format!("the writer needs param `{id}`, of type `{ty}`, which the binrw backend passes to writers only as an integer, a bool or a user type or list of one"),
                        )
                    }),
            })
            .collect()
    }

    /// The `_parent` / `_root` values `def` imports (see `parent.rs`).
    pub(super) fn nav_imports(&self, def: &TypeDef) -> Result<Vec<TokenStream>, SchemaError> {
        let nav = self.nav();
        nav.imports(def).map_err(|e| {
            let at = nav
                .failing_field(def)
                .map_or(&def.yaml_path, |f| &f.yaml_path);
            self.err(at, e)
        })
    }
}

/// The `doc:` of a type or field as doc attributes, one a line without trailing spaces.
pub(in crate::binrw) fn docs(doc: Option<&str>) -> TokenStream {
    let lines = doc
        .into_iter()
        .flat_map(|d| d.trim_end().lines())
        .map(|l| match l.trim_end() {
            "" => String::new(),
            l => format!(" {l}"),
        });
    quote!(#(#[doc = #lines])*)
}

#[cfg(test)]
mod param_tests {

    fn generate_one(tag: &str, ksy: &str) -> Result<String, crate::SchemaError> {
        let tag = format!("params-{tag}");
        crate::binrw::generate_from(&tag, &[("p.ksy", ksy)], "p").map(|m| m.source)
    }

    #[test]
    fn names_the_generated_code_uses_must_be_identifiers() {
        let depth = "meta: {id: p}\ntypes:\n  node:\n    -savepoint-max-depth: 3\n    -savepoint-max-depth-const: MAX DEPTH\n    seq:\n      - {id: a, type: u1}\n";
        let rust_name = "meta: {id: p}\ntypes:\n  node:\n    -savepoint-rust-name: 'Node<u8>'\n    seq:\n      - {id: a, type: u1}\n";
        let variant = "meta: {id: p}\ntypes:\n  node:\n    -savepoint-enum: {name: Kind, tag: k, variants: {0: 'A-b'}}\n    seq:\n      - {id: k, type: u1}\n      - {id: body, type: {switch-on: k, cases: {0: leaf}}}\n  leaf:\n    seq:\n      - {id: a, type: u1}\n";
        for (tag, ksy, at) in [
            ("depth", depth, "/types/node"),
            ("rust-name", rust_name, "/types/node/-savepoint-rust-name"),
            ("variant", variant, "/types/node/-savepoint-enum/variants/0"),
        ] {
            let err = generate_one(tag, ksy).unwrap_err();
            assert_eq!(err.yaml_path, at, "{err}");
            assert!(err.message.contains("not"), "{err}");
        }
    }

    const SCHEMA: &str = "meta: {id: p}\nseq:\n  - {id: first, type: block}\n  - {id: one, type: param_type(first)}\ntypes:\n  block:\n    seq:\n      - {id: foo, type: u1}\n  param_type:\n    params:\n      - {id: foo, type: block}\n    seq:\n      - {id: buf, size: foo.foo}\n";

    #[test]
    fn user_type_params_are_imported_by_value() {
        let src = generate_one("ok", SCHEMA).unwrap();
        for expected in [
            "#[br(import(foo: Block))]",
            "#[br(args(first.clone()))]",
            "#[br(parse_with = ks_count(foo.foo, 1))]",
        ] {
            assert!(src.contains(expected), "{expected}:\n{src}");
        }
        // The writer does not get params: no check may name one.
        assert!(!src.contains("#[bw(assert"), "{src}");
        let list = SCHEMA.replace("type: block}\n    seq", "type: 'block[]'}\n    seq");
        let list = list.replace("size: foo.foo", "size: 2");
        let listed = generate_one("list", &list).unwrap();
        assert!(
            listed.contains("#[br(import(foo: Vec<Block>))]"),
            "{listed}"
        );
        // A `struct` param takes the type its caller passes (see `struct_params.rs`), unless
        // that is not a user-type field.
        let any = SCHEMA.replace("type: block}\n    seq", "type: struct}\n    seq");
        assert_eq!(generate_one("struct", &any).unwrap(), src);
        let untyped = any.replace("param_type(first)", "param_type(first.foo)");
        for (refused, ksy) in [("struct", untyped), ("any", SCHEMA.into())] {
            let ksy = ksy.replace(
                "type: block}\n    seq",
                &format!("type: {refused}}}\n    seq"),
            );
            let err = generate_one(refused, &ksy).unwrap_err();
            assert_eq!(err.yaml_path, "/types/param_type/params/0", "{err}");
        }
    }
}
