//! The emitter's side of `-savepoint-enum-ahead` (see `enum_ahead.rs`): besides the type's
//! struct, the enum with its reader and writer.
//!
//! The reader reads the struct, goes back to where it started, and reads the variant its
//! instance chooses (an undefined value is an error). The writer writes the variant into a
//! buffer and reads the struct back from it: bytes whose instance would choose the other
//! variant (an unterminated text that ends in a NUL, say) are refused, as they would not read
//! back as written. Variants are `snake_case` in JSON (`{"text": ..}`).

use proc_macro2::TokenStream;
use quote::quote;

use super::Module;
use super::own_enum::{Args, OwnEnum};
use super::record::docs;
use crate::SchemaError;
use crate::binrw::schema::TypeDef;
use crate::binrw::tokens::ident;
use crate::binrw::value::{self, Imports, Ty};

impl Module<'_> {
    /// The enum of a type with `-savepoint-enum-ahead`, after its struct.
    pub(super) fn enum_ahead(&mut self, def: &TypeDef) -> Result<(), SchemaError> {
        let Some(e) = &def.enum_ahead else {
            return Ok(());
        };
        if !def.params.is_empty() || !def.instances.iter().any(|i| i.id == e.on) {
            return Err(self.err(
                &def.yaml_path,
                format!("-savepoint-enum-ahead chooses by `{}`, a value instance of this type, which takes no params", e.on),
            ));
        }
        self.boolean_chooser(def, &e.on)?;
        let (t_name, t_type) = self.ahead_variant(def, &e.when_true, true)?;
        let (f_name, f_type) = self.ahead_variant(def, &e.when_false, false)?;
        let (ahead, on, name) = (ident(&def.rust_name), ident(&e.on), ident(&e.name));
        let undefined = format!("{}: `{}` is undefined for these bytes", e.name, e.on);
        let other = format!(
            "{}: the variant's bytes read back as `{}` {{:?}}, which chooses the other variant",
            e.name, e.on
        );
        let (t_doc, f_doc) = (
            docs(Some(&format!("`{}` true.", e.on))),
            docs(Some(&format!("`{}` false.", e.on))),
        );
        let variants = quote! {
            #t_doc
            #t_name(#t_type),
            #f_doc
            #f_name(#f_type),
        };
        let read = quote! {
            let ahead = <#ahead as binrw::BinRead>::read_options(reader, endian, ())?;
            reader.seek(binrw::io::SeekFrom::Start(ks_start))?;
            match ahead.#on() {
                Some(true) => binrw::BinRead::read_options(reader, endian, ()).map(Self::#t_name),
                Some(false) => binrw::BinRead::read_options(reader, endian, ()).map(Self::#f_name),
                None => Err(binrw::Error::AssertFail { pos: ks_start, message: #undefined.into() }),
            }
        };
        let write = quote! {
            let pos = writer.stream_position()?;
            let mut bytes = binrw::io::Cursor::new(Vec::new());
            let chosen = match self {
                Self::#t_name(value) => binrw::BinWrite::write_options(value, &mut bytes, endian, ()).map(|()| true),
                Self::#f_name(value) => binrw::BinWrite::write_options(value, &mut bytes, endian, ()).map(|()| false),
            }?;
            bytes.set_position(0);
            let ahead = <#ahead as binrw::BinRead>::read_options(&mut bytes, endian, ())?;
            match ahead.#on() {
                Some(read) if read == chosen => writer.write_all(bytes.get_ref()).map_err(binrw::Error::Io),
                read => Err(binrw::Error::AssertFail { pos, message: format!(#other, read) }),
            }
        };
        let own = self.own_enum(OwnEnum {
            doc: def.doc.as_deref(),
            name: &name,
            variants,
            serde: self.snake_case_variants(),
            endian: None,
            read_args: Args::none(),
            write_args: Args::none(),
            read,
            write,
        });
        self.items.extend(own);
        Ok(())
    }

    /// Refuses a chooser `on` that is not a boolean instance of `def`: the reader matches
    /// `Some(true)` and `Some(false)`.
    fn boolean_chooser(&self, def: &TypeDef, on: &str) -> Result<(), SchemaError> {
        let enums = std::cell::RefCell::new(Vec::new());
        let imports = Imports {
            schemas: self.schemas,
            enums: &enums,
        };
        let file = &self.schemas.files[self.file];
        let ypath = format!("{}/-savepoint-enum-ahead/on", def.yaml_path);
        match value::instance(def, file, on, Some(imports)) {
            Ok((Ty::Bool, _)) => Ok(()),
            Ok((ty, _)) => Err(self.err(
                &ypath,
                format!(
                    "-savepoint-enum-ahead chooses by a boolean instance; `{on}` is of type `{}`",
                    ty.tokens()
                ),
            )),
            Err(e) => Err(self.err(&ypath, format!("`{on}`: {e}"))),
        }
    }

    /// A variant's name and Rust type.
    fn ahead_variant(
        &mut self,
        def: &TypeDef,
        (variant, ty): &(String, String),
        which: bool,
    ) -> Result<(proc_macro2::Ident, TokenStream), SchemaError> {
        let ypath = format!("{}/-savepoint-enum-ahead/variants/{which}", def.yaml_path);
        let (decl, target) = self
            .schemas
            .resolve(self.file, ty)
            .ok_or_else(|| self.err(&ypath, format!("unknown type `{ty}`")))?;
        if !target.params.is_empty() {
            return Err(self.err(&ypath, format!("`{ty}` takes params")));
        }
        let decl = decl.to_string();
        let rust = match target.rust_type.clone() {
            Some(path) => {
                let parsed = syn::parse_str::<syn::Type>(&path)
                    .map_err(|e| self.err(&ypath, format!("`{path}` is not a Rust type ({e})")))?;
                let used = self.use_rust_type(parsed, &decl);
                quote!(#used)
            }
            None => {
                let rust = target.rust_name.clone();
                let rust = ident(&self.use_type(&decl, &rust));
                quote!(#rust)
            }
        };
        Ok((ident(variant), rust))
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::generate_from;

    /// The module of a type read ahead, chosen by instance `on` whose value is `value`.
    fn module(tag: &str, value: &str) -> Result<String, String> {
        let schema = format!(
            "meta: {{id: ah, endian: le}}\n-savepoint-namespace: true\ntypes:\n  ahead:\n    \
             -savepoint-enum-ahead: {{name: E, on: chooser, variants: {{true: {{name: A, type: one}}, false: {{name: B, type: one}}}}}}\n    \
             seq:\n      - {{id: n, type: u1}}\n    instances:\n      chooser: {{value: '{value}'}}\n  \
             one:\n    seq:\n      - {{id: n, type: u1}}\n"
        );
        generate_from(tag, &[("ah.ksy", &schema)], "ah")
            .map(|m| m.source)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_boolean_chooser_is_matched_true_and_false() {
        let m = module("ah-bool", "n > 3").unwrap();
        assert!(m.contains("Some(true) =>"), "{m}");
        assert!(m.contains("Some(false) =>"), "{m}");
    }

    #[test]
    fn a_chooser_that_is_not_boolean_is_refused_at_its_key() {
        for (value, ty) in [("n + 1", "i128"), ("\"text\"", "String")] {
            let e = module("ah-int", value).unwrap_err();
            assert!(e.contains("/types/ahead/-savepoint-enum-ahead/on"), "{e}");
            assert!(
                e.contains(&format!(
                    "-savepoint-enum-ahead chooses by a boolean instance; `chooser` is of type `{ty}`"
                )),
                "{e}"
            );
        }
    }
}
