//! Rewriting of the struct: the pattern framing fields, and binrw directives for the
//! gated and version-passing fields.

use proc_macro2::{Literal, Span, TokenStream};
use quote::{format_ident, quote};
use syn::{
    Attribute, Expr, Field, Fields, ItemStruct, LitByteStr, parse::Parser, parse_quote,
    punctuated::Punctuated, token::Comma,
};

use crate::directives::{self, Side};
use crate::marks::{Gate, take_marks};
use crate::options::{PatternOptions, VersionedOptions};

/// The error, plus the struct without any binrw or schema attributes, so that code
/// using the struct does not drown the real error in follow-up errors.
pub(crate) fn failed(err: syn::Error, mut item: ItemStruct) -> TokenStream {
    let keep = |attr: &Attribute| {
        let path = attr.path();
        let last = path.segments.last().map(|s| s.ident.to_string());
        !matches!(
            last.as_deref(),
            Some("binrw" | "br" | "bw" | "brw" | "since" | "until" | "with_version")
        )
    };
    item.attrs.retain(keep);
    for field in item.fields.iter_mut() {
        field.attrs.retain(keep);
    }
    let err = err.into_compile_error();
    quote!(#err #item)
}

/// How the governing version is spelled in binrw's read context (earlier fields are
/// values) and write context (fields are references, imports are values).
struct Version {
    read: TokenStream,
    write: TokenStream,
}

/// What the field rewriting needs to know about the struct.
struct Context<'a> {
    version: Version,
    /// Name used in error messages: the tag for patterns, the type name otherwise.
    label: &'a str,
    /// For patterns: the newest version, so a gate above it can be refused.
    newest: Option<u32>,
    /// Index of the first field allowed to use the version.
    first_user: usize,
}

const PATTERN_FIELDS: [&str; 3] = ["opening_tag", "version", "closing_tag"];

