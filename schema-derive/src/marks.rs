//! The field attributes understood inside `#[pattern]`, `#[versioned]` and `#[version]` structs:
//! `#[since(..)]`, `#[until(..)]`, `#[only(..)]`, `#[absent(default)]` and `#[with_version]`. They are removed from the field
//! before `#[binrw]` sees it.

use syn::{Attribute, BinOp, Expr, ExprBinary, Field, Ident, Lit, LitInt, Meta};

/// Which end of the range a bound closes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Edge {
    Since,
    Until,
    /// `#[only(v == B)]`: the field exists at exactly one version.
    Only,
}

impl Edge {
    fn name(self) -> &'static str {
        match self {
            Edge::Since => "since",
            Edge::Until => "until",
            Edge::Only => "only",
        }
    }

    /// The comparisons this edge admits, as the error lists them, and an example operator.
    fn operators(self) -> (&'static str, &'static str) {
        match self {
            Edge::Since => ("`>=` or `>`", ">="),
            Edge::Until => ("`<` or `<=`", "<"),
            Edge::Only => ("`==`", "=="),
        }
    }

    fn admits(self, op: &BinOp) -> bool {
        matches!(
            (self, op),
            (Edge::Since, BinOp::Ge(_) | BinOp::Gt(_))
                | (Edge::Until, BinOp::Le(_) | BinOp::Lt(_))
                | (Edge::Only, BinOp::Eq(_))
        )
    }
}

/// One comparison of a gate: `#[since(2)]` (the struct's only version, inclusive) or
/// `save_version >= SAVE_VERSION_OBJECT_FLAGS` (a named version and a comparison), one of
/// the comparisons an attribute joins with `&&`.
pub(crate) struct Bound {
    pub edge: Edge,
    /// The version compared; `None` for a bare number, which means the struct's `version`.
    pub source: Option<Ident>,
    /// `>=`, `>`, `<=`, `<` or `==`; a bare number is `>=` for `since`, `<=` for `until`,
    /// `==` for `only`.
    pub op: BinOp,
    /// The bound: an integer literal or a path to a constant.
    pub value: Expr,
    /// The bound as a number, when it is a literal (for compile-time checks).
    pub number: Option<u64>,
    pub attr: Attribute,
}

impl Bound {
    /// Lowest (since, only) or highest (until, only) version the bound admits, when known.
    fn inclusive(&self) -> Option<u64> {
        let n = self.number?;
        match self.op {
            BinOp::Gt(_) => n.checked_add(1),
            BinOp::Lt(_) => n.checked_sub(1),
            _ => Some(n),
        }
    }

    fn same_version(&self, other: &Bound) -> bool {
        self.source.as_ref().map(Ident::to_string) == other.source.as_ref().map(Ident::to_string)
    }
}

/// The versions a gated field exists at: every bound must hold.
pub(crate) struct Gate {
    /// The comparisons of `since`, `until` and `only`, in that order.
    pub bounds: Vec<Bound>,
    /// The first gate attribute, for error messages.
    pub attr: Attribute,
    /// `#[absent(default)]`: a plain field, `Default::default()` where the version lacks it.
    pub default_when_absent: bool,
}

impl Gate {
    pub fn bounds(&self) -> impl Iterator<Item = &Bound> {
        self.bounds.iter()
    }

    fn edge(&self, edge: Edge) -> impl Iterator<Item = &Bound> {
        self.bounds.iter().filter(move |b| b.edge == edge)
    }

    /// The `since` and `until` bounds when they are the gate's only two and compare one
    /// version: a range, which the generated code writes as one.
    pub fn range(&self) -> Option<(&Bound, &Bound)> {
        let [since, until] = &self.bounds[..] else {
            return None;
        };
        let range = since.edge == Edge::Since && until.edge == Edge::Until;
        (range && since.same_version(until)).then_some((since, until))
    }

    /// True when every bound is a bare number: the FreeRCT form, described as the spec
    /// writes it ("2-", "-3" or "2-3").
    pub fn is_numbered(&self) -> bool {
        self.bounds().all(|b| b.source.is_none())
    }

    /// The range of a numbered gate as the spec writes it.
    pub fn describe(&self) -> String {
        let number = |edge| {
            self.edge(edge)
                .find_map(|b| b.number)
                .map(|v| v.to_string())
        };
        if let Some(only) = number(Edge::Only) {
            return only;
        }
        format!(
            "{}-{}",
            number(Edge::Since).unwrap_or_default(),
            number(Edge::Until).unwrap_or_default()
        )
    }

