//! `_io.pos`, `_io.size` and `_io.eof` in a seq field's `if` or `size`: the stream the type is
//! read from (a substream's own, starting at 0, when the type is sized). binrw directives do not
//! see the reader, so a `#[br(temp)]` field read just before the field records the value
//! (`ks_io_pos_body`) with `savepoint_runtime::io` and the directive names it. The writer cannot know where a substream ends
//! before it is written, so a check of such a field (its `if`, its element count) is the
//! reader's only: the writer writes what the value holds.
//!
//! A value instance that reads `_io.pos`, `_io.size` or `_io.eof` sees them as they are at the
//! end of the type's seq (Kaitai evaluates it when first asked, usually then): each is a stored
//! field `_io_<attr>` read there, which the writer ignores.

use super::expr::{self, Expr};
use super::schema::{Field, TypeDef};
use super::value::{self, Ty};
use crate::expr::Expr as KsExpr;

/// The `_io` attributes the binrw backend reads, with the support function that reads each.
const ATTRS: &[(&str, &str, &str)] = &[
    ("pos", "u64", "ks_io_pos"),
    ("size", "u64", "ks_io_size"),
    ("eof", "bool", "ks_io_eof"),
];

/// Whether `token` is one of the `_io` attributes the backend reads.
pub fn is_io(token: &str) -> bool {
    token
        .strip_prefix("_io.")
        .is_some_and(|a| ATTRS.iter().any(|(n, _, _)| *n == a))
}

/// The local that holds `_io.<attr>` for `field`.
fn local(attr: &str, field: &Field) -> String {
    format!("ks_io_{attr}_{}", field.id)
}

/// Whether `name` is such a local.
pub fn is_local(name: &str) -> bool {
    name.starts_with("ks_io_")
}

/// Whether `e` reads a stream attribute (after [`localize`]).
pub fn reads_stream(e: &Expr) -> bool {
    let mut paths = Vec::new();
    e.paths(&mut paths);
    paths.iter().any(|p| is_local(&p[0]))
}

/// `e` with each `_io.<attr>` replaced by the local of `field` that holds it.
pub fn localize(e: &Expr, field: &Field) -> Expr {
    e.map_paths(&|p| match p {
        [io, attr] if io == "_io" => Some(vec![local(attr, field)]),
        _ => None,
    })
}

/// The `#[br(temp)]` fields that record the attributes `field`'s `if` and `size` read, to be
/// emitted right before it (empty when they read none).
pub fn temps(field: &Field) -> String {
    temps_with(field, None)
}

/// [`temps`] for a bit field read through the cursor `state` of its run: `_io.eof` is also
/// false while the cursor holds bits.
pub fn temps_in_run(field: &Field, state: &str) -> String {
    temps_with(field, Some(state))
}

fn temps_with(field: &Field, run: Option<&str>) -> String {
    let mut out = String::new();
    for (attr, ty, reader) in ATTRS {
        let reader = match run {
            Some(state) if *attr == "eof" => format!("ks_io_eof_bits, args_raw = &{state}"),
            _ => reader.to_string(),
        };
        let wanted = format!("_io.{attr}");
        let used = [&field.cond, &field.size]
            .into_iter()
            .flatten()
            .any(|text| {
                expr::parse_io(text, true).is_ok_and(|e| {
                    let mut paths = Vec::new();
                    e.paths(&mut paths);
                    paths.iter().any(|p| p.join(".") == wanted)
                })
            });
        if used {
            out.push_str(&format!(
                "#[br(temp, parse_with = {reader})]\n#[bw(ignore)]\n{}: {ty},\n",
                local(attr, field)
            ));
        }
    }
    out
}

/// The stored fields that record, at the end of `def`'s seq, the `_io` attributes its value
/// instances read (empty when they read none).
pub fn seq_end_fields(def: &TypeDef) -> String {
    let mut out = String::new();
    for (attr, ty, reader) in ATTRS {
        let read = |e: &KsExpr| matches!(e, KsExpr::Attr(b, a) if a == attr && is_io_name(b));
        let used = def.instances.iter().any(|i| {
            std::iter::once(&i.value)
                .chain(&i.cond)
                .any(|text| value::has_node(text, &read))
        });
        if used {
            out.push_str(&format!(
                "/// `_io.{attr}` at the end of the seq (for value instances; the writer ignores it).\n\
                 #[br(parse_with = {reader})]\n#[bw(ignore)]\npub _io_{attr}: {ty},\n"
            ));
        }
    }
    out
}

/// Whether `e` is the name `_io`.
fn is_io_name(e: &KsExpr) -> bool {
    matches!(e, KsExpr::Name(n) if n == "_io")
}

/// `base.attr` in a value instance when it is an `_io` attribute: its type and the stored field
/// of [`seq_end_fields`] that holds it.
pub fn recorded(base: &KsExpr, attr: &str) -> Option<(Ty, String)> {
    match attr {
        "eof" if is_io_name(base) => Some((Ty::Bool, "self._io_eof".into())),
        "pos" | "size" if is_io_name(base) => {
            Some((Ty::Int, format!("i128::from(self._io_{attr})")))
        }
        _ => None,
    }
}

/// The runtime module that holds the functions the temps call.
pub const RUNTIME: (&str, &[&str]) = (
    "io",
    &["ks_io_pos", "ks_io_size", "ks_io_eof", "ks_io_eof_bits"],
);
