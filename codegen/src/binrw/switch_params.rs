//! Switch cases of a user type that takes params (`cases: {1: body(len, 3)}`): the parent
//! computes the arguments as for a field of that type, the switch enum imports them (named
//! `ks_<variant>_<param>`) and the case's variant passes them on. A case type whose writer
//! needs params (`writer_params.rs`) gets them the same way, as one tuple of its writer's
//! arguments (`ks_<variant>_writer`).

use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, format_ident, quote};

use super::super::super::schema::{Field, KsType, SwitchCase, TypeDef, TypeRef, Versioned};
use super::super::super::writer_params::writer_params;
use super::super::Module;
use super::super::rust_params::writer_takes;
use super::variant_name;
use crate::SchemaError;
use crate::binrw::tokens::ident;

/// A case type that takes params, once per variant.
struct WithParams<'a> {
    variant: String,
    /// Its index in the field's `switch_cases`.
    case: usize,
    /// The file that declares it.
    decl: &'a str,
    target: &'a TypeDef,
    /// Whether its writer needs params too.
    writer: bool,
}

impl<'a> Module<'a> {
    /// The cases of `field` whose user type takes params, one per variant, in case order.
    fn cases_with_params(&self, field: &Field) -> Result<Vec<WithParams<'a>>, SchemaError> {
        let mut out: Vec<WithParams<'a>> = Vec::new();
        for (i, case) in field.switch_cases.iter().enumerate() {
            if case.kind != KsType::User {
                continue;
            }
            let (decl, target) = self.resolve(field, case.name())?;
            if target.params.is_empty() && case.args.is_empty() {
                continue;
            }
            let variant = variant_name(case.name());
            if let Some(seen) = out.iter().find(|w| w.variant == variant) {
                if field.switch_cases[seen.case].args != case.args {
                    return Err(self.field_err(
                        field,
                        format!("case type `{}` with other arguments in two cases is not supported by the binrw backend", case.ty),
                    ));
                }
                continue;
            }
            if case.args.len() != target.params.len() {
                return Err(self.field_err(
                    field,
                    format!(
                        "case type `{}` takes {} arguments",
                        case.ty,
                        target.params.len()
                    ),
                ));
            }
            let taken = matches!(target.versioned, Some(Versioned::Param))
                || target.params.iter().any(|p| writer_takes(target, &p.id));
            if taken {
                return Err(self.field_err(
                    field,
                    format!("case type `{}`: a param with a Rust type or a version is not supported by the binrw backend in a switch", case.ty),
                ));
            }
            out.push(WithParams {
                variant,
                case: i,
                decl,
                target,
                writer: !writer_params(self.schemas, decl, target).is_empty(),
            });
        }
        Ok(out)
    }

    /// What the parent passes to the switch enum of `field` for its cases' params.
    pub(super) fn case_param_values(
        &self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<Vec<TokenStream>, SchemaError> {
        let mut out = Vec::new();
        for w in self.cases_with_params(field)? {
            let args = &field.switch_cases[w.case].args;
            out.extend(self.param_args(def, field, w.target, args)?);
        }
        Ok(out)
    }

    /// The switch enum's imports of its cases' params.
    pub(super) fn case_param_imports(
        &mut self,
        field: &Field,
    ) -> Result<Vec<TokenStream>, SchemaError> {
        let mut out = Vec::new();
        for w in self.cases_with_params(field)? {
            for param in &w.target.params {
                let rust = self.param_type(w.target, param)?.ok_or_else(|| {
                    self.field_err(
                        field,
                        format!("case type `{}`: param type `{}` is not supported by the binrw backend in a switch", field.switch_cases[w.case].ty, param.ty),
                    )
                })?;
                let name = import_name(&w.variant, &param.id);
                out.push(quote!(#name: #rust));
            }
        }
        Ok(out)
    }

    /// What the parent's writer passes to the switch enum of `field` for its cases' writer
    /// params: a tuple per case type whose writer needs them.
    pub(in crate::binrw) fn case_writer_values(
        &self,
        field: &Field,
    ) -> Result<Vec<TokenStream>, SchemaError> {
        let mut out = Vec::new();
        for w in self
            .cases_with_params(field)?
            .into_iter()
            .filter(|w| w.writer)
        {
            let case = &field.switch_cases[w.case];
            let values = self.writer_param_args(field, case.name(), &case.args)?;
            out.push(quote!((#(#values,)*)));
        }
        Ok(out)
    }

    /// The switch enum's writer imports: each case type's writer arguments, whole.
    pub(super) fn case_writer_imports(
        &mut self,
        field: &Field,
    ) -> Result<Vec<TokenStream>, SchemaError> {
        let mut out = Vec::new();
        for w in self
            .cases_with_params(field)?
            .into_iter()
            .filter(|w| w.writer)
        {
            let rust = ident(&self.use_type(w.decl, &w.target.rust_name));
            let name = writer_import_name(&w.variant);
            out.push(quote!(#name: <#rust as binrw::BinWrite>::Args<'static>));
        }
        Ok(out)
    }

    /// The writer's arguments of the variant of `case` (of user type `target`), when its
    /// writer needs params.
    pub(super) fn case_writer_arg(
        &self,
        field: &Field,
        case: &SwitchCase,
    ) -> Result<Option<TokenStream>, SchemaError> {
        let variant = variant_name(case.name());
        let with = self.cases_with_params(field)?;
        let writer = with.iter().any(|w| w.variant == variant && w.writer);
        Ok(writer.then(|| {
            let name = writer_import_name(&variant);
            quote!(#[bw(args_raw = #name)])
        }))
    }

    /// The imports the variant of `case` (of user type `target`) passes to its params, by
    /// name (a value other than a number or boolean cloned: the enum keeps its imports for
    /// every variant).
    pub(super) fn case_param_names(case: &SwitchCase, target: &TypeDef) -> Vec<TokenStream> {
        let variant = variant_name(case.name());
        let names = target.params.iter().map(|p| {
            let name = import_name(&variant, &p.id).into_token_stream();
            match p.ty.rust_int().is_some() || p.ty == TypeRef::Bool {
                true => name,
                false => quote!(#name.clone()),
            }
        });
        names.collect()
    }
}

/// The switch enum's writer import of the arguments of the case type of variant `variant`.
fn writer_import_name(variant: &str) -> Ident {
    format_ident!("ks_{}_writer", variant.to_lowercase())
}

/// The switch enum's import of param `id` of the case type of variant `variant`.
fn import_name(variant: &str, id: &str) -> Ident {
    format_ident!("ks_{}_{id}", variant.to_lowercase())
}
