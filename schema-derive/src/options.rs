//! Parsing of the macro arguments: `#[pattern(tag = b"ABCD", newest = N)]`,
//! `#[versioned]` / `#[versioned(version = expr)]` and `#[version(name: type = origin)]`.

use proc_macro2::{Span, TokenStream};
use syn::{
    Expr, Ident, LitByteStr, LitInt, Token, Type,
    meta::ParseNestedMeta,
    parse::{ParseStream, Parser},
};

/// Arguments of `#[pattern(...)]`.
pub(crate) struct PatternOptions {
    /// The opening tag; the closing tag is the same bytes reversed.
    pub tag: [u8; 4],
    /// Newest version this definition can read and write.
    pub newest: u32,
}

/// Arguments of `#[versioned(...)]`.
pub(crate) struct VersionedOptions {
    /// `None`: `version: u32` is imported as a binrw argument.
    /// `Some(expr)`: the version is computed from earlier fields.
    pub version: Option<Expr>,
}

pub(crate) fn parse_pattern(args: TokenStream) -> syn::Result<PatternOptions> {
    let mut tag = None;
    let mut newest = None;
    let parser = syn::meta::parser(|meta| {
        if meta.path.is_ident("tag") {
            reject_duplicate(&meta, tag.is_some())?;
            tag = Some(parse_tag(meta.value()?.parse()?)?);
            Ok(())
        } else if meta.path.is_ident("newest") {
            reject_duplicate(&meta, newest.is_some())?;
            newest = Some(parse_newest(meta.value()?.parse()?)?);
            Ok(())
        } else {
            Err(meta.error("unknown `pattern` option: expected `tag = b\"ABCD\"` or `newest = N`"))
        }
    });
    parser.parse2(args)?;
    let missing = |what: &str| {
        syn::Error::new(
            Span::call_site(),
            format!("`#[pattern]` needs `{what}`: write `#[pattern(tag = b\"ABCD\", newest = N)]`"),
        )
    };
    Ok(PatternOptions {
        tag: tag.ok_or_else(|| missing("tag"))?,
        newest: newest.ok_or_else(|| missing("newest"))?,
    })
}

pub(crate) fn parse_versioned(args: TokenStream) -> syn::Result<VersionedOptions> {
    let mut version = None;
    let parser = syn::meta::parser(|meta| {
        if meta.path.is_ident("version") {
            reject_duplicate(&meta, version.is_some())?;
            version = Some(meta.value()?.parse::<Expr>()?);
            Ok(())
        } else {
            Err(meta.error("unknown `versioned` option: expected `version = <earlier field>`"))
        }
    });
    parser.parse2(args)?;
    Ok(VersionedOptions { version })
}

fn reject_duplicate(meta: &ParseNestedMeta<'_>, seen: bool) -> syn::Result<()> {
    if seen {
        Err(meta.error("option given twice"))
    } else {
        Ok(())
    }
}

fn parse_tag(lit: LitByteStr) -> syn::Result<[u8; 4]> {
    let bytes = lit.value();
    <[u8; 4]>::try_from(bytes.as_slice()).map_err(|_| {
        syn::Error::new_spanned(
            &lit,
            format!(
                "a pattern tag is exactly 4 bytes, this one has {}",
                bytes.len()
            ),
        )
    })
}

fn parse_newest(lit: LitInt) -> syn::Result<u32> {
    let newest: u32 = lit.base10_parse()?;
    if newest == 0 || newest == u32::MAX {
        return Err(syn::Error::new_spanned(
            &lit,
            "`newest` must be between 1 and 4294967294: versions 0 and 0xFFFFFFFF never occur",
        ));
    }
    Ok(newest)
}

/// One `#[version(name: type = origin)]`: a version a `#[version]` struct is laid out by.
pub(crate) struct VersionSource {
    /// The name gates use, e.g. `save_version` in `#[since(save_version >= 49)]`.
    pub name: Ident,
    pub ty: Type,
    pub origin: Origin,
}

/// Where a version comes from.
pub(crate) enum Origin {
    /// A binrw argument the macro declares (`= import`).
    Import,
    /// An expression of earlier fields (`= save_version`, `= header.version`, ...).
    Computed(Box<Expr>),
}

const VERSION_SYNTAX: &str = "expected `#[version(name: type = import)]` or \
     `#[version(name: type = <expression of earlier fields>)]`";

pub(crate) fn parse_version(args: TokenStream) -> syn::Result<VersionSource> {
    let parser = |input: ParseStream<'_>| -> syn::Result<VersionSource> {
        let syntax = |at: &dyn quote::ToTokens| syn::Error::new_spanned(at, VERSION_SYNTAX);
        let name: Ident = input
            .parse()
            .map_err(|e| syn::Error::new(e.span(), VERSION_SYNTAX))?;
        if !input.peek(Token![:]) {
            return Err(syntax(&name));
        }
        input.parse::<Token![:]>()?;
        let ty: Type = input.parse()?;
        if !input.peek(Token![=]) {
            return Err(syntax(&ty));
        }
        input.parse::<Token![=]>()?;
        let expr: Expr = input.parse()?;
        if !input.is_empty() {
            return Err(input.error(VERSION_SYNTAX));
        }
        let origin = match &expr {
            Expr::Path(path) if path.path.is_ident("import") => Origin::Import,
            _ => Origin::Computed(Box::new(expr)),
        };
        Ok(VersionSource { name, ty, origin })
    };
    if args.is_empty() {
        return Err(syn::Error::new(Span::call_site(), VERSION_SYNTAX));
    }
    parser.parse2(args)
}
