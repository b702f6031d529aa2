//! Value instances (`instances: {x: {value: EXPR}}`) as methods of the `#[binrw]` struct.
//!
//! The subset: integer and boolean literals, integer fields of the type (plain, stored, not
//! conditional or repeated), other value instances of the type, unary `-` and `not`, `+ - *`,
//! `/` and `%` by a positive literal (Kaitai's floor division and non-negative modulo),
//! `& | ^`, `>>` by a literal below 128, comparisons, `and`, `or` and `? :`; strings: literals,
//! `str`/`strz` fields, `+`, comparisons, `.length` (characters) and an integer's `.to_s`. Integers are
//! computed as `i128` with checked arithmetic, so a method returns `Option<i128>` (or
//! `Option<bool>`) and `None` only when a value does not fit. Anything else is refused with
//! the construct, never approximated.

use std::fmt::Write as _;

use super::emit::is_int;
use super::schema::{Field, FieldType, TypeDef};
use crate::expr::{self, Expr};

/// The type of a value instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    /// `i128`.
    Int,
    /// `bool`.
    Bool,
    /// `String`.
    Str,
}

impl Ty {
    /// The Rust type.
    pub fn rust(self) -> &'static str {
        match self {
            Ty::Int => "i128",
            Ty::Bool => "bool",
            Ty::Str => "String",
        }
    }
}

/// The instance `name` of `def`: its type and the body of its method (an `Option<T>` block).
pub fn instance(def: &TypeDef, name: &str) -> Result<(Ty, String), String> {
    let mut stack = Vec::new();
    translate_instance(def, name, &mut stack)
}

fn translate_instance(
    def: &TypeDef,
    name: &str,
    stack: &mut Vec<String>,
) -> Result<(Ty, String), String> {
    let inst = def
        .instances
        .iter()
        .find(|i| i.id == name)
        .ok_or_else(|| format!("no instance `{name}`"))?;
    if stack.iter().any(|s| s == name) {
        return Err(format!("instance `{name}` refers to itself"));
    }
    stack.push(name.to_string());
    let parsed = expr::parse(&inst.value)?;
    let out = Tr { def, stack }.expr(&parsed);
    stack.pop();
    out
}

struct Tr<'a, 'b> {
    def: &'a TypeDef,
    stack: &'b mut Vec<String>,
}

impl Tr<'_, '_> {
    fn expect(&mut self, e: &Expr, ty: Ty) -> Result<String, String> {
        let (t, s) = self.expr(e)?;
        if t != ty {
            return Err(format!(
                "`{e:?}` is {t:?} where {ty:?} is needed (binrw backend value instance)"
            ));
        }
        Ok(s)
    }

    fn expr(&mut self, e: &Expr) -> Result<(Ty, String), String> {
        let unsupported = || format!("expression {e:?} is not supported by the binrw backend");
        Ok(match e {
            Expr::Int(n) => (Ty::Int, format!("{n}i128")),
            Expr::Bool(b) => (Ty::Bool, b.to_string()),
            Expr::Str(text) => (Ty::Str, format!("String::from({text:?})")),
            Expr::Attr(base, attr) if attr == "length" => {
                let v = self.expect(base, Ty::Str)?;
                (
                    Ty::Int,
                    format!("i128::try_from(({v}).chars().count()).ok()?"),
                )
            }
            Expr::Attr(base, attr) if attr == "to_i" => match base.as_ref() {
                Expr::Name(n)
                    if self.stored(n).is_some_and(|f| {
                        f.enum_name.is_some()
                            && matches!(&f.ty, FieldType::Named { name, .. } if is_int(name))
                    }) =>
                {
                    (Ty::Int, format!("i128::from(self.{n})"))
                }
                _ => return Err(unsupported()),
            },
            Expr::Attr(base, attr) if attr == "to_s" => {
                let v = self.expect(base, Ty::Int)?;
                (Ty::Str, format!("({v}).to_string()"))
            }
            Expr::Name(n) => self.name(n)?,
            Expr::Unary("-", inner) => {
                let v = self.expect(inner, Ty::Int)?;
                (Ty::Int, format!("({v}).checked_neg()?"))
            }
            Expr::Unary("not", inner) => {
                let v = self.expect(inner, Ty::Bool)?;
                (Ty::Bool, format!("!({v})"))
            }
            Expr::Ternary(c, a, b) => {
                let c = self.expect(c, Ty::Bool)?;
                let (ta, a) = self.expr(a)?;
                let b = self.expect(b, ta)?;
                (ta, format!("if {c} {{ {a} }} else {{ {b} }}"))
            }
            Expr::Binary(op, a, b) => self.binary(op, a, b)?,
            _ => return Err(unsupported()),
        })
    }

