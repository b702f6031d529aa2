//! A field's expressions as its directives compute them: parsed, `_io` and value instances
//! written out, paths through substreams and newtypes, and which integers are wider than `u16`.

use super::super::expr::{self, Expr, Use, Width};
use super::super::schema::{Field, FieldType, TypeDef};
use super::{Module, switch_int};
use crate::SchemaError;
use crate::expr::{IntTy, Source, Type};

impl<'a> Module<'a> {
    /// [`Module::expr_in`] for a size or count, which may subtract (see [`expr::lower_size`]).
    pub(super) fn size_expr(&self, field: &Field, size: &Source) -> Result<Expr, SchemaError> {
        self.expr_in(field, size, true)
    }

    /// An expression of `field` (its `if`, `size`, count or a type argument) as its
    /// directives compute it.
    pub(super) fn expr_in(
        &self,
        field: &Field,
        source: &Source,
        size: bool,
    ) -> Result<Expr, SchemaError> {
        let e = expr::lower(&self.sizes_folded(field, source)?, Use { size, io: true });
        let e = e.map_err(|e| self.field_err(field, e))?;
        let localized = super::super::io::localize(&e, field);
        let recorded = [&field.cond, &field.size]
            .into_iter()
            .any(|t| t.as_ref() == Some(source));
        let bits = matches!(&field.ty, FieldType::Named { kind, .. } if kind.bits().is_some());
        if localized != e && (!recorded || bits) {
            return Err(self.field_err(
                field,
                "`_io` other than in the `if` or `size` of a field that is not a bit field is not supported by the binrw backend",
            ));
        }
        let params = self.owner(field).map_or(&[][..], |d| d.params.as_slice());
        let localized = super::super::io::localize_params(&localized, params)
            .map_err(|e| self.field_err(field, e))?;
        self.resolve_expr(field, localized, size)
    }

    /// `source` with its `sizeof<T>` and `bitsizeof<T>` replaced by their values (see
    /// `type_size.rs`), which the lowering cannot know.
    pub(super) fn sizes_folded(
        &self,
        field: &Field,
        source: &Source,
    ) -> Result<Source, SchemaError> {
        let Some(file) = self.schemas.files.get(self.file) else {
            return Ok(source.clone());
        };
        super::super::type_size::fold_sizes(file, source).map_err(|e| self.field_err(field, e))
    }

    /// The rest of [`Module::expr_in`], after `_io`: a parsed expression of `field` (a seq
    /// field or a positioned instance, whose `pos` comes here too) as its directives compute it.
    pub(super) fn resolve_expr(
        &self,
        field: &Field,
        e: Expr,
        size: bool,
    ) -> Result<Expr, SchemaError> {
        // The top-level type's own `_root.x` is its `x` (a field, or a value instance inlined
        // below).
        let in_root = self.nav().types_root().is_some_and(|r| {
            r.seq
                .iter()
                .chain(r.positioned.iter().map(|p| &p.field))
                .any(|f| std::ptr::eq(f, field))
        });
        let e = if in_root {
            super::super::parent::root_local(&e)
        } else {
            e
        };
        let e = match self.owner(field) {
            Some(def) => super::super::value::seq_uses::inline_seq_uses(def, field, &e, size)
                .map_err(|e| self.field_err(field, e))?,
            None => e,
        };
        // A hand-written newtype's member is its `.0` (`newtype.rs`), not a value instance.
        let e = match self.owner(field) {
            Some(def) => e.map_paths(&|p: &[String]| self.through_newtypes(def, p)),
            None => e,
        };
        // After the value instances are written out: a child's value instance is a method, not
        // a field (`paths.rs`); a switch-on field is an enum, of which only one of integers has
        // a value here (`switch_int.rs`).
        let e = match self.owner(field) {
            Some(def) => {
                let e = self
                    .child_values(def, field, &e, size)
                    .map_err(|e| self.field_err(field, e))?;
                switch_int::switch_values(def, &e).map_err(|e| self.field_err(field, e))?
            }
            None => e,
        };
        let e = self.contents_sizes(field, &e)?;
        let Some(def) = self.owner(field) else {
            return Ok(e);
        };
        let e = e.map_paths(&|p: &[String]| self.through_subs(def, p));
        // A param is a value on the writer's side too (see `writer_params.rs`).
        Ok(e.params(&super::super::writer_params::writer_params(
            self.schemas,
            self.file,
            def,
        )))
    }

    /// The field path `p` of `def` with `value` after each sized, terminated or processed user
    /// type on the way (a `KsSub` or processed wrapper keeps the parsed type in `value`), or
    /// `None` when there is none.
    pub(super) fn through_subs(&self, def: &TypeDef, p: &[String]) -> Option<Vec<String>> {
        let mut out = Vec::new();
        let mut at = def;
        let mut changed = false;
        for (i, name) in p.iter().enumerate() {
            out.push(name.clone());
            if i + 1 == p.len() {
                break;
            }
            let field = at
                .seq
                .iter()
                .chain(at.positioned.iter().map(|p| &p.field))
                .find(|f| f.id == *name)?;
            let FieldType::Named { name: ty, .. } = &field.ty else {
                return None;
            };
            let (_, t) = self.schemas.resolve(self.file, ty)?;
            if wrapped(field) {
                out.push("value".into());
                changed = true;
            }
            at = t;
        }
        changed.then_some(out)
    }

