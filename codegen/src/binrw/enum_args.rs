//! A `-savepoint-enum` type with params and a serde tag: Satisfactory's TOC entry is a `u32`
//! `isActor`, then an actor's or an object's header, both read with the level's SaveVersion, and
//! JSON names the kind beside the header's fields (`{"kind": "actor", ...}`).
//!
//! The enum's reader takes its params (`type Args<'a> = (i32,)`); a case type called with them
//! (`1: f_actor_save_header(save_version)`) is read with them as its arguments
//! (`read_options(reader, endian, (save_version,))`). The writer takes and passes only those some
//! variant's writer takes (its named version, a Rust-typed param, one it frames with: see
//! `rust_params.rs` and `writer_params.rs`), so an enum whose cases need none keeps the plain
//! writer. Arguments are the enum's params by name (integers, booleans or `-savepoint-rust-type`
//! ones, each `Copy`), which both sides pass on as they are.
//!
//! `serde-tag: kind` in the `-savepoint-enum` map makes JSON internally tagged:
//! `#[serde(tag = "kind", rename_all = "snake_case")]`.

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{ToTokens, quote};

use super::Module;
use super::own_enum::Args;
use super::rust_params::writer_takes;
use crate::SchemaError;
use crate::binrw::schema::{Field, Param, TypeDef, TypeEnum, TypeRef};
use crate::binrw::tokens::ident;
use crate::binrw::writer_params::writer_params;
use crate::expr::Source;

/// What one variant passes its case type: to the reader, and to the writer (a subset).
#[derive(Default)]
pub(super) struct CaseArgs {
    pub(super) read: Vec<Ident>,
    pub(super) write: Vec<Ident>,
}

impl Module<'_> {
    /// The arguments variant `body` of enum type `def` passes to `target` (declared in `decl`),
    /// called with `args`: each one of `def`'s params by name.
    pub(super) fn enum_case_args(
        &self,
        def: &TypeDef,
        body: &Field,
        (decl, target): (&str, &TypeDef),
        args: &[Source],
    ) -> Result<CaseArgs, SchemaError> {
        if args.len() != target.params.len() {
            return Err(self.field_err(
                body,
                format!("`{}` takes {} arguments", target.id, target.params.len()),
            ));
        }
        let wanted = writer_params(self.schemas, decl, target);
        let mut out = CaseArgs::default();
        for (arg, param) in args.iter().zip(&target.params) {
            let param_of_def = |n: &&str| def.param(n).is_some();
            let Some(arg) = arg.as_name().filter(param_of_def) else {
                return Err(self.field_err(
                    body,
                    format!("case argument `{arg}` must be a param of the -savepoint-enum type"),
                ));
            };
            out.read.push(ident(arg));
            if writer_takes(target, &param.id) || wanted.iter().any(|w| w.id == param.id) {
                out.write.push(ident(arg));
            }
        }
        Ok(out)
    }

    /// The enum's arguments: every param for the reader (`_` where no variant reads it), those
    /// some variant's writer takes for the writer.
    pub(super) fn enum_imports(
        &mut self,
        def: &TypeDef,
        cases: &[&CaseArgs],
    ) -> Result<(Args, Args), SchemaError> {
        let (mut read, mut write) = (Vec::new(), Vec::new());
        for (i, Param { id, ty, .. }) in def.params.iter().enumerate() {
            let rust = match (ty.rust_int(), self.rust_param_type(def, id)?) {
                (_, Some((rust, used))) => {
                    if let Some(path) = used {
                        self.uses.insert(path.into_token_stream());
                    }
                    quote!(#rust)
                }
                (Some(int), None) => {
                    let int = ident(int);
                    quote!(#int)
                }
                (None, None) if *ty == TypeRef::Bool => quote!(bool),
                (None, None) => {
                    return Err(self.err(
                        &format!("{}/params/{i}", def.yaml_path),
                        "a -savepoint-enum type's param is an integer, a bool or has a -savepoint-rust-type",
                    ));
                }
            };
            let id = ident(id);
            if cases.iter().any(|c| c.write.contains(&id)) {
                write.push((id.to_token_stream(), rust.clone()));
            }
            let pattern = match cases.iter().any(|c| c.read.contains(&id)) {
                true => id.to_token_stream(),
                false => quote!(_),
            };
            read.push((pattern, rust));
        }
        Ok((Args::tuple(&read), Args::tuple(&write)))
    }

    /// `#[serde(tag = .., rename_all = "snake_case")]` when the enum has a `serde-tag`.
    pub(super) fn enum_serde_tag(&self, e: &TypeEnum) -> TokenStream {
        match (&e.serde_tag, self.settings.serde) {
            (Some(tag), true) => {
                let tag = Literal::string(tag);
                quote!(#[serde(tag = #tag, rename_all = "snake_case")])
            }
            _ => TokenStream::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::generate_from;
    use crate::expr::parse_call;

    /// A call's name and the texts of its arguments.
    fn split_call(ty: &str) -> (&str, Vec<String>) {
        let (name, args) = parse_call(ty).unwrap_or_else(|e| panic!("{e:?}"));
        (name, args.iter().map(|a| a.text().to_string()).collect())
    }

    #[test]
    fn a_case_type_call_splits_into_name_and_arguments() {
        assert_eq!(split_call("leaf"), ("leaf", vec![]));
        assert_eq!(split_call("leaf()"), ("leaf", vec![]));
        assert_eq!(
            split_call("leaf(v, props )"),
            ("leaf", vec!["v".to_string(), "props".to_string()])
        );
    }

    fn module(tag: &str, case: &str) -> Result<String, String> {
        let schema = format!(
            "meta: {{id: ea, endian: le}}\n-savepoint-namespace: true\ntypes:\n  e:\n    \
             -savepoint-enum: {{name: E, tag: k, variants: {{0: A}}}}\n    params: [{{id: v, type: s4}}]\n    \
             seq:\n      - {{id: k, type: u1}}\n      - {{id: b, type: {{switch-on: k, cases: {{0: '{case}'}}}}}}\n  \
             a:\n    params: [{{id: n, type: s4}}]\n    seq:\n      - {{id: x, type: u1, repeat: expr, repeat-expr: n}}\n"
        );
        generate_from(tag, &[("ea.ksy", &schema)], "ea")
            .map(|m| m.source)
            .map_err(|e| e.to_string())
    }

    /// A case whose writer takes nothing gets its argument on the reader's side alone.
    #[test]
    fn a_reader_only_argument_is_not_imported_by_the_writer() {
        let m = module("ea-read", "a(v)").unwrap();
        let (read, write) = m
            .split_once("impl binrw::BinWrite for E")
            .expect("a writer");
        assert!(read.contains("(v,): (i32,)"), "{m}");
        assert!(
            read.contains("<A as binrw::BinRead>::read_options(reader, endian, (v,))"),
            "{m}"
        );
        assert!(write.contains("type Args<'a> = ();"), "{m}");
        assert!(
            write.contains("binrw::BinWrite::write_options(value, writer, endian, ())"),
            "{m}"
        );
    }

    #[test]
    fn case_arguments_are_the_enums_params() {
        let e = module("ea-other", "a(3)").unwrap_err();
        assert!(e.contains("/types/e/seq/1"), "{e}");
        assert!(
            e.contains("must be a param of the -savepoint-enum type"),
            "{e}"
        );
        let e = module("ea-count", "a").unwrap_err();
        assert!(e.contains("takes 1 arguments"), "{e}");
    }
}
