//! Field paths into a user-type field in seq expressions (`size: len.result`): binrw directives
//! see the child as a struct, whose value instances are methods returning `Option`, not fields.
//! A path ending at an integer value instance of a child read earlier, through plain fields, is
//! an [`Expr::ChildValue`] where a size or count takes it as a number; any other such path is
//! refused (with the field's YAML path) rather than generated as a field access that does not
//! compile.

use super::super::expr::Expr;
use super::super::schema::{Field, FieldType, Instance, TypeDef};
use super::Module;

impl Module<'_> {
    /// `e`, an expression of `field` (a seq field or positioned instance of `def`), with each
    /// path to a child's value instance as an [`Expr::ChildValue`]; `size` says whether `e` is
    /// a size or count.
    pub(super) fn child_values(
        &self,
        def: &TypeDef,
        field: &Field,
        e: &Expr,
        size: bool,
    ) -> Result<Expr, String> {
        self.child_values_in(def, field, e, size)
    }

    /// [`Module::child_values`] of a part of the expression; `number` says whether the part is
    /// a number the size is computed from (not a condition, a comparison's operand or an
    /// index), the one place a child value may stand.
    fn child_values_in(
        &self,
        def: &TypeDef,
        field: &Field,
        e: &Expr,
        number: bool,
    ) -> Result<Expr, String> {
        let of = |e: &Expr, number: bool| self.child_values_in(def, field, e, number).map(Box::new);
        Ok(match e {
            Expr::Path(p) => match self.child_instance(def, p) {
                None => e.clone(),
                Some((inst, plain))
                    if number && plain && read_before(def, field, p) && integer(inst) =>
                {
                    Expr::ChildValue(p.clone())
                }
                Some(_) => return Err(refused(p)),
            },
            Expr::Binary(l, op, r) => {
                let arithmetic = matches!(*op, "+" | "-" | "*" | "/" | "%" | "&" | "|" | "^");
                Expr::Binary(
                    of(l, number && arithmetic)?,
                    op,
                    of(r, number && arithmetic)?,
                )
            }
            Expr::Ternary(c, a, b) => Expr::Ternary(of(c, false)?, of(a, number)?, of(b, number)?),
            Expr::Not(inner) => Expr::Not(of(inner, false)?),
            Expr::Index(list, i, rest) => {
                Expr::Index(of(list, false)?, of(i, false)?, rest.clone())
            }
            other => other.clone(),
        })
    }

    /// The value instance the path `p` (of `def`) ends at, when it is one of a child type
    /// reached through user-type fields, and whether each of those fields is [`one_value`].
    fn child_instance<'d>(
        &'d self,
        def: &'d TypeDef,
        p: &[String],
    ) -> Option<(&'d Instance, bool)> {
        let (name, fields) = p.split_last()?;
        let (mut at, mut plain) = (def, true);
        for step in fields {
            let field = at
                .seq
                .iter()
                .chain(at.positioned.iter().map(|p| &p.field))
                .find(|f| f.id == *step)?;
            let FieldType::Named { name: ty, .. } = &field.ty else {
                return None;
            };
            plain &= one_value(field);
            at = self.schemas.resolve(self.file, ty)?.1;
        }
        let own_field = at.seq.iter().any(|f| f.id == *name);
        let own_pos = at.positioned.iter().any(|p| p.field.id == *name);
        if fields.is_empty() || own_field || own_pos {
            return None;
        }
        let inst = at.instances.iter().find(|i| i.id == *name)?;
        Some((inst, plain))
    }
}

fn refused(p: &[String]) -> String {
    format!(
        "`{}`, a value instance of a child type, in a seq expression other than an integer operand of a size or count, of plain user-type fields read before, is not supported by the binrw backend",
        p.join(".")
    )
}

/// Whether `field` is one value: not conditional, repeated or version-gated, so the reader
/// holds one child (a sized one in a wrapper, which `Module::through_subs` looks through), not
/// an `Option` or a list.
fn one_value(field: &Field) -> bool {
    field.cond.is_none()
        && field.since.is_none()
        && field.until.is_none()
        && field.repeat_expr.is_none()
        && !field.repeat_eos
        && field.repeat_until.is_none()
}

/// Whether the path `p` starts at a seq field of `def` read before `field` (every seq field,
/// for a positioned instance, which is read after them).
fn read_before(def: &TypeDef, field: &Field, p: &[String]) -> bool {
    def.seq
        .iter()
        .take_while(|f| !std::ptr::eq(*f, field))
        .any(|f| f.id == p[0])
}

/// Whether the instance is an integer (a method returning `Option<i128>`), not an enum.
fn integer(inst: &Instance) -> bool {
    inst.enum_name.is_none() && inst.value.ty().is_some_and(|t| t.is_integer())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_child_value_instance_is_taken_in_sizes_only() {
        let ksy = "meta: {id: s}\nseq:\n  - {id: len, type: len_encoded}\n  - {id: body, size: len.result}\ntypes:\n  len_encoded:\n    seq:\n      - {id: b1, type: u1}\n    instances:\n      result:\n        value: b1 + 1\n";
        let ok = crate::binrw::generate_from("child-inst", &[("s.ksy", ksy)], "s");
        assert!(ok.is_ok(), "{:?}", ok.err());
        // An `if` reading it is computed before the field (see `lifted_if.rs`).
        let cond = ksy.replace("size: len.result", "size: 2, if: len.result > 1");
        let lifted = crate::binrw::generate_from("child-cond", &[("s.ksy", &cond)], "s").unwrap();
        let gate = "#[br(if(ks_value_ks_if_body_body.0))]";
        assert!(lifted.source.contains(gate), "{}", lifted.source);
        let choice = ksy.replace("size: len.result", "size: 'len.result > 1 ? 2 : 3'");
        let err = crate::binrw::generate_from("child-choice", &[("s.ksy", &choice)], "s");
        let err = err.unwrap_err();
        assert_eq!(err.yaml_path, "/seq/1");
        assert!(
            err.message.contains("`len.result`, a value instance"),
            "{err}"
        );
    }
}
