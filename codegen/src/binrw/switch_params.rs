//! Switch cases of a user type that takes params (`cases: {1: body(len, 3)}`): the parent
//! computes the arguments as for a field of that type, the switch enum imports them (named
//! `ks_<variant>_<param>`) and the case's variant passes them on. A case's writer is given no
//! arguments, so a case type whose writer needs its params is refused.

use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, format_ident, quote};

use super::super::super::schema::{Field, KsType, SwitchCase, TypeDef, Versioned};
use super::super::super::writer_params::writer_params;
use super::super::Module;
use super::super::field_types::int_type;
use super::super::rust_params::writer_takes;
use super::variant_name;
use crate::SchemaError;

/// A case type that takes params, once per variant.
struct WithParams<'a> {
    variant: String,
    /// Its index in the field's `switch_cases`.
    case: usize,
    target: &'a TypeDef,
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
            let writer = !writer_params(self.schemas, decl, target).is_empty()
                || matches!(target.versioned, Some(Versioned::Param))
                || target.params.iter().any(|(id, _)| writer_takes(target, id));
            if writer {
                return Err(self.field_err(
                    field,
                    format!("case type `{}`: its writer needs its params, which a switch case's writer is not given (binrw backend)", case.ty),
                ));
            }
            out.push(WithParams {
                variant,
                case: i,
                target,
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
            for (id, ty) in &w.target.params {
                let rust = self.param_type(w.target, id, ty)?.ok_or_else(|| {
                    self.field_err(
                        field,
                        format!("case type `{}`: param type `{ty}` is not supported by the binrw backend in a switch", field.switch_cases[w.case].ty),
                    )
                })?;
                let name = import_name(&w.variant, id);
                out.push(quote!(#name: #rust));
            }
        }
        Ok(out)
    }

    /// The imports the variant of `case` (of user type `target`) passes to its params, by
    /// name (a value other than a number or boolean cloned: the enum keeps its imports for
    /// every variant).
    pub(super) fn case_param_names(case: &SwitchCase, target: &TypeDef) -> Vec<TokenStream> {
        let variant = variant_name(case.name());
        let names = target.params.iter().map(|(id, ty)| {
            let name = import_name(&variant, id).into_token_stream();
            match int_type(ty).is_some() || ty == "bool" {
                true => name,
                false => quote!(#name.clone()),
            }
        });
        names.collect()
    }
}

/// The switch enum's import of param `id` of the case type of variant `variant`.
fn import_name(variant: &str, id: &str) -> Ident {
    format_ident!("ks_{}_{id}", variant.to_lowercase())
}
