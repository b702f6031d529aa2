//! Operators: the type of `-a`, `not a`, `a op b` and `c ? a : b` from their operands', and
//! the type errors among them (a string in arithmetic, a number where a condition is needed).

use crate::expr::{IntTy, Type};

/// `Ok` when `ty` may be a condition (a boolean, or not known).
pub(super) fn condition(ty: Option<&Type>) -> Result<(), String> {
    match ty.map(Type::present) {
        None | Some(Type::Bool) => Ok(()),
        Some(other) => Err(format!("{} where a boolean is needed", other.describe())),
    }
}

/// `op inner`.
pub(super) fn unary(op: &str, inner: Option<Type>) -> Result<Option<Type>, String> {
    match op {
        "not" => condition(inner.as_ref()).map(|()| Some(Type::Bool)),
        _ => number(op, inner.as_ref()).map(|()| inner),
    }
}

/// `a op b`.
pub(super) fn binary(op: &str, a: Option<Type>, b: Option<Type>) -> Result<Option<Type>, String> {
    match op {
        "and" | "or" => {
            condition(a.as_ref())?;
            condition(b.as_ref())?;
            Ok(Some(Type::Bool))
        }
        "==" | "!=" | "<" | ">" | "<=" | ">=" => {
            comparable(a.as_ref(), b.as_ref())?;
            Ok(Some(Type::Bool))
        }
        "+" if [&a, &b].iter().any(|t| is_str(t.as_ref())) => {
            match [&a, &b].iter().find(|t| t.is_some() && !is_str(t.as_ref())) {
                Some(Some(other)) => Err(format!("`+` of a string and {}", other.describe())),
                _ => Ok(Some(Type::Str)),
            }
        }
        "&" | "|" | "^"
            if [&a, &b]
                .iter()
                .all(|t| t.as_ref().map(Type::present) == Some(&Type::Bool)) =>
        {
            Ok(Some(Type::Bool))
        }
        _ => {
            number(op, a.as_ref())?;
            number(op, b.as_ref())?;
            Ok(arithmetic(a, b))
        }
    }
}

/// The type both branches of `c ? a : b` have: the wider of two numbers, else the one type
/// both are (optional when either is), else `None`.
pub(super) fn unify(a: Option<Type>, b: Option<Type>) -> Option<Type> {
    let (a, b) = (a?, b?);
    match (a, b) {
        (Type::Opt(a), b) | (b, Type::Opt(a)) => {
            unify(Some(*a), Some(b)).map(|t| Type::Opt(Box::new(t)))
        }
        (a, b) if a == b => Some(a),
        (a, b) if a.is_number() && b.is_number() => arithmetic(Some(a), Some(b)),
        _ => None,
    }
}

/// `Ok` unless `ty` is known not to be a number (an operand of `op`).
fn number(op: &str, ty: Option<&Type>) -> Result<(), String> {
    match ty.map(Type::present) {
        Some(t @ (Type::Str | Type::Bytes | Type::List(_) | Type::User(..) | Type::Io)) => {
            Err(format!("`{op}` of {}", t.describe()))
        }
        _ => Ok(()),
    }
}

/// `Ok` unless `a` and `b` are known to be a string and a number (which no comparison relates).
fn comparable(a: Option<&Type>, b: Option<&Type>) -> Result<(), String> {
    let (Some(a), Some(b)) = (a.map(Type::present), b.map(Type::present)) else {
        return Ok(());
    };
    if (is_str(Some(a)) && b.is_number()) || (a.is_number() && is_str(Some(b))) {
        return Err(format!(
            "a comparison of {} with {}",
            a.describe(),
            b.describe()
        ));
    }
    Ok(())
}

fn is_str(ty: Option<&Type>) -> bool {
    ty.map(Type::present) == Some(&Type::Str)
}

/// The result of arithmetic on two numbers: a float when either is, a literal when both are,
/// else an integer as wide as the wider one, signed when either is.
fn arithmetic(a: Option<Type>, b: Option<Type>) -> Option<Type> {
    let (a, b) = (a?, b?);
    match (a.present(), b.present()) {
        (Type::Float, _) | (_, Type::Float) => Some(Type::Float),
        (Type::Literal, Type::Literal) => Some(Type::Literal),
        (Type::Int(int), Type::Literal) | (Type::Literal, Type::Int(int)) => Some(Type::Int(*int)),
        (Type::Int(x), Type::Int(y)) => Some(Type::Int(IntTy {
            bits: x.bits.max(y.bits),
            signed: x.signed || y.signed,
        })),
        _ => None,
    }
}
