//! `_sizeof` and `sizeof<T>`: the sizes the schema fixes.

use super::tr::Tr;
use crate::binrw::schema::{Field, FieldType, File, TypeDef};
use crate::expr::Source;

/// `_sizeof` of the field path `names` of `def` (a field, or one through fields of user
/// types), when the schema fixes it: a seq expression takes it as a constant.
pub fn fixed_sizeof(file: &File, def: &TypeDef, names: &[&str]) -> Option<u64> {
    let tr = Tr {
        def,
        file,
        imports: None,
        seq: None,
    };
    tr.sizeof_path(names)
}

impl<'a> Tr<'a> {
    /// The size in bytes of every value of `def`, when the schema fixes it.
    pub(super) fn static_size(&self, def: &TypeDef, stack: &mut Vec<String>) -> Option<u64> {
        if stack.contains(&def.id) || def.rust_type.is_some() || def.bitfield.is_some() {
            return None;
        }
        stack.push(def.id.clone());
        let mut total = 0u64;
        for f in &def.seq {
            total = total.checked_add(self.field_size(f, stack)?)?;
        }
        stack.pop();
        Some(total)
    }

    /// The size in bytes of `f` (all its elements), when the schema fixes it.
    fn field_size(&self, f: &Field, stack: &mut Vec<String>) -> Option<u64> {
        let plain = f.cond.is_none() && !f.repeat_eos && !f.size_eos && f.terminator.is_none();
        if !plain || f.since.is_some() || f.until.is_some() || f.variants.is_some() {
            return None;
        }
        let constant = |e: Option<&Source>| match e {
            None => Some(1),
            Some(e) => e.as_count(),
        };
        let count = constant(f.repeat_expr.as_ref())?;
        let one = if let Some(bytes) = &f.contents_bytes {
            bytes.len() as u64
        } else {
            match &f.ty {
                FieldType::None | FieldType::Named { .. } if f.size.is_some() => {
                    constant(f.size.as_ref())?
                }
                FieldType::Named { kind, .. }
                    if kind.rust_int().or(kind.rust_float()).is_some() =>
                {
                    let rust = kind.rust_int().or(kind.rust_float())?;
                    rust[1..].parse::<u64>().ok()? / 8
                }
                FieldType::Named { name, args, .. } if args.is_empty() => {
                    let t = self.file.types.iter().find(|t| t.id == *name)?;
                    self.static_size(t, stack)?
                }
                _ => return None,
            }
        };
        one.checked_mul(count)
    }

    /// `_sizeof` of the path `names` (empty: the type itself; else a field, through fields
    /// of user types), when the schema fixes it.
    pub(super) fn sizeof_path(&self, names: &[&str]) -> Option<u64> {
        let Some((last, init)) = names.split_last() else {
            return self.static_size(self.def, &mut Vec::new());
        };
        let mut def = self.def;
        for name in init {
            let f = def.seq.iter().find(|f| f.id == *name)?;
            def = match &f.ty {
                FieldType::Named { name, args, .. } if args.is_empty() && f.cond.is_none() => {
                    self.file.types.iter().find(|t| t.id == *name)?
                }
                _ => return None,
            };
        }
        let f = def.seq.iter().find(|f| f.id == *last)?;
        self.field_size(f, &mut Vec::new())
    }
}
