//! `_root.x` where `x` is a value instance of the top-level type whose value is an integer
//! literal (`sector_size: {value: 0x200}` of `gpt_partition_table`).
//!
//! Such an `x` is a constant, so every expression of the file reads it as that literal: a type
//! inside then imports nothing for it, which matters for the type of a positioned instance of
//! the root (the root, still being read, could not hand it a value instance), and `pos:
//! _io.size - _root.x` is a distance from the end like `_io.size - 512`. Types of other files
//! are left alone: their `_root` is not this file's top-level type.

use super::schema::{Schemas, each_source};
use crate::expr::Expr;

/// Writes every `_root.x` of a constant value instance `x` as its literal (see the module doc).
pub fn fold(schemas: &mut Schemas) {
    for file in schemas.files.values_mut() {
        let consts = constants(&file.types);
        if consts.is_empty() {
            continue;
        }
        for def in &mut file.types {
            // The visitor's error type is never produced here.
            let _ = each_source(def, &mut |_, _, source| {
                *source = source.map(&|e| literal(e, &consts));
                Ok(())
            });
        }
    }
}

/// The value instances of the top-level type among `types` whose value is an integer
/// literal (without `if` or `enum`), with that value.
fn constants(types: &[super::schema::TypeDef]) -> Vec<(String, i128)> {
    let Some(root) = types.iter().find(|t| t.yaml_path.is_empty()) else {
        return Vec::new();
    };
    let plain = root
        .instances
        .iter()
        .filter(|i| i.cond.is_none() && i.enum_name.is_none());
    plain
        .filter_map(|i| match i.value.tree() {
            Expr::Int(n) => Some((i.id.clone(), *n)),
            _ => None,
        })
        .collect()
}

/// The literal in place of `e` when it is `_root.x` of a constant `x` (a rewrite for
/// [`Expr::map`]).
fn literal(e: &Expr, consts: &[(String, i128)]) -> Option<Expr> {
    let Expr::Attr(base, x) = e else {
        return None;
    };
    if !matches!(&**base, Expr::Name(n) if n == "_root") {
        return None;
    }
    consts
        .iter()
        .find(|(id, _)| id == x)
        .map(|(_, n)| Expr::Int(*n))
}
