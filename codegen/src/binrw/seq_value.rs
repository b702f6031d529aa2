//! Value instances a seq field names where binrw directives cannot spell them (see
//! `value/seq_uses.rs`: `<<`, a conditional field, a string, a `switch-on` of one): each is
//! computed into a `KsValue` field of its own just before the field, from the fields read
//! (the reader) or held (the writer) before it, by the translation value instances' methods
//! have (`value/`). The value is needed only where the field is read, so unless the field's
//! `if` names it, it is computed only where that `if` holds; where needed, an undefined value
//! is an error, as in Kaitai.

use proc_macro2::TokenStream;
use quote::quote;

use super::super::expr::{Expr, Side};
use super::super::schema::{Field, TypeDef};
use super::super::tokens::ident;
use super::super::value::{self, Ty, seq_uses};
use super::Module;
use crate::SchemaError;

/// The runtime module and the names of it such a field uses.
pub const RUNTIME: (&str, &[&str]) = ("value", &["KsValue", "ks_value"]);

impl Module<'_> {
    /// The `KsValue` fields `field` of `def` computes its value instances into (see
    /// [`seq_uses::computed`]), placed just before it.
    pub(super) fn seq_values(
        &mut self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<TokenStream, SchemaError> {
        let mut out = self.seq_if(def, field)?;
        let computed = seq_uses::computed(def, field);
        if computed.is_empty() {
            return Ok(out);
        }
        let (read_gate, write_gate) = self.value_gate(def, field)?;
        let file = &self.schemas.files[self.file];
        for (inst, in_if) in computed {
            let at = |side| {
                value::seq_value(def, file, self.schemas, field, inst, side)
                    .map_err(|e| self.field_err(field, e))
            };
            let read = at(Side::Read)?;
            let write = at(Side::Write)?.body;
            for (decl, rust) in &read.uses {
                self.use_type(decl, rust);
            }
            let (read_need, write_need) = if in_if {
                (quote!(true), quote!(true))
            } else {
                (read_gate.clone(), write_gate.clone())
            };
            let what = format!("{}.{}", def.rust_name, inst.id);
            let local = ident(&seq_uses::value_local(&inst.id, field));
            // An enum value is held as its integer, which its `Unknown` keeps too: a generated
            // enum has no default for where the field is not read, and the switch it selects
            // compares integers (see `switch_sel.rs`).
            let (ty, read, write) = match &read.ty {
                Ty::Enum(_) => {
                    let body = read.body;
                    (
                        quote!(i128),
                        quote!(i128::from(#body)),
                        quote!(i128::from(#write)),
                    )
                }
                ty => (ty.tokens(), read.body, write),
            };
            let (read, write) = (translated(&ty, read), translated(&ty, write));
            let need = (read_need.clone(), write_need.clone());
            out.extend(value_field(&local, &ty, need, (read, write), &what));
        }
        self.values = true;
        Ok(out)
    }

    /// The `KsValue` fields holding the value instances of children read earlier that `field`
    /// of `def` passes to its type's `_parent` / `_root` imports (`_root.header.level`, see
    /// `parent.rs`), placed just before it: each the child's method, as both sides hold it.
    pub(super) fn nav_values(
        &mut self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<TokenStream, SchemaError> {
        let paths = self.nav().instances_passed(def, field);
        let paths = paths.map_err(|e| self.field_err(field, e))?;
        if paths.is_empty() {
            return Ok(TokenStream::new());
        }
        let (read_need, write_need) = self.value_gate(def, field)?;
        let mut out = TokenStream::new();
        for p in paths {
            let what = format!("{}.{}", def.rust_name, p.join("."));
            let local = ident(&super::super::parent::instance_local(&p, field));
            let call = Expr::ChildValue(p).rust(Side::Read);
            let need = (read_need.clone(), write_need.clone());
            let call = quote!(|| #call);
            out.extend(value_field(
                &local,
                &quote!(i128),
                need,
                (call.clone(), call),
                &what,
            ));
        }
        self.values = true;
        Ok(out)
    }

    /// The `KsValue<bool>` field a computed `if` of `field` is held in (see
    /// [`seq_uses::computed_if`]), placed first: the values after it are needed only where it
    /// holds.
    fn seq_if(&mut self, def: &TypeDef, field: &Field) -> Result<TokenStream, SchemaError> {
        if !seq_uses::computed_if(def, field) {
            return Ok(TokenStream::new());
        }
        let file = &self.schemas.files[self.file];
        let at = |side| {
            value::seq_cond(def, file, self.schemas, field, side)
                .map_err(|e| self.field_err(field, format!("`if`: {e}")))
        };
        let (read, write) = (at(Side::Read)?, at(Side::Write)?);
        for (decl, rust) in &read.uses {
            self.use_type(decl, rust);
        }
        let what = format!("{}.{} (its `if`)", def.rust_name, field.id);
        let local = ident(&seq_uses::if_local(field));
        let ty = quote!(bool);
        let (read, write) = (translated(&ty, read.body), translated(&ty, write.body));
        self.values = true;
        let need = (quote!(true), quote!(true));
        Ok(value_field(&local, &ty, need, (read, write), &what))
    }

    /// Whether `field` is read, as the reader and the writer spell its `if` (`true` without
    /// one).
    fn value_gate(
        &self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<(TokenStream, TokenStream), SchemaError> {
        let Some(cond) = &field.cond else {
            return Ok((quote!(true), quote!(true)));
        };
        if seq_uses::computed_if(def, field) {
            let local = ident(&seq_uses::if_local(field));
            return Ok((quote!(#local.0), quote!(#local.0)));
        }
        let e = self.expr_in(field, cond, false)?;
        // The `_io` records are read after these fields, just before the field itself.
        if super::super::io::reads_stream(&e) {
            return Err(self.field_err(
                field,
                "a value instance computed for a field whose `if` reads `_io` is not supported by the binrw backend",
            ));
        }
        Ok((e.rust_arg(Side::Read), e.rust_arg(Side::Write)))
    }
}

/// A `KsValue<ty>` field `local`, computed by the reader with `read` where `need.0` holds and by
/// the writer with `write` where `need.1` does (each a closure returning `Option<ty>`); `what`
/// names the value in the error an undefined one gives.
fn value_field(
    local: &proc_macro2::Ident,
    ty: &TokenStream,
    (read_need, write_need): (TokenStream, TokenStream),
    (read, write): (TokenStream, TokenStream),
    what: &str,
) -> TokenStream {
    quote! {
        #[br(temp, try_calc = ks_value(#read_need, #read, #what))]
        #[bw(try_calc = ks_value(#write_need, #write, #what))]
        #local: KsValue<#ty>,
    }
}

/// A translated expression `body` of type `ty` as the closure [`value_field`] takes. The
/// translation's parentheses are those of the methods, which allow them too.
fn translated(ty: &TokenStream, body: TokenStream) -> TokenStream {
    quote!({ #[allow(unused_parens, clippy::all)] let value = || -> Option<#ty> { Some(#body) }; value })
}
