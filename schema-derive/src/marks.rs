//! The field attributes understood inside `#[pattern]`, `#[versioned]` and `#[version]` structs:
//! `#[since(..)]`, `#[until(..)]` and `#[with_version]`. They are removed from the field
//! before `#[binrw]` sees it.

use syn::{Attribute, BinOp, Expr, Field, Ident, Lit, LitInt, Meta};

/// Which end of the range a bound closes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Edge {
    Since,
    Until,
}

impl Edge {
    fn name(self) -> &'static str {
        match self {
            Edge::Since => "since",
            Edge::Until => "until",
        }
    }
}

/// One end of a gate: `#[since(2)]` (the struct's only version, inclusive) or
/// `#[since(save_version >= SAVE_VERSION_OBJECT_FLAGS)]` (a named version and a comparison).
pub(crate) struct Bound {
    /// The version compared; `None` for a bare number, which means the struct's `version`.
    pub source: Option<Ident>,
    /// `>=`, `>`, `<=` or `<`; a bare number is `>=` for `since`, `<=` for `until`.
    pub op: BinOp,
    /// The bound: an integer literal or a path to a constant.
    pub value: Expr,
    /// The bound as a number, when it is a literal (for compile-time checks).
    pub number: Option<u64>,
    pub attr: Attribute,
}

impl Bound {
    /// Lowest (since) or highest (until) version the bound admits, when known.
    fn inclusive(&self) -> Option<u64> {
        let n = self.number?;
        match self.op {
            BinOp::Gt(_) => n.checked_add(1),
            BinOp::Lt(_) => n.checked_sub(1),
            _ => Some(n),
        }
    }
}

/// The version range of a gated field: both bounds must hold.
pub(crate) struct Gate {
    pub since: Option<Bound>,
    pub until: Option<Bound>,
    /// The first gate attribute, for error messages.
    pub attr: Attribute,
    /// `#[absent(default)]`: a plain field, `Default::default()` where the version lacks it.
    pub default_when_absent: bool,
}

impl Gate {
    pub fn bounds(&self) -> impl Iterator<Item = &Bound> {
        self.since.iter().chain(self.until.iter())
    }

    /// True when every bound is a bare number: the FreeRCT form, described as the spec
    /// writes it ("2-", "-3" or "2-3").
    pub fn is_numbered(&self) -> bool {
        self.bounds().all(|b| b.source.is_none())
    }

    /// The range of a numbered gate as the spec writes it.
    pub fn describe(&self) -> String {
        let bound = |b: &Option<Bound>| b.as_ref().and_then(|b| b.number).map(|v| v.to_string());
        format!(
            "{}-{}",
            bound(&self.since).unwrap_or_default(),
            bound(&self.until).unwrap_or_default()
        )
    }

    /// Lowest version the `since` bound admits, for the `newest` check.
    pub fn lowest(&self) -> Option<u64> {
        self.since.as_ref().and_then(Bound::inclusive)
    }
}

/// What the schema attributes say about one field.
#[derive(Default)]
pub(crate) struct Marks {
    pub gate: Option<Gate>,
    /// The `#[with_version]` attribute, if present.
    pub with_version: Option<Attribute>,
}

const ABSENT_SYNTAX: &str = "expected `#[absent(default)]`";

/// Removes the schema attributes from `field` and returns what they asked for.
pub(crate) fn take_marks(field: &mut Field) -> syn::Result<Marks> {
    let mut marks = Marks::default();
    let mut since: Option<Bound> = None;
    let mut until: Option<Bound> = None;
    let (ours, theirs): (Vec<_>, Vec<_>) = field.attrs.drain(..).partition(is_ours);
    field.attrs = theirs;
    let mut absent: Option<&Attribute> = None;
    for attr in &ours {
        if attr.path().is_ident("absent") {
            let ok = attr
                .parse_args::<syn::Ident>()
                .is_ok_and(|ident| ident == "default");
            if !ok || absent.is_some() {
                return Err(syn::Error::new_spanned(attr, ABSENT_SYNTAX));
            }
            absent = Some(attr);
            continue;
        }
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
        let (edge, slot) = if attr.path().is_ident("since") {
            (Edge::Since, &mut since)
        } else {
            (Edge::Until, &mut until)
        };
        if slot.is_some() {
            return Err(syn::Error::new_spanned(attr, "version bound given twice"));
        }
        *slot = Some(parse_bound(attr, edge)?);
    }
    check_order(since.as_ref(), until.as_ref())?;
    let first = since.as_ref().or(until.as_ref()).map(|b| b.attr.clone());
    match (first, absent) {
        (None, Some(absent)) => Err(syn::Error::new_spanned(
            absent,
            "`#[absent(default)]` belongs to a field gated with `#[since]`/`#[until]`",
        )),
        (Some(_), Some(absent)) if is_option(&field.ty) => Err(syn::Error::new_spanned(
            absent,
            "an `Option` field is absent as `None`; drop `#[absent(default)]`",
        )),
        (Some(attr), None) if !is_option(&field.ty) => Err(syn::Error::new_spanned(
            attr,
            "a version-gated field must have type `Option<T>` (None when the version lacks it), \
             or be marked `#[absent(default)]`",
        )),
        (Some(attr), absent) => {
            marks.gate = Some(Gate {
                since,
                until,
                attr,
                default_when_absent: absent.is_some(),
            });
            Ok(marks)
        }
        (None, None) => Ok(marks),
    }
}

