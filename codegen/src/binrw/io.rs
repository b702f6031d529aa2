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
//!
//! A param of type `io` is imported as the size of its stream (`p.size` is all a type may ask
//! of it): the caller passes the size of a sibling's own area (its `size`) or of the top-level
//! type's stream (`_root._io`, recorded like `_io.size`). The writer is not given it.

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote};

use super::expr::{self, Expr};
use super::schema::{Field, FieldType, Param, TypeDef, TypeRef};
use super::tokens::ident;
use super::value::Ty;
use crate::expr::{Expr as KsExpr, Source};

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
pub fn temps(field: &Field) -> TokenStream {
    temps_with(field, None)
}

/// [`temps`] for a bit field read through the cursor `state` of its run: `_io.eof` is also
/// false while the cursor holds bits.
pub fn temps_in_run(field: &Field, state: &str) -> TokenStream {
    temps_with(field, Some(state))
}

fn temps_with(field: &Field, run: Option<&str>) -> TokenStream {
    let mut out = TokenStream::new();
    for (attr, ty, reader) in ATTRS {
        let reader = match run {
            Some(state) if *attr == "eof" => {
                let state = ident(state);
                quote!(ks_io_eof_bits, args_raw = &#state)
            }
            _ => ident(reader).into_token_stream(),
        };
        let wanted = format!("_io.{attr}");
        let used = [&field.cond, &field.size]
            .into_iter()
            .flatten()
            .any(|source| {
                expr::lower(
                    source,
                    expr::Use {
                        size: true,
                        io: true,
                    },
                )
                .is_ok_and(|e| {
                    let mut paths = Vec::new();
                    e.paths(&mut paths);
                    paths.iter().any(|p| p.join(".") == wanted)
                })
            })
            || (*attr == "size" && passes_root_stream(field));
        if used {
            let (local, ty) = (ident(&local(attr, field)), ident(ty));
            out.extend(quote! {
                #[br(temp, parse_with = #reader)]
                #[bw(ignore)]
                #local: #ty,
            });
        }
    }
    out
}

/// The stored fields that record, at the end of `def`'s seq, the `_io` attributes its value
/// instances read (empty when they read none).
pub fn seq_end_fields(def: &TypeDef) -> TokenStream {
    let mut out = TokenStream::new();
    for (attr, ty, reader) in ATTRS {
        let read = |e: &KsExpr| matches!(e, KsExpr::Attr(b, a) if a == attr && is_io_name(b));
        let used = def.instances.iter().any(|i| {
            std::iter::once(&i.value)
                .chain(&i.cond)
                .any(|e| e.tree().any(&read))
        });
        if used {
            let doc = format!(
                " `_io.{attr}` at the end of the seq (for value instances; the writer ignores it)."
            );
            let (reader, field, ty) = (ident(reader), format_ident!("_io_{attr}"), ident(ty));
            out.extend(quote! {
                #[doc = #doc]
                #[br(parse_with = #reader)]
                #[bw(ignore)]
                pub #field: #ty,
            });
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
pub fn recorded(base: &KsExpr, attr: &str) -> Option<(Ty, TokenStream)> {
    match attr {
        "eof" if is_io_name(base) => Some((Ty::Bool, quote!(self._io_eof))),
        "pos" | "size" if is_io_name(base) => {
            let field = format_ident!("_io_{attr}");
            Some((Ty::Int, quote!(i128::from(self.#field))))
        }
        _ => None,
    }
}

/// The local a type reads an `io` param `id` into: the size of that stream (`id.size`, the
/// one attribute of such a param the backend takes). Named like the `_io` locals, so the writer,
/// which is not given it, skips the checks that read it as it does for `_io`.
pub fn param_local(id: &str) -> String {
    format!("ks_io_size_of_{id}")
}

/// `e` (of a type with params `params`) with `p.size` of each `io` param
/// `p` replaced by its local ([`param_local`]); any other use of such a param is refused.
pub fn localize_params(e: &Expr, params: &[Param]) -> Result<Expr, String> {
    let io = |name: &str| params.iter().any(|p| p.id == name && p.ty == TypeRef::Io);
    let mut paths = Vec::new();
    e.paths(&mut paths);
    if let Some(p) = paths
        .iter()
        .find(|p| io(&p[0]) && p[1..] != ["size".to_string()])
    {
        return Err(format!(
            "`{}` of an `io` param is not supported by the binrw backend (only its `.size`)",
            p.join(".")
        ));
    }
    Ok(e.map_paths(&|p| match p {
        [id, size] if size == "size" && io(id) => Some(vec![param_local(id)]),
        _ => None,
    }))
}

/// The size of the stream a type argument `arg` of `field` (in `def`) names for an `io`
/// param: `_root._io` of the top-level type (its own stream, recorded before the field by
/// [`temps`]) or `f._io` of a sibling `f` read from a `size` of its own (that size), also in
/// `? :`.
pub fn stream_size_arg(arg: &Source, def: &TypeDef, field: &Field) -> Result<Expr, String> {
    let e = expr::lower_plain(arg)?;
    size_of_streams(&e, def, field)
}

fn size_of_streams(e: &Expr, def: &TypeDef, field: &Field) -> Result<Expr, String> {
    let go = |e: &Expr| size_of_streams(e, def, field).map(Box::new);
    match e {
        Expr::Path(p) if p.len() == 2 && p[0] == "_root" && p[1] == "_io" => {
            if !def.yaml_path.is_empty() {
                return Err("`_root._io` as an argument outside the top-level type is not supported by the binrw backend".into());
            }
            Ok(Expr::Path(vec![local("size", field)]))
        }
        Expr::Path(p) if p.len() == 2 && p[1] == "_io" => {
            let size = def
                .seq
                .iter()
                .find(|f| f.id == p[0])
                .and_then(|f| f.size.as_ref())
                .ok_or_else(|| {
                    format!(
                        "`{}` of other than a sibling with a `size` is not supported by the binrw backend",
                        p.join(".")
                    )
                })?;
            expr::lower(size, expr::Use::default())
        }
        Expr::Ternary(c, a, b) => Ok(Expr::Ternary(c.clone(), go(a)?, go(b)?)),
        other => Err(format!(
            "{other:?} as a stream argument is not supported by the binrw backend"
        )),
    }
}

/// The Rust `u64` an `io` param is given for the size `e` ([`stream_size_arg`], resolved),
/// whatever width it is computed in; `to_usize` renders a part as a `usize`.
pub fn size_arg_rust(e: &Expr, to_usize: &dyn Fn(&Expr) -> TokenStream) -> TokenStream {
    match e {
        Expr::Int(n) => proc_macro2::Literal::i64_unsuffixed(*n).into_token_stream(),
        Expr::Path(p) if p.len() == 1 && is_local(&p[0]) => ident(&p[0]).into_token_stream(),
        Expr::Ternary(c, a, b) => {
            let c = c.rust(super::expr::Side::Read);
            let (a, b) = (size_arg_rust(a, to_usize), size_arg_rust(b, to_usize));
            quote!(if #c { #a } else { #b })
        }
        other => {
            let size = to_usize(other);
            quote!(u64::try_from(#size).unwrap_or(u64::MAX))
        }
    }
}

/// Whether a type argument of `field` names the top-level type's own stream (`_root._io`).
fn passes_root_stream(field: &Field) -> bool {
    let FieldType::Named { args, .. } = &field.ty else {
        return false;
    };
    args.iter().any(|a| {
        expr::lower_plain(a).is_ok_and(|e| {
            let mut paths = Vec::new();
            e.paths(&mut paths);
            paths.iter().any(|p| *p == ["_root", "_io"])
        })
    })
}

/// The runtime module that holds the functions the temps call.
pub const RUNTIME: (&str, &[&str]) = (
    "io",
    &["ks_io_pos", "ks_io_size", "ks_io_eof", "ks_io_eof_bits"],
);

#[cfg(test)]
mod tests {
    fn generate_one(tag: &str, ksy: &str) -> Result<String, crate::SchemaError> {
        let tag = format!("io-param-{tag}");
        crate::binrw::generate_from(&tag, &[("s.ksy", ksy)], "s").map(|m| m.source)
    }

    const SCHEMA: &str = "meta: {id: s}\nseq:\n  - {id: head, size: 2}\n  - {id: body, type: 'body(ARG)'}\ntypes:\n  body:\n    params:\n      - {id: stream, type: io}\n    seq:\n      - {id: data, size: USE}\n";

    fn with(arg: &str, used: &str) -> String {
        SCHEMA.replace("ARG", arg).replace("USE", used)
    }

    #[test]
    fn an_io_param_is_the_size_of_its_stream() {
        let src = generate_one("sibling", &with("head._io", "stream.size")).unwrap();
        assert!(src.contains("#[br(args(2))]"), "{src}");
        assert!(
            src.contains("#[br(import(ks_io_size_of_stream: u64))]"),
            "{src}"
        );
        let src = generate_one("root", &with("_root._io", "stream.size")).unwrap();
        assert!(src.contains("#[br(args(ks_io_size_body))]"), "{src}");
    }

    #[test]
    fn refuses_other_streams_and_attributes() {
        let err = generate_one("pos", &with("head._io", "stream.pos")).unwrap_err();
        assert_eq!(err.yaml_path, "/types/body/seq/0", "{err}");
        assert!(err.message.contains("`stream.pos`"), "{err}");
        // `body` has no `size`: its stream is the root's, which this backend does not name.
        let err = generate_one("unsized", &with("body._io", "stream.size")).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/1", "{err}");
    }
}
