//! A module's `use` items: the paths of hand-written types and of other schemas' types it
//! names, built as tokens, and the short names it spells them by.
//!
//! A `-savepoint-rust-type` path (`unreal::TMap<i32, unreal::FObjectReferenceDisc>`) is
//! imported path by path: the type and each of its type arguments that is a path of several
//! segments is imported and named by its last segment; a bare type argument other than a
//! primitive is a type of the schema that names the path, imported from there.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::super::tokens::{ident, source};
use super::{Module, idents, int_type};
use crate::SchemaError;

/// The `use` trees of a module by their spelling, which orders and deduplicates them as the
/// printed items are.
#[derive(Default)]
pub(super) struct Uses(BTreeMap<String, TokenStream>);

impl Uses {
    /// Adds `use #tree;`.
    pub(super) fn insert(&mut self, tree: TokenStream) {
        self.0.insert(source(&tree), tree);
    }

    /// The `use` items, in order.
    pub(super) fn items(&self) -> impl Iterator<Item = TokenStream> + '_ {
        self.0.values().map(|tree| quote!(use #tree;))
    }
}

/// `text`, a path the settings give, as tokens; `what` names the setting in the error.
pub(super) fn setting_path(text: &str, what: &str) -> Result<syn::Path, String> {
    syn::parse_str(text).map_err(|e| format!("the {what} `{text}` is not a Rust path ({e})"))
}

impl Module<'_> {
    /// Adds the `use` items of every module (`binrw`'s attribute where an item has it, serde's
    /// derives) and those of the derive
    /// macros, the runtime alias and the runtime items the module's items name.
    pub(super) fn module_uses(&mut self) -> Result<(), SchemaError> {
        if self.binrw_attr {
            self.uses.insert(quote!(binrw::binrw));
        }
        if self.settings.serde {
            self.uses.insert(quote!(serde::{Deserialize, Serialize}));
        }
        let alias = self.settings.runtime_alias();
        let alias = alias.map(|p| setting_path(p, "runtime_path"));
        let alias = alias.transpose().map_err(|e| self.err("", e))?;
        if let Some(path) = &alias {
            self.uses.insert(quote!(#path as savepoint_runtime));
        }
        let macros: Vec<_> = self.derive_macros.iter().map(|m| ident(m)).collect();
        match macros.as_slice() {
            [] => {}
            [one] => self.uses.insert(quote!(schema_derive::#one)),
            _ => self.uses.insert(quote!(schema_derive::{#(#macros),*})),
        }
        // An alias is a name of this module, which `self::` reaches even when a crate named
        // `savepoint_runtime` is also in scope.
        let root = match alias {
            Some(_) => quote!(self::savepoint_runtime),
            None => quote!(savepoint_runtime),
        };
        self.runtime_uses(&root);
        if self.decodes {
            self.uses
                .insert(quote!(#root::encoding::decode as ks_decode));
        }
        Ok(())
    }

    /// Imports the items of each runtime module the module's items name, from `root`.
    fn runtime_uses(&mut self, root: &TokenStream) {
        let runtime = [
            (self.frames, super::super::frames::RUNTIME),
            (self.repeat, super::super::repeat::RUNTIME),
            (self.bits, super::super::bits::RUNTIME),
            (self.process, super::super::process::RUNTIME),
            (self.io, super::super::io::RUNTIME),
            (self.values, super::seq_value::RUNTIME),
        ];
        let mut used = BTreeSet::new();
        idents(self.items.clone(), &mut used);
        for (_, (module, names)) in runtime.iter().filter(|(wanted, _)| *wanted) {
            let mut names: Vec<&str> = names
                .iter()
                .copied()
                .filter(|n| used.contains(*n))
                .collect();
            names.sort_unstable();
            let module = ident(module);
            let names: Vec<_> = names.into_iter().map(ident).collect();
            match names.as_slice() {
                [] => {}
                [one] => self.uses.insert(quote!(#root::#module::#one)),
                _ => self.uses.insert(quote!(#root::#module::{#(#names),*})),
            }
        }
    }

    /// `ty`, a `-savepoint-rust-type` of schema `declared_in`, as this module names it, its
    /// paths imported (see the module docs).
    pub(super) fn use_rust_type(&mut self, mut ty: syn::Type, declared_in: &str) -> syn::Type {
        if let syn::Type::Path(p) = &mut ty
            && p.qself.is_none()
        {
            self.shorten(&mut p.path, declared_in, false);
        }
        ty
    }

    /// `path` (a constant or type path of schema `declared_in`) imported when it has several
    /// segments and named by its last; a bare name is named as it is.
    pub(super) fn use_rust_path(&mut self, mut path: syn::Path, declared_in: &str) -> syn::Path {
        self.shorten(&mut path, declared_in, false);
        path
    }

    /// Imports `path` and cuts it to its last segment when it has several; imports a bare
    /// non-primitive type argument (`argument`) from `declared_in` when that is another schema.
    /// The last segment's type arguments are imported likewise.
    fn shorten(&mut self, path: &mut syn::Path, declared_in: &str, argument: bool) {
        let Some(last) = path.segments.last_mut() else {
            return;
        };
        if let syn::PathArguments::AngleBracketed(args) = &mut last.arguments {
            for arg in &mut args.args {
                if let syn::GenericArgument::Type(syn::Type::Path(p)) = arg
                    && p.qself.is_none()
                {
                    self.shorten(&mut p.path, declared_in, true);
                }
            }
        }
        if path.segments.len() > 1 {
            let mut imported = path.clone();
            if let Some(last) = imported.segments.last_mut() {
                last.arguments = syn::PathArguments::None;
            }
            self.uses.insert(imported.into_token_stream());
            if let Some(last) = path.segments.pop() {
                *path = syn::Path::from(last.into_value());
            }
            return;
        }
        let Some(last) = path.segments.last() else {
            return;
        };
        let name = last.ident.to_string();
        let primitive = int_type(&name).is_some()
            || ["u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64"].contains(&name.as_str());
        if argument && !primitive && last.arguments.is_none() {
            self.use_type(declared_in, &name);
        }
    }

    /// The Rust name of a schema type seen from this module, imported when it lives elsewhere.
    pub(super) fn use_type(&mut self, declared_in: &str, name: &str) -> String {
        if declared_in != self.file {
            let (root, module, item) = (&self.root, ident(declared_in), ident(name));
            self.uses.insert(quote!(#root::#module::#item));
        }
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::generate_from;
    use super::Uses;
    use quote::quote;

    #[test]
    fn use_items_are_sorted_by_spelling_and_kept_once() {
        let mut uses = Uses::default();
        for tree in [
            quote!(serde::{Deserialize, Serialize}),
            quote!(crate::b::X),
            quote!(binrw::binrw),
            quote!(crate::a2::Y),
            quote!(crate::b::X),
        ] {
            uses.insert(tree);
        }
        let items = uses.items();
        let expected = quote! {
            use binrw::binrw;
            use crate::a2::Y;
            use crate::b::X;
            use serde::{Deserialize, Serialize};
        };
        assert_eq!(quote!(#(#items)*).to_string(), expected.to_string());
    }

    #[test]
    fn a_gate_constant_that_is_not_a_path_is_refused_at_its_field() {
        let schema = "meta: {id: gc, endian: le}\n-savepoint-namespace: true\ntypes:\n  rec:\n    \
             -savepoint-version: {id: v, type: s4, from: v}\n    seq:\n      - {id: v, type: s4}\n      \
             - {id: x, type: s4, if: 'v >= 3', -savepoint-gate-const: 'crate::3d'}\n";
        let err = generate_from("gate-const-path", &[("gc.ksy", schema)], "gc").unwrap_err();
        assert_eq!(err.yaml_path, "/types/rec/seq/1", "{err}");
        assert!(err.message.contains("not a Rust path"), "{err}");
    }

    #[test]
    fn every_type_argument_of_a_rust_path_is_imported() {
        let schema = "meta: {id: ga, endian: le}\n-savepoint-namespace: true\ntypes:\n  rec:\n    \
             seq:\n      - {id: m, type: pairs}\n  \
             pairs:\n    -savepoint-rust-type: other::TMap<i32, other::Ref>\n    \
             seq:\n      - {id: n, type: s4}\n";
        let m = generate_from("generic-args", &[("ga.ksy", schema)], "ga")
            .unwrap_or_else(|e| panic!("{e}"))
            .source;
        for used in ["use other::TMap;", "use other::Ref;"] {
            assert!(m.contains(used), "{used} in {m}");
        }
        assert!(m.contains("pub m: TMap<i32, Ref>,"), "{m}");
    }

    #[test]
    fn only_a_module_with_binrw_items_imports_the_attribute() {
        let parts = "meta: {id: parts, endian: le}\n-savepoint-namespace: true\ntypes:\n  \
             circle:\n    seq:\n      - {id: r, type: u1}\n";
        let shapes = "meta: {id: shapes, endian: le, imports: [parts]}\n-savepoint-namespace: true\n\
             types:\n  shape:\n    -savepoint-enum: {name: Shape, tag: kind, variants: {1: Circle}}\n    \
             seq:\n      - {id: kind, type: u1}\n      \
             - {id: body, type: {switch-on: kind, cases: {1: 'parts::circle'}}}\n";
        let files = [("parts.ksy", parts), ("shapes.ksy", shapes)];
        let module = |name| {
            generate_from("binrw-attr", &files, name)
                .unwrap_or_else(|e| panic!("{e}"))
                .source
        };
        let (parts, shapes) = (module("parts"), module("shapes"));
        assert!(parts.contains("use binrw::binrw;"), "{parts}");
        assert!(parts.contains("#[binrw]"), "{parts}");
        // Hand-written impls name `binrw::` in full and need no attribute macro.
        assert!(shapes.contains("impl binrw::BinRead for Shape"), "{shapes}");
        assert!(!shapes.contains("binrw::binrw"), "{shapes}");
    }
}