/// Refuses a range that is empty at compile time: both bounds literal, on the same version.
fn check_order(since: Option<&Bound>, until: Option<&Bound>) -> syn::Result<()> {
    let (Some(since), Some(until)) = (since, until) else {
        return Ok(());
    };
    if since.source.as_ref().map(Ident::to_string) != until.source.as_ref().map(Ident::to_string) {
        return Ok(());
    }
    let empty = match (since.inclusive(), until.inclusive(), until.number) {
        (Some(low), Some(high), _) => low > high,
        // `< 0`: nothing is below it.
        (_, None, Some(0)) => true,
        _ => false,
    };
    if !empty {
        return Ok(());
    }
    let message = if since.source.is_none() {
        format!(
            "`#[until({})]` is below `#[since({})]`: the field could never exist",
            until.number.unwrap_or_default(),
            since.number.unwrap_or_default()
        )
    } else {
        "this `#[until]` bound is below the `#[since]` bound: the field could never exist"
            .to_owned()
    };
    Err(syn::Error::new_spanned(&until.attr, message))
}

fn is_ours(attr: &Attribute) -> bool {
    let path = attr.path();
    ["since", "until", "with_version", "absent"]
        .iter()
        .any(|name| path.is_ident(name))
}

fn parse_bound(attr: &Attribute, edge: Edge) -> syn::Result<Bound> {
    let name = edge.name();
    if let Ok(lit) = attr.parse_args::<LitInt>() {
        return numbered_bound(attr, edge, lit);
    }
    let example = if edge == Edge::Since { ">=" } else { "<" };
    let expected = || {
        syn::Error::new_spanned(
            attr,
            format!(
                "expected a version number, e.g. `#[{name}(2)]`, or a comparison, \
                 e.g. `#[{name}(save_version {example} 49)]`"
            ),
        )
    };
    let Ok(Expr::Binary(compare)) = attr.parse_args::<Expr>() else {
        return Err(expected());
    };
    let allowed = matches!(
        (edge, compare.op),
        (Edge::Since, BinOp::Ge(_) | BinOp::Gt(_)) | (Edge::Until, BinOp::Le(_) | BinOp::Lt(_))
    );
    if !allowed {
        let ops = if edge == Edge::Since {
            "`>=` or `>`"
        } else {
            "`<` or `<=`"
        };
        return Err(syn::Error::new_spanned(
            compare.op,
            format!("`#[{name}]` compares with {ops}; the version goes on the left"),
        ));
    }
    let source = match &*compare.left {
        Expr::Path(path) if path.qself.is_none() => path.path.get_ident().cloned(),
        _ => None,
    }
    .ok_or_else(|| {
        syn::Error::new_spanned(
            &compare.left,
            "expected the name of a version declared with `#[version(name: type = ...)]`",
        )
    })?;
    let number = match &*compare.right {
        Expr::Lit(lit) => match &lit.lit {
            Lit::Int(int) => Some(int.base10_parse::<u64>()?),
            _ => None,
        },
        _ => None,
    };
    let is_path = matches!(&*compare.right, Expr::Path(p) if p.qself.is_none());
    if number.is_none() && !is_path {
        return Err(syn::Error::new_spanned(
            &compare.right,
            "a version bound is an integer literal or a path to a constant",
        ));
    }
    Ok(Bound {
        source: Some(source),
        op: compare.op,
        value: *compare.right,
        number,
        attr: attr.clone(),
    })
}

fn numbered_bound(attr: &Attribute, edge: Edge, lit: LitInt) -> syn::Result<Bound> {
    let version: u32 = lit.base10_parse()?;
    if version == 0 {
        return Err(syn::Error::new_spanned(attr, "versions start at 1"));
    }
    let op = match edge {
        Edge::Since => BinOp::Ge(Default::default()),
        Edge::Until => BinOp::Le(Default::default()),
    };
    Ok(Bound {
        source: None,
        op,
        value: syn::parse_quote!(#lit),
        number: Some(u64::from(version)),
        attr: attr.clone(),
    })
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