    /// Lowest version the `since` (or `only`) bounds admit, for the `newest` check.
    pub fn lowest(&self) -> Option<u64> {
        self.bounds()
            .filter(|b| b.edge != Edge::Until)
            .filter_map(Bound::inclusive)
            .max()
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
    let mut attrs: [Option<Attribute>; 3] = [None, None, None];
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
        let slot = &mut attrs[EDGES
            .iter()
            .position(|e| attr.path().is_ident(e.name()))
            .unwrap_or(0)];
        if slot.is_some() {
            return Err(syn::Error::new_spanned(attr, "version bound given twice"));
        }
        *slot = Some(attr.clone());
    }
    let mut bounds = Vec::new();
    for (edge, attr) in EDGES.iter().zip(&attrs) {
        if let Some(attr) = attr {
            bounds.extend(parse_bounds(attr, *edge)?);
        }
    }
    check_bounds(&bounds)?;
    let first = attrs.iter().flatten().next().cloned();
    match (first, absent) {
        (None, Some(absent)) => Err(syn::Error::new_spanned(
            absent,
            "`#[absent(default)]` belongs to a field gated with `#[since]`/`#[until]`/`#[only]`",
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
                bounds,
                attr,
                default_when_absent: absent.is_some(),
            });
            Ok(marks)
        }
        (None, None) => Ok(marks),
    }
}

/// The gate attributes, in the order their bounds are kept.
const EDGES: [Edge; 3] = [Edge::Since, Edge::Until, Edge::Only];

/// Refuses bounds that contradict each other at compile time: one version bounded twice
/// from the same side, `only` together with another bound on its version, or a range that
/// is empty (both bounds literal, on the same version).
fn check_bounds(bounds: &[Bound]) -> syn::Result<()> {
    for (at, later) in bounds.iter().enumerate() {
        for earlier in bounds[..at].iter().filter(|b| b.same_version(later)) {
            if earlier.edge == later.edge || Edge::Only == later.edge {
                let what = if earlier.edge == later.edge {
                    format!("`#[{}]` bounds this version twice", later.edge.name())
                } else {
                    "`#[only]` fixes this version; drop its other bound".to_owned()
                };
                return Err(syn::Error::new_spanned(&later.value, what));
            }
            check_order(earlier, later)?;
        }
    }
    Ok(())
}

/// Refuses `since` and `until` on one version whose range is empty.
fn check_order(since: &Bound, until: &Bound) -> syn::Result<()> {
    if since.edge != Edge::Since || until.edge != Edge::Until {
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
    ["since", "until", "only", "with_version", "absent"]
        .iter()
        .any(|name| path.is_ident(name))
}

/// The comparisons of one gate attribute: a bare number, or comparisons joined by `&&`.
fn parse_bounds(attr: &Attribute, edge: Edge) -> syn::Result<Vec<Bound>> {
    let name = edge.name();
    if let Ok(lit) = attr.parse_args::<LitInt>() {
        return Ok(vec![numbered_bound(attr, edge, lit)?]);
    }
    let Ok(expr) = attr.parse_args::<Expr>() else {
        return Err(expected(attr, edge));
    };
    let mut comparisons = Vec::new();
    conjuncts(&expr, &mut comparisons);
    if let [single] = comparisons[..]
        && !matches!(single, Expr::Binary(_))
    {
        return Err(expected(attr, edge));
    }
    comparisons
        .into_iter()
        .map(|compare| match compare {
            Expr::Binary(compare) => parse_comparison(attr, edge, compare),
            other => Err(syn::Error::new_spanned(
                other,
                format!("expected a comparison, e.g. `#[{name}(save_version {} 49)]`, or several joined by `&&`", edge.operators().1),
            )),
        })
        .collect()
}

fn expected(attr: &Attribute, edge: Edge) -> syn::Error {
    let (name, example) = (edge.name(), edge.operators().1);
    let number = match edge {
        Edge::Only => String::new(),
        _ => format!("a version number, e.g. `#[{name}(2)]`, or "),
    };
    syn::Error::new_spanned(
        attr,
        format!("expected {number}a comparison, e.g. `#[{name}(save_version {example} 49)]`"),
    )
}

/// The operands of a chain of `&&`, left to right.
fn conjuncts<'a>(expr: &'a Expr, out: &mut Vec<&'a Expr>) {
    match expr {
        Expr::Binary(and) if matches!(and.op, BinOp::And(_)) => {
            conjuncts(&and.left, out);
            conjuncts(&and.right, out);
        }
        Expr::Paren(inner) => conjuncts(&inner.expr, out),
        other => out.push(other),
    }
}

fn parse_comparison(attr: &Attribute, edge: Edge, compare: &ExprBinary) -> syn::Result<Bound> {
    let name = edge.name();
    if !edge.admits(&compare.op) {
        let hint = match (edge, compare.op) {
            (_, BinOp::Or(_)) => "; a gate joins its comparisons with `&&`".to_owned(),
            (Edge::Only, _) => String::new(),
            (_, BinOp::Eq(_)) => "; a field at exactly one version is `#[only(v == B)]`".to_owned(),
            _ => "; the version goes on the left".to_owned(),
        };
        return Err(syn::Error::new_spanned(
            compare.op,
            format!("`#[{name}]` compares with {}{hint}", edge.operators().0),
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
        edge,
        source: Some(source),
        op: compare.op,
        value: (*compare.right).clone(),
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
        Edge::Only => BinOp::Eq(Default::default()),
    };
    Ok(Bound {
        edge,
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
