//! Every expression of a type with its YAML path, and what its key needs it to be.

use super::ops::condition;
use crate::SchemaError;
use crate::binrw::schema::{CaseKey, Field, FieldType, TypeDef};
use crate::expr::{Source, Type};

/// What the typing pass does with one expression: its YAML path, the field whose element `_`
/// is (in `repeat-until` and `valid`), and the expression.
pub(in crate::binrw) type Visit<'v> =
    dyn FnMut(&str, Option<&str>, &mut Source) -> Result<(), SchemaError> + 'v;

/// Calls `f` on every expression of `def`: its fields', positioned instances', value
/// instances' and calculated endianness's.
pub(in crate::binrw) fn each_source(def: &mut TypeDef, f: &mut Visit) -> Result<(), SchemaError> {
    for field in &mut def.seq {
        each_of_field(field, f)?;
    }
    for p in def.positioned.iter_mut().chain(&mut def.on_request) {
        each_of_field(&mut p.field, f)?;
        let at = &p.field.yaml_path;
        f(&format!("{at}/pos"), None, &mut p.pos)?;
        if let Some(io) = &mut p.io {
            f(&format!("{at}/io"), None, io)?;
        }
    }
    for inst in &mut def.instances {
        let at = &inst.yaml_path;
        f(&format!("{at}/value"), None, &mut inst.value)?;
        if let Some(cond) = &mut inst.cond {
            f(&format!("{at}/if"), None, cond)?;
        }
    }
    if let Some(endian) = &mut def.endian_switch {
        let at = format!("{}/meta/endian", def.yaml_path);
        f(&format!("{at}/switch-on"), None, &mut endian.on)?;
        for (key, _) in &mut endian.cases {
            if let CaseKey::Value(key) = key {
                f(&format!("{at}/cases"), None, key)?;
            }
        }
    }
    Ok(())
}

/// Calls `f` on every expression of `field`.
fn each_of_field(field: &mut Field, f: &mut Visit) -> Result<(), SchemaError> {
    let at = field.yaml_path.clone();
    let id = field.id.clone();
    let plain = [
        (&mut field.cond, "if"),
        (&mut field.size, "size"),
        (&mut field.repeat_expr, "repeat-expr"),
    ];
    for (source, key) in plain {
        if let Some(source) = source {
            f(&format!("{at}/{key}"), None, source)?;
        }
    }
    for (source, key) in [
        (&mut field.repeat_until, "repeat-until"),
        (&mut field.valid_expr, "valid"),
    ] {
        if let Some(source) = source {
            f(&format!("{at}/{key}"), Some(&id), source)?;
        }
    }
    match &mut field.ty {
        FieldType::Named { args, .. } => {
            for arg in args {
                f(&format!("{at}/type"), None, arg)?;
            }
        }
        FieldType::Switch { on, .. } => f(&format!("{at}/type/switch-on"), None, on)?,
        FieldType::None => {}
    }
    for case in &mut field.switch_cases {
        if let CaseKey::Value(key) = &mut case.key {
            f(&format!("{at}/type/cases"), None, key)?;
        }
        for arg in &mut case.args {
            f(&format!("{at}/type/cases"), None, arg)?;
        }
    }
    if let Some(process) = &mut field.process {
        for arg in &mut process.args {
            f(&format!("{at}/process"), None, arg)?;
        }
    }
    Ok(())
}

/// `Ok` unless the key at `yaml_path` needs another type than `ty`: a condition (`if`,
/// `repeat-until`, `valid`) a boolean, a `size`, `repeat-expr` or `pos` an integer.
pub(super) fn check_use(yaml_path: &str, ty: Option<&Type>) -> Result<(), String> {
    let key = yaml_path.rsplit('/').next().unwrap_or(yaml_path);
    match (key, ty) {
        ("if" | "repeat-until" | "valid", _) => condition(ty),
        ("size" | "repeat-expr" | "pos", Some(t)) if !t.is_integer() => {
            Err(format!("{} where an integer is needed", t.describe()))
        }
        _ => Ok(()),
    }
}
