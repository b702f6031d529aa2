//! Kaitai's `process` (`xor`, `rol`/`ror`, `zlib`) in the binrw backend: binrw has no directive
//! that transforms the bytes of a field between the stream and its value, so a processed byte
//! array is a `KsProcBytes` and a processed user type a `KsProcSub<T>`, read and written through
//! `args_raw` with the field's `KsFrame` and its `KsProcess`. Both keep the bytes as stored and
//! write them back while the value is unchanged (a zlib stream is not recompressed, so the file
//! stays byte-exact); an edited value is transformed back (recompressed), terminated and padded.
//! Any other name is a custom routine (see `custom_process.rs`).

use std::collections::BTreeMap;

use proc_macro2::TokenStream;
use quote::quote;

use super::schema::{Field, FieldType, Process, TypeDef};
use super::tokens::{hex_byte, ident};
use crate::expr::{Expr, Source};

/// A `process:` value as the reader and the writer spell its `KsProcess`.
pub(super) fn args(
    def: &TypeDef,
    field: &Field,
    process: &Process,
    processors: &BTreeMap<String, String>,
) -> Result<(TokenStream, TokenStream), String> {
    match (process.name.as_str(), process.args.as_slice()) {
        ("zlib", []) => Ok((quote!(KsProcess::Zlib), quote!(KsProcess::Zlib))),
        ("xor", [key]) => xor_key(def, key),
        ("rol", [amount]) => rotate(def, amount, false),
        ("ror", [amount]) => rotate(def, amount, true),
        _ => super::custom_process::args(def, process, processors)
            .map_err(|e| format!("process `{}` on `{}`: {e}", process.text, field.id)),
    }
}

/// An integer literal (decimal or `0x`/`0b`/`0o`, or negative).
fn literal(e: &Source) -> Option<i128> {
    match e.tree() {
        Expr::Int(n) => Some(*n),
        _ => None,
    }
}

/// The earlier field `name` of `def` (a key or an amount is one field or a literal).
fn key_field<'a>(def: &'a TypeDef, arg: &Source) -> Result<&'a Field, String> {
    let named = |f: &&Field| matches!(arg.tree(), Expr::Name(n) if *n == f.id);
    def.seq.iter().find(named).ok_or_else(|| {
        format!("a process argument is a literal or a field of the same type, not `{arg}`")
    })
}

/// Whether `field` is an integer field (a byte-array key is any other stored field).
fn is_int(field: &Field) -> bool {
    matches!(&field.ty, FieldType::Named { kind, .. } if kind.rust_int().is_some())
        && field.enum_name.is_none()
}

fn xor_key(def: &TypeDef, key: &Source) -> Result<(TokenStream, TokenStream), String> {
    if let Expr::Array(_) = key.tree() {
        let bytes = key
            .tree()
            .byte_array()
            .ok_or_else(|| format!("xor key `{key}` is not a list of byte literals"))?;
        let bytes = bytes.into_iter().map(hex_byte);
        let key = quote!(KsProcess::Xor(vec![#(#bytes),*]));
        return Ok((key.clone(), key));
    }
    if let Some(n) = literal(key) {
        let byte = u8::try_from(n).map_err(|_| format!("xor key {n} is not a byte"))?;
        let key = hex_byte(byte);
        let key = quote!(KsProcess::Xor(vec![#key]));
        return Ok((key.clone(), key));
    }
    let field = key_field(def, key)?;
    let name = ident(&field.id);
    if is_int(field) {
        // Kaitai xors with the key's low byte.
        Ok((
            quote!(KsProcess::xor_int(i128::from(#name))),
            quote!(KsProcess::xor_int(i128::from(*#name))),
        ))
    } else if matches!(field.ty, FieldType::None) && field.size.is_some() && !field.size_eos {
        let key = quote!(KsProcess::Xor(#name.to_vec()));
        Ok((key.clone(), key))
    } else {
        Err(format!(
            "xor key `{key}` must be an integer or a sized byte array field"
        ))
    }
}

fn rotate(
    def: &TypeDef,
    amount: &Source,
    right: bool,
) -> Result<(TokenStream, TokenStream), String> {
    let (read, write) = match literal(amount) {
        Some(n) => {
            let n = proc_macro2::Literal::i128_unsuffixed(n);
            (quote!(#n), quote!(#n))
        }
        None => {
            let field = key_field(def, amount)?;
            if !is_int(field) {
                return Err(format!("rotate amount `{amount}` must be an integer"));
            }
            let name = ident(&field.id);
            (quote!(i128::from(#name)), quote!(i128::from(*#name)))
        }
    };
    // `ror(n)` is `rol(8 - n)`.
    let spell = |n: TokenStream| match right {
        false => quote!(KsProcess::rol(#n)),
        true => quote!(KsProcess::rol(8 - #n)),
    };
    Ok((spell(read), spell(write)))
}

/// What a module with processed fields imports: the runtime module and the items it may name.
pub const RUNTIME: (&str, &[&str]) = ("process", &["KsProcess", "KsProcBytes", "KsProcSub"]);

#[cfg(test)]
mod tests {

    fn generate_one(tag: &str, ksy: &str) -> Result<String, crate::SchemaError> {
        let tag = format!("proc-{tag}");
        crate::binrw::generate_from(&tag, &[("p.ksy", ksy)], "p").map(|m| m.source)
    }

    const SCHEMA: &str = "meta: {id: p, endian: le}\nseq:\n  - {id: key, type: u1}\n  - {id: a, size: 4, process: xor(key)}\n  - {id: b, size: 2, process: 'ror(3)', type: two}\n  - {id: c, size-eos: true, process: zlib}\ntypes:\n  two:\n    seq:\n      - {id: x, type: u2}\n";

    #[test]
    fn processed_fields_keep_stored_bytes() {
        let src = generate_one("ok", SCHEMA).unwrap();
        for expected in [
            "pub a: KsProcBytes,",
            "KsProcess::xor_int(i128::from(key))",
            "KsProcess::xor_int(i128::from(*key))",
            "pub b: KsProcSub<Two>,",
            "KsProcess::rol(8 - 3)",
            "pub c: KsProcBytes,",
            "KsProcess::Zlib",
            "use savepoint_runtime::process::{KsProcBytes, KsProcSub, KsProcess};",
        ] {
            assert!(src.contains(expected), "{expected}:\n{src}");
        }
    }

    #[test]
    fn refuses_custom_processors_and_unknown_keys() {
        let custom = SCHEMA.replace("process: zlib", "process: my_fx(1)");
        let err = generate_one("custom", &custom).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/3");
        assert!(err.message.contains("my_fx(1)"), "{err}");
        assert!(
            err.message.contains("Builder::processor(\"my_fx\""),
            "{err}"
        );
        let unknown = SCHEMA.replace("xor(key)", "xor(nope)");
        let err = generate_one("unknown", &unknown).unwrap_err();
        assert!(err.message.contains("nope"), "{err}");
        let string = SCHEMA.replace(
            "size-eos: true, process",
            "type: strz, encoding: ASCII, process",
        );
        let err = generate_one("string", &string).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/3");
    }

    #[test]
    fn arguments_are_parsed_at_load() {
        let list = SCHEMA.replace("xor(key)", "'xor([0x11, 2])'");
        let src = generate_one("list", &list).unwrap();
        assert!(src.contains("KsProcess::Xor(vec![0x11, 0x02])"), "{src}");
        let broken = SCHEMA.replace("xor(key)", "'xor(key +)'");
        let err = generate_one("broken", &broken).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/1/process");
        assert!(err.message.contains("`key +`"), "{err}");
    }
}