    fn binary(&mut self, op: &str, a: &Expr, b: &Expr) -> Result<(Ty, String), String> {
        let positive_literal = |e: &Expr| match e {
            Expr::Int(n) if *n > 0 => Some(*n),
            _ => None,
        };
        Ok(match op {
            "and" | "or" => {
                let a = self.expect(a, Ty::Bool)?;
                let b = self.expect(b, Ty::Bool)?;
                let op = if op == "and" { "&&" } else { "||" };
                (Ty::Bool, format!("({a} {op} {b})"))
            }
            "==" | "!=" => {
                let (ta, a) = self.expr(a)?;
                let b = self.expect(b, ta)?;
                (Ty::Bool, format!("({a} {op} {b})"))
            }
            "<" | "<=" | ">" | ">=" => {
                let (ta, a) = self.expr(a)?;
                if ta == Ty::Bool {
                    return Err(format!(
                        "`{op}` on booleans is not supported by the binrw backend"
                    ));
                }
                let b = self.expect(b, ta)?;
                (Ty::Bool, format!("({a} {op} {b})"))
            }
            "+" if self.expr(a)?.0 == Ty::Str => {
                let a = self.expect(a, Ty::Str)?;
                let b = self.expect(b, Ty::Str)?;
                (Ty::Str, format!("format!(\"{{}}{{}}\", {a}, {b})"))
            }
            "+" | "-" | "*" => {
                let a = self.expect(a, Ty::Int)?;
                let b = self.expect(b, Ty::Int)?;
                let method = match op {
                    "+" => "checked_add",
                    "-" => "checked_sub",
                    _ => "checked_mul",
                };
                (Ty::Int, format!("({a}).{method}({b})?"))
            }
            "/" | "%" => {
                let Some(d) = positive_literal(b) else {
                    return Err(format!(
                        "`{op}` by other than a positive integer literal is not supported by the binrw backend"
                    ));
                };
                let a = self.expect(a, Ty::Int)?;
                // Kaitai divides rounding down and its modulo is never negative: for a
                // positive divisor that is Euclidean division.
                let method = if op == "/" {
                    "div_euclid"
                } else {
                    "rem_euclid"
                };
                (Ty::Int, format!("({a}).{method}({d}i128)"))
            }
            "&" | "|" | "^" => {
                let a = self.expect(a, Ty::Int)?;
                let b = self.expect(b, Ty::Int)?;
                (Ty::Int, format!("({a} {op} {b})"))
            }
            ">>" => match b {
                Expr::Int(n) if (0..128).contains(n) => {
                    let a = self.expect(a, Ty::Int)?;
                    (Ty::Int, format!("({a} >> {n})"))
                }
                _ => {
                    return Err(
                        "`>>` by other than a literal below 128 is not supported by the binrw backend"
                            .into(),
                    );
                }
            },
            _ => {
                return Err(format!(
                    "operator `{op}` is not supported by the binrw backend in a value instance"
                ));
            }
        })
    }

    /// The seq field `n` when it is stored as read: not conditional, repeated, counted,
    /// versioned, hand-written or constant.
    fn stored(&self, n: &str) -> Option<&Field> {
        self.def.seq.iter().find(|f| {
            f.id == n
                && f.cond.is_none()
                && f.repeat_expr.is_none()
                && !f.repeat_eos
                && f.count_of.is_none()
                && f.rust_type.is_none()
                && f.contents.is_none()
                && f.since.is_none()
                && f.until.is_none()
                && f.variants.is_none()
        })
    }