    /// The type whose seq (or positioned fields) holds `field`.
    pub(super) fn owner(&self, field: &Field) -> Option<&'a TypeDef> {
        self.nav().types().iter().find(|t| {
            t.seq
                .iter()
                .chain(t.positioned.iter().map(|p| &p.field))
                .any(|f| std::ptr::eq(f, field))
        })
    }

    /// `x.size` / `x.length` of a sibling `contents` field is its fixed length; of another
    /// field that is not a user type (a byte array, string or list, whose Rust value has no such
    /// field) it is refused. `x._sizeof` is a constant where the schema fixes it (no Rust value
    /// has a `_sizeof` field) and refused elsewhere.
    pub(super) fn contents_sizes(&self, field: &Field, e: &Expr) -> Result<Expr, SchemaError> {
        let go = |e: &Expr| self.contents_sizes(field, e).map(Box::new);
        match e {
            Expr::Binary(l, op, r) => Ok(Expr::Binary(go(l)?, op, go(r)?)),
            Expr::Not(inner) => Ok(Expr::Not(go(inner)?)),
            Expr::Ternary(c, a, b) => Ok(Expr::Ternary(go(c)?, go(a)?, go(b)?)),
            Expr::Path(p) if p.last().is_some_and(|n| n == "_sizeof") => {
                let names: Vec<&str> = p[..p.len() - 1].iter().map(String::as_str).collect();
                let file = self.schemas.files.get(self.file);
                let size = file.zip(self.owner(field)).and_then(|(file, def)| {
                    super::super::value::sizes::fixed_sizeof(file, def, &names)
                });
                let size = size.and_then(|n| i64::try_from(n).ok()).ok_or_else(|| {
                    self.field_err(
                        field,
                        format!(
                            "`{}` of other than a field of fixed size is not supported by the binrw backend",
                            p.join(".")
                        ),
                    )
                })?;
                Ok(Expr::Int(size))
            }
            Expr::Path(p) if p.len() == 2 && matches!(p[1].as_str(), "size" | "length") => {
                let sibling = self
                    .nav()
                    .types()
                    .iter()
                    .map(|t| t.seq.iter().chain(t.positioned.iter().map(|p| &p.field)))
                    .find(|fields| fields.clone().any(|f| std::ptr::eq(f, field)))
                    .and_then(|mut fields| fields.find(|f| f.id == p[0]));
                let Some(sibling) = sibling else {
                    return Ok(e.clone());
                };
                if let Some(bytes) = &sibling.contents_bytes {
                    return Ok(Expr::Int(i64::try_from(bytes.len()).unwrap_or(i64::MAX)));
                }
                let user = matches!(&sibling.ty, FieldType::Named { name, .. }
                    if self.schemas.resolve(self.file, name).is_some());
                if user && sibling.repeat_expr.is_none() && !sibling.repeat_eos {
                    return Ok(e.clone());
                }
                if let Some(len) = super::super::list_size::list_len(sibling, p) {
                    return Ok(len);
                }
                Err(self.field_err(
                    field,
                    format!(
                        "`{}` in a seq expression is not supported by the binrw backend",
                        p.join(".")
                    ),
                ))
            }
            other => Ok(other.clone()),
        }
    }

    /// How the integer the name or dotted path `path` (`header.qty`, `_parent.len`) holds
    /// converts to a size, by the type the typing pass recorded for it (see
    /// `schema/typing.rs`): a recorded `_io` attribute, a list, or a dotted path with no
    /// recorded type converts with a check, which takes any integer.
    pub(super) fn wide_path(&self, def: &TypeDef, path: &str) -> Width {
        if super::super::io::is_local(path) {
            return Width::Other;
        }
        // `value` of a substream (see `Module::through_subs`) is the type's own value.
        let recorded = def
            .paths
            .get(path)
            .or_else(|| def.paths.get(&path.replace(".value.", ".")));
        match recorded.map(|ty| (ty, ty.int())) {
            Some((Type::List(_), _)) => Width::Other,
            Some((
                _,
                Some(IntTy {
                    bits,
                    signed: false,
                }),
            )) if bits <= 16 => Width::Narrow,
            Some((_, Some(IntTy { signed: false, .. }))) => Width::Unsigned,
            Some((_, Some(_))) => Width::Other,
            Some((_, None)) => Width::Narrow,
            None if path.contains('.') => Width::Other,
            None => Width::Narrow,
        }
    }
}

/// Whether a user-type `field` is read through a wrapper that keeps the type in `value` (a
/// `KsSub` of a sized or terminated area, or processed bytes).
pub(super) fn wrapped(field: &Field) -> bool {
    field.size.is_some() || field.size_eos || field.terminator.is_some() || field.process.is_some()
}
