//! Parsed instances at a position (`instances: {x: {pos: EXPR, type: ...}}`) in the binrw
//! backend: each is a stored field of the struct, read and written at its position with binrw's
//! `seek_before` and `restore_position`, so the seq around it is unaffected.
//!
//! A file whose types have such instances keeps, in its top-level type, the bytes after the
//! seq (`_unparsed`, up to the end of the stream): the bytes between and after instances that no
//! seq field covers are written back from there, and the instances are written after it, so an
//! edited instance lands at its position. An instance that a seq field uses (a count, a size)
//! is read before that field, and therefore written before `_unparsed`.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::expr::{self, Expr, Side};
use super::schema::{Field, FieldType, File, Positioned, TypeDef};
use super::tokens::ident;
use crate::expr::{Expr as KsExpr, Source};

/// One entry of a struct body, in declaration (reading and writing) order.
pub(super) enum Item<'a> {
    /// A seq field.
    Seq(&'a Field),
    /// A positioned instance.
    Pos(&'a Positioned),
    /// The end of the seq (where `io.rs` records `_io` for value instances).
    SeqEnd,
    /// The `_unparsed` rest of the top-level type.
    Rest,
}

/// The field declaring the bytes after the top-level seq.
pub(super) fn rest_field() -> TokenStream {
    quote! {
        /// The bytes after the seq up to the end of the stream (positioned instances lie there).
        #[br(parse_with = binrw::helpers::until_eof)]
        pub _unparsed: Vec<u8>,
    }
}

/// Whether `def` is the top-level type of a file whose types have positioned instances.
pub(super) fn needs_rest(file: &File, def: &TypeDef) -> bool {
    def.yaml_path.is_empty() && file.types.iter().any(|t| !t.positioned.is_empty())
}

/// The body of `def`: each positioned instance before the first seq field that names it, the
/// others after the seq's end and its `_unparsed` rest.
pub(super) fn order<'a>(file: &File, def: &'a TypeDef) -> Vec<Item<'a>> {
    let mut out = Vec::new();
    for (at, field) in def.seq.iter().enumerate() {
        let before = def.positioned.iter().filter(|p| read_before(def, p) == at);
        out.extend(before.map(Item::Pos));
        out.push(Item::Seq(field));
    }
    out.push(Item::SeqEnd);
    if needs_rest(file, def) {
        out.push(Item::Rest);
    }
    let after = def
        .positioned
        .iter()
        .filter(|p| read_before(def, p) == def.seq.len());
    out.extend(after.map(Item::Pos));
    out
}

/// How many seq fields of `def` are read before its positioned instance `p`: the index of the
/// first seq field that names it, else all of them.
pub(super) fn read_before(def: &TypeDef, p: &Positioned) -> usize {
    def.seq
        .iter()
        .position(|field| uses(field, &p.field.id))
        .unwrap_or(def.seq.len())
}

/// Whether an expression of `field` names `id` (as a whole name or the head of a path).
pub(super) fn uses(field: &Field, id: &str) -> bool {
    // A `repeat-until` condition may name a positioned integer (see `until_inst.rs`).
    let mut exprs: Vec<&Source> = [
        &field.repeat_expr,
        &field.cond,
        &field.size,
        &field.repeat_until,
    ]
    .into_iter()
    .flatten()
    .collect();
    match &field.ty {
        FieldType::Named { args, .. } => exprs.extend(args),
        FieldType::Switch { on, .. } => exprs.push(on),
        FieldType::None => {}
    }
    exprs.into_iter().any(|e| super::value::names(e, id))
}

