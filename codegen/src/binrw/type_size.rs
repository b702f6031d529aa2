//! `sizeof<T>` and `bitsizeof<T>` of a type the schema fixes the size of: an integer, a float,
//! a bit type (in bits, or in bytes when whole) or a user type of the same file whose every
//! field has a fixed size. They are constants, so a seq expression (`size: sizeof<header>`)
//! and a value instance both take the number.

use super::schema::{File, KsType, TypeRef};
use super::value::sizes::fixed_sizeof;
use crate::expr::{Expr, Source};

/// `sizeof<ty>` in bytes, or `bitsizeof<ty>` in bits when `bits`.
pub(super) fn type_size(file: &File, ty: &TypeRef, bits: bool) -> Result<u64, String> {
    let what = if bits { "bitsizeof" } else { "sizeof" };
    let refused = |why: &str| format!("`{what}<{ty}>`: {why} (binrw backend)");
    let kind = match ty {
        TypeRef::Named { kind, .. } => *kind,
        // `b1`, which parses as Kaitai's boolean.
        TypeRef::Bool if bits => return Ok(1),
        TypeRef::Bool => return Err(refused("a bit type of other than whole bytes")),
        _ => return Err(refused("not a type with a size")),
    };
    let bytes = match kind {
        KsType::Int { bytes, .. } | KsType::Float { bytes, .. } => u64::from(bytes),
        KsType::Bits { width, .. } if bits => return Ok(u64::from(width)),
        KsType::Bits { width, .. } if width % 8 == 0 => u64::from(width / 8),
        KsType::Bits { .. } => return Err(refused("a bit type of other than whole bytes")),
        KsType::Str | KsType::Strz => return Err(refused("a string has no fixed size")),
        KsType::User => {
            let name = ty.user_name().unwrap_or_default();
            let id = name.rsplit("::").next().unwrap_or(name);
            let def = file.types.iter().find(|t| t.id == id);
            let def = def.ok_or_else(|| refused("not a type of this file"))?;
            fixed_sizeof(file, def, &[]).ok_or_else(|| refused("its size is not fixed"))?
        }
    };
    match bits {
        true => bytes.checked_mul(8).ok_or_else(|| refused("too large")),
        false => Ok(bytes),
    }
}

/// `source` with every `sizeof<T>` and `bitsizeof<T>` replaced by its value.
pub(super) fn fold_sizes(file: &File, source: &Source) -> Result<Source, String> {
    let mut found = Vec::new();
    size_ofs(source.tree(), &mut found);
    let mut sizes = Vec::new();
    for (ty, bytes) in found {
        let size = type_size(file, &ty, !bytes)?;
        sizes.push(((ty, bytes), i128::from(size)));
    }
    if sizes.is_empty() {
        return Ok(source.clone());
    }
    Ok(source.map(&|e| match e {
        Expr::SizeOf(ty, bytes) => sizes
            .iter()
            .find(|((t, b), _)| t == ty && b == bytes)
            .map(|(_, size)| Expr::Int(*size)),
        _ => None,
    }))
}

/// The `sizeof<T>` (`true`) and `bitsizeof<T>` in `e`.
fn size_ofs(e: &Expr, out: &mut Vec<(TypeRef, bool)>) {
    match e {
        Expr::SizeOf(ty, bytes) => out.push((ty.clone(), *bytes)),
        _ => e.children().into_iter().for_each(|c| size_ofs(c, out)),
    }
}

#[cfg(test)]
mod tests {
    fn generate(tag: &str, size: &str) -> Result<String, crate::SchemaError> {
        let ksy = format!(
            "meta: {{id: s, endian: le}}\nseq:\n  - {{id: n, type: u1}}\n  - {{id: body, size: '{size}'}}\ntypes:\n  open:\n    seq:\n      - {{id: v, size: n}}\n"
        );
        crate::binrw::generate_from(tag, &[("s.ksy", &ksy)], "s").map(|m| m.source)
    }

    #[test]
    fn sizes_the_schema_does_not_fix_are_refused_by_name() {
        for (size, why) in [
            ("sizeof<str>", "`sizeof<str>`: a string has no fixed size"),
            (
                "sizeof<b3>",
                "`sizeof<b3>`: a bit type of other than whole bytes",
            ),
            ("sizeof<open>", "`sizeof<open>`: its size is not fixed"),
            (
                "bitsizeof<nothing>",
                "`bitsizeof<nothing>`: not a type of this file",
            ),
            // `b1` parses as Kaitai's boolean, and is quoted so.
            (
                "sizeof<b1>",
                "`sizeof<bool>`: a bit type of other than whole bytes",
            ),
            ("sizeof<bytes>", "`sizeof<bytes>`: not a type with a size"),
            ("sizeof<u2[]>", "`sizeof<u2[]>`: not a type with a size"),
        ] {
            let err = generate("type-size-refused", size).unwrap_err();
            assert_eq!(err.yaml_path, "/seq/1", "{size}: {err}");
            assert!(err.message.contains(why), "{size}: {err}");
        }
    }

    #[test]
    fn whole_bit_types_have_a_size_in_bytes() {
        let src = generate(
            "type-size-bits",
            "sizeof<b16> + bitsizeof<b3> + bitsizeof<b1>",
        )
        .unwrap();
        assert!(
            src.contains("ks_count((2usize + 3usize) + 1usize, 1)"),
            "{src}"
        );
    }
}
