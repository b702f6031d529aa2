//! Bit-sized integers (`b1`..`b64`, `b6be`, `b6le`) for the binrw backend.
//!
//! Kaitai reads bit fields from a bit cursor that carries the unread bits of the current byte
//! from one field to the next, across `if` and `repeat`, until a byte-aligned field (or the end
//! of the type) drops them. A run of consecutive bit fields therefore shares one `KsBits` state,
//! a `#[br(temp)]` field that reads and writes nothing; each bit field is read and written
//! through it with `parse_with` / `write_with`, and the run ends with a `_bit_padN: u8` field
//! that keeps the bits Kaitai skips to the byte boundary, so that writing is byte-exact.
//!
//! modular-bitfield (the workspace's crate for packed bit fields) does not fit here: it packs
//! fixed-size groups least significant bit first, while Kaitai's default bit order is most
//! significant bit first (with values spanning bytes in big-endian order), and a run's length
//! varies with `if` and `repeat`.

use std::fmt::Write as _;

use super::expr::{self, Side};
use super::schema::{Field, FieldType, KsEnum, TypeDef};
use super::tokens::source;

/// The width and own bit order (`Some(true)` for `be`) of a Kaitai bit type.
pub(super) fn width(ksy: &str) -> Option<(u32, Option<bool>)> {
    let digits = ksy.strip_prefix('b')?;
    let (digits, order) = match digits.len().checked_sub(2).map(|i| digits.split_at(i)) {
        Some((d, "be")) => (d, Some(true)),
        Some((d, "le")) => (d, Some(false)),
        _ => (digits, None),
    };
    if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u32 = digits.parse().ok()?;
    (1..=64).contains(&n).then_some((n, order))
}

/// Sets each type's `bit_endian` from `meta/bit-endian` of the type or the nearest enclosing
/// one (Kaitai's default is `be`, left as `None`).
pub(super) fn bit_endians(doc: &serde_yaml::Value, types: &mut [TypeDef]) -> Result<(), Failure> {
    for t in types {
        let mut node = Some(doc);
        let mut order = meta_order(doc, "")?;
        let mut path = String::new();
        for part in t.yaml_path.split('/').filter(|p| !p.is_empty()) {
            node = node.and_then(|n| n.get(part));
            path = format!("{path}/{part}");
            if let Some(o) = node.map(|n| meta_order(n, &path)).transpose()?.flatten() {
                order = Some(o);
            }
        }
        t.bit_endian = order;
    }
    Ok(())
}

fn meta_order(node: &serde_yaml::Value, path: &str) -> Result<Option<bool>, Failure> {
    match node.get("meta").and_then(|m| m.get("bit-endian")) {
        None => Ok(None),
        Some(v) => match v.as_str() {
            Some("be") => Ok(Some(true)),
            Some("le") => Ok(Some(false)),
            _ => Err((
                format!("{path}/meta/bit-endian"),
                "bit-endian is `be` or `le`".into(),
            )),
        },
    }
}

/// The Rust type holding `n` bits: `bool` for one, else the narrowest unsigned integer.
pub(super) fn rust_type(n: u32) -> &'static str {
    match n {
        1 => "bool",
        2..=8 => "u8",
        9..=16 => "u16",
        17..=32 => "u32",
        _ => "u64",
    }
}

/// The bit fields of one record: which run is open, and how many runs it had.
#[derive(Default)]
pub(super) struct Run {
    /// The state variable of the open run and the last field read through it.
    open: Option<(String, String)>,
    next: usize,
    /// The record has bit fields (its module imports [`RUNTIME`]).
    pub used: bool,
    /// A bit field's `if` reads `_io` (the module imports [`super::io::RUNTIME`]).
    pub io: bool,
}

type Failure = (String, String);

