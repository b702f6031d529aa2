//! One seq field or positioned instance of a struct: its attributes and its Rust type.

use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};

use super::super::expr::{self, Expr, Side};
use super::super::schema::{Field, FieldType, TypeDef, Valid};
use super::super::tokens::{ident, mentions, source};
use super::asserts::{Check, Checked, check, field_check, presence, presence_named, valid_check};
use super::elem::Elem;
use super::field_args::tuple;
use super::framing::indexed;
use super::nesting::nesting_guard;
use super::record::docs;
use super::{Module, VersionSource, flag_of, index, switch};
use crate::SchemaError;
use crate::binrw::value::seq_uses;

impl<'a> Module<'a> {
    pub(super) fn field(
        &mut self,
        def: &TypeDef,
        field: &Field,
        version: &VersionSource,
        enums: &mut TokenStream,
    ) -> Result<TokenStream, SchemaError> {
        if let Some(members) = self.one_of_field(def, field, enums)? {
            return Ok(members);
        }
        if field.sized {
            return Err(self.field_err(field, "size/encoding fields are not supported by the binrw backend (hand-written primitives only)"));
        }
        // The stream attributes its `if` and `size` read, recorded right before it (see `io.rs`).
        let io_temps = super::super::io::temps(field);
        self.io |= !io_temps.is_empty();
        let mut out = io_temps;
        out.extend(docs(field.doc.as_deref()));
        if let Some(bytes) = &field.contents_bytes {
            if field.repeat_expr.is_some() || field.repeat_until.is_some() || field.absent_default {
                return Err(self.field_err(
                    field,
                    "`contents` with a `repeat` other than `eos` or `-savepoint-absent` is not supported by the binrw backend",
                ));
            }
            // A `size` says again how many bytes `contents` takes; any other is refused.
            let len = i128::try_from(bytes.len()).ok();
            if field
                .size
                .as_ref()
                .is_some_and(|n| !matches!(n.tree(), crate::expr::Expr::Int(n) if Some(*n) == len))
            {
                return Err(self.field_err(
                    field,
                    "`size` on `contents` other than the length of its bytes",
                ));
            }
            // Under `if` (or a version gate) the bytes are there exactly when it holds.
            self.field_gate(def, field, version, &mut out)?;
            return Ok(self.contents_field(def, field, bytes, out));
        }
        let untyped = matches!(field.ty, FieldType::None);
        let string = matches!(&field.ty, FieldType::Named { kind, .. } if kind.is_str());
        let repeated =
            field.repeat_eos || field.repeat_expr.is_some() || field.repeat_until.is_some();
        // A repeated byte array is a list of `KsBytes`, framed by its `size`.
        let framed = string
            || (untyped && (field.terminator.is_some() || field.pad_right.is_some() || repeated));
        if untyped && !field.size_eos && field.size.is_none() && !framed {
            return Err(self.field_err(field, "a byte array needs `size` or `size-eos: true`"));
        }
        let user_type = matches!(&field.ty, FieldType::Named { kind, .. } if !kind.builtin());
        let sized = field.size.is_some() || field.size_eos;
        let general_switch =
            matches!(field.ty, FieldType::Switch { .. }) && field.variants.is_none();
        if sized && !untyped && !string && !user_type && !general_switch {
            return Err(self.field_err(
                field,
                "`size` on a number is not supported by the binrw backend",
            ));
        }
        let sub = (sized || field.terminator.is_some()) && user_type;
        let stream_size = field.size.as_ref().is_some_and(|t| {
            expr::lower(
                t,
                expr::Use {
                    size: true,
                    io: true,
                },
            )
            .is_ok_and(|e| super::super::io::reads_stream(&super::super::io::localize(&e, field)))
        });
        if stream_size && (framed || sub || general_switch || field.process.is_some()) {
            return Err(self.field_err(
                field,
                "`_io` in the `size` of a string, framed byte array or substream is not supported by the binrw backend (its writer frames with the size)",
            ));
        }
        // `args_raw` of a helper type (reader, writer): see `frames.rs`.
        let mut raw_args: Option<(TokenStream, TokenStream)> = None;
        let mut kind = if field.process.is_some() {
            Elem::Other
        } else if general_switch && sized {
            Elem::Sub
        } else if general_switch {
            Elem::Other
        } else if framed && string {
            Elem::Str
        } else if framed {
            Elem::Bytes
        } else if sub {
            Elem::Sub
        } else if untyped {
            Elem::Byte
        } else {
            self.element_kind(field)
        };
        let mut element = if let Some(process) = field.process.as_ref().filter(|_| !general_switch)
        {
            self.processed(def, field, process, user_type, &mut raw_args)?
        } else if general_switch {
            self.switch_element(def, field, sized, enums, &mut out, &mut raw_args)?
        } else if framed {
            self.frames = true;
            raw_args = Some(self.frame_values(def, field, Some(string))?);
            if string {
                quote!(KsStr)
            } else {
                quote!(KsBytes)
            }
        } else if sub {
            self.frames = true;
            raw_args = Some(self.sub_args(def, field)?);
            let inner = self.element_type(field)?;
            quote!(KsSub<#inner>)
        } else if untyped {
            quote!(u8)
        } else {
            self.element_type(field)?
        };
        if let FieldType::Named { kind, .. } = &field.ty
            && let Some(endian) = kind.own_endian()
        {
            let endian = ident(endian);
            out.extend(quote!(#[brw(#endian)]));
        }
        out.extend(self.endian_attrs(def, field)?);
        let optional = field.cond.is_some() || field.since.is_some() || field.until.is_some();
        let optional = optional && !field.absent_default;
        let int_element = element.clone();
        if let Some(name) = &field.enum_name {
            element = self.enum_field(field, name, &element, optional, &mut out)?;
            kind = Elem::Other;
            if field.valid_in_enum {
                let path = format!("{}.{}", def.rust_name, field.id);
                let id = ident(&field.id);
                let (_, e) = (self.schemas.resolve_enum(self.file, name))
                    .ok_or_else(|| self.field_err(field, format!("unknown enum `{name}`")))?;
                let unknown = ident(&super::ks_enums::unknown_variant(e));
                let known = quote!(!matches!(#id, #element::#unknown(_)));
                let message = format!("{path} is not a value of {}", source(&element));
                out.extend(check(Check::Read, &known, &message, &[]));
                out.extend(field_check(&path, &known, &message, &[]));
            }
        }
        if let Some(count_of) = &field.count_of {
            return self.count_field(def, field, count_of, &element, kind);
        }
        if let Some(flag_of) = &field.flag_of {
            return self.flag_field(def, field, flag_of, &element);
        }
        self.field_gate(def, field, version, &mut out)?;
        // A field under `if: false` is never read, so its `valid` never applies.
        let never = field
            .cond
            .as_ref()
            .is_some_and(|c| matches!(c.tree(), crate::expr::Expr::Bool(false)));
        if let Some(cond) = field.valid_expr.as_ref().filter(|_| !never) {
            out.extend(self.valid_checks(def, field, cond, &element, kind)?);
        }
        // A switch field's `valid` is checked on its variants (see `switch.rs`).
        if let Some(valid) = field.valid.as_ref().filter(|_| !never && !general_switch) {
            out.extend(self.field_valid(def, field, valid, kind)?);
        }
        // A sized user type's arguments are in its `args_raw` (see `sub.rs`).
        let mut args = if sub {
            None
        } else {
            self.type_args(def, field)?
        };
        let mut count = None;
        // The width of a counted list's integers (see `ks_count`).
        let mut width = None;
        let mut vec = false;
        let eos = field.repeat_eos || (field.size_eos && raw_args.is_none());
        let until = match &field.repeat_until {
            Some(text) => Some(self.until_closure(def, field, text, &element, kind)?),
            None => None,
        };
        if let Some(until) = &until {
            let path = format!("{}.{}", def.rust_name, field.id);
            let message = format!("{path} must end at its first element that meets repeat-until");
            match until.write_check(&field.id) {
                Some(mut check) => {
                    if optional {
                        // An absent list has no end to check.
                        let id = ident(&field.id);
                        check = quote!(#id.as_ref().is_none_or(|#id| #check));
                    }
                    out.extend(field_check(&path, &check, &message, &[]));
                }
                None => out.extend(self.until_pos_writer(def, field, until, optional, &path)?),
            }
            if let Some(mut defined) = until.defined(&field.id) {
                let message = format!("{path}: a value its repeat-until reads is undefined");
                if optional {
                    let id = ident(&field.id);
                    defined = quote!(#id.as_ref().is_none_or(|#id| #defined));
                }
                out.extend(check(Check::Read, &defined, &message, &[]));
                out.extend(field_check(&path, &defined, &message, &[]));
            }
        }
        let eos = eos || field.repeat_until.is_some();
        if raw_args.is_none() && field.repeat_eos && (field.size_eos || field.size.is_some()) {
            return Err(self.field_err(
                field,
                "repeat of a byte array is not supported by the binrw backend",
            ));
        }
        if eos {
            vec = true;
            element = quote!(Vec<#element>);
        }
        // An enum list's element and length, for its maps (see `enum_list_maps`).
        let (enum_element, mut array_len) = (element.clone(), None);
        let size = field.size.as_ref().filter(|_| raw_args.is_none());
        if let Some(repeat) = field.repeat_expr.as_ref().or(size) {
            if raw_args.is_none()
                && field.repeat_expr.is_some()
                && field.size.is_some()
                && field.process.is_none()
            {
                return Err(self.field_err(
                    field,
                    "repeat of a byte array is not supported by the binrw backend",
                ));
            }
            let e = self.size_expr(field, repeat)?;
            match e.constant() {
                // serde derives arrays of up to 32 elements; longer ones are `Vec`s. An indexed
                // list is read element by element into a `Vec`.
                Some(n) if n <= 32 && indexed(field).is_none() && !index::uses_index(field) => {
                    let n = Literal::i64_unsuffixed(n);
                    element = quote!([#element; #n]);
                    array_len = Some(n);
                }
                _ => {
                    vec = true;
                    count = Some(e.count_in(Side::Read, &|n| self.wide_path(def, n)));
                    // An `eos` list is a list of lists already.
                    width = kind.int_width().filter(|_| !eos);
                    element = quote!(Vec<#element>);
                    out.extend(self.computed_count_check(def, field, &e));
                }
            }
        }
        if field.enum_name.is_some() && field.repeat_expr.is_some() {
            let (len, int) = (array_len.as_ref(), &int_element);
            out.extend(Self::enum_list_maps(
                &element,
                &enum_element,
                int,
                len,
                optional,
            ));
        }
        let mut br = Vec::new();
        br.extend(self.parse_with(field)?);
        if let Some(list) = indexed(field) {
            let (read, write) = raw_args.take().unwrap_or_else(|| {
                let args = args.take().unwrap_or_default();
                (tuple(&args), quote!(()))
            });
            self.check_indexed(def, field, list, kind)?;
            self.repeat = true;
            count = None;
            let (id, list_id) = (ident(&field.id), ident(list));
            br.push(
                quote!(parse_with = binrw::helpers::args_iter(#list_id.iter().map(|ks_n| #read))),
            );
            // The writer's arguments name the element of `list` only when it frames the size.
            let n = match mentions(&write, "ks_n") {
                true => quote!(ks_n),
                false => quote!(_),
            };
            out.extend(quote! {
                #[bw(write_with = ks_each_write, args_raw = #list_id.iter().map(|#n| #write).collect::<Vec<_>>())]
            });
            let path = format!("{}.{}", def.rust_name, field.id);
            let check = quote!(#id.len() == #list_id.len());
            let message = format!("{path} must have one element per element of {list}");
            out.extend(field_check(&path, &check, &message, &[]));
        }
        // A list whose elements take their index reads them itself (see `index.rs`).
        let by_index = self.indexed_reader(def, field, args.as_deref(), until.as_ref())?;
        if let Some(read) = &by_index {
            self.repeat = true;
            br.push(read.clone());
            (count, args) = (None, None);
        }
        match (count, width) {
            // binrw reserves an integer list whole before reading it: the input is checked first.
            (Some(c), Some(w)) if args.is_none() => {
                self.repeat = true;
                let w = Literal::u64_unsuffixed(w);
                br.push(quote!(parse_with = ks_count(#c, #w)));
            }
            (Some(c), _) => br.push(quote!(count = #c)),
            (None, _) => {}
        }
        if let Some(until) = until.as_ref().filter(|_| by_index.is_none()) {
            self.repeat = true;
            let parse_with = until.parse_with();
            br.push(quote!(parse_with = #parse_with));
        } else if eos && by_index.is_none() {
            self.repeat = true;
            br.push(quote!(parse_with = ks_until_eof));
        }
        if let Some(args) = &args {
            if args.is_empty() {
                // `#[with_version]` passes the version itself.
            } else if vec && !eos {
                br.push(quote!(args { inner: (#(#args),*,) }));
            } else {
                br.push(quote!(args(#(#args),*)));
            }
        }
        if let Some((read, _)) = &raw_args {
            if vec && !eos {
                br.push(quote!(args { inner: #read }));
            } else {
                br.push(quote!(args_raw = #read));
            }
        }
        // binrw's `if` gives a conditional field the value its reader returns, and a list
        // reader's `Vec` is not the field's `Option<Vec<_>>` until wrapped (an enum list's
        // map wraps it itself: binrw takes one map).
        if optional && br.iter().any(is_parse_with) && field.enum_name.is_none() {
            br.push(quote!(map = Some));
        }
        if !br.is_empty() {
            out.extend(quote!(#[br(#(#br),*)]));
        }
        if let Some((_, write)) = &raw_args {
            out.extend(quote!(#[bw(args_raw = #write)]));
        }
        let mut write_args = self.writer_args(field)?;
        write_args.extend(self.nav_args(def, field)?.1);
        // A sized user type or switch passes its writer's arguments in `args_raw`.
        if !write_args.is_empty() && !sub && raw_args.is_none() {
            out.extend(index::write_args_attr(field, &write_args));
        }
        if field.with_version {
            out.extend(quote!(#[with_version]));
        }
        if let Some(max) = self.recursion_bound(def, field)? {
            out.extend(nesting_guard(
                def,
                field,
                &element,
                &max,
                enums,
                self.settings.serde,
            ));
        }
        out.extend(self.param_count_check(def, field, vec)?);
        if let Some((name, variants)) = &field.variants {
            if let Some(left) = self.left_enum(def, field, name, variants)? {
                enums.extend(left);
            } else {
                enums.extend(self.field_enum(def, field, name, variants)?);
                out.extend(self.selector_check(def, field, name, variants)?);
            }
        }
        if optional {
            element = quote!(Option<#element>);
        }
        if let Some(with) = field.serde_with.as_deref().filter(|_| self.settings.serde) {
            out.extend(quote!(#[serde(with = #with)]));
        }
        let id = ident(&field.id);
        out.extend(quote!(pub #id: #element,));
        Ok(out)
    }

    /// The element type of a `switch-on` field without `-savepoint-enum` (its enum, framed when
    /// sized), with its checks in `out` and a sized one's `args_raw` in `raw_args`.
    fn switch_element(
        &mut self,
        def: &TypeDef,
        field: &Field,
        sized: bool,
        enums: &mut TokenStream,
        out: &mut TokenStream,
        raw_args: &mut Option<(TokenStream, TokenStream)>,
    ) -> Result<TokenStream, SchemaError> {
        let sw = self.general_switch(def, field, sized, enums)?;
        out.extend(sw.check);
        Ok(if sized {
            self.frames = true;
            let (r, w) = self.frame_values(def, field, None)?;
            let mut args = sw.args;
            args.extend(self.up_args(def, field)?);
            let (nav_read, nav_write) = self.nav_args(def, field)?;
            args.extend(nav_read);
            let arg = quote!((#(#args,)*));
            // A processed switch reads its case from the decoded bytes.
            let (r, w, wrapper) = match &field.process {
                Some(p) => {
                    let (pr, pw) =
                        super::super::process::args(def, field, p, &self.settings.processors)
                            .map_err(|e| self.field_err(field, e))?;
                    self.process = true;
                    (quote!(#r, #pr), quote!(#w, #pw), "KsProcSub")
                }
                None => (r, w, "KsSub"),
            };
            let mut write = self.case_writer_values(field)?;
            write.extend(nav_write);
            let write = super::field_args::tuple(&write);
            *raw_args = Some((quote!((#r, #arg)), quote!((#w, #write))));
            let (wrapper, name) = (ident(wrapper), ident(&sw.name));
            quote!(#wrapper<#name>)
        } else if field.process.is_some() {
            return Err(self.field_err(
                field,
                "`process` on a switch without `size` is not supported by the binrw backend",
            ));
        } else {
            ident(&sw.name).into_token_stream()
        })
    }

    /// A field's presence: `#[since]` / `#[until]`, a named-version gate or `#[br(if)]` with
    /// the writer's presence check.
    fn field_gate(
        &mut self,
        def: &TypeDef,
        field: &Field,
        version: &VersionSource,
        out: &mut TokenStream,
    ) -> Result<(), SchemaError> {
        if field.since.is_some() || field.until.is_some() {
            self.check_gate(field, version)?;
            let since = field.since.map(Literal::u32_unsuffixed);
            let until = field.until.map(Literal::u32_unsuffixed);
            let since = since.map(|n| quote!(#[since(#n)]));
            let until = until.map(|n| quote!(#[until(#n)]));
            out.extend(quote!(#since #until));
        } else if let Some(gate) = self.named_gate(def, field)? {
            out.extend(gate);
        } else if let Some(text) = &field.cond {
            let computed = seq_uses::computed_if(def, field);
            let cond = match computed {
                // Computed just before the field (see `seq_value.rs`).
                true => Expr::Path(vec![seq_uses::if_local(field), "0".into()]),
                false => self.expr_in(field, text, false)?,
            };
            let read = cond.rust(Side::Read);
            out.extend(quote!(#[br(if(#read))]));
            let path = format!("{}.{}", def.rust_name, field.id);
            let check = match computed {
                true => presence_named(&path, field, &cond, text.text()),
                false => presence(&path, field, &cond),
            };
            let check = check.filter(|_| !flag_of::flagged(def, field));
            out.extend(check);
        }
        Ok(())
    }

    /// The checks of a field's integer `valid` (min, max, any-of) by the reader and the writer.
    fn field_valid(
        &self,
        def: &TypeDef,
        field: &Field,
        valid: &Valid,
        kind: Elem,
    ) -> Result<TokenStream, SchemaError> {
        let mut out = TokenStream::new();
        let list = field.repeat_eos || field.repeat_expr.is_some();
        if list || field.size.is_some() || field.size_eos {
            return Err(self.field_err(
                field,
                "`valid` on a list or byte array is not supported by the binrw backend",
            ));
        }
        if field.cond.is_some() {
            return Err(self.field_err(
                field,
                "`valid` on a conditional field is not supported by the binrw backend",
            ));
        }
        let read = valid_check(Checked::Read(&field.id), valid, kind.unsigned());
        let write = valid_check(Checked::Write(&field.id), valid, kind.unsigned());
        if let Some((read, write)) = read.zip(write) {
            let message = format!("invalid {}.{} {{}}", def.rust_name, field.id);
            let id = ident(&field.id).into_token_stream();
            let read = check(Check::Read, &read, &message, std::slice::from_ref(&id));
            out.extend(read);
            let path = format!("{}.{}", def.rust_name, field.id);
            out.extend(field_check(&path, &write, &message, &[id]));
        }
        Ok(out)
    }

    /// Refuses a `size: list[_index]` other than on a string or byte array, and a `size` or
    /// `switch-on: list[_index]` on a field not repeated as often as `list`, an earlier plain
    /// integer list.
    pub(super) fn check_indexed(
        &self,
        def: &TypeDef,
        field: &Field,
        list: &str,
        kind: Elem,
    ) -> Result<(), SchemaError> {
        let switch = switch::indexed_selector(field).is_some();
        // An indexed field is a list (`Vec<T>`, see `Module::field`).
        let ok = (switch || matches!(kind, Elem::Str | Elem::Bytes))
            && field.process.is_none()
            && field.cond.is_none()
            && def
                .seq
                .iter()
                .take_while(|f| !std::ptr::eq(*f, field))
                .any(|f| {
                    f.id == list
                        && f.repeat_expr.is_some()
                        && f.repeat_expr == field.repeat_expr
                        && f.cond.is_none()
                        && f.enum_name.is_none()
                        && f.since.is_none()
                        && f.until.is_none()
                        && matches!(&f.ty, FieldType::Named { kind, .. } if kind.rust_int().is_some())
                });
        if ok {
            Ok(())
        } else {
            Err(self.field_err(
                field,
                format!("`size: {list}[_index]` other than on a string or byte array with the repeat-expr of `{list}`, an earlier integer list, is not supported by the binrw backend"),
            ))
        }
    }

    /// The `repeat-until` condition over one element `x` of type `element`, for the reader and
    /// for the writer's check.
    pub(super) fn until_closure(
        &self,
        def: &TypeDef,
        field: &Field,
        text: &crate::expr::Source,
        element: &TokenStream,
        elem: Elem,
    ) -> Result<super::super::repeat::Until, SchemaError> {
        use super::super::repeat::{At, Element};
        let kind = match &field.ty {
            _ if elem == Elem::Bytes => Element::Bytes(At::Value),
            _ if elem == Elem::Str => Element::Str,
            FieldType::Named { kind, .. } if kind.rust_int().is_some() => Element::Int,
            FieldType::Named { name, kind, .. } if !kind.builtin() => {
                let (_, def) = self.resolve(field, name)?;
                // A sized user type keeps its value in its frame's `value`.
                let at = if elem == Elem::Sub {
                    At::Value
                } else {
                    At::Plain
                };
                Element::Struct(def, at)
            }
            _ => {
                return Err(self.field_err(
                    field,
                    "repeat: until of this type is not supported by the binrw backend",
                ));
            }
        };
        let earlier = self.earlier_lists(def, field);
        // An enum field of the element is compared as the integer it is read from.
        let text = &self.enum_values_as_ints(text);
        let instances = super::super::until_inst::names(def, text);
        super::super::repeat::Until::new(text, &kind, &earlier, &instances, element)
            .map_err(|e| self.field_err(field, e))
    }

    /// The `write_with` of a list whose `repeat-until` reads `_io.pos` (see `repeat.rs`): it
    /// writes the elements itself, so they may take no arguments.
    fn until_pos_writer(
        &self,
        def: &TypeDef,
        field: &Field,
        until: &super::super::repeat::Until,
        optional: bool,
        path: &str,
    ) -> Result<TokenStream, SchemaError> {
        let takes_args = match &field.ty {
            FieldType::Named { args, .. } => !args.is_empty(),
            _ => true,
        };
        let writer_args =
            !self.writer_args(field)?.is_empty() || !self.nav_args(def, field)?.1.is_empty();
        let plain = !optional
            && !takes_args
            && !writer_args
            && field.size.is_none()
            && !field.size_eos
            && field.terminator.is_none()
            && field.process.is_none();
        match until.write_with(path).filter(|_| plain) {
            Some(with) => Ok(quote!(#[bw(write_with = #with)])),
            None => Err(self.field_err(
                field,
                "`_io.pos` in the `repeat-until` of a list other than of an unsized user type without arguments or `if` is not supported by the binrw backend",
            )),
        }
    }

    /// The lists of byte arrays (`Vec<KsBytes>`) and of user types read before `field` in
    /// `def`, which a `repeat-until` condition may name (`records1.last`).
    pub(super) fn earlier_lists<'d>(
        &'d self,
        def: &'d TypeDef,
        field: &Field,
    ) -> Vec<(&'d str, super::super::repeat::Element<'d>)> {
        use super::super::repeat::{At, Element};
        let mut out = Vec::new();
        for f in def.seq.iter().take_while(|f| !std::ptr::eq(*f, field)) {
            let list = f.repeat_eos || f.repeat_expr.is_some() || f.repeat_until.is_some();
            let plain = list
                && f.cond.is_none()
                && f.process.is_none()
                && f.enum_name.is_none()
                && f.contents_bytes.is_none()
                && f.since.is_none()
                && f.until.is_none();
            if !plain {
                continue;
            }
            match &f.ty {
                FieldType::None => out.push((f.id.as_str(), Element::Bytes(At::Value))),
                FieldType::Named { name, kind, .. } if !kind.builtin() => {
                    if let Ok((_, target)) = self.resolve(f, name) {
                        let framed = f.size.is_some() || f.size_eos || f.terminator.is_some();
                        let at = if framed { At::Value } else { At::Plain };
                        out.push((f.id.as_str(), Element::Struct(target, at)));
                    }
                }
                _ => {}
            }
        }
        out
    }
}

/// Whether a `#[br(..)]` argument is `parse_with = ..`.
fn is_parse_with(arg: &TokenStream) -> bool {
    matches!(arg.clone().into_iter().next(), Some(proc_macro2::TokenTree::Ident(i)) if i == "parse_with")
}