pub(crate) fn pattern(opts: PatternOptions, mut item: ItemStruct) -> syn::Result<TokenStream> {
    binrw_position(&item, "pattern")?;
    let label = opts.tag.escape_ascii().to_string();
    let fields = named_fields(&mut item, "pattern")?;
    reject_reserved(fields, &PATTERN_FIELDS)?;
    let context = Context {
        version: Version {
            read: quote!(version),
            write: quote!((*version)),
        },
        label: &label,
        newest: Some(opts.newest),
        first_user: 0,
    };
    let checks = rewrite_fields(fields, &context)?;
    let mut closing = opts.tag;
    closing.reverse();
    fields.insert(0, tag_field("opening_tag", opts.tag, &label)?);
    fields.insert(1, version_field(&label, opts.newest)?);
    fields.push(tag_field("closing_tag", closing, &label)?);
    item.attrs.extend(write_check(
        &checks,
        &context.version.write,
        Some((&label, opts.newest)),
    ));
    Ok(quote!(#item))
}

pub(crate) fn versioned(opts: VersionedOptions, mut item: ItemStruct) -> syn::Result<TokenStream> {
    let binrw_at = binrw_position(&item, "versioned")?;
    let label = item.ident.to_string();
    let imported = opts.version.is_none();
    if imported {
        reject_imports(&item.attrs)?;
        item.attrs
            .insert(binrw_at + 1, parse_quote!(#[brw(import(version: u32))]));
    }
    let fields = named_fields(&mut item, "versioned")?;
    let (version, first_user) = match &opts.version {
        None => {
            reject_reserved(fields, &["version"])?;
            (
                Version {
                    read: quote!(version),
                    write: quote!(version),
                },
                0,
            )
        }
        Some(expr) => (computed_version(expr), first_user_after(fields, expr)),
    };
    let context = Context {
        version,
        label: &label,
        newest: None,
        first_user,
    };
    let checks = rewrite_fields(fields, &context)?;
    item.attrs
        .extend(write_check(&checks, &context.version.write, None));
    Ok(quote!(#item))
}

/// The version computed from an earlier field. `.clone()` yields the value both when the
/// binding is a value (read) and a reference (write); `From` admits u8 and u16 fields.
fn computed_version(expr: &Expr) -> Version {
    let value = quote!(<u32 as ::core::convert::From<_>>::from((#expr).clone()));
    Version {
        read: value.clone(),
        write: value,
    }
}

/// Fields up to and including the one the version expression starts from cannot use it.
fn first_user_after(fields: &Punctuated<Field, Comma>, expr: &Expr) -> usize {
    let mut root = expr;
    while let Expr::Field(access) = root {
        root = &access.base;
    }
    let Expr::Path(path) = root else {
        return 0;
    };
    fields
        .iter()
        .position(|f| f.ident.as_ref().is_some_and(|i| path.path.is_ident(i)))
        .map_or(0, |at| at + 1)
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
    /// The spec-style range, e.g. "2-3".
    range: String,
    ident: Option<syn::Ident>,
    /// The condition in the write context.
    wanted: TokenStream,
}

fn rewrite_fields(
    fields: &mut Punctuated<Field, Comma>,
    context: &Context<'_>,
) -> syn::Result<Vec<GateCheck>> {
    let mut checks = Vec::new();
    for (index, field) in fields.iter_mut().enumerate() {
        let marks = take_marks(field)?;
        let uses = marks
            .gate
            .as_ref()
            .map(|g| &g.attr)
            .or(marks.with_version.as_ref());
        if let Some(attr) = uses.filter(|_| index < context.first_user) {
            return Err(syn::Error::new_spanned(
                attr,
                "this field comes before the field the version is read from",
            ));
        }
        if let Some(gate) = marks.gate {
            checks.push(gate_field(field, &gate, context)?);
        }
        if marks.with_version.is_some() {
            pass_version(field, &context.version)?;
        }
    }
    Ok(checks)
}

/// Reads the field only when the version has it; the write side is checked once per
/// struct by [`write_check`].
fn gate_field(field: &mut Field, gate: &Gate, context: &Context<'_>) -> syn::Result<GateCheck> {
    if let Some(newest) = context
        .newest
        .filter(|n| gate.since.is_some_and(|s| s > *n))
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
    let read_cond = gate_condition(gate, &context.version.read);
    field.attrs.push(parse_quote!(#[br(if(#read_cond))]));
    let ident = field.ident.clone();
    let name = format!(
        "{}.{}",
        context.label,
        ident.as_ref().map(ToString::to_string).unwrap_or_default()
    );
    Ok(GateCheck {
        name,
        range: gate.describe(),
        ident,
        wanted: gate_condition(gate, &context.version.write),
    })
}

/// One struct-level write assertion covering the version range (patterns) and every gate,
/// so the common path costs a few comparisons and the message is built out of line.
fn write_check(
    checks: &[GateCheck],
    version: &TokenStream,
    range: Option<(&str, u32)>,
) -> Option<Attribute> {
    if checks.is_empty() && range.is_none() {
        return None;
    }
    let version_ok = range.map(|(_, newest)| quote!((1..=#newest).contains(&#version)));
    let gates_ok = checks
        .iter()
        .map(|GateCheck { ident, wanted, .. }| quote!(#ident.is_some() == (#wanted)));
    let conditions = version_ok.iter().cloned().chain(gates_ok);
    let version_message = range.map(|(label, newest)| {
        quote! {
            if !(1..=#newest).contains(&version) {
                return ::std::format!("{} version {} is not supported (known: 1 to {})", #label, version, #newest);
            }
        }
    });
    let entries = checks.iter().map(
        |GateCheck {
             name,
             range,
             ident,
             wanted,
         }| { quote!((#name, #range, #ident.is_some(), #wanted)) },
    );
    Some(parse_quote! {
        #[bw(assert(#(#conditions)&&*, "{}", {
            #[cold]
            #[inline(never)]
            fn explain(version: u32, gates: &[(&str, &str, bool, bool)]) -> ::std::string::String {
                #version_message
                for &(name, range, present, wanted) in gates {
                    if present != wanted {
                        let should = if present { "absent" } else { "present" };
                        return ::std::format!("{} (versions {}) must be {} at version {}", name, range, should, version);
                    }
                }
                ::std::string::String::new()
            }
            explain(#version, &[#(#entries),*])
        }))]
    })
}

fn gate_condition(gate: &Gate, version: &TokenStream) -> TokenStream {
    let lit = Literal::u32_unsuffixed;
    match (gate.since, gate.until) {
        (Some(s), Some(u)) if s == u => {
            let s = lit(s);
            quote!(#version == #s)
        }
        (Some(s), Some(u)) => {
            let (s, u) = (lit(s), lit(u));
            quote!((#s..=#u).contains(&#version))
        }
        (Some(s), None) => {
            let s = lit(s);
            quote!(#version >= #s)
        }
        (None, Some(u)) => {
            let u = lit(u);
            quote!(#version <= #u)
        }
        (None, None) => quote!(true),
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
