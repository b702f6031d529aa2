//! `-savepoint-parse-with: <Rust function path>` on a field: binrw reads the field with that
//! function (`#[br(parse_with = <path>)]`) instead of its type's `BinRead`, and writes it with
//! its type's `BinWrite` as any field. The function reads the same bytes into the same type; it
//! differs in how, e.g. sharing texts (Satisfactory's object headers read their own path name
//! with `unreal::FObjectReferenceDisc::parse_own`, which keeps it out of the shared-text table).
//! The layout stays the type's one definition; the function is the caller's.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::Module;
use crate::SchemaError;
use crate::binrw::schema::{Field, FieldType};

impl Module<'_> {
    /// The `parse_with` argument of a field's `#[br]`, if the field has the key.
    pub(super) fn parse_with(&self, field: &Field) -> Result<Option<TokenStream>, SchemaError> {
        let Some(path) = &field.parse_with else {
            return Ok(None);
        };
        if !is_one_value(field) {
            return Err(self.field_err(
                field,
                "-savepoint-parse-with is for a field of one value of a type without arguments, read unconditionally",
            ));
        }
        let function: syn::Path = syn::parse_str(path).map_err(|e| {
            self.field_err(
                field,
                format!("-savepoint-parse-with `{path}` is not a Rust path ({e})"),
            )
        })?;
        let function = function.into_token_stream();
        Ok(Some(quote!(parse_with = #function)))
    }
}

/// Whether `field` is one value of a named type without arguments, read whole and always: what
/// a `parse_with` function of that type's signature reads.
fn is_one_value(field: &Field) -> bool {
    matches!(&field.ty, FieldType::Named { args, .. } if args.is_empty())
        && field.is_single()
        && field.since.is_none()
        && field.until.is_none()
        && field.encoding.is_none()
        && field.enum_name.is_none()
        && field.count_of.is_none()
        && field.flag_of.is_none()
}

#[cfg(test)]
mod tests {
    use super::super::super::generate_from;

    fn module(tag: &str, field: &str) -> Result<String, String> {
        let schema = format!(
            "meta: {{id: pw, endian: le}}\n-savepoint-namespace: true\ntypes:\n  pair:\n    \
             seq:\n      - {field}\n"
        );
        generate_from(tag, &[("pw.ksy", &schema)], "pw")
            .map(|m| m.source)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn the_field_is_read_with_the_function_and_written_as_its_type() {
        let src = module(
            "pw-ok",
            "{id: a, type: u4, -savepoint-parse-with: 'crate::fast::read_a'}",
        )
        .unwrap();
        assert!(
            src.contains("#[br(parse_with = crate::fast::read_a)]\n    pub a: u32,"),
            "{src}"
        );
    }

    #[test]
    fn a_field_of_more_than_one_plain_value_is_refused() {
        for (i, field) in [
            "{id: a, type: u4, repeat: expr, repeat-expr: 2, -savepoint-parse-with: f}",
            "{id: a, type: u4, if: true == false, -savepoint-parse-with: f}",
            "{id: a, type: u4, -savepoint-parse-with: 'not a path'}",
        ]
        .iter()
        .enumerate()
        {
            let e = module(&format!("pw-bad{i}"), field).unwrap_err();
            assert!(e.contains("/types/pair/seq/0"), "{e}");
            assert!(e.contains("-savepoint-parse-with"), "{e}");
        }
    }
}
