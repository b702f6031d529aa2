//! The field attributes understood inside `#[pattern]` and `#[versioned]` structs:
//! `#[since(N)]`, `#[until(N)]` and `#[with_version]`. They are removed from the field
//! before `#[binrw]` sees it.

use syn::{Attribute, Field, LitInt, Meta};

/// Inclusive version range of a gated field (the spec's "2-3" column).
pub(crate) struct Gate {
    pub since: Option<u32>,
    pub until: Option<u32>,
    /// The first gate attribute, for error messages.
    pub attr: Attribute,
}

impl Gate {
    /// The range as the spec writes it: "2-", "-3" or "2-3".
    pub fn describe(&self) -> String {
        let bound = |b: Option<u32>| b.map(|v| v.to_string()).unwrap_or_default();
        format!("{}-{}", bound(self.since), bound(self.until))
    }
}

/// What the schema attributes say about one field.
#[derive(Default)]
pub(crate) struct Marks {
    pub gate: Option<Gate>,
    /// The `#[with_version]` attribute, if present.
    pub with_version: Option<Attribute>,
}

/// Removes the schema attributes from `field` and returns what they asked for.
pub(crate) fn take_marks(field: &mut Field) -> syn::Result<Marks> {
    let mut marks = Marks::default();
    let mut since: Option<(u32, &Attribute)> = None;
    let mut until: Option<(u32, &Attribute)> = None;
    let (ours, theirs): (Vec<_>, Vec<_>) = field.attrs.drain(..).partition(is_ours);
    field.attrs = theirs;
    for attr in &ours {
        if attr.path().is_ident("with_version") {
            if !matches!(attr.meta, Meta::Path(_)) {
                return Err(syn::Error::new_spanned(
                    attr,
                    "`#[with_version]` takes no arguments",
                ));
            }
            if marks.with_version.is_some() {
                return Err(syn::Error::new_spanned(
                    attr,
                    "`#[with_version]` given twice",
                ));
            }
            marks.with_version = Some(attr.clone());
            continue;
        }
        let slot = if attr.path().is_ident("since") {
            &mut since
        } else {
            &mut until
        };
        if slot.is_some() {
            return Err(syn::Error::new_spanned(attr, "version bound given twice"));
        }
        *slot = Some((parse_bound(attr)?, attr));
    }
    if let (Some((low, _)), Some((high, attr))) = (since, until)
        && low > high
    {
        return Err(syn::Error::new_spanned(
            attr,
            format!("`#[until({high})]` is below `#[since({low})]`: the field could never exist"),
        ));
    }
    if let Some((_, first)) = since.or(until) {
        let attr = since.map_or(first, |(_, a)| a).clone();
        if !is_option(&field.ty) {
            return Err(syn::Error::new_spanned(
                attr,
                "a version-gated field must have type `Option<T>` (None when the version lacks it)",
            ));
        }
        marks.gate = Some(Gate {
            since: since.map(|(v, _)| v),
            until: until.map(|(v, _)| v),
            attr,
        });
    }
    Ok(marks)
}

fn is_ours(attr: &Attribute) -> bool {
    let path = attr.path();
    path.is_ident("since") || path.is_ident("until") || path.is_ident("with_version")
}

fn parse_bound(attr: &Attribute) -> syn::Result<u32> {
    let lit: LitInt = attr.parse_args().map_err(|_| {
        syn::Error::new_spanned(attr, "expected a version number, e.g. `#[since(2)]`")
    })?;
    let version: u32 = lit.base10_parse()?;
    if version == 0 {
        return Err(syn::Error::new_spanned(attr, "versions start at 1"));
    }
    Ok(version)
}

/// True for `Option<T>` spelled with a path ending in `Option` (aliases are not seen
/// through: the macro only has the tokens).
fn is_option(ty: &syn::Type) -> bool {
    let syn::Type::Path(path) = ty else {
        return false;
    };
    path.qself.is_none()
        && path.path.segments.last().is_some_and(|seg| {
            seg.ident == "Option"
                && matches!(&seg.arguments, syn::PathArguments::AngleBracketed(args) if args.args.len() == 1)
        })
}
