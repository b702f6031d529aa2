//! Positioned integer instances in a `repeat-until` condition (`repeat-until: _ == until_val`)
//! for the binrw backend.
//!
//! Kaitai reads such an instance when the condition first asks for it: after the list's first
//! element, so an instance at `pos: _io.pos + N` lies N bytes after that element, not after the
//! list's start. The instance is read (and written) just before the list, where binrw can give
//! its value to the condition, at that same position: the list's start plus the size of one
//! element plus N. Only integer elements are taken, whose size is fixed; the input is not
//! changed by reading the element, so the value is the one Kaitai reads. An instance at any
//! other position does not depend on when it is read and is placed as usual (`pos.rs`).

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::schema::{Field, FieldType, Positioned, TypeDef};
use crate::expr::Source;

/// The positioned instances of `def` that the `repeat-until` condition `until` may name: plain
/// integers (no `if`, `repeat`, `enum` or `io`).
pub(super) fn names<'a>(def: &'a TypeDef, until: &Source) -> Vec<&'a str> {
    def.positioned
        .iter()
        .filter(|p| plain_int(p).is_some() && super::value::names(until, &p.field.id))
        .map(|p| p.field.id.as_str())
        .collect()
}

/// The seeking attributes of `p` when the first seq field of `def` that names it is a
/// `repeat-until` list whose condition does and `p` sits at `_io.pos ± N`; `None` otherwise.
pub(super) fn attrs(def: &TypeDef, p: &Positioned) -> Option<Result<TokenStream, String>> {
    let user = def.seq.iter().find(|f| super::pos::uses(f, &p.field.id))?;
    let until = user.repeat_until.as_ref()?;
    // An `if` or `size` of the list that names it reads it first, at the list's start.
    let earlier = [&user.cond, &user.size]
        .into_iter()
        .flatten()
        .any(|t| super::value::names(t, &p.field.id));
    if earlier || !super::value::names(until, &p.field.id) {
        return None;
    }
    let n = match super::pos::from_here(&p.pos)? {
        Ok(n) => n,
        Err(e) => return Some(Err(e)),
    };
    let Some(width) = element_width(user) else {
        return Some(Err(format!(
            "instance `{}` at `{}` in the repeat-until of `{}`, a list of other than integers, is not supported by the binrw backend (Kaitai reads it after the first element)",
            p.field.id, p.pos, user.id
        )));
    };
    let at = Literal::i64_unsuffixed(n.saturating_add(width));
    Some(Ok(quote! {
        #[brw(seek_before = binrw::io::SeekFrom::Current(#at), restore_position)]
    }))
}

/// The Rust integer type of `p` when it is a plain integer instance.
fn plain_int(p: &Positioned) -> Option<&'static str> {
    let f = &p.field;
    let plain = f.cond.is_none()
        && f.repeat_expr.is_none()
        && f.repeat_until.is_none()
        && !f.repeat_eos
        && f.enum_name.is_none()
        && p.io.is_none();
    match &f.ty {
        FieldType::Named { kind, .. } if plain => kind.rust_int(),
        _ => None,
    }
}

/// The byte size of one element of the integer list `field`.
fn element_width(field: &Field) -> Option<i64> {
    let FieldType::Named { kind, .. } = &field.ty else {
        return None;
    };
    let rust = kind.rust_int()?;
    rust[1..].parse::<i64>().ok().map(|bits| bits / 8)
}

#[cfg(test)]
mod tests {
    #[test]
    fn refuses_an_instance_after_an_element_of_unknown_size() {
        let ksy = "meta: {id: u, endian: le}\nseq:\n  - {id: recs, type: rec, repeat: until, repeat-until: _.a == stop}\ninstances:\n  stop: {pos: _io.pos + 1, type: u1}\ntypes:\n  rec:\n    seq:\n      - {id: a, type: u1}\n";
        let err = crate::binrw::generate_from("until-inst", &[("u.ksy", ksy)], "u")
            .map(|m| m.source)
            .unwrap_err();
        assert!(
            err.message.contains("a list of other than integers"),
            "{err:?}"
        );
        assert!(err.to_string().contains("/instances/stop"), "{err}");
    }

    #[test]
    fn an_if_of_the_list_reads_the_instance_at_its_start() {
        let ksy = "meta: {id: u, endian: le}\nseq:\n  - {id: xs, type: u2, if: stop != 0, repeat: until, repeat-until: _ == stop}\ninstances:\n  stop: {pos: _io.pos + 1, type: u1}\n";
        let src = crate::binrw::generate_from("until-inst-if", &[("u.ksy", ksy)], "u")
            .map(|m| m.source)
            .unwrap();
        assert!(
            src.contains("SeekFrom::Current(1), restore_position"),
            "{src}"
        );
    }
}
