//! A seq field's `if` that binrw's `if(..)` directive cannot spell: one comparing a string
//! (`path_name == 'TRAILER!!!'`) or reading a child's value instance (`header.file_size.value
//! % 2 == 1`, a method returning `Option`). Such a condition is lifted into a value instance of
//! the type, `ks_if_<field>`, which the field's `if` names: the value-instance translation
//! (`value/`) spells it, and `seq_value.rs` computes it just before the field, on both sides,
//! where an undefined value is an error, as in Kaitai.

use super::schema::{Field, FieldType, Instance, Schemas, TypeDef};
use crate::expr::{Expr, Source};

/// Lifts the conditions of every seq field of `schemas` that need it (see the module doc).
pub fn lift(schemas: &mut Schemas) {
    let mut lifted = Vec::new();
    for (file_id, file) in &schemas.files {
        for (t, def) in file.types.iter().enumerate() {
            for (f, field) in def.seq.iter().enumerate() {
                // A bit field's `if` is read through its run (see `bits.rs`), which computes no
                // instance before it: its condition stays as written, and is refused there.
                let bits =
                    matches!(&field.ty, FieldType::Named { kind, .. } if kind.bits().is_some());
                let Some(cond) = field.cond.as_ref().filter(|_| !bits) else {
                    continue;
                };
                let reads_string = cond.tree().any(&|e| matches!(e, Expr::Str(_)));
                if reads_string || reads_child_value(schemas, file_id, def, cond.tree()) {
                    lifted.push((file_id.clone(), t, f));
                }
            }
        }
    }
    for (file_id, t, f) in lifted {
        let Some(def) = schemas
            .files
            .get_mut(&file_id)
            .map(|file| &mut file.types[t])
        else {
            continue;
        };
        let field = &mut def.seq[f];
        let Some(cond) = field.cond.take() else {
            continue;
        };
        let id = format!("ks_if_{}", field.id);
        field.cond = Some(Source::name(&id));
        let instance = lifted_instance(field, id, cond);
        def.instances.push(instance);
    }
}

fn lifted_instance(field: &Field, id: String, cond: Source) -> Instance {
    Instance {
        doc: Some(format!("The `if` of `{}`, computed before it.", field.id)),
        yaml_path: format!("{}/if", field.yaml_path),
        id,
        value: cond,
        enum_name: None,
        cond: None,
        lifted: true,
    }
}

/// Whether `e` (an expression of `def`, in file `file_id`) names a value instance of a child:
/// a path through user-type fields of `def` ending at an instance of the last one's type.
fn reads_child_value(schemas: &Schemas, file_id: &str, def: &TypeDef, e: &Expr) -> bool {
    e.any(&|e| {
        let mut names = Vec::new();
        let mut at = e;
        while let Expr::Attr(base, name) = at {
            names.push(name.as_str());
            at = base;
        }
        let Expr::Name(head) = at else { return false };
        names.push(head);
        names.reverse();
        child_instance(schemas, file_id, def, &names)
    })
}

/// Whether `path` (at least a field and a name) leads through user-type fields of `def`, none
/// hand-written, to a value instance.
fn child_instance(schemas: &Schemas, file_id: &str, def: &TypeDef, path: &[&str]) -> bool {
    let Some((name, fields)) = path.split_last().filter(|(_, f)| !f.is_empty()) else {
        return false;
    };
    let (mut decl, mut at) = (file_id, def);
    for step in fields {
        let field = at
            .seq
            .iter()
            .chain(at.positioned.iter().map(|p| &p.field))
            .find(|f| f.id == *step);
        let Some(FieldType::Named { name: ty, .. }) = field.map(|f| &f.ty) else {
            return false;
        };
        // A hand-written type's instances are its own (`-savepoint-transparent` spells them).
        let Some((d, t)) = schemas
            .resolve(decl, ty)
            .filter(|(_, t)| t.rust_type.is_none())
        else {
            return false;
        };
        (decl, at) = (d, t);
    }
    at.instances.iter().any(|i| i.id == *name)
}