    fn name(&mut self, n: &str) -> Result<(Ty, String), String> {
        if let Some(field) = self.stored(n) {
            let string = matches!(&field.ty, FieldType::Named { name, .. } if name == "str" || name == "strz");
            let int = matches!(&field.ty, FieldType::Named { name, .. } if is_int(name));
            if field.enum_name.is_none() && string {
                return Ok((Ty::Str, format!("self.{n}.value.clone()")));
            }
            if field.enum_name.is_none() && int {
                return Ok((Ty::Int, format!("i128::from(self.{n})")));
            }
        }
        if self.def.seq.iter().any(|f| f.id == n) {
            return Err(format!(
                "field `{n}` in a value instance is not a plain integer or string field (binrw backend)"
            ));
        }
        if self.def.instances.iter().any(|i| i.id == n) {
            let (ty, _) = translate_instance(self.def, n, self.stack)?;
            return Ok((ty, format!("self.{n}()?")));
        }
        Err(format!(
            "`{n}` in a value instance is not supported by the binrw backend"
        ))
    }
}

/// Refuses a seq field whose expressions (`if`, `size`, `repeat-expr`, type arguments,
/// `switch-on`) name a value instance of `def`: binrw directives see only fields read so far.
pub fn check_seq_uses(def: &TypeDef) -> Result<(), (String, String)> {
    for field in &def.seq {
        let mut texts: Vec<&str> = [&field.cond, &field.size, &field.repeat_expr]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect();
        match &field.ty {
            FieldType::Named { args, .. } => texts.extend(args.iter().map(String::as_str)),
            FieldType::Switch { on, .. } => texts.push(on),
            FieldType::None => {}
        }
        for text in texts {
            let words = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
            if let Some(word) = words
                .into_iter()
                .find(|w| def.instances.iter().any(|i| i.id == *w))
            {
                return Err((
                    field.yaml_path.clone(),
                    format!(
                        "value instance `{word}` used by a seq field is not supported by the binrw backend"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The `impl` block with one method per value instance of `def` (empty without instances).
pub fn methods(def: &TypeDef) -> Result<String, (String, String)> {
    if def.instances.is_empty() {
        return Ok(String::new());
    }
    let mut out = format!("\nimpl {} {{\n", def.rust_name);
    for inst in &def.instances {
        let (ty, body) = instance(def, &inst.id).map_err(|e| (inst.yaml_path.clone(), e))?;
        if let Some(doc) = &inst.doc {
            for line in doc.trim_end().lines() {
                let _ = writeln!(out, "    /// {line}");
            }
        } else {
            let _ = writeln!(out, "    /// Kaitai value instance `{}`.", inst.id);
        }
        let _ = writeln!(
            out,
            "    /// `None` when an intermediate integer does not fit in an `i128`.\n    #[allow(unused_parens, clippy::all)]\n    pub fn {}(&self) -> Option<{}> {{\n        Some({body})\n    }}",
            inst.id,
            ty.rust()
        );
    }
    out.push_str("}\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::binrw::Schemas;

    fn load(instances: &str) -> TypeDef {
        let dir =
            std::env::temp_dir().join(format!("savepoint-binrw-value-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("v{}.ksy", instances.len()));
        let ksy = format!(
            "meta:\n  id: v\nseq:\n  - id: a\n    type: s2le\n  - id: s\n    type: str\n    size: 2\n    encoding: ASCII\n  - id: n\n    type: u1\n    repeat: expr\n    repeat-expr: 2\ninstances:\n{instances}"
        );
        std::fs::write(&path, ksy).unwrap();
        let schemas = Schemas::load_file(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        schemas.files["v"].types[0].clone()
    }

    #[test]
    fn spells_kaitai_arithmetic() {
        let def = load(
            "  q:\n    value: -a / 13\n  r:\n    value: a % 13 + 0x10\n  t:\n    value: 'q > 0 ? \"x\" + s : s'\n",
        );
        let (ty, body) = instance(&def, "q").unwrap();
        assert_eq!(ty, Ty::Int);
        assert_eq!(
            body,
            "((i128::from(self.a)).checked_neg()?).div_euclid(13i128)"
        );
        let (_, body) = instance(&def, "r").unwrap();
        assert_eq!(
            body,
            "((i128::from(self.a)).rem_euclid(13i128)).checked_add(16i128)?"
        );
        let (ty, body) = instance(&def, "t").unwrap();
        assert_eq!(ty, Ty::Str);
        assert!(body.starts_with("if (self.q()? > 0i128) {"), "{body}");
    }

    #[test]
    fn refuses_what_it_cannot_spell() {
        let def = load(
            "  x:\n    value: a / b\n  y:\n    value: n\n  z:\n    value: z + 1\n  w:\n    value: a << 2\n",
        );
        for name in ["x", "y", "z", "w"] {
            assert!(instance(&def, name).is_err(), "{name}");
        }
    }
}
