//! The tokens of Kaitai's expression language, with the byte range each spans.

use std::ops::Range;

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Tok {
    Int(i128),
    BigInt(String),
    Float(f64),
    Str(String),
    Ident(String),
    Op(&'static str),
}

const OPS: &[&str] = &[
    "::", "<<", ">>", "<=", ">=", "==", "!=", "+", "-", "*", "/", "%", "<", ">", "&", "|", "^",
    "~", "!", "?", ":", "(", ")", "[", "]", ",", ".",
];

/// The tokens of `s`, each with the range of `s`'s characters it was read from (so a list
/// item keeps its own text, see [`parse_list`]).
pub(super) fn lex(s: &str) -> Result<(Vec<Tok>, Vec<Range<usize>>), String> {
    let c: Vec<char> = s.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    let mut spans = Vec::new();
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if ch.is_ascii_digit() {
            let start = i;
            while i < c.len() && (c[i].is_ascii_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            // `1.5`, and `1.` (Kaitai's float one), but not `1.to_s`, a method of an integer.
            let is_float = c.get(i) == Some(&'.')
                && c.get(i + 1)
                    .is_none_or(|&d| d.is_ascii_digit() || !(d.is_alphanumeric() || d == '_'));
            if is_float
                || (i < c.len()
                    && c[start..i].iter().any(|&d| d == 'e' || d == 'E')
                    && !c[start..i].starts_with(&['0', 'x']))
            {
                if is_float {
                    i += 1;
                    while i < c.len() && (c[i].is_ascii_digit() || c[i] == '_') {
                        i += 1;
                    }
                    if i < c.len() && (c[i] == 'e' || c[i] == 'E') {
                        i += 1;
                        if i < c.len() && (c[i] == '+' || c[i] == '-') {
                            i += 1;
                        }
                        while i < c.len() && c[i].is_ascii_digit() {
                            i += 1;
                        }
                    }
                }
                let t: String = c[start..i].iter().filter(|&&d| d != '_').collect();
                out.push(Tok::Float(
                    t.parse().map_err(|_| format!("bad number {t}"))?,
                ));
            } else {
                let t: String = c[start..i].iter().filter(|&&d| d != '_').collect();
                out.push(match parse_int(&t) {
                    Some(n) => Tok::Int(n),
                    None if is_int_literal(&t) => Tok::BigInt(t),
                    None => return Err(format!("bad number {t}")),
                });
            }
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(Tok::Ident(c[start..i].iter().collect()));
        } else if ch == '"' || ch == '\'' {
            i += 1;
            let mut t = String::new();
            while i < c.len() && c[i] != ch {
                if ch == '"' && c[i] == '\\' && i + 1 < c.len() {
                    i += 1;
                    let (v, used) = unescape(&c[i..])?;
                    t.push(v);
                    i += used;
                } else {
                    t.push(c[i]);
                    i += 1;
                }
            }
            if i >= c.len() {
                return Err("unterminated string".into());
            }
            i += 1;
            out.push(Tok::Str(t));
        } else {
            let rest: String = c[i..c.len().min(i + 2)].iter().collect();
            let op = OPS
                .iter()
                .find(|o| rest.starts_with(**o))
                .ok_or_else(|| format!("unexpected character {ch:?}"))?;
            out.push(Tok::Op(op));
            i += op.len();
        }
        spans.push(start..i);
    }
    Ok((out, spans))
}

fn unescape(c: &[char]) -> Result<(char, usize), String> {
    Ok(match c[0] {
        'n' => ('\n', 1),
        't' => ('\t', 1),
        'r' => ('\r', 1),
        '0'..='7' => {
            let n = c.iter().take(3).take_while(|d| d.is_digit(8)).count();
            let s: String = c[..n].iter().collect();
            let v = u32::from_str_radix(&s, 8).map_err(|e| e.to_string())?;
            (char::from_u32(v).ok_or("bad escape")?, n)
        }
        'x' => {
            let s: String = c[1..3.min(c.len())].iter().collect();
            let v = u32::from_str_radix(&s, 16).map_err(|e| e.to_string())?;
            (char::from_u32(v).ok_or("bad escape")?, 3)
        }
        'u' => {
            let s: String = c[1..5.min(c.len())].iter().collect();
            let v = u32::from_str_radix(&s, 16).map_err(|e| e.to_string())?;
            (char::from_u32(v).ok_or("bad escape")?, 5)
        }
        other => (other, 1),
    })
}

/// Whether `t` is an integer literal (decimal, `0x`, `0b`, `0o`, without `_`) of any size.
fn is_int_literal(t: &str) -> bool {
    let (digits, radix) = match t.get(..2) {
        Some("0x" | "0X") => (&t[2..], 16),
        Some("0b") => (&t[2..], 2),
        Some("0o") => (&t[2..], 8),
        _ => (t, 10),
    };
    !digits.is_empty() && digits.chars().all(|d| d.is_digit(radix))
}

/// Parses an integer literal (decimal, `0x`, `0b`, `0o`).
fn parse_int(t: &str) -> Option<i128> {
    let t = t.replace('_', "");
    let (neg, t) = t
        .strip_prefix('-')
        .map_or((false, t.as_str()), |r| (true, r));
    let v = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        i128::from_str_radix(h, 16).ok()?
    } else if let Some(b) = t.strip_prefix("0b") {
        i128::from_str_radix(b, 2).ok()?
    } else if let Some(o) = t.strip_prefix("0o") {
        i128::from_str_radix(o, 8).ok()?
    } else {
        t.parse().ok()?
    };
    Some(if neg { -v } else { v })
}
