//! Field paths into a user-type field in seq expressions (`size: len.result`): binrw directives
//! see the child as a struct, whose value instances are methods returning `Option`, not fields,
//! so a path ending at one is refused (with the field's YAML path) rather than generated as a
//! field access that does not compile.

use super::super::expr::Expr;
use super::super::schema::{FieldType, TypeDef};
use super::Module;

impl Module<'_> {
    /// Refuses a path of `e`, in a seq field of `def`, that ends at a value instance of a
    /// child type.
    pub(super) fn refuse_child_instances(&self, def: &TypeDef, e: &Expr) -> Result<(), String> {
        let mut paths = Vec::new();
        e.paths(&mut paths);
        for p in paths.into_iter().filter(|p| p.len() > 1) {
            let mut at = def;
            for (i, name) in p.iter().enumerate() {
                let field = at
                    .seq
                    .iter()
                    .chain(at.positioned.iter().map(|p| &p.field))
                    .find(|f| f.id == *name);
                let Some(field) = field else {
                    if i > 0 && at.instances.iter().any(|inst| inst.id == *name) {
                        return Err(format!(
                            "`{}`, a value instance of `{}`, in a seq expression is not supported by the binrw backend",
                            p.join("."),
                            at.id
                        ));
                    }
                    break;
                };
                let FieldType::Named { name: ty, .. } = &field.ty else {
                    break;
                };
                match self.schemas.resolve(self.file, ty) {
                    Some((_, t)) => at = t,
                    None => break,
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_path_to_a_child_value_instance_is_refused() {
        let ksy = "meta: {id: s}\nseq:\n  - {id: len, type: len_encoded}\n  - {id: body, size: len.result}\ntypes:\n  len_encoded:\n    seq:\n      - {id: b1, type: u1}\n    instances:\n      result:\n        value: b1 + 1\n";
        let err = crate::binrw::generate_from("child-inst", &[("s.ksy", ksy)], "s").unwrap_err();
        assert_eq!(err.yaml_path, "/seq/1");
        assert!(
            err.message.contains("`len.result`, a value instance"),
            "{err}"
        );
        let field = ksy.replace("size: len.result", "size: len.b1");
        assert!(crate::binrw::generate_from("child-field", &[("s.ksy", &field)], "s").is_ok());
    }
}