/// The attributes that read and write `p` at its position (before the field's own).
///
/// `wide` says which names or paths hold integers wider than `u16` (converted with a checked
/// `u64::try_from`; narrower ones with `u64::from`); `resolve` turns the parsed `pos` into what
/// the type computes (`_root.x` in the root, value instances inlined, params).
pub(super) fn attrs(
    p: &Positioned,
    wide: &dyn Fn(&str) -> expr::Width,
    resolve: &dyn Fn(Expr) -> Result<Expr, String>,
) -> Result<TokenStream, String> {
    // `_io.size - N`: N bytes before the end of the stream.
    if let Some(offset) = io_offset(&p.pos, "size") {
        let back = offset?
            .checked_neg()
            .filter(|n| *n >= 0)
            .ok_or_else(|| unsupported(&p.pos))?;
        let n = Literal::i64_unsuffixed(back);
        let attrs = match p.field.cond {
            None => quote!(#[brw(seek_before = binrw::io::SeekFrom::End(-#n), restore_position)]),
            // An absent instance writes nothing, and what is written so far may be shorter than
            // `n` bytes (a file the reader took without one): seeking back would fail.
            Some(_) => {
                let id = ident(&p.field.id);
                quote! {
                    #[br(seek_before = binrw::io::SeekFrom::End(-#n))]
                    #[bw(seek_before = if #id.is_some() { binrw::io::SeekFrom::End(-#n) } else { binrw::io::SeekFrom::Current(0) })]
                    #[brw(restore_position)]
                }
            }
        };
        return Ok(attrs);
    }
    if let Some(n) = from_here(&p.pos) {
        // The writer writes the seq as the reader read it, so it is at the same position here.
        let n = Literal::i64_unsuffixed(n?);
        let attr = quote!(#[brw(seek_before = binrw::io::SeekFrom::Current(#n), restore_position)]);
        return Ok(attr);
    }
    let e = resolve(expr::lower(&p.pos, expr::Use::default())?)?;
    let (read, write) = (start(&e, wide, Side::Read), start(&e, wide, Side::Write));
    Ok(quote! {
        #[br(seek_before = #read)]
        #[bw(seek_before = #write)]
        #[brw(restore_position)]
    })
}

/// The `SeekFrom` of the position `e` (a parsed `pos`) as `side` spells its names.
pub(super) fn start(e: &Expr, wide: &dyn Fn(&str) -> expr::Width, side: Side) -> TokenStream {
    // Arithmetic as for a size (widened, saturating): `sector * 512` of a hostile `sector`
    // seeks past the end instead of overflowing; a negative position seeks there too.
    match e.constant() {
        Some(n) => {
            let n = Literal::u64_unsuffixed(u64::try_from(n).unwrap_or(u64::MAX));
            quote!(binrw::io::SeekFrom::Start(#n))
        }
        None => {
            let offset = match e {
                Expr::Path(path) if wide(&path.join(".")) == expr::Width::Narrow => {
                    let v = e.rust(side);
                    quote!(u64::from(#v))
                }
                Expr::Path(_) | Expr::Param(_) => {
                    let v = e.rust(side);
                    quote!(u64::try_from(#v).unwrap_or(u64::MAX))
                }
                _ => {
                    let v = e.to_usize(side, wide);
                    quote!(u64::try_from(#v).unwrap_or(u64::MAX))
                }
            };
            quote!(binrw::io::SeekFrom::Start(#offset))
        }
    }
}

/// The offset N of `pos: _io.pos`, `_io.pos + N` or `_io.pos - N` (where the instance is read:
/// before the first seq field that names it, else after the seq), or `None` for another `pos`.
pub(super) fn from_here(pos: &Source) -> Option<Result<i64, String>> {
    io_offset(pos, "pos")
}

/// The offset from `_io.<attr>` of `pos` when it is `_io.<attr>` alone (0) or with an integer
/// literal added or taken away; the error is another operand, or an offset beyond `i64`.
fn io_offset(pos: &Source, attr: &str) -> Option<Result<i64, String>> {
    let is_attr = |e: &KsExpr| matches!(e, KsExpr::Attr(io, a) if a == attr && matches!(&**io, KsExpr::Name(n) if n == "_io"));
    let (op, n) = match pos.tree() {
        e if is_attr(e) => return Some(Ok(0)),
        KsExpr::Binary(op @ ("+" | "-"), base, n) if is_attr(base) => (*op, n),
        _ => return None,
    };
    let n = match **n {
        KsExpr::Int(n) if op == "+" => i64::try_from(n).ok(),
        KsExpr::Int(n) => n.checked_neg().and_then(|n| i64::try_from(n).ok()),
        _ => None,
    };
    Some(n.ok_or_else(|| unsupported(pos)))
}

/// Why the `pos` of an instance is refused.
fn unsupported(pos: &Source) -> String {
    format!("`pos: {pos}` is not supported by the binrw backend")
}

#[cfg(test)]
mod tests {

    fn generate_one(tag: &str, ksy: &str) -> Result<String, crate::SchemaError> {
        let tag = format!("pos-{tag}");
        crate::binrw::generate_from(&tag, &[("p.ksy", ksy)], "p").map(|m| m.source)
    }

    const SCHEMA: &str = "meta: {id: p, endian: le}\nseq:\n  - {id: ofs, type: u4}\n  - {id: items, type: u1, repeat: expr, repeat-expr: hdr.qty}\ntypes:\n  head:\n    seq:\n      - {id: qty, type: u1}\ninstances:\n  hdr: {pos: 16, type: head}\n  tail: {pos: ofs, type: u2}\n";

    #[test]
    fn instances_are_fields_at_their_position() {
        let src = generate_one("ok", SCHEMA).unwrap();
        // `hdr` sizes `items`, so it is read first; `tail` comes after the kept rest.
        let hdr = src.find("pub hdr: Head,").expect(&src);
        let items = src.find("pub items: Vec<u8>,").expect(&src);
        let rest = src.find("pub _unparsed: Vec<u8>,").expect(&src);
        let tail = src.find("pub tail: u16,").expect(&src);
        assert!(hdr < items && items < rest && rest < tail, "{src}");
        for expected in [
            "#[br(seek_before = binrw::io::SeekFrom::Start(16))]",
            "#[br(seek_before = binrw::io::SeekFrom::Start(u64::try_from(ofs).unwrap_or(u64::MAX)))]",
            "#[bw(seek_before = binrw::io::SeekFrom::Start(u64::try_from(*ofs).unwrap_or(u64::MAX)))]",
            "#[brw(restore_position)]",
        ] {
            assert!(src.contains(expected), "{expected}:\n{src}");
        }
        // Only the top-level type keeps the rest of the stream.
        assert_eq!(src.matches("_unparsed").count(), 1, "{src}");
    }

    #[test]
    fn instances_without_pos_are_read_where_the_stream_is() {
        // In a nested type: at `_io.pos`, after its seq.
        let ksy = "meta: {id: p, endian: le}\nseq:\n  - {id: e, type: entry}\ntypes:\n  entry:\n    seq:\n      - {id: a, type: u1}\n    instances:\n      b: {type: u1}\n";
        let src = generate_one("here", ksy).unwrap();
        assert!(
            src.contains("seek_before = binrw::io::SeekFrom::Current(0), restore_position"),
            "{src}"
        );
        // With `io` the other stream's position is unknown.
        let io = ksy.replace("b: {type: u1}", "b: {type: u1, io: _root._io}");
        let err = generate_one("here-io", &io).unwrap_err();
        assert_eq!(err.yaml_path, "/types/entry/instances/b/io", "{err}");
        // In the top-level type, after the seq, the rest of the stream is read first.
        let top =
            "meta: {id: p, endian: le}\nseq:\n  - {id: a, type: u1}\ninstances:\n  b: {type: u1}\n";
        let err = generate_one("here-top", top).unwrap_err();
        assert_eq!(err.yaml_path, "/instances/b", "{err}");
    }

    #[test]
    fn refuses_what_it_cannot_place() {
        let io = SCHEMA.replace("{pos: ofs,", "{pos: ofs, io: _parent._io,");
        let err = generate_one("io", &io).unwrap_err();
        assert_eq!(err.yaml_path, "/instances/tail/io");
        let minus = SCHEMA.replace("{pos: ofs,", "{pos: _io.pos + ofs,");
        let err = generate_one("minus", &minus).unwrap_err();
        assert_eq!(err.yaml_path, "/instances/tail");
        assert!(err.message.contains("_io.pos"), "{err}");
        // `_io.pos + N` is N bytes on from where the instance is read and written: after the
        // seq of a nested type; in the top-level type only before a seq field that reads it
        // (after the seq, its `_unparsed` rest is read first).
        let nested = |pos: &str| {
            let t = format!("\n    instances:\n      t: {{pos: '{pos}', type: u1}}\n");
            SCHEMA.replace(
                "      - {id: qty, type: u1}\n",
                &format!("      - {{id: qty, type: u1}}{t}"),
            )
        };
        let src = generate_one("here", &nested("_io.pos + 2")).unwrap();
        assert!(
            src.contains("seek_before = binrw::io::SeekFrom::Current(2), restore_position"),
            "{src}"
        );
        let top = SCHEMA.replace("{pos: ofs,", "{pos: _io.pos + 2,");
        let err = generate_one("here-top-plus", &top).unwrap_err();
        assert_eq!(err.yaml_path, "/instances/tail", "{err}");
        // The type of a positioned instance gets the `_parent` values it reads, when they are
        // read before the instance: `hdr` is read before `items`, which it sizes.
        let nav = |path: &str| {
            SCHEMA.replace(
                "      - {id: qty, type: u1}",
                &format!("      - {{id: qty, type: u1}}\n      - {{id: more, size: {path}}}"),
            )
        };
        let src = generate_one("nav", &nav("_parent.ofs")).unwrap();
        assert!(src.contains("#[br(import(up_ofs: u32))]"), "{src}");
        assert!(src.contains("#[br(args(ofs))]"), "{src}");
        let late = nav("_parent.late").replace(
            "repeat-expr: hdr.qty}",
            "repeat-expr: hdr.qty}\n  - {id: late, type: u1}",
        );
        let err = generate_one("nav-late", &late).unwrap_err();
        assert_eq!(err.yaml_path, "/instances/hdr", "{err}");
        assert!(err.message.contains("`late` of `p` is read after"), "{err}");
        // A type that reaches itself through a positioned instance would read on every level.
        let cycle = nav("_root.ofs").replace(
            "instances:\n  hdr",
            "    instances:\n      again: {pos: 0, type: head}\ninstances:\n  hdr",
        );
        let err = generate_one("nav-cycle", &cycle).unwrap_err();
        // Found from the top-level type, the first on the way to the cycle.
        assert_eq!(err.yaml_path, "", "{err}");
        assert!(err.message.contains("contains itself"), "{err}");
        // Matched on the parsed tree: parentheses and spacing do not matter.
        let src = generate_one("back", &nested("(_io.pos-3)")).unwrap();
        assert!(
            src.contains("SeekFrom::Current(-3), restore_position"),
            "{src}"
        );
        let plus = SCHEMA.replace("{pos: ofs,", "{pos: _io.size + 2,");
        let err = generate_one("plus", &plus).unwrap_err();
        assert!(err.message.contains("`pos: _io.size + 2`"), "{err}");
        let end = SCHEMA.replace("{pos: ofs,", "{pos: _io.size - 2,");
        let src = generate_one("end", &end).unwrap();
        assert!(
            src.contains("seek_before = binrw::io::SeekFrom::End(-2), restore_position"),
            "{src}"
        );
        // A conditional one seeks back only when it is there to be written: a file read without
        // it may be shorter than the distance (found by the gallery_read fuzz target on pcx).
        let maybe = SCHEMA.replace("{pos: ofs,", "{pos: _io.size - 2, if: ofs > 3,");
        let src = generate_one("end-if", &maybe).unwrap();
        assert!(
            src.contains("#[br(seek_before = binrw::io::SeekFrom::End(-2))]"),
            "{src}"
        );
        assert!(
            src.contains("if tail.is_some() { binrw::io::SeekFrom::End(-2) } else { binrw::io::SeekFrom::Current(0) }"),
            "{src}"
        );
    }
}