impl Run {
    /// A bit field's source (opening a run first), or `None` when `field` is not a bit field.
    pub fn field(
        &mut self,
        def: &TypeDef,
        enums: &[KsEnum],
        field: &Field,
    ) -> Result<Option<String>, Failure> {
        let FieldType::Named { name, .. } = &field.ty else {
            return Ok(None);
        };
        let Some((bits, order)) = width(name) else {
            return Ok(None);
        };
        let fail = |m: &str| (field.yaml_path.clone(), m.to_string());
        if field.valid.is_some() || field.count_of.is_some() || field.since.is_some() {
            return Err(fail(
                "`valid`, counts and version gates on a bit field are not supported by the binrw backend",
            ));
        }
        if field.repeat_until.is_some() {
            return Err(fail(
                "repeat: until of a bit field is not supported by the binrw backend",
            ));
        }
        if field.size.is_some() || field.size_eos || field.terminator.is_some() {
            return Err(fail("a bit field takes no size or terminator"));
        }
        let mut out = String::new();
        let state = match &self.open {
            Some((state, _)) => state.clone(),
            None => {
                let state = format!("_bits{}", self.next);
                let _ = writeln!(
                    out,
                    "#[br(temp)]\n#[bw(calc = KsBits::default())]\n{state}: KsBits,"
                );
                state
            }
        };
        self.open = Some((state.clone(), field.id.clone()));
        self.used = true;
        // The bit cursor takes whole bytes from the stream as it needs them, so the stream's
        // position is Kaitai's `_io.pos` in a run too; `_io.eof` also asks the cursor.
        let io_temps = super::io::temps_in_run(field, &state);
        self.io |= !io_temps.is_empty();
        out.push_str(&io_temps);
        out.push_str(&doc(field.doc.as_deref()));
        let big = order.or(def.bit_endian).unwrap_or(true);
        let path = format!("{}.{}", def.rust_name, field.id);
        let int = rust_type(bits);
        let (read_fn, mut ty, count) = match (&field.repeat_expr, field.repeat_eos) {
            (Some(n), _) => {
                let n = expr::parse(n).map_err(|e| fail(&e))?;
                let read = format!(
                    ", usize::try_from({}).unwrap_or(usize::MAX)",
                    source(&n.rust(Side::Read))
                );
                ("ks_bits_read_n", format!("Vec<{int}>"), Some((n, read)))
            }
            (None, true) => ("ks_bits_read_eos", format!("Vec<{int}>"), None),
            (None, false) => ("ks_bits_read", int.to_string(), None),
        };
        let list = ty.starts_with("Vec");
        let mut br = Vec::new();
        let mut bw = Vec::new();
        if let Some(cond) = &field.cond {
            let cond = expr::parse_io(cond, false).map_err(|e| fail(&e))?;
            let cond = super::io::localize(&cond, field);
            br.push(format!("if({})", source(&cond.rust(Side::Read))));
            // The writer does not know the stream's attributes (see `io.rs`).
            if !super::io::reads_stream(&cond) {
                let check = format!(
                    "{}.is_some() == ({})",
                    field.id,
                    source(&cond.rust(Side::Write))
                );
                let message = format!(
                    "{path} must be present exactly when {}",
                    source(&cond.rust(Side::Read))
                );
                out.push_str(&super::emit::write_check(&path, &check, &message, &[]));
            }
        }
        let args = count.as_ref().map_or(String::new(), |(_, a)| a.clone());
        br.push(format!("parse_with = {read_fn}"));
        br.push(format!("args_raw = (&{state}, {bits}, {big}{args})"));
        if let Some(enum_name) = &field.enum_name {
            // Every enum of a module with bit fields is a `KsBitValue` (see `enum_impl`).
            let e = super::schema::find_enum(enums, enum_name)
                .ok_or_else(|| fail(&format!("unknown enum `{enum_name}`")))?;
            ty = if list {
                format!("Vec<{}>", e.rust_name)
            } else {
                e.rust_name.clone()
            };
        }
        if field.cond.is_some() {
            if list {
                return Err(fail(
                    "`if` on a repeated bit field is not supported by the binrw backend",
                ));
            }
            ty = format!("Option<{ty}>");
        }
        bw.push("write_with = ks_bits_write".into());
        bw.push(format!("args_raw = (&{state}, {bits}, {big}, {path:?})"));
        let _ = writeln!(out, "#[br({})]", br.join(", "));
        let _ = writeln!(out, "#[bw({})]", bw.join(", "));
        if let Some((n, _)) = &count {
            let check = format!(
                "usize::try_from({}).is_ok_and(|n| n == {}.len())",
                source(&n.rust(Side::Write)),
                field.id
            );
            let message = format!("{path} must hold {} elements", source(&n.rust(Side::Read)));
            out.push_str(&super::emit::write_check(&path, &check, &message, &[]));
        }
        let _ = writeln!(out, "pub {}: {ty},", field.id);
        Ok(Some(out))
    }

    /// Ends the open run (before a byte-aligned field and at the end of the record): the bits
    /// left in the current byte, kept in a field.
    pub fn close(&mut self) -> String {
        let Some((state, last)) = self.open.take() else {
            return String::new();
        };
        let n = self.next;
        self.next += 1;
        format!(
            "/// The bits after `{last}` up to the byte boundary, which the schema skips (kept so\n\
             /// that writing is byte-exact).\n\
             #[br(parse_with = ks_bits_align, args_raw = &{state})]\n\
             #[bw(write_with = ks_bits_align_write, args_raw = &{state})]\n\
             pub _bit_pad{n}: u8,\n"
        )
    }
}

/// `KsBitValue` for a Kaitai enum of a module with bit fields: a value that does not fit in
/// 64 bits is refused by the writer's width check.
pub(super) fn enum_impl(rust_name: &str) -> String {
    format!(
        "\nimpl KsBitValue for {rust_name} {{\n    fn from_bits(bits: u64) -> Self {{\n        {rust_name}::from(i128::from(bits))\n    }}\n    fn to_bits(&self) -> u64 {{\n        u64::try_from(i128::from(*self)).unwrap_or(u64::MAX)\n    }}\n}}\n"
    )
}

fn doc(text: Option<&str>) -> String {
    text.map(|d| {
        d.trim_end()
            .lines()
            .map(|l| match l.trim_end() {
                "" => "///\n".to_string(),
                l => format!("/// {l}\n"),
            })
            .collect()
    })
    .unwrap_or_default()
}

/// What a module with bit fields imports: the runtime module and the items it may name.
pub const RUNTIME: (&str, &[&str]) = (
    "bits",
    &[
        "KsBits",
        "KsBitValue",
        "ks_bits_read",
        "ks_bits_read_n",
        "ks_bits_read_eos",
        "ks_bits_write",
        "ks_bits_align",
        "ks_bits_align_write",
    ],
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_types() {
        assert_eq!(width("b1"), Some((1, None)));
        assert_eq!(width("b64"), Some((64, None)));
        assert_eq!(width("b6be"), Some((6, Some(true))));
        assert_eq!(width("b12le"), Some((12, Some(false))));
        for bad in ["b0", "b65", "b", "ble", "b05", "bool", "b2x"] {
            assert_eq!(width(bad), None, "{bad}");
        }
        assert_eq!(rust_type(1), "bool");
        assert_eq!(rust_type(9), "u16");
        assert_eq!(rust_type(33), "u64");
    }
}
