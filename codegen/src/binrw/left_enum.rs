//! A `-savepoint-enum` field switched on the bytes left in its stream
//! (`switch-on: _io.size - _io.pos`): the form of a trailing value that the file does not name,
//! only its size tells (Satisfactory's config ends in a 5-byte `FPlayerInfoHandle` when 1.2 wrote
//! it, a 2-byte one when 1.1.3 did).
//!
//! The enum's reader measures the bytes left and reads the variant of that case, refusing any
//! other count by name of the enum; its writer refuses a variant that does not write exactly its
//! case's count of bytes, as the reader would then take another form (or none). That the field
//! ends its stream is the schema's to say: what follows it must be absent there (an `if`).
//! Variants are `snake_case` in JSON (`{"current": {..}}`).

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::Module;
use super::own_enum::{Args, OwnEnum};
use super::record::docs;
use crate::SchemaError;
use crate::binrw::schema::{Field, FieldType, TypeDef};
use crate::binrw::tokens::ident;
use crate::expr::{Expr, Source};

/// Whether `on` is the bytes left: `_io.size - _io.pos`.
pub(super) fn is_bytes_left(on: &Source) -> bool {
    let io = |e: &Expr, name: &str| matches!(e, Expr::Attr(of, attr) if attr == name && matches!(&**of, Expr::Name(n) if n == "_io"));
    matches!(on.tree(), Expr::Binary("-", size, pos) if io(size, "size") && io(pos, "pos"))
}

impl Module<'_> {
    /// The enum of `field` when it switches on the bytes left, else `None`.
    pub(super) fn left_enum(
        &mut self,
        def: &TypeDef,
        field: &Field,
        name: &str,
        variants: &[(i64, String)],
    ) -> Result<Option<TokenStream>, SchemaError> {
        let FieldType::Switch { on } = &field.ty else {
            return Ok(None);
        };
        if !is_bytes_left(on) {
            return Ok(None);
        }
        let enum_name = ident(name);
        let (mut decls, mut reads, mut writes, mut expected) = (vec![], vec![], vec![], vec![]);
        for (variant, values, case_type) in
            self.group_variants(field, variants, &field.int_cases())?
        {
            let [count] = values.as_slice() else {
                return Err(self.field_err(
                    field,
                    format!("variant {variant} of a bytes-left enum needs exactly one count"),
                ));
            };
            let (decl, target) = self.resolve(field, &case_type)?;
            if !target.params.is_empty() {
                return Err(self.field_err(
                    field,
                    format!("`{case_type}` of a bytes-left enum takes no params"),
                ));
            }
            let decl = decl.to_string();
            let (rust, what) = (target.rust_name.clone(), target.doc.clone());
            let rust = ident(&self.use_type(&decl, &rust));
            let what = what.as_deref().and_then(|d| d.lines().next());
            let what = what.map_or_else(|| rust.to_string(), str::to_owned);
            let doc = docs(Some(&format!("{count} bytes left: {what}")));
            let (v, n) = (ident(&variant), Literal::u64_unsuffixed(*count as u64));
            decls.push(quote!(#doc #v(#rust),));
            reads.push(quote!(#n => <#rust as binrw::BinRead>::read_options(reader, endian, ()).map(Self::#v),));
            writes.push(quote!(Self::#v(value) => { binrw::BinWrite::write_options(value, writer, endian, ())?; #n }));
            expected.push(format!("{count} ({})", snake(&variant)));
        }
        let not_left = format!(
            "{}.{}: {{}} bytes left, the forms take {}",
            def.rust_name,
            field.id,
            expected.join(" or ")
        );
        let not_written = format!(
            "{}.{}: the variant wrote {{}} bytes, its form takes {{}}",
            def.rust_name, field.id
        );
        let read = quote! {
            let end = reader.seek(binrw::io::SeekFrom::End(0))?;
            reader.seek(binrw::io::SeekFrom::Start(ks_start))?;
            match end.saturating_sub(ks_start) {
                #(#reads)*
                left => Err(binrw::Error::AssertFail { pos: ks_start, message: format!(#not_left, left) }),
            }
        };
        let write = quote! {
            let pos = writer.stream_position()?;
            let expected: u64 = match self { #(#writes)* };
            let written = writer.stream_position()? - pos;
            if written != expected {
                return Err(binrw::Error::AssertFail { pos, message: format!(#not_written, written, expected) });
            }
            Ok(())
        };
        Ok(Some(self.own_enum(OwnEnum {
            doc: field.doc.as_deref(),
            name: &enum_name,
            variants: quote!(#(#decls)*),
            serde: self.snake_case_variants(),
            endian: None,
            read_args: Args::none(),
            write_args: Args::none(),
            read,
            write,
        })))
    }
}

/// `PlayerInfo` as serde's `snake_case` spells it: `player_info`.
fn snake(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.extend(c.to_lowercase());
    }
    out
}
