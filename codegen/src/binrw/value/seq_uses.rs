//! Value instances named by seq fields' expressions: written out where binrw can see them,
//! computed into a field of their own before the field (see `seq_value.rs`), refused otherwise.

use super::Ty;
use crate::binrw::expr::{Expr as SeqExpr, Use};
use crate::binrw::schema::{Field, FieldType, File, Instance, TypeDef};
use crate::expr::{Expr, Source};

/// Where a seq field names a value instance.
#[derive(Clone, Copy, PartialEq)]
enum At {
    /// Its `if`.
    If,
    /// Its `size` or `repeat-expr`.
    Size,
    /// A type argument.
    Arg,
    /// Its `switch-on`, which is the instance's name.
    Switch,
}

/// The expressions of `field` that may name value instances, with where each is; `None` for
/// one binrw cannot take an instance in at all (a bit field's, a `switch-on` expression).
fn sources<'a>(def: &TypeDef, field: &'a Field) -> Vec<(&'a Source, Option<At>)> {
    let bits = matches!(&field.ty, FieldType::Named { kind, .. } if kind.bits().is_some());
    let mut texts = Vec::new();
    // A computed `if` writes out the instances it names itself.
    let cond = field.cond.as_ref().filter(|_| !computed_if(def, field));
    for (text, at) in [
        (cond, At::If),
        (field.size.as_ref(), At::Size),
        (field.repeat_expr.as_ref(), At::Size),
    ] {
        if let Some(text) = text {
            texts.push((text, (!bits).then_some(at)));
        }
    }
    match &field.ty {
        FieldType::Named { args, .. } => texts.extend(
            args.iter()
                .filter(|a| !list_literal(def, a))
                .map(|a| (a, (!bits).then_some(At::Arg))),
        ),
        FieldType::Switch { on } => {
            let named =
                matches!(on.tree(), Expr::Name(n) if def.instances.iter().any(|i| i.id == *n));
            texts.push((on, named.then_some(At::Switch)));
        }
        FieldType::None => {}
    }
    texts
}

/// The value instances of `def` that `field` computes into fields of their own just before
/// it (an `if`, `size`, `repeat-expr` or `switch-on` naming one that cannot be written out in
/// the directive), each with whether the field's `if` names it (it is then computed whether
/// or not the field is read), those of the `if` first.
pub fn computed<'a>(def: &'a TypeDef, field: &Field) -> Vec<(&'a Instance, bool)> {
    let mut out: Vec<(&Instance, bool)> = Vec::new();
    // A positioned instance read after the whole seq (tga's `ext_area`, `if: is_valid`) has
    // every seq field to compute from; one read before a seq field that names it has not.
    let after_seq = def.positioned.iter().any(|p| {
        std::ptr::eq(&p.field, field) && crate::binrw::pos::read_before(def, p) == def.seq.len()
    });
    if !def.seq.iter().any(|f| std::ptr::eq(f, field)) && !after_seq {
        return out;
    }
    for (text, at) in sources(def, field) {
        for inst in def.instances.iter().filter(|i| super::names(text, &i.id)) {
            let needs = match at {
                Some(At::Switch) => true,
                Some(At::If | At::Size) => {
                    let path = SeqExpr::Path(vec![inst.id.clone()]);
                    inline_instance(def, field, &path, at == Some(At::Size), 0).is_err()
                }
                Some(At::Arg) | None => false,
            };
            if needs && !out.iter().any(|(i, _)| i.id == inst.id) {
                out.push((inst, at == Some(At::If)));
            }
        }
    }
    out
}

/// Whether the `if` of `field`, a seq field of `def`, is computed into a field of its own just
/// before it (see `seq_value.rs`), by the translation value instances have (checked `i128`
/// arithmetic): where it adds, multiplies or subtracts (`((data_offset * 4) - 20) != 0`),
/// which directives would spell in the fields' own types (`a * 100` overflowing a `u8`) and
/// spell `-` only in sizes and counts, and indexes nothing. A bit field's and a version gate's
/// are not.
pub fn computed_if(def: &TypeDef, field: &Field) -> bool {
    let Some(cond) = &field.cond else {
        return false;
    };
    let bits = matches!(&field.ty, FieldType::Named { kind, .. } if kind.bits().is_some());
    let gated = field.since.is_some() || field.until.is_some();
    let tree = cond.tree();
    let arithmetic = tree.any(&|e| {
        matches!(e, Expr::Binary("-" | "+" | "*", ..) | Expr::Unary("-", _))
            || matches!(e, Expr::Int(n) if *n < 0)
    });
    let indexes = tree.any(&|e| matches!(e, Expr::Index(..) | Expr::Array(_)));
    arithmetic && !indexes && !bits && !gated && def.seq.iter().any(|f| std::ptr::eq(f, field))
}

