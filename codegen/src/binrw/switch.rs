//! `switch-on` without `-savepoint-enum`: the field's type is a generated enum named after the
//! type and field (`OpcodeBody`), one variant per case type (named after it: `Intval`, `U2le`),
//! selected by a `pre_assert` on the selector that the parent passes as an import. Selectors are
//! an earlier field: an integer, a Kaitai enum, a string or a byte array (case keys `1`,
//! `code_enum::intval`, `"I"`, `[73]`). The `_` case is the variant taken when no other matches;
//! without one, a sized field keeps the area in `Raw(Vec<u8>)` and an unsized one reads nothing
//! (`Unmatched`, Kaitai's null). Every variant's condition excludes the others', so exactly one
//! is tried and its error is the read's error. The writer checks that the variant still agrees
//! with the selector.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::super::schema::{
    CaseKey, Field, FieldType, KsType, SwitchCase, TypeDef, snake_to_camel,
};
use super::switch_sel::{Sel, sel_arg, sel_name, sel_type};
use super::{Module, field_check, indexed_list};
use crate::SchemaError;
use crate::binrw::tokens::{ident, source};
use crate::expr::Source;
pub(super) use conds::any;
use conds::{none, selector_check};

#[path = "switch_conds.rs"]
mod conds;
#[path = "switch_params.rs"]
mod params;
#[path = "switch_valid.rs"]
mod valid;

/// A generated switch enum, as its field uses it.
pub(super) struct Switch {
    /// The enum's name.
    pub name: String,
    /// The reader's arguments: the selector (none when only `_` is given), then the depth when
    /// a case type counts levels.
    pub args: Vec<TokenStream>,
    /// The writer's check that the variant agrees with the selector.
    pub check: TokenStream,
}

/// The Rust name of the variant of case type `ty`.
pub(in crate::binrw) fn variant_name(ty: &str) -> String {
    snake_to_camel(ty.rsplit("::").next().unwrap_or(ty))
}

/// The enum's name for `field` of `def`.
pub(in crate::binrw) fn enum_name(def: &TypeDef, field: &Field) -> String {
    format!("{}{}", def.rust_name, snake_to_camel(&field.id))
}

