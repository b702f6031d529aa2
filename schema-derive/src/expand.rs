//! Rewriting of the struct: the pattern framing fields, and binrw directives for the
//! gated and version-passing fields.

use proc_macro2::{Group, Ident, Literal, Span, TokenStream, TokenTree};
use quote::{format_ident, quote};
use syn::{
    Attribute, BinOp, Expr, Field, Fields, ItemStruct, LitByteStr, Meta, parse::Parser,
    parse_quote, punctuated::Punctuated, token::Comma,
};

use crate::directives::{self, Side};
use crate::marks::{Bound, Gate, take_marks};
use crate::options::{Origin, PatternOptions, VersionSource, VersionedOptions};

/// The error, plus the struct without any binrw or schema attributes, so that code
/// using the struct does not drown the real error in follow-up errors.
pub(crate) fn failed(err: syn::Error, mut item: ItemStruct) -> TokenStream {
    let keep = |attr: &Attribute| {
        let path = attr.path();
        let last = path.segments.last().map(|s| s.ident.to_string());
        !matches!(
            last.as_deref(),
            Some(
                "binrw"
                    | "br"
                    | "bw"
                    | "brw"
                    | "since"
                    | "until"
                    | "only"
                    | "with_version"
                    | "absent"
                    | "version"
                    | "versioned"
                    | "pattern"
            )
        )
    };
    item.attrs.retain(keep);
    for field in item.fields.iter_mut() {
        field.attrs.retain(keep);
    }
    let err = err.into_compile_error();
    quote!(#err #item)
}

/// A version the fields can be gated on, as spelled in binrw's read context (earlier
/// fields are values) and write context (fields are references, imports are values).
struct Version {
    name: Ident,
    read: TokenStream,
    write: TokenStream,
    /// Index of the first field allowed to use the version.
    first_user: usize,
}

/// What the field rewriting needs to know about the struct.
struct Context<'a> {
    versions: Vec<Version>,
    /// `#[pattern]` and `#[versioned]`: bare numbers (`#[since(2)]`) mean `version`, and
    /// `#[with_version]` passes it on.
    numbered: bool,
    /// Name used in error messages: the tag for patterns, the type name otherwise.
    label: &'a str,
    /// For patterns: the newest version, so a gate above it can be refused.
    newest: Option<u32>,
}

impl Context<'_> {
    /// The single version of a `#[pattern]` or `#[versioned]` struct.
    fn only(version: TokenStream, write: TokenStream, first_user: usize) -> Vec<Version> {
        vec![Version {
            name: format_ident!("version"),
            read: version,
            write,
            first_user,
        }]
    }

    /// The version a bound compares, or an error naming the versions there are.
    fn version_of(&self, bound: &Bound) -> syn::Result<&Version> {
        let Some(name) = &bound.source else {
            return match self.numbered {
                true => Ok(&self.versions[0]),
                false => Err(syn::Error::new_spanned(
                    &bound.attr,
                    format!(
                        "name the version this bound compares, e.g. `#[since({} >= 2)]`",
                        self.versions[0].name
                    ),
                )),
            };
        };
        self.versions
            .iter()
            .find(|v| v.name == *name)
            .ok_or_else(|| {
                let known: Vec<String> = self
                    .versions
                    .iter()
                    .map(|v| format!("`{}`", v.name))
                    .collect();
                syn::Error::new_spanned(
                    name,
                    format!(
                        "no version named `{name}` here; this struct has {}",
                        known.join(", ")
                    ),
                )
            })
    }
}

const PATTERN_FIELDS: [&str; 3] = ["opening_tag", "version", "closing_tag"];

