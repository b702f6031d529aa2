//! The params a type's writer needs as well as its reader: those in the `size` or `if` of a
//! field (the writer frames and checks with them), and those passed on to such a param of a
//! field's type (or to one its writer takes whatever it does with it: see `rust_params.rs`).
//! binrw hands them to the writer with `#[bw(import(..))]` on the type and
//! `#[bw(args(..))]` on every field of it, as it hands the reader `#[br(import(..))]`. Other
//! params (counts, switch selectors) stay reader-only, so types that need none keep their
//! writer's signature.

use super::expr;
use super::schema::{FieldType, Param, Schemas, TypeDef, Versioned};
use crate::expr::Source;

/// The params of `def` (declared in file `file`) its writer needs, in declaration order:
/// (id, Kaitai type).
pub fn writer_params(schemas: &Schemas, file: &str, def: &TypeDef) -> Vec<Param> {
    let mut stack = Vec::new();
    needed(schemas, file, def, &mut stack)
}

/// Whether `def` keeps its param `id` as a field (`#[br(calc)]`, `#[bw(ignore)]`), so a
/// caller sees what the reader was given: when a value instance reads it, or else unless it is
/// the `#[versioned]` argument, a named version's param (schema-derive's), a param with a Rust
/// type (a borrowed context is not data) or a list's `repeat-expr` (the list's length holds
/// it). A param
/// the writer imports is kept too: the writer imports it under another name
/// ([`expr::writer_import`]) and frames with that, not with the field.
pub fn keeps_param(def: &TypeDef, id: &str) -> bool {
    if imported_version(def, id) || super::emit::rust_params::rust_type(def, id).is_some() {
        return false;
    }
    let count = def
        .seq
        .iter()
        .any(|f| f.repeat_expr.as_ref().and_then(Source::as_name) == Some(id));
    instances_read(def, id) || !count
}

/// Whether the param `id` of `def` is a version schema-derive imports itself, for the reader
/// and the writer: the `#[versioned]` argument or a named version's (see `version_param.rs`).
fn imported_version(def: &TypeDef, id: &str) -> bool {
    let versioned = matches!(def.versioned, Some(Versioned::Param)) && id == "version";
    versioned || super::version_param::is_version_param(def, id)
}

/// Whether a value instance of `def` reads its param `id`.
pub fn instances_read(def: &TypeDef, id: &str) -> bool {
    def.instances.iter().any(|inst| {
        [Some(&inst.value), inst.cond.as_ref()]
            .into_iter()
            .flatten()
            .any(|text| super::value::names(text, id))
    })
}

fn needed(schemas: &Schemas, file: &str, def: &TypeDef, stack: &mut Vec<String>) -> Vec<Param> {
    if stack.contains(&def.id) {
        return Vec::new();
    }
    stack.push(def.id.clone());
    let mut used: Vec<&Source> = Vec::new();
    for field in &def.seq {
        // A version gate's `if` is checked by `#[versioned]`, not by the writer's own check.
        let gated = field.since.is_some() || field.until.is_some();
        let cond = field.cond.as_ref().filter(|_| !gated);
        used.extend([cond, field.size.as_ref()].into_iter().flatten());
        if let FieldType::Named { name, args, .. } = &field.ty
            && let Some((decl, child)) = schemas.resolve(file, name)
        {
            let wanted = needed(schemas, decl, child, stack);
            for (arg, param) in args.iter().zip(&child.params) {
                let passed = super::emit::rust_params::writer_takes(child, &param.id);
                if passed || wanted.iter().any(|w| w.id == param.id) {
                    used.push(arg);
                }
            }
        }
    }
    stack.pop();
    def.params
        .iter()
        .filter(|p| !imported_version(def, &p.id) && used.iter().any(|e| names(e, &p.id)))
        .cloned()
        .collect()
}

/// Whether the expression `source` names `param` (an error is reported where it is emitted).
fn names(source: &Source, param: &str) -> bool {
    let Ok(e) = expr::lower_size(source) else {
        return false;
    };
    let mut paths = Vec::new();
    e.paths(&mut paths);
    paths.iter().any(|p| p.len() == 1 && p[0] == param)
}
