//! `contents` fields: fixed bytes checked by the reader and the writer.

use super::super::schema::{Field, TypeDef};
use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};

use super::super::tokens::{hex_byte, ident, source};
use super::Module;
use super::asserts::{Check, check, field_check};

impl<'a> Module<'a> {
    /// A `contents` field: its bytes, checked on read and on write; an `Option` when the field
    /// is gated (its gate's attributes are in `out`), checked when present.
    pub(super) fn contents_field(
        &mut self,
        def: &TypeDef,
        field: &Field,
        bytes: &[u8],
        mut out: TokenStream,
    ) -> TokenStream {
        let id = ident(&field.id);
        let list = bytes.iter().map(|b| hex_byte(*b));
        let expected = quote!([#(#list),*]);
        let shown = source(&expected);
        let len = Literal::usize_unsuffixed(bytes.len());
        let optional = field.cond.is_some() || field.since.is_some() || field.until.is_some();
        if field.repeat_eos {
            // Every element is checked once the list is read.
            self.repeat = true;
            let path = format!("{}.{id}", def.rust_name);
            let message = format!("{path} must hold only {shown}");
            let each = quote!(.iter().all(|x| *x == #expected));
            let (cond, ty) = match optional {
                true => (
                    quote!(#id.as_ref().is_none_or(|v| v #each)),
                    quote!(Option<Vec<[u8; #len]>>),
                ),
                false => (quote!(#id #each), quote!(Vec<[u8; #len]>)),
            };
            let map = optional.then(|| quote!(, map = Some));
            out.extend(quote!(#[br(parse_with = ks_until_eof #map)]));
            out.extend(check(Check::Read, &cond, &message, &[]));
            out.extend(field_check(&path, &cond, &message, &[]));
            out.extend(quote!(pub #id: #ty,));
            return out;
        }
        let message = format!("{}.{id} must be {shown}, not {{:?}}", def.rust_name);
        let value = [id.to_token_stream()];
        let (read, write, ty) = match optional {
            true => {
                let cond = quote!(#id.as_ref().is_none_or(|x| *x == #expected));
                (cond.clone(), cond, quote!(Option<[u8; #len]>))
            }
            false => (
                quote!(#id == #expected),
                quote!(*#id == #expected),
                quote!([u8; #len]),
            ),
        };
        out.extend(check(Check::Read, &read, &message, &value));
        out.extend(check(Check::Write, &write, &message, &value));
        out.extend(quote!(pub #id: #ty,));
        out
    }
}

#[cfg(test)]
mod contents_tests {
    fn generate_one(tag: &str, ksy: &str) -> Result<String, crate::SchemaError> {
        let tag = format!("contents-{tag}");
        crate::binrw::generate_from(&tag, &[("c.ksy", ksy)], "c").map(|m| m.source)
    }

    #[test]
    fn repeated_contents_check_every_element() {
        let ksy = "meta: {id: c}\nseq:\n  - {id: magic, contents: [0x12, 0x34], repeat: eos}\n";
        let src = generate_one("eos", ksy).unwrap();
        let cond = "magic.iter().all(|x| *x == [0x12, 0x34])";
        assert_eq!(src.matches(cond).count(), 2, "{src}");
        assert!(src.contains("#[br(parse_with = ks_until_eof)]"), "{src}");
        assert!(src.contains("pub magic: Vec<[u8; 2]>,"), "{src}");
        let counted = ksy.replace("repeat: eos", "repeat: expr, repeat-expr: 2");
        let err = generate_one("expr", &counted).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/0", "{err}");
    }

    #[test]
    fn a_size_beside_contents_is_its_length() {
        let ksy = "meta: {id: c}\nseq:\n  - {id: magic, contents: [0x12, 0x34], size: 2}\n";
        assert!(generate_one("size", ksy).is_ok());
        for (tag, size) in [("short", "size: 1"), ("named", "size: n")] {
            let bad = ksy.replace("size: 2", size);
            let err = generate_one(tag, &bad).unwrap_err();
            assert_eq!(err.yaml_path, "/seq/0", "{err}");
            assert!(err.message.contains("`size` on `contents`"), "{err}");
        }
    }

    #[test]
    fn sizeof_in_a_size_is_a_constant_or_refused() {
        let ksy = "meta: {id: c, endian: le}\nseq:\n  - {id: magic, contents: [1, 2, 3]}\n  - {id: n, type: u2}\n  - {id: body, size: n - magic._sizeof - n._sizeof}\n";
        let src = generate_one("fixed", ksy).unwrap();
        assert!(!src.contains("_sizeof"), "{src}");
        assert!(src.contains("checked_sub(3usize)"), "{src}");
        assert!(src.contains("checked_sub(2usize)"), "{src}");
        // A field the schema does not fix the size of has no constant `_sizeof`.
        let ksy = "meta: {id: c, endian: le}\nseq:\n  - {id: n, type: u2}\n  - {id: magic, size: n}\n  - {id: body, size: n - magic._sizeof}\n";
        let err = generate_one("variable", ksy).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/2", "{err}");
        assert!(err.message.contains("`magic._sizeof`"), "{err}");
    }
}
