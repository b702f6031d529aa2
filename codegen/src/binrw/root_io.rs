//! `io: _root._io` on a positioned instance in the binrw backend.
//!
//! binrw reads a sized, terminated or processed substream (`KsSub`, `KsProcSub`) from a copy of
//! its bytes, so a type read there cannot reach the root's stream. A type that is read only
//! from the root's own stream (the top-level type, or a type whose every use is a field or
//! positioned instance without `size`, `size-eos`, `terminator` or `process`, in a type read
//! from the root's stream) is reading `_root._io` already, as a type reads the `_io` of such a
//! field of its own: its instance is an ordinary positioned one. Any other `io` is refused.

use super::schema::{Field, FieldType, Schemas, TypeDef};
use crate::expr::{Expr, Source};

/// Refuses `io` of a positioned instance of `def` (in file `file`) unless it reads the stream
/// the instance is read from anyway.
pub(super) fn check(
    schemas: &Schemas,
    file: &str,
    def: &TypeDef,
    io: &Source,
) -> Result<(), String> {
    let Expr::Attr(base, attr) = io.tree() else {
        return Err(unsupported(io));
    };
    let Expr::Name(name) = &**base else {
        return Err(unsupported(io));
    };
    if let Some(field) = def
        .seq
        .iter()
        .find(|s| s.id == *name)
        .filter(|_| attr == "_io")
    {
        // An unframed field of the type is read from the type's own stream.
        return match framed(field) {
            false => Ok(()),
            true => Err(format!(
                "`io: {io}`, the substream of a field, is not supported by the binrw backend"
            )),
        };
    }
    if name != "_root" || attr != "_io" {
        return Err(unsupported(io));
    }
    if in_root_stream(schemas, file, def, &mut Vec::new()) {
        Ok(())
    } else {
        Err(format!(
            "`io: _root._io` in `{}`, a type read from a substream, is not supported by the binrw backend",
            def.id
        ))
    }
}

/// The error for an `io` other than `_root._io` and a field's `_io`.
fn unsupported(io: &Source) -> String {
    format!(
        "`io: {io}` is not supported by the binrw backend (only `_root._io` and a field's `_io`)"
    )
}

/// Whether every way `def` is read is from the root's stream. `seen` holds the types on the
/// way (a type reached again through itself adds nothing).
fn in_root_stream<'a>(
    schemas: &'a Schemas,
    file: &'a str,
    def: &'a TypeDef,
    seen: &mut Vec<(&'a str, &'a str)>,
) -> bool {
    if seen.contains(&(file, def.id.as_str())) {
        return true;
    }
    seen.push((file, def.id.as_str()));
    let mut read = def.yaml_path.is_empty();
    for f in schemas.files.values() {
        for holder in &f.types {
            let fields = holder
                .seq
                .iter()
                .chain(holder.positioned.iter().map(|p| &p.field));
            for field in fields.filter(|field| names(schemas, &f.id, field, file, &def.id)) {
                if framed(field) || !in_root_stream(schemas, &f.id, holder, seen) {
                    return false;
                }
                read = true;
            }
        }
    }
    read
}

/// Whether `field` (of a type of file `from`) reads type `id` of file `file`.
fn names(schemas: &Schemas, from: &str, field: &Field, file: &str, id: &str) -> bool {
    let mut types: Vec<&str> = field.switch_cases.iter().map(|c| c.ty.as_str()).collect();
    match &field.ty {
        FieldType::Named { name, .. } => types.push(name),
        FieldType::Switch { .. } | FieldType::None => {}
    }
    types.into_iter().any(|t| {
        schemas
            .resolve(from, t)
            .is_some_and(|(f, d)| f == file && d.id == id)
    })
}

/// Whether `field` reads its type from a substream of its own.
fn framed(field: &Field) -> bool {
    field.size.is_some() || field.size_eos || field.terminator.is_some() || field.process.is_some()
}

#[cfg(test)]
mod tests {
    fn generate_one(tag: &str, ksy: &str) -> Result<String, crate::SchemaError> {
        let tag = format!("root-io-{tag}");
        crate::binrw::generate_from(&tag, &[("r.ksy", ksy)], "r").map(|m| m.source)
    }

    const SCHEMA: &str = "meta: {id: r, endian: le}\nseq:\n  - {id: head, type: entry}\n  - {id: body, type: entry, size: 2}\ntypes:\n  entry:\n    seq:\n      - {id: ofs, type: u1}\n  other:\n    seq:\n      - {id: ofs, type: u1}\n    instances:\n      at: {io: IO, pos: ofs, type: u1}\n";

    fn with(holder: &str, io: &str) -> String {
        SCHEMA.replace("IO", io).replace(
            "type: entry}\n  - {id: body",
            &format!("type: {holder}}}\n  - {{id: body"),
        )
    }

    #[test]
    fn root_io_of_a_type_read_from_the_root_stream() {
        // `other` is read by `head` (unframed), from the root's stream.
        let src = generate_one("root", &with("other", "_root._io")).unwrap();
        assert!(src.contains("pub at: u8,"), "{src}");
        let src = generate_one("own", &with("other", "ofs._io")).unwrap();
        assert!(src.contains("pub at: u8,"), "{src}");
    }

    #[test]
    fn refuses_other_streams() {
        // `other` read by the sized `body` reads a copy of those two bytes.
        let sized = SCHEMA
            .replace("IO", "_root._io")
            .replace("{id: body, type: entry", "{id: body, type: other");
        let err = generate_one("sized", &sized).unwrap_err();
        assert_eq!(err.yaml_path, "/types/other/instances/at/io", "{err}");
        assert!(err.message.contains("substream"), "{err}");
        // A type nothing reads has no stream to share.
        let err = generate_one("unread", &SCHEMA.replace("IO", "_root._io")).unwrap_err();
        assert_eq!(err.yaml_path, "/types/other/instances/at/io", "{err}");
    }
}
