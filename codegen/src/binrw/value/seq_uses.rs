//! Value instances named by seq fields' expressions: written out where binrw can see them,
//! refused otherwise.

use crate::binrw::expr::{Expr as SeqExpr, Use};
use crate::binrw::schema::{Field, FieldType, TypeDef};
use crate::expr::{Expr, Source};

/// Refuses a seq field whose expressions (`if`, `size`, `repeat-expr`, type arguments,
/// `switch-on`) name a value instance of `def`: binrw directives see only fields read so far.
/// An instance computed from earlier seq fields (or constant) is written out in an `if`, `size`,
/// `repeat-expr` or a type argument instead (see [`inline_seq_uses`]), and one that is a list
/// literal is written out as a type argument ([`list_literal`]).
pub fn check_seq_uses(def: &TypeDef) -> Result<(), (String, String)> {
    for field in &def.seq {
        let bits = matches!(&field.ty, FieldType::Named { kind, .. } if kind.bits().is_some());
        let mut texts: Vec<(&Source, Option<bool>)> = Vec::new();
        for (text, size) in [
            (&field.cond, false),
            (&field.size, true),
            (&field.repeat_expr, true),
        ] {
            if let Some(text) = text {
                texts.push((text, (!bits).then_some(size)));
            }
        }
        match &field.ty {
            FieldType::Named { args, .. } => texts.extend(
                args.iter()
                    .filter(|a| !list_literal(def, a))
                    .map(|a| (a, (!bits).then_some(false))),
            ),
            FieldType::Switch { on, .. } => texts.push((on, None)),
            FieldType::None => {}
        }
        for (text, inline) in texts {
            let named = def.instances.iter().find(|i| super::names(text, &i.id));
            let Some(word) = named.map(|i| &i.id) else {
                continue;
            };
            let parsed = match inline {
                Some(size) => crate::binrw::expr::lower(text, Use { size, io: false }),
                None => Err(String::new()),
            };
            let why = match parsed {
                // A parse error is reported where the field is emitted.
                Err(e) if !e.is_empty() => continue,
                Err(_) => String::new(),
                Ok(e) => match inline_seq_uses(def, field, &e, inline == Some(true)) {
                    Ok(_) => continue,
                    Err(e) => format!(": {e}"),
                },
            };
            return Err((
                field.yaml_path.clone(),
                format!(
                    "value instance `{word}` used by a seq field is not supported by the binrw backend{why}"
                ),
            ));
        }
    }
    Ok(())
}

/// Whether the type argument `arg` is a value instance of `def` that is a list literal, which
/// the field passes written out (see `list_args.rs`).
fn list_literal(def: &TypeDef, arg: &Source) -> bool {
    let Expr::Name(name) = arg.tree() else {
        return false;
    };
    def.instances
        .iter()
        .any(|i| i.id == *name && crate::binrw::emit::list_args::literal_items(&i.value).is_some())
}

/// `e` with each value instance of `def` it names replaced by the instance's expression, which
/// may name only seq fields of `def` read before `field` (and other such instances).
pub fn inline_seq_uses(
    def: &TypeDef,
    field: &Field,
    e: &SeqExpr,
    size: bool,
) -> Result<SeqExpr, String> {
    inline_in(def, field, e, size, 0)
}

fn inline_in(
    def: &TypeDef,
    field: &Field,
    e: &SeqExpr,
    size: bool,
    depth: u32,
) -> Result<SeqExpr, String> {
    match e {
        SeqExpr::Binary(l, op, r) => Ok(SeqExpr::Binary(
            Box::new(inline_in(def, field, l, size, depth)?),
            op,
            Box::new(inline_in(def, field, r, size, depth)?),
        )),
        SeqExpr::Not(inner) => Ok(SeqExpr::Not(Box::new(inline_in(
            def, field, inner, size, depth,
        )?))),
        SeqExpr::Ternary(c, a, b) => Ok(SeqExpr::Ternary(
            Box::new(inline_in(def, field, c, size, depth)?),
            Box::new(inline_in(def, field, a, size, depth)?),
            Box::new(inline_in(def, field, b, size, depth)?),
        )),
        SeqExpr::Path(p) if p.len() == 1 && def.instances.iter().any(|i| i.id == p[0]) => {
            let inst = def.instances.iter().find(|i| i.id == p[0]).ok_or("")?;
            if depth > 8 || inst.enum_name.is_some() {
                return Err(format!(
                    "instance `{}` is not an integer of earlier fields",
                    inst.id
                ));
            }
            let value =
                crate::binrw::expr::lower(&inst.value, crate::binrw::expr::Use { size, io: false })
                    .map_err(|e| format!("instance `{}`: {e}", inst.id))?;
            let value = inline_in(def, field, &value, size, depth + 1)?;
            let before = def.seq.iter().take_while(|f| !std::ptr::eq(*f, field));
            let earlier: Vec<&str> = before.clone().map(|f| f.id.as_str()).collect();
            let mut paths = Vec::new();
            value.paths(&mut paths);
            if let Some(p) = paths.iter().find(|p| !earlier.contains(&p[0].as_str())) {
                return Err(format!(
                    "instance `{}` uses `{}`, which is not a seq field read before",
                    inst.id,
                    p.join(".")
                ));
            }
            // A conditional field is an `Option` where the instance is written out.
            let conditional =
                |p: &&&[String]| before.clone().any(|f| f.id == p[0] && f.cond.is_some());
            if let Some(p) = paths.iter().find(conditional) {
                return Err(format!(
                    "instance `{}` uses `{}`, a conditional field",
                    inst.id,
                    p.join(".")
                ));
            }
            Ok(value)
        }
        other => Ok(other.clone()),
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn an_instance_of_a_conditional_field_is_not_inlined() {
        // As msgpack's `str_len`: the field is an `Option` where the size is computed.
        let ksy = "meta: {id: c}\nseq:\n  - {id: b, type: u1}\n  - {id: len8, type: u1, if: b == 1}\n  - {id: body, size: len}\ninstances:\n  len: {value: 'b == 1 ? len8 : 0'}\n";
        let err = crate::binrw::generate_from("value-cond", &[("c.ksy", ksy)], "c").unwrap_err();
        assert_eq!(err.yaml_path, "/seq/2", "{err}");
        assert!(err.message.contains("`len8`, a conditional field"), "{err}");
        let plain = ksy.replace(", if: b == 1", "");
        assert!(crate::binrw::generate_from("value-plain", &[("c.ksy", &plain)], "c").is_ok());
    }
}
