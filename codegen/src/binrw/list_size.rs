//! `x.size` / `x.length` of a list field (or positioned list instance) in a seq expression of
//! the binrw backend.
//!
//! The list is a `Vec` (or an array) field of the same struct, read before the field whose
//! directive uses it (a positioned instance is read where it is first needed, see `pos.rs`), so
//! its element count is `x.len()`. Rendered as a path, the call sits where a field would, on the
//! reader's side (a value) and the writer's (a reference, which `len` takes as well).

use super::expr::Expr;
use super::schema::Field;

/// `x.len()` for `x.size` of the list `sibling`, or `None` when `sibling` is not a list whose
/// Rust value is a plain `Vec` of its elements (a sized or processed element is wrapped, and
/// its wrapper holds no count of the list).
pub(super) fn list_len(sibling: &Field, path: &[String]) -> Option<Expr> {
    let list =
        sibling.repeat_expr.is_some() || sibling.repeat_eos || sibling.repeat_until.is_some();
    let wrapped = sibling.size.is_some()
        || sibling.size_eos
        || sibling.terminator.is_some()
        || sibling.process.is_some();
    match path {
        [name, attr] if list && !wrapped && matches!(attr.as_str(), "size" | "length") => {
            Some(Expr::Path(vec![name.clone(), "len()".into()]))
        }
        _ => None,
    }
}