impl Module<'_> {
    /// Generates the enum of a `switch-on` field without `-savepoint-enum` into `enums`.
    pub(super) fn general_switch(
        &mut self,
        def: &TypeDef,
        field: &Field,
        sized: bool,
        enums: &mut TokenStream,
    ) -> Result<Switch, SchemaError> {
        let FieldType::Switch { on, .. } = &field.ty else {
            return Err(self.field_err(field, "expected a switch-on type"));
        };
        if field.valid_expr.is_some() || (field.valid.is_some() && (sized || field.cond.is_some()))
        {
            return Err(self.field_err(
                field,
                "`valid` other than integer literals on an unsized, unconditional switch-on field is not supported by the binrw backend",
            ));
        }
        let sel = self.selector(def, field, on)?;
        let name = enum_name(def, field);
        if self
            .schemas
            .files
            .get(self.file)
            .is_some_and(|f| f.types.iter().any(|t| t.rust_name == name))
        {
            return Err(self.field_err(
                field,
                format!("the switch enum `{name}` is named like a type"),
            ));
        }
        let cases = self.cases(def, field, &sel, sel_name(on), sized)?;
        let depth = self.cases_need_depth(field)?;
        let item = self.enum_item(def, field, on, &cases, &sel, depth)?;
        self.binrw_attr = true;
        enums.extend(item);
        let mut check = TokenStream::new();
        if !cases.variants.is_empty() {
            let cond = selector_check(def, field, &sel, &cases, sized);
            let message = format!(
                "{}.{} does not match its selector `{on}`",
                def.rust_name, field.id
            );
            let path = format!("{}.{}", def.rust_name, field.id);
            check = field_check(&path, &cond, &message, &[]);
        }
        if let Some(valid) = &field.valid {
            check.extend(self.valid_variants(def, field, &name, valid)?);
        }
        if let Some((method, checks)) = super::switch_int::value_items(def, field, &name)
            .map_err(|e| self.field_err(field, e))?
        {
            enums.extend(method);
            check.extend(checks);
        }
        let args = (!cases.variants.is_empty())
            .then(|| sel_arg(&sel, sel_name(on)))
            .into_iter()
            .chain(depth.then(|| depth_arg(def)))
            .chain(self.case_param_values(def, field)?)
            .collect();
        Ok(Switch { name, args, check })
    }

    /// The variants of `field`'s switch enum: one per case type (its keys' conditions merged),
    /// then the one taken when no other matches.
    fn cases(
        &mut self,
        def: &TypeDef,
        field: &Field,
        sel: &Sel,
        on: &str,
        sized: bool,
    ) -> Result<Cases, SchemaError> {
        let mut variants: Vec<Variant> = Vec::new();
        let mut default = None;
        for case in &field.switch_cases {
            let name = variant_name(case.name());
            let payload = self.payload(def, field, case, sized)?;
            let CaseKey::Value(key) = &case.key else {
                default = Some((name, payload));
                continue;
            };
            let (read, write) = self.case_conds(field, sel, &quote!(sel), on, key)?;
            match variants.iter_mut().find(|v| v.name == name) {
                Some(v) if source(&v.payload) == source(&payload) => {
                    v.read.push(read);
                    v.write.push(write);
                }
                Some(_) => {
                    return Err(self.field_err(field, format!("two case types named {name}")));
                }
                None => variants.push(Variant {
                    name,
                    read: vec![read],
                    write: vec![write],
                    payload,
                }),
            }
        }
        let rest = match default {
            // The `_` type named like a case: that variant is taken when no other case matches.
            Some((name, payload)) => {
                if let Some(at) = variants.iter().position(|v| v.name == name) {
                    let case = variants.remove(at);
                    if source(&case.payload) != source(&payload) {
                        return Err(self.field_err(field, format!("two case types named {name}")));
                    }
                }
                Rest::Default(name, payload)
            }
            None if sized => Rest::Raw,
            None => Rest::Unmatched,
        };
        Ok(Cases { variants, rest })
    }

    /// The switch enum of `field` (`depth`: a case type counts levels).
    fn enum_item(
        &mut self,
        def: &TypeDef,
        field: &Field,
        on: &Source,
        cases: &Cases,
        sel: &Sel,
        depth: bool,
    ) -> Result<TokenStream, SchemaError> {
        let reads = cases.variants.iter().map(|v| {
            let read = &v.read;
            quote!(#(#read)||*)
        });
        let names = cases.variants.iter().map(|v| ident(&v.name));
        let payloads = cases.variants.iter().map(|v| &v.payload);
        let others: Vec<TokenStream> = cases.variants.iter().flat_map(|v| v.read.clone()).collect();
        let (rest, rest_payload, what) = match &cases.rest {
            Rest::Default(name, payload) => (
                ident(name),
                Some(quote!((#payload))),
                " The `_` case: no other case matched.",
            ),
            Rest::Raw => (
                ident("Raw"),
                Some(quote!((#[br(parse_with = binrw::helpers::until_eof)] Vec<u8>))),
                " No case matched: the bytes of the area.",
            ),
            Rest::Unmatched => (
                ident("Unmatched"),
                None,
                " No case matched: nothing was read (Kaitai's null).",
            ),
        };
        let pre = (!others.is_empty()).then(|| {
            let none = none(&others);
            quote!(#[br(pre_assert(#none))])
        });
        let endian = def.endian.map(|e| {
            let e = ident(e);
            quote!(#[brw(#e)])
        });
        // The selector, the depth, then what the cases' value instances read (`nav_value.rs`).
        let mut imports = Vec::new();
        if !others.is_empty() {
            let ty = sel_type(sel);
            imports.push(quote!(sel: #ty));
        }
        if depth {
            imports.push(quote!(depth: u32));
        }
        imports.extend(self.case_param_imports(field)?);
        for import in self
            .up()
            .switch_imports(field)
            .map_err(|(at, e)| self.err(&at, e))?
        {
            imports.push(import);
        }
        // Then the `_parent` / `_root` values the cases' seq expressions use (`parent.rs`),
        // which their writers use too.
        let nav = self.nav().switch_imports(field);
        let nav = nav.map_err(|e| self.field_err(field, e))?;
        imports.extend(nav.iter().cloned());
        let import = (!imports.is_empty()).then(|| quote!(#[br(import(#(#imports),*))]));
        let mut writer = self.case_writer_imports(field)?;
        writer.extend(nav);
        let writer = (!writer.is_empty()).then(|| quote!(#[bw(import(#(#writer),*))]));
        let doc = format!(" `{}.{}`, switched on `{on}`.", def.rust_name, field.id);
        let derives = self.base_derive();
        let name = ident(&enum_name(def, field));
        Ok(quote! {
            #[doc = #doc]
            #[binrw]
            #endian
            #import
            #writer
            #derives
            pub enum #name {
                #(
                    #[br(pre_assert(#reads))]
                    #names(#payloads),
                )*
                #[doc = #what]
                #pre
                #rest #rest_payload,
            }
        })
    }

    /// The reader's arguments of a switch field without `-savepoint-enum` (a sized one passes
    /// them inside `args_raw`): the selector, then the depth when a case type counts levels.
    pub(super) fn general_switch_arg(
        &self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<Option<Vec<TokenStream>>, SchemaError> {
        let FieldType::Switch { on, .. } = &field.ty else {
            return Ok(None);
        };
        if field.size.is_some() || field.size_eos {
            return Ok(None);
        }
        let mut args = Vec::new();
        if field.switch_cases.iter().any(|c| !c.key.is_else()) {
            args.push(sel_arg(&self.selector(def, field, on)?, sel_name(on)));
        }
        if self.cases_need_depth(field)? {
            args.push(depth_arg(def));
        }
        args.extend(self.case_param_values(def, field)?);
        Ok((!args.is_empty()).then_some(args))
    }

    /// Whether a case type of `field` is on a recursion cycle, so the enum imports the depth
    /// and hands it to that variant (see `recursion.rs`).
    fn cases_need_depth(&self, field: &Field) -> Result<bool, SchemaError> {
        for case in &field.switch_cases {
            if case.kind != KsType::User {
                continue;
            }
            let (decl, target) = self.resolve(field, case.name())?;
            if self.needs_depth(decl, target) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The payload of a variant of case type `case.ty`, with its attributes: a case reads as a
    /// field of that type would (Kaitai gives every case the field's `size`, `terminator`,
    /// `encoding` and padding), inside the switch's area when the switch is `sized`.
    fn payload(
        &mut self,
        def: &TypeDef,
        field: &Field,
        case: &SwitchCase,
        sized: bool,
    ) -> Result<TokenStream, SchemaError> {
        match case.kind {
            KsType::Int { .. } | KsType::Float { .. } => Ok(number_payload(case.kind)),
            KsType::Str | KsType::Strz => self.string_payload(def, field, case, sized),
            KsType::Bits { .. } => Err(self.field_err(
                field,
                format!(
                    "case type `{}`: a bit type in a switch is not supported by the binrw backend",
                    case.ty
                ),
            )),
            KsType::User => self.user_payload(field, case, sized),
        }
    }

    /// A `str` or `strz` case: framed as a string field of the case's type with the switch
    /// field's keys, except that a sized switch's case runs to the end of the switch's area
    /// (its `KsSub` reads the size and keeps what the string leaves).
    fn string_payload(
        &mut self,
        def: &TypeDef,
        field: &Field,
        case: &SwitchCase,
        sized: bool,
    ) -> Result<TokenStream, SchemaError> {
        let mut as_field = field.clone();
        as_field.ty = FieldType::Named {
            name: case.ty.clone(),
            kind: case.kind,
            args: Vec::new(),
        };
        as_field.size = None;
        as_field.size_eos = sized;
        // A switch's `valid` is checked on its variants (see `switch_valid.rs`).
        as_field.valid = None;
        let (read, write) = self.frame_values(def, &as_field, Some(true))?;
        self.frames = true;
        Ok(quote!(
            #[br(args_raw = #read)]
            #[bw(args_raw = #write)]
            KsStr
        ))
    }

    /// A user type's case, with the arguments and depth it is read with.
    fn user_payload(
        &mut self,
        field: &Field,
        case: &SwitchCase,
        sized: bool,
    ) -> Result<TokenStream, SchemaError> {
        let ty = case.ty.as_str();
        if field.terminator.is_some() && !sized {
            return Err(self.field_err(
                field,
                format!("case type `{ty}` of a switch framed by a `terminator` without `size`: not supported by the binrw backend"),
            ));
        }
        let (decl, target) = self.resolve(field, case.name())?;
        // An opaque or hand-written type is its Rust type, read with no arguments.
        if let (Some(path), true) = (&target.rust_type, target.params.is_empty()) {
            return self.rust_type(field, path, decl);
        }
        if target.rust_type.is_some() || target.type_enum.is_some() || target.bitfield.is_some() {
            return Err(self.field_err(field, format!("case type `{ty}` is not a plain record")));
        }
        let depth = self.needs_depth(decl, target);
        let decl = decl.to_string();
        let rust = target.rust_name.clone();
        // A type's Rust name is an identifier (the schema reader refuses any other).
        let mut rust = ident(&self.use_type(&decl, &rust)).into_token_stream();
        // Its params' values, which the enum imports (see `switch_params.rs`), then the
        // `_parent` / `_root` values its value instances read.
        let mut args = Self::case_param_names(case, target);
        let nav = self.nav().case_args(target);
        let nav = nav.map_err(|e| self.field_err(field, e))?;
        args.extend(nav.iter().cloned());
        args.extend(
            self.up()
                .case_args(target)
                .map_err(|(at, e)| self.err(&at, e))?,
        );
        // A type on a recursion cycle is boxed and gets the level the enum was given (its
        // imports end with the depth, see `Module::param_imports`).
        if depth {
            args.push(quote!(depth));
            rust = quote!(Box<#rust>);
        }
        let writer = match (self.case_writer_arg(field, case)?, nav.is_empty()) {
            (writer, true) => writer,
            (None, false) => Some(quote!(#[bw(args(#(#nav),*))])),
            (Some(_), false) => {
                return Err(self.field_err(
                    field,
                    format!("case type `{ty}` with params its writer needs and _parent / _root values: not supported by the binrw backend"),
                ));
            }
        };
        Ok(if args.is_empty() {
            quote!(#writer #rust)
        } else {
            quote!(#[br(args(#(#args),*))] #writer #rust)
        })
    }
}

/// The payload of an integer or float case: the number, in the byte order its name gives.
fn number_payload(kind: KsType) -> TokenStream {
    let rust = ident(kind.rust_int().or(kind.rust_float()).unwrap_or("f64"));
    match kind.own_endian().map(ident) {
        Some(e) => quote!(#[brw(#e)] #rust),
        None => quote!(#rust),
    }
}

/// A switch enum's variants.
struct Cases {
    /// One per case type.
    variants: Vec<Variant>,
    /// The variant taken when no case matches.
    rest: Rest,
}

/// The variant of one case type.
struct Variant {
    name: String,
    /// The reader's condition on `sel` for each case key of the type.
    read: Vec<TokenStream>,
    /// The writer's condition on the selector field for each case key.
    write: Vec<TokenStream>,
    /// The payload with its attributes.
    payload: TokenStream,
}

/// The variant taken when no case matches.
enum Rest {
    /// The `_` case: its variant name and payload.
    Default(String, TokenStream),
    /// A sized switch: the area's bytes.
    Raw,
    /// An unsized switch: nothing (Kaitai's null).
    Unmatched,
}

impl Rest {
    /// The variant's name and whether it holds a payload.
    fn name(&self) -> (&str, bool) {
        match self {
            Rest::Default(name, _) => (name, true),
            Rest::Raw => ("Raw", true),
            Rest::Unmatched => ("Unmatched", false),
        }
    }
}

/// The depth a field of `def` passes to a type that counts levels: one more than its own, or
/// the first level when `def` does not count (as `Module::type_args` passes it).
fn depth_arg(def: &TypeDef) -> TokenStream {
    if def.max_depth.is_some() {
        quote!(depth + 1)
    } else {
        quote!(0)
    }
}

/// `list` of a repeated switch field's `switch-on: list[_index]`, else `None`.
pub(super) fn indexed_selector(field: &Field) -> Option<&str> {
    match &field.ty {
        FieldType::Switch { on, .. } if field.repeat_expr.is_some() && field.variants.is_none() => {
            indexed_list(on)
        }
        _ => None,
    }
}
#[cfg(test)]
mod tests {

    fn generate_one(tag: &str, ksy: &str) -> Result<String, crate::SchemaError> {
        let tag = format!("switch-{tag}");
        crate::binrw::generate_from(&tag, &[("s.ksy", ksy)], "s").map(|m| m.source)
    }

    const SCHEMA: &str = "meta: {id: s, endian: le}\nseq:\n  - {id: code, type: str, size: 1, encoding: ASCII}\n  - id: body\n    type:\n      switch-on: code\n      cases:\n        '\"I\"': intval\n        '\"J\"': intval\n        '\"W\"': u2be\n  - id: sized\n    size: 2\n    type:\n      switch-on: code\n      cases:\n        '\"I\"': intval\ntypes:\n  intval:\n    seq:\n      - {id: value, type: u1}\n";

    /// An integer switch with `valid` bounds `VALID`, cases `u1` and `s2`.
    const VALID_SWITCH: &str = "meta: {id: s, endian: le}\nseq:\n  - {id: k, type: u1}\n  - id: v\n    type:\n      switch-on: k\n      cases:\n        1: u1\n        2: s2\n    valid: VALID\n";

    #[test]
    fn valid_bounds_must_fit_every_case_type() {
        let with =
            |valid: &str| generate_one("valid-bounds", &VALID_SWITCH.replace("VALID", valid));
        let src = with("{any-of: [0, 200]}").unwrap();
        assert!(src.contains("SV::U1(0 | 200) | SV::S2(0 | 200)"), "{src}");
        for (valid, bad) in [("{any-of: [-2]}", -2), ("{min: 0, max: 300}", 300)] {
            let err = with(valid).unwrap_err().to_string();
            assert!(
                err.ends_with(&format!(
                    "s.ksy: /seq/1: `valid` value {bad} does not fit the switch case type `u1`"
                )),
                "{err}"
            );
        }
        assert!(with("{min: -2}").is_err());
    }

    #[test]
    fn string_selector_variants_exclude_each_other() {
        let src = generate_one("ok", SCHEMA).unwrap();
        for expected in [
            "#[br(import(sel: String))]",
            "pub enum SBody {",
            "#[br(pre_assert(sel == \"I\" || sel == \"J\"))]",
            "Intval(Intval),",
            "U2be(#[brw(big)] u16),",
            "#[br(pre_assert(!(sel == \"I\" || sel == \"J\" || sel == \"W\")))]",
            "Unmatched,",
            "Raw(#[br(parse_with = binrw::helpers::until_eof)] Vec<u8>),",
            "pub body: SBody,",
            "pub sized: KsSub<SSized>,",
            "SBody::Intval(..) => code.value == \"I\" || code.value == \"J\",",
        ] {
            assert!(src.contains(expected), "{expected}:\n{src}");
        }
    }

    #[test]
    fn refuses_selectors_it_cannot_pass() {
        let parent = SCHEMA.replace(
            "switch-on: code\n      cases:\n        '\"I\"': intval\n        '\"J\"'",
            "switch-on: _parent.code\n      cases:\n        '\"I\"': intval\n        '\"J\"'",
        );
        let err = generate_one("parent", &parent).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/1");
        assert!(err.message.contains("_parent"), "{err}");
        let key = SCHEMA.replace("'\"W\"'", "7");
        let err = generate_one("key", &key).unwrap_err();
        assert!(err.message.contains("case `7`"), "{err}");
    }

    #[test]
    fn refuses_bit_cases_and_user_cases_framed_by_a_terminator_only() {
        let ksy = "meta: {id: s}\nseq:\n  - {id: a, type: u1}\n  - id: b\n    type:\n      switch-on: a\n      cases:\n        1: b3\n";
        let err = generate_one("bit-case", ksy).unwrap_err();
        assert!(err.message.contains("case type `b3`: a bit type"), "{err}");
        let user = ksy
            .replace("1: b3", "1: intval")
            .replace("    type:\n", "    terminator: 0\n    type:\n")
            + "types:\n  intval:\n    seq:\n      - {id: v, type: u1}\n";
        let err = generate_one("terminated-user", &user).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/1");
        assert!(err.message.contains("`terminator` without `size`"), "{err}");
        // A string case takes the terminator.
        let src = generate_one(
            "terminated-str",
            &user
                .replace("1: intval", "1: str")
                .replace("meta: {id: s}", "meta: {id: s, encoding: ASCII}"),
        )
        .unwrap();
        assert!(src.contains("terminator: Some(0)"), "{src}");
    }

    #[test]
    fn case_arguments_reach_the_reader_and_the_writer() {
        let ksy = "meta: {id: s}\nseq:\n  - {id: a, type: u1}\n  - id: b\n    type:\n      switch-on: a\n      cases:\n        1: kept(a)\n        2: kept(3)\ntypes:\n  kept:\n    params: [{id: n, type: u1}]\n    seq:\n      - {id: v, type: u1}\n  sized:\n    params: [{id: n, type: u1}]\n    seq:\n      - {id: v, size: n}\n";
        let err = generate_one("args-differ", ksy).unwrap_err();
        assert!(
            err.message.contains("other arguments in two cases"),
            "{err}"
        );
        let one = ksy.replace("        2: kept(3)\n", "");
        assert!(generate_one("args-one", &one).is_ok());
        // A case type whose writer needs its param gets it from the parent's writer.
        let src = generate_one("args-writer", &one.replace("kept(a)", "sized(a)")).unwrap();
        assert!(src.contains("#[bw(args((*a,)))]"), "{src}");
        assert!(
            src.contains("#[bw(args_raw = ks_sized_writer)] Sized"),
            "{src}"
        );
        let err = generate_one("args-count", &one.replace("kept(a)", "kept")).unwrap_err();
        assert!(err.message.contains("takes 1 arguments"), "{err}");
    }

    #[test]
    fn a_bit_field_selects_as_its_integer() {
        let ksy = "meta: {id: s}\nseq:\n  - {id: a, type: b3}\n  - {id: flag, type: b1}\n  - id: b\n    type:\n      switch-on: a\n      cases:\n        2: u1\n";
        let src = generate_one("bits", ksy).unwrap();
        assert!(src.contains("#[br(import(sel: u8))]"), "{src}");
        assert!(src.contains("#[br(pre_assert(sel == 2))]"), "{src}");
        let one_bit = ksy.replace("switch-on: a", "switch-on: flag");
        assert!(generate_one("bit", &one_bit).is_err());
    }

    #[test]
    fn valid_on_a_switch_checks_every_integer_variant() {
        let ksy = "meta: {id: s}\nseq:\n  - {id: a, type: u1}\n  - id: b\n    type:\n      switch-on: a\n      cases:\n        0x50: u2le\n        _: u2be\n    valid: {min: 2, max: 9}\n";
        let src = generate_one("valid", ksy).unwrap();
        let cond = "matches!(b, SB::U2le(2..=9) | SB::U2be(2..=9))";
        assert_eq!(src.matches(cond).count(), 2, "{src}");
        let user = ksy.replace("_: u2be", "_: intval")
            + "types:\n  intval:\n    seq:\n      - {id: v, type: u1}\n";
        let err = generate_one("valid-user", &user).unwrap_err();
        assert!(err.message.contains("case type `intval`"), "{err}");
    }

    #[test]
    fn calculated_endianness_is_decided_by_the_parent_field() {
        let ksy = "meta: {id: s}\nseq:\n  - {id: indicator, size: 2}\n  - {id: main, type: main_obj}\ntypes:\n  main_obj:\n    meta:\n      endian:\n        switch-on: _parent.indicator\n        cases:\n          '[0x4d, 0x4d]': be\n          '[0x49, 0x49]': le\n    seq:\n      - {id: x, type: u4}\n";
        let src = generate_one("endian", ksy).unwrap();
        for expected in [
            "#[br(is_big = indicator[..] == [77u8, 77u8][..])]",
            "#[bw(is_big = indicator[..] == [77u8, 77u8][..])]",
            "indicator[..] == [77u8, 77u8][..] || indicator[..] == [73u8, 73u8][..]",
        ] {
            assert!(src.contains(expected), "{expected}:\n{src}");
        }
        let own = ksy.replace("_parent.indicator", "indicator");
        let err = generate_one("own", &own).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/1");
    }
}