/// The local a computed `if` of `field` is held in (see [`computed_if`]), a `KsValue<bool>`.
pub fn if_local(field: &Field) -> String {
    format!("ks_if_{}", field.id)
}

/// The local `field` computes the instance `inst` into (see [`computed`]), a `KsValue` whose
/// value is its `.0`.
pub fn value_local(inst: &str, field: &Field) -> String {
    format!("ks_value_{inst}_{}", field.id)
}

/// Refuses a seq field whose expressions (`if`, `size`, `repeat-expr`, type arguments,
/// `switch-on`) name a value instance of `def` that binrw directives cannot see: one written
/// out in place (see [`inline_seq_uses`]) or a list literal passed as a type argument
/// ([`list_literal`]) is taken, and so is one computed just before the field ([`computed`])
/// from the fields read before it (`file` gives the enums and types it names).
pub fn check_seq_uses(
    def: &TypeDef,
    file: &File,
    schemas: &crate::binrw::Schemas,
) -> Result<(), (String, String)> {
    for field in &def.seq {
        let computed = computed(def, field);
        for (text, at) in sources(def, field) {
            for inst in def.instances.iter().filter(|i| super::names(text, &i.id)) {
                let why = match at {
                    _ if computed.iter().any(|(i, _)| i.id == inst.id) => {
                        match computed_type(def, file, schemas, field, inst, at) {
                            Ok(()) => continue,
                            Err(e) => format!(": {e}"),
                        }
                    }
                    Some(at) => {
                        let size = at == At::Size;
                        match crate::binrw::expr::lower(text, Use { size, io: false }) {
                            // A parse error is reported where the field is emitted.
                            Err(_) => continue,
                            Ok(e) => match inline_seq_uses(def, field, &e, size) {
                                Ok(_) => continue,
                                Err(e) => format!(": {e}"),
                            },
                        }
                    }
                    None => String::new(),
                };
                return Err((
                    field.yaml_path.clone(),
                    format!(
                        "value instance `{}` used by a seq field is not supported by the binrw backend{why}",
                        inst.id
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Whether `inst`, computed for `field`, translates on both sides to what its use `at` takes:
/// a boolean for an `if`, an integer for a size or count, an integer, a string or an enum
/// value for a `switch-on`.
fn computed_type(
    def: &TypeDef,
    file: &File,
    schemas: &crate::binrw::Schemas,
    field: &Field,
    inst: &Instance,
    at: Option<At>,
) -> Result<(), String> {
    use crate::binrw::expr::Side;
    let ty = super::seq_value(def, file, schemas, field, inst, Side::Read)?.ty;
    super::seq_value(def, file, schemas, field, inst, Side::Write)?;
    let fits = match at {
        Some(At::If) => ty == Ty::Bool,
        Some(At::Size) => ty == Ty::Int,
        Some(At::Switch) => matches!(ty, Ty::Int | Ty::Str | Ty::Enum(_)),
        _ => false,
    };
    if fits {
        return Ok(());
    }
    Err(format!(
        "instance `{}` is {ty:?}, which this use of it does not take",
        inst.id
    ))
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
            let inlined = inline_instance(def, field, e, size, depth);
            let local = || SeqExpr::Path(vec![value_local(&p[0], field), "0".into()]);
            match inlined {
                Err(_) if depth == 0 && computed(def, field).iter().any(|(i, _)| i.id == p[0]) => {
                    Ok(local())
                }
                inlined => inlined,
            }
        }
        other => Ok(other.clone()),
    }
}

/// The value instance `e` (a name) of `def` written out for `field`: its expression, which may
/// name only seq fields of `def` read before `field` (and other such instances).
fn inline_instance(
    def: &TypeDef,
    field: &Field,
    e: &SeqExpr,
    size: bool,
    depth: u32,
) -> Result<SeqExpr, String> {
    let SeqExpr::Path(p) = e else {
        return Err(String::new());
    };
    let inst = def.instances.iter().find(|i| i.id == p[0]).ok_or("")?;
    if depth > 8 || inst.enum_name.is_some() || inst.lifted {
        return Err(format!(
            "instance `{}` is not an integer of earlier fields",
            inst.id
        ));
    }
    let value = crate::binrw::expr::lower(&inst.value, crate::binrw::expr::Use { size, io: false })
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
    let conditional = |p: &&&[String]| before.clone().any(|f| f.id == p[0] && f.cond.is_some());
    if let Some(p) = paths.iter().find(conditional) {
        return Err(format!(
            "instance `{}` uses `{}`, a conditional field",
            inst.id,
            p.join(".")
        ));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    fn generate(tag: &str, ksy: &str) -> Result<String, crate::SchemaError> {
        crate::binrw::generate_from(tag, &[("c.ksy", ksy)], "c").map(|m| m.source)
    }

    #[test]
    fn an_instance_of_a_conditional_field_is_computed_before_the_field() {
        // As msgpack's `str_len`: the field is an `Option` where the size is needed, so the
        // instance is computed from it, not written out in the directive.
        let ksy = "meta: {id: c}\nseq:\n  - {id: b, type: u1}\n  - {id: len8, type: u1, if: b == 1}\n  - {id: body, size: len}\ninstances:\n  len: {value: 'b == 1 ? len8 : 0'}\n";
        let src = generate("value-cond", ksy).unwrap();
        assert!(src.contains("ks_value_len_body: KsValue<i128>"), "{src}");
        assert!(src.contains("ks_count(ks_value_len_body.0, 1)"), "{src}");
        // Without the `if` it is written out in the directive, as before.
        let plain = generate("value-plain", &ksy.replace(", if: b == 1", "")).unwrap();
        assert!(!plain.contains("KsValue"), "{plain}");
        // A positioned instance read after the seq (tga's `ext_area`) gets one before it.
        let pos = "meta: {id: c}\nseq:\n  - {id: m, size: 2}\ninstances:\n  ok: {value: 'm == [1, 2]'}\n  at: {pos: 0, type: u1, if: ok}\n";
        let src = generate("value-pos-if", pos).unwrap();
        assert!(src.contains("ks_value_ok_at: KsValue<bool>"), "{src}");
        assert!(src.contains("if(ks_value_ok_at.0"), "{src}");
        // One read before the seq field that names it has not read `m` yet: refused.
        let early = pos.replace(
            "size: 2}",
            "size: 2}\n  - {id: n, type: u1, repeat: expr, repeat-expr: at}",
        );
        let err = generate("value-pos-early", &early).unwrap_err();
        assert_eq!(err.yaml_path, "/instances/at", "{err}");
    }

    #[test]
    fn an_enum_instance_switch_takes_keys_of_its_enum() {
        let ksy = |key: &str| {
            format!(
                "meta: {{id: c}}\nseq:\n  - {{id: a, type: u1, enum: e}}\n  - {{id: b, type: u1, enum: e, if: a == e::x}}\n  - id: body\n    type:\n      switch-on: k\n      cases:\n        '{key}': u1\ninstances:\n  k: {{value: 'a == e::x ? b : a'}}\nenums:\n  e: {{1: x, 2: y}}\n  f: {{2: y}}\n"
            )
        };
        let src = generate("value-enum", &ksy("e::y")).unwrap();
        assert!(src.contains("ks_value_k_body: KsValue<i128>"), "{src}");
        assert!(src.contains("sel == 2"), "{src}");
        // A key of another enum, or an integer, is not a value of the instance's enum.
        for key in ["f::y", "2"] {
            let err = generate("value-enum-other", &ksy(key)).unwrap_err();
            assert!(err.yaml_path.starts_with("/seq/2"), "{err}");
            assert!(err.message.contains(key), "{err}");
        }
    }

    #[test]
    fn an_if_that_subtracts_what_is_not_read_yet_is_refused_at_the_field() {
        let ksy = "meta: {id: c}\nseq:\n  - {id: a, type: u1}\n  - {id: b, type: u1, if: a - late > 0}\n  - {id: late, type: u1}\n";
        let err = generate("if-later", ksy).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/1", "{err}");
        assert!(
            err.message
                .starts_with("`if`: `late`, a seq field not read before"),
            "{err}"
        );
        // Of the fields read before, it is computed.
        let ok = generate("if-ok", &ksy.replace("a - late", "a - 1")).unwrap();
        assert!(ok.contains("ks_if_b: KsValue<bool>"), "{ok}");
    }

    #[test]
    fn what_is_not_read_yet_is_refused_at_the_field() {
        let head = "meta: {id: c}\nseq:\n  - {id: b, type: u1}\n  - {id: body, size: len}\n  - {id: late, type: u1, if: b == 1}\n";
        let later = format!("{head}instances:\n  len: {{value: 'b == 1 ? late : 0'}}\n");
        let err = generate("value-later", &later).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/1", "{err}");
        assert!(
            err.message.contains("`late`, a seq field not read before"),
            "{err}"
        );
        let positioned = format!(
            "{head}instances:\n  at: {{pos: 0, type: u1}}\n  len: {{value: 'b == 1 ? at << 1 : 0'}}\n"
        );
        let err = generate("value-pos", &positioned).unwrap_err();
        assert!(err.message.contains("`at`, a positioned instance"), "{err}");
        // A string where a size is needed: the typing pass refuses it first.
        let text = format!("{head}instances:\n  len: {{value: '\"ab\"'}}\n");
        let err = generate("value-str", &text).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/1/size", "{err}");
        assert!(
            err.message.contains("a string where an integer is needed"),
            "{err}"
        );
    }
}