pub(crate) fn pattern(opts: PatternOptions, mut item: ItemStruct) -> syn::Result<TokenStream> {
    binrw_position(&item, "pattern")?;
    reject_named_versions(&item.attrs, "pattern")?;
    let label = opts.tag.escape_ascii().to_string();
    let fields = named_fields(&mut item, "pattern")?;
    reject_reserved(fields, &PATTERN_FIELDS)?;
    let context = Context {
        versions: Context::only(quote!(version), quote!((*version)), 0),
        numbered: true,
        label: &label,
        newest: Some(opts.newest),
    };
    let checks = rewrite_fields(fields, &context)?;
    let mut closing = opts.tag;
    closing.reverse();
    fields.insert(0, tag_field("opening_tag", opts.tag, &label)?);
    fields.insert(1, version_field(&label, opts.newest)?);
    fields.push(tag_field("closing_tag", closing, &label)?);
    item.attrs.extend(write_check(
        &checks,
        Some((&label, opts.newest, &context.versions[0].write)),
    ));
    Ok(quote!(#item))
}

pub(crate) fn versioned(opts: VersionedOptions, mut item: ItemStruct) -> syn::Result<TokenStream> {
    let binrw_at = binrw_position(&item, "versioned")?;
    reject_named_versions(&item.attrs, "versioned")?;
    let label = item.ident.to_string();
    let imported = opts.version.is_none();
    if imported {
        reject_imports(&item.attrs)?;
        item.attrs
            .insert(binrw_at + 1, parse_quote!(#[brw(import(version: u32))]));
    }
    let fields = named_fields(&mut item, "versioned")?;
    let versions = match &opts.version {
        None => {
            reject_reserved(fields, &["version"])?;
            Context::only(quote!(version), quote!(version), 0)
        }
        Some(expr) => {
            let value = computed_version(&parse_quote!(u32), expr);
            Context::only(value.clone(), value, first_user_after(fields, expr))
        }
    };
    let context = Context {
        versions,
        numbered: true,
        label: &label,
        newest: None,
    };
    let checks = rewrite_fields(fields, &context)?;
    item.attrs.extend(write_check(&checks, None));
    Ok(quote!(#item))
}

/// A struct laid out by one or more named versions: `first` and the other
/// `#[version(...)]` attributes found on it.
pub(crate) fn version(first: VersionSource, mut item: ItemStruct) -> syn::Result<TokenStream> {
    binrw_position(&item, "version")?;
    reject_other_macros(&item.attrs)?;
    let mut sources = vec![first];
    let mut rest = Vec::new();
    for attr in item.attrs.drain(..) {
        if is_named(&attr, "version") {
            sources.push(parse_version_attr(&attr)?);
        } else {
            rest.push(attr);
        }
    }
    item.attrs = rest;
    let binrw_at = binrw_position(&item, "version")?;
    for (at, source) in sources.iter().enumerate() {
        if sources[..at].iter().any(|s| s.name == source.name) {
            return Err(syn::Error::new_spanned(
                &source.name,
                format!("version `{}` declared twice", source.name),
            ));
        }
    }
    declare_imports(&mut item.attrs, binrw_at, &sources)?;
    let label = item.ident.to_string();
    let fields = named_fields(&mut item, "version")?;
    let versions = sources
        .iter()
        .map(|source| match &source.origin {
            Origin::Import => {
                let name = &source.name;
                Version {
                    name: name.clone(),
                    read: quote!(#name),
                    write: quote!(#name),
                    first_user: 0,
                }
            }
            Origin::Computed(expr) => {
                let value = computed_version(&source.ty, expr);
                Version {
                    name: source.name.clone(),
                    read: value.clone(),
                    write: value,
                    first_user: first_user_after(fields, expr),
                }
            }
        })
        .collect();
    let context = Context {
        versions,
        numbered: false,
        label: &label,
        newest: None,
    };
    let checks = rewrite_fields(fields, &context)?;
    item.attrs.extend(write_check(&checks, None));
    Ok(quote!(#item))
}

fn parse_version_attr(attr: &Attribute) -> syn::Result<VersionSource> {
    match &attr.meta {
        Meta::List(list) => crate::options::parse_version(list.tokens.clone()),
        _ => crate::options::parse_version(TokenStream::new())
            .map_err(|e| syn::Error::new_spanned(attr, e.to_string())),
    }
}

/// `#[pattern]` and `#[versioned]` have their own `version`; named ones need `#[version]`.
fn reject_named_versions(attrs: &[Attribute], name: &str) -> syn::Result<()> {
    match attrs.iter().find(|attr| is_named(attr, "version")) {
        Some(attr) => Err(syn::Error::new_spanned(
            attr,
            format!("`#[version]` cannot be combined with `#[{name}]`: use one of them per struct"),
        )),
        None => Ok(()),
    }
}

/// `#[version]` replaces `#[pattern]` and `#[versioned]`, which have their own `version`.
fn reject_other_macros(attrs: &[Attribute]) -> syn::Result<()> {
    for attr in attrs {
        let last = attr.path().segments.last().map(|s| s.ident.to_string());
        if let Some(name @ ("pattern" | "versioned")) = last.as_deref() {
            return Err(syn::Error::new_spanned(
                attr,
                format!(
                    "`#[{name}]` cannot be combined with `#[version]`: use one of them per struct"
                ),
            ));
        }
    }
    Ok(())
}

/// Declares the imported versions as binrw arguments, ahead of the struct's own imports
/// (`#[brw(import(a: i32, props: &P))]` becomes `import(save_version: i32, a: i32, props: &P)`).
fn declare_imports(
    attrs: &mut Vec<Attribute>,
    binrw_at: usize,
    sources: &[VersionSource],
) -> syn::Result<()> {
    let imported: Vec<TokenStream> = sources
        .iter()
        .filter(|s| matches!(s.origin, Origin::Import))
        .map(|VersionSource { name, ty, .. }| quote!(#name: #ty,))
        .collect();
    if imported.is_empty() {
        return Ok(());
    }
    for side in [Side::Read, Side::Write] {
        if let Some(attr) = directives::find(attrs, side, "import_raw") {
            return Err(syn::Error::new_spanned(
                attr,
                "`#[version(.. = import)]` adds to `import(...)`; it cannot be combined with \
                 `import_raw`",
            ));
        }
    }
    let mut declared = false;
    for attr in attrs.iter_mut() {
        if ["br", "bw", "brw"].iter().any(|p| attr.path().is_ident(p))
            && let Meta::List(list) = &mut attr.meta
        {
            let (tokens, found) = prepend_imports(list.tokens.clone(), &imported);
            list.tokens = tokens;
            declared |= found;
        }
    }
    if !declared {
        attrs.insert(binrw_at + 1, parse_quote!(#[brw(import(#(#imported)*))]));
    }
    Ok(())
}

/// `tokens` with `imported` put first inside each `import(...)` directive.
fn prepend_imports(tokens: TokenStream, imported: &[TokenStream]) -> (TokenStream, bool) {
    let mut out = Vec::new();
    let mut found = false;
    let mut after_import = false;
    for tree in tokens {
        match tree {
            TokenTree::Group(group) if after_import => {
                let inner = group.stream();
                let mut merged = Group::new(group.delimiter(), quote!(#(#imported)* #inner));
                merged.set_span(group.span());
                out.push(TokenTree::Group(merged));
                found = true;
                after_import = false;
            }
            tree => {
                after_import = matches!(&tree, TokenTree::Ident(i) if i == "import");
                out.push(tree);
            }
        }
    }
    (out.into_iter().collect(), found)
}

/// The version computed from earlier fields, as a `ty`. `.clone()` yields the value both
/// when the binding is a value (read) and a reference (write); `From` admits narrower
/// integer fields (a `u8` field for a `u32` version).
fn computed_version(ty: &syn::Type, expr: &Expr) -> TokenStream {
    quote!(<#ty as ::core::convert::From<_>>::from((#expr).clone()))
}

/// Fields up to and including the one the version expression starts from (through field
/// accesses and method calls: `header.version`, `sub.unwrap_or(1)`) cannot use it.
fn first_user_after(fields: &Punctuated<Field, Comma>, expr: &Expr) -> usize {
    let mut root = expr;
    loop {
        root = match root {
            Expr::Field(access) => &access.base,
            Expr::MethodCall(call) => &call.receiver,
            Expr::Paren(inner) => &inner.expr,
            _ => break,
        };
    }
    let Expr::Path(path) = root else {
        return 0;
    };
    fields
        .iter()
        .position(|f| f.ident.as_ref().is_some_and(|i| path.path.is_ident(i)))
        .map_or(0, |at| at + 1)
}

/// True for `#[name]` and `#[some::path::name]`.
fn is_named(attr: &Attribute, name: &str) -> bool {
    attr.path().segments.last().is_some_and(|s| s.ident == name)
}

fn binrw_position(item: &ItemStruct, name: &str) -> syn::Result<usize> {
    item.attrs
        .iter()
        .position(|attr| {
            attr.path()
                .segments
                .last()
                .is_some_and(|s| s.ident == "binrw")
        })
        .ok_or_else(|| {
            syn::Error::new(
                Span::call_site(),
                format!("`#[{name}]` must be placed above `#[binrw]` on the same struct"),
            )
        })
}

fn named_fields<'a>(
    item: &'a mut ItemStruct,
    name: &str,
) -> syn::Result<&'a mut Punctuated<Field, Comma>> {
    match &mut item.fields {
        Fields::Named(named) => Ok(&mut named.named),
        _ => Err(syn::Error::new(
            Span::call_site(),
            format!("`#[{name}]` needs a struct with named fields"),
        )),
    }
}

fn reject_reserved(fields: &Punctuated<Field, Comma>, reserved: &[&str]) -> syn::Result<()> {
    for field in fields {
        if let Some(ident) = field
            .ident
            .as_ref()
            .filter(|i| reserved.iter().any(|r| *i == r))
        {
            return Err(syn::Error::new_spanned(
                ident,
                format!("`{ident}` is generated by the macro; rename this field"),
            ));
        }
    }
    Ok(())
}

fn reject_imports(attrs: &[Attribute]) -> syn::Result<()> {
    for side in [Side::Read, Side::Write] {
        for name in ["import", "import_raw"] {
            if let Some(attr) = directives::find(attrs, side, name) {
                return Err(syn::Error::new_spanned(
                    attr,
                    "`#[versioned]` imports `version: u32` itself; use \
                     `#[versioned(version = <field>)]` to keep your own imports",
                ));
            }
        }
    }
    Ok(())
}

/// One gate to verify before writing: the field's presence must match the version.
struct GateCheck {
    /// `LABEL.field`, as named in the error.
    name: String,
    /// Whether the value holds the field (write context).
    present: TokenStream,
    /// The check that passes when presence matches the version (write context).
    ok: TokenStream,
    /// The range as the error shows it (a `String` expression, write context).
    rule: TokenStream,
    /// The versions the gate compares, as the error shows them (a `String` expression).
    at: TokenStream,
}

fn rewrite_fields(
    fields: &mut Punctuated<Field, Comma>,
    context: &Context<'_>,
) -> syn::Result<Vec<GateCheck>> {
    let mut checks = Vec::new();
    for (index, field) in fields.iter_mut().enumerate() {
        let marks = take_marks(field)?;
        if let Some(attr) = marks.with_version.as_ref() {
            if !context.numbered {
                return Err(syn::Error::new_spanned(
                    attr,
                    "`#[with_version]` belongs to `#[pattern]` and `#[versioned]`; with named \
                     versions pass them yourself, e.g. `#[brw(args(save_version))]`",
                ));
            }
            if index < context.versions[0].first_user {
                return Err(before_version_field(attr));
            }
        }
        if let Some(gate) = marks.gate {
            checks.push(gate_field(field, index, &gate, context)?);
        }
        if marks.with_version.is_some() {
            pass_version(field, &context.versions[0])?;
        }
    }
    Ok(checks)
}

fn before_version_field(attr: &Attribute) -> syn::Error {
    syn::Error::new_spanned(
        attr,
        "this field comes before the field the version is read from",
    )
}

/// Reads the field only when the version has it; the write side is checked once per
/// struct by [`write_check`].
fn gate_field(
    field: &mut Field,
    index: usize,
    gate: &Gate,
    context: &Context<'_>,
) -> syn::Result<GateCheck> {
    let mut used: Vec<&Version> = Vec::new();
    for bound in gate.bounds() {
        let version = context.version_of(bound)?;
        if index < version.first_user {
            return Err(before_version_field(&bound.attr));
        }
        if !used.iter().any(|v| v.name == version.name) {
            used.push(version);
        }
    }
    if let Some(newest) = context
        .newest
        .filter(|n| gate.lowest().is_some_and(|s| s > u64::from(*n)))
    {
        return Err(syn::Error::new_spanned(
            &gate.attr,
            format!("this field starts after the newest version ({newest}) and can never exist"),
        ));
    }
    if let Some(user_if) = directives::find(&field.attrs, Side::Read, "if") {
        return Err(syn::Error::new_spanned(
            user_if,
            "`if` cannot be combined with `#[since]`/`#[until]`, which generate it",
        ));
    }
    let read_cond = gate_condition(gate, context, |v| &v.read)?;
    field.attrs.push(parse_quote!(#[br(if(#read_cond))]));
    let wanted = gate_condition(gate, context, |v| &v.write)?;
    let ident = field.ident.clone();
    let ty = &field.ty;
    let (present, ok) = if gate.default_when_absent {
        field.attrs.push(parse_quote!(#[bw(if(#wanted))]));
        let default = quote!(<#ty as ::core::default::Default>::default());
        (
            quote!((*#ident != #default)),
            quote!(((#wanted) || *#ident == #default)),
        )
    } else {
        (
            quote!(#ident.is_some()),
            quote!((#ident.is_some() == (#wanted))),
        )
    };
    let name = format!(
        "{}.{}",
        context.label,
        ident.as_ref().map(ToString::to_string).unwrap_or_default()
    );
    let (rule, at) = describe(gate, context, &used)?;
    Ok(GateCheck {
        name,
        present,
        ok,
        rule,
        at,
    })
}

/// How the error shows the gate and the versions: `versions 2-` / `version 1` for
/// numbered gates, `save_version >= 49` / `save_version 46` (values of the constants) for
/// named ones.
fn describe(
    gate: &Gate,
    context: &Context<'_>,
    used: &[&Version],
) -> syn::Result<(TokenStream, TokenStream)> {
    if gate.is_numbered() {
        let range = format!("versions {}", gate.describe());
        let version = &used[0].write;
        return Ok((
            quote!(::std::string::String::from(#range)),
            quote!(::std::format!("version {}", #version)),
        ));
    }
    let mut parts = Vec::new();
    for bound in gate.bounds() {
        let name = context.version_of(bound)?.name.to_string();
        let text = format!("{name} {} {{}}", op_text(&bound.op));
        let value = &bound.value;
        parts.push(quote!(::std::format!(#text, #value)));
    }
    let at_text = used
        .iter()
        .map(|v| format!("{} {{}}", v.name))
        .collect::<Vec<_>>()
        .join(", ");
    let at_values = used.iter().map(|v| &v.write);
    Ok((
        quote!([#(#parts),*].join(" and ")),
        quote!(::std::format!(#at_text, #(#at_values),*)),
    ))
}

fn op_text(op: &BinOp) -> &'static str {
    match op {
        BinOp::Ge(_) => ">=",
        BinOp::Gt(_) => ">",
        BinOp::Le(_) => "<=",
        BinOp::Eq(_) => "==",
        _ => "<",
    }
}

/// One struct-level write assertion covering the version range (patterns) and every gate,
/// so the common path costs a few comparisons and the message is built out of line.
fn write_check(
    checks: &[GateCheck],
    range: Option<(&str, u32, &TokenStream)>,
) -> Option<Attribute> {
    if checks.is_empty() && range.is_none() {
        return None;
    }
    let version_ok = range.map(|(_, newest, version)| quote!((1..=#newest).contains(&#version)));
    let gates_ok = checks.iter().map(|GateCheck { ok, .. }| ok.clone());
    let conditions = version_ok.iter().cloned().chain(gates_ok);
    let version_message = range.map(|(label, newest, version)| {
        quote! {
            if !(1..=#newest).contains(&#version) {
                ::std::format!("{} version {} is not supported (known: 1 to {})", #label, #version, #newest)
            } else
        }
    });
    let explained = checks.iter().map(
        |GateCheck {
             name,
             present,
             ok,
             rule,
             at,
         }| {
            quote! {
                if !#ok {
                    explain(#name, #rule, #present, #at)
                } else
            }
        },
    );
    Some(parse_quote! {
        #[bw(assert(#(#conditions)&&*, "{}", {
            #[cold]
            #[inline(never)]
            fn explain(
                name: &str,
                rule: ::std::string::String,
                present: bool,
                at: ::std::string::String,
            ) -> ::std::string::String {
                let should = if present { "absent" } else { "present" };
                ::std::format!("{} ({}) must be {} at {}", name, rule, should, at)
            }
            #version_message
            #(#explained)*
            { ::std::string::String::new() }
        }))]
    })
}

/// The gate's condition on the versions as `side` spells them: numbered bounds keep the
/// literal unsuffixed so it takes the version's type; two bounds on one version with an
/// inclusive start become a range, as clippy wants it written.
fn gate_condition(
    gate: &Gate,
    context: &Context<'_>,
    side: impl Fn(&Version) -> &TokenStream,
) -> syn::Result<TokenStream> {
    if let Some((since, until)) = gate.range().filter(|(s, _)| matches!(s.op, BinOp::Ge(_))) {
        let version = side(context.version_of(since)?);
        let (from, to) = (bound_value(since), bound_value(until));
        return Ok(match (until.op, since.number, until.number) {
            (BinOp::Le(_), Some(a), Some(b)) if a == b => quote!(#version == #from),
            (BinOp::Le(_), ..) => quote!((#from..=#to).contains(&#version)),
            _ => quote!((#from..#to).contains(&#version)),
        });
    }
    let mut parts = Vec::new();
    for bound in gate.bounds() {
        let version = side(context.version_of(bound)?);
        let (op, value) = (&bound.op, bound_value(bound));
        parts.push(quote!(#version #op #value));
    }
    Ok(quote!(#(#parts)&&*))
}

/// The bound as written, or as an unsuffixed literal for a bare number.
fn bound_value(bound: &Bound) -> TokenStream {
    match (&bound.source, bound.number) {
        (None, Some(n)) => {
            let lit = Literal::u64_unsuffixed(n);
            quote!(#lit)
        }
        _ => {
            let value = &bound.value;
            quote!(#value)
        }
    }
}

fn pass_version(field: &mut Field, version: &Version) -> syn::Result<()> {
    for side in [Side::Read, Side::Write] {
        for name in ["args", "args_raw"] {
            if let Some(attr) = directives::find(&field.attrs, side, name) {
                return Err(syn::Error::new_spanned(
                    attr,
                    "`#[with_version]` passes the version as `args` itself; pass it by hand \
                     instead if more arguments are needed",
                ));
            }
        }
    }
    let (read, write) = (&version.read, &version.write);
    if directives::find(&field.attrs, Side::Read, "count").is_some() {
        field
            .attrs
            .push(parse_quote!(#[br(args { inner: (#read,) })]));
    } else {
        field.attrs.push(parse_quote!(#[br(args(#read))]));
    }
    field.attrs.push(parse_quote!(#[bw(args(#write))]));
    Ok(())
}

/// A temporary field that checks a tag on read and writes it on write. The error is
/// built in a cold function so the inlined happy path is a 4-byte read and a compare.
fn tag_field(name: &str, tag: [u8; 4], label: &str) -> syn::Result<Field> {
    let ident = format_ident!("{name}");
    let bytes = LitByteStr::new(&tag, Span::call_site());
    let which = name.trim_end_matches("_tag");
    Field::parse_named.parse2(quote! {
        #[br(temp, parse_with = |reader, _, _: ()| -> ::binrw::BinResult<()> {
            #[cold]
            #[inline(never)]
            fn mismatch(end: u64, found: [u8; 4]) -> ::binrw::Error {
                ::binrw::Error::AssertFail {
                    pos: end.saturating_sub(4),
                    message: ::std::format!(
                        "{} tag of {} expected, found \"{}\"", #which, #label, found.escape_ascii()
                    ),
                }
            }
            let mut found = [0u8; 4];
            ::binrw::io::Read::read_exact(reader, &mut found)?;
            if found == *#bytes {
                ::core::result::Result::Ok(())
            } else {
                ::core::result::Result::Err(mismatch(::binrw::io::Seek::stream_position(reader)?, found))
            }
        })]
        #[bw(calc = (), magic = #bytes)]
        #ident: ()
    })
}

/// The `version` field: read and checked against 1..=newest, written as kept (the write
/// side is checked by [`write_check`]).
fn version_field(label: &str, newest: u32) -> syn::Result<Field> {
    let doc = format!(
        " Version of this {label} pattern in the file (1 to {newest}); decides which fields exist."
    );
    Field::parse_named.parse2(quote! {
        #[doc = #doc]
        #[br(parse_with = |reader, endian, _: ()| -> ::binrw::BinResult<u32> {
            #[cold]
            #[inline(never)]
            fn unsupported(end: u64, version: u32) -> ::binrw::Error {
                ::binrw::Error::AssertFail {
                    pos: end.saturating_sub(4),
                    message: ::std::format!(
                        "{} version {} is not supported (known: 1 to {})", #label, version, #newest
                    ),
                }
            }
            let version = <u32 as ::binrw::BinRead>::read_options(reader, endian, ())?;
            if (1..=#newest).contains(&version) {
                ::core::result::Result::Ok(version)
            } else {
                ::core::result::Result::Err(unsupported(::binrw::io::Seek::stream_position(reader)?, version))
            }
        })]
        pub version: u32
    })
}
