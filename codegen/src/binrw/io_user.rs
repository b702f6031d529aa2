//! A positioned instance in another object's substream (`io: _root.<field>._io`) in the binrw
//! backend: a method that reads it when asked, given the root.
//!
//! binrw reads a sized area (`KsSub`) from a copy of its bytes, and the field may come after the
//! type whose instance reads it (Kaitai's `instance_io_user`: entries name strings of a later
//! `strings` area), so the instance cannot be read with the type. It is derived instead: the
//! method takes the root, writes the field's area as it is now (`KsSub::area`) and reads the
//! instance at its position there. Nothing is stored, so the writer writes the field as it holds
//! it, byte for byte, and an edit of the area shows in the instance.
//!
//! The area is the field's whole substream only without a terminator or padding, and its type
//! must be written without arguments; the instance names only fields of its own type (its
//! `pos`), so it is read by a struct of its own, local to the method. Anything else is refused.

use proc_macro2::TokenStream;
use quote::quote;

use super::super::expr::{self, Side};
use super::super::schema::{Field, FieldType, Positioned, Schemas, TypeDef};
use super::super::tokens::ident;
use super::{Module, VersionSource};
use crate::SchemaError;

impl Module<'_> {
    /// The methods of `def`'s instances in another object's substream (none when it has none).
    pub(super) fn on_request_methods(
        &mut self,
        def: &TypeDef,
        version: &VersionSource,
    ) -> Result<TokenStream, SchemaError> {
        let mut methods = TokenStream::new();
        for p in &def.on_request {
            methods.extend(self.on_request_method(def, p, version)?);
        }
        if methods.is_empty() {
            return Ok(methods);
        }
        let name = ident(&def.rust_name);
        Ok(quote!(impl #name { #methods }))
    }

    fn on_request_method(
        &mut self,
        def: &TypeDef,
        p: &Positioned,
        version: &VersionSource,
    ) -> Result<TokenStream, SchemaError> {
        let io_err = |e: String| self.err(&format!("{}/io", p.field.yaml_path), e);
        let (root, area) = self.root_area(p).map_err(io_err)?;
        let root = ident(root);
        own_only(&p.field).map_err(|e| self.field_err(&p.field, e))?;
        if def.endian_switch.is_some() {
            return Err(self.field_err(&p.field, "an instance in another object's substream in a type of calculated endianness is not supported by the binrw backend"));
        }
        let pos =
            expr::lower(&p.pos, expr::Use::default()).map_err(|e| self.field_err(&p.field, e))?;
        let names = pos_names(def, &pos).map_err(|e| {
            self.err(
                &format!("{}/pos", p.field.yaml_path),
                format!("`pos: {}` {e}", p.pos),
            )
        })?;
        // The method binds the fields `pos` names by reference, as the writer's side spells them.
        let seek = self.seek(def, &pos);
        let mut enums = TokenStream::new();
        let field = self.field(def, &p.field, version, &mut enums)?;
        self.items.extend(enums);
        let ty = field_type(&field).ok_or_else(|| {
            self.field_err(
                &p.field,
                "the binrw backend produced no field for this instance; this is a generator bug",
            )
        })?;
        let (id, local) = (ident(&p.field.id), ident(&def.rust_name));
        let endian = def.endian.map(|e| {
            let e = ident(e);
            quote!(#[brw(#e)])
        });
        // Each type that reads multi-byte numbers fixes its byte order (`#[brw(..)]`): this is
        // only binrw's default.
        let endian_arg = match def.endian {
            Some("big") => quote!(binrw::Endian::Big),
            _ => quote!(binrw::Endian::Little),
        };
        let doc = format!(
            " Kaitai instance `{}`, read from `{}` at `{}` when asked.",
            p.field.id,
            p.io.as_ref().map(|io| io.text()).unwrap_or_default(),
            p.pos
        );
        let stored = format!(" It is not stored: the writer writes `{area}` as it holds it.");
        let bind = (!names.is_empty()).then(|| quote!(let Self { #(#names,)* .. } = self;));
        let area = ident(area);
        Ok(quote! {
            #[doc = #doc]
            #[doc = #stored]
            pub fn #id(&self, root: &#root) -> binrw::BinResult<#ty> {
                // Named as the type, so that a read error's path says whose instance failed.
                #[binrw]
                #endian
                struct #local { #field }
                #bind
                let io = root.#area.area(#endian_arg, ())?;
                let at: #local = savepoint_runtime::frame::ks_read_at(&io, #seek, #endian_arg, ())?;
                Ok(at.#id)
            }
        })
    }

    /// The `SeekFrom` of `pos` in the method, where the fields it names are references. An
    /// unsigned field is converted with `u64::from` (clippy refuses a `try_from` that cannot
    /// fail in plain code), anything else as a positioned instance's `pos` is.
    fn seek(&self, def: &TypeDef, pos: &expr::Expr) -> TokenStream {
        let wide = |n: &str| self.wide_path(def, n);
        match pos {
            expr::Expr::Path(path) if wide(&path.join(".")) == expr::Width::Unsigned => {
                let v = pos.rust(Side::Write);
                quote!(binrw::io::SeekFrom::Start(u64::from(#v)))
            }
            _ => super::super::pos::start(pos, &wide, Side::Write),
        }
    }

    /// The Rust name of the root type and the id of its field whose substream `p` reads, when
    /// the backend can give that substream.
    fn root_area<'p>(&self, p: &'p Positioned) -> Result<(&str, &'p str), String> {
        let io = p.io.as_ref().map(|io| io.text()).unwrap_or_default();
        let name = p.root_field_io().unwrap_or_default();
        if imported(self.schemas, self.file) {
            return Err(format!(
                "`io: {io}` in a schema another imports is not supported by the binrw backend (`_root` is the importer's there)"
            ));
        }
        let root = self.schemas.files[self.file]
            .types
            .iter()
            .find(|t| t.yaml_path.is_empty())
            .ok_or_else(|| format!("`io: {io}`: the schema has no top-level type"))?;
        let field = root.seq.iter().find(|f| f.id == name).ok_or_else(|| {
            format!("`io: {io}`: `{name}` is not a seq field of the top-level type")
        })?;
        let plain_area = (field.size.is_some() || field.size_eos)
            && field.terminator.is_none()
            && field.pad_right.is_none()
            && field.process.is_none()
            && field.cond.is_none()
            && field.repeat_expr.is_none()
            && field.repeat_until.is_none()
            && !field.repeat_eos;
        let typed = match &field.ty {
            FieldType::Named { name, kind, args } if !kind.builtin() && args.is_empty() => self
                .schemas
                .resolve(self.file, name)
                .is_some_and(|(_, t)| t.params.is_empty() && t.rust_type.is_none()),
            _ => false,
        };
        if !plain_area || !typed {
            return Err(format!(
                "`io: {io}` is not supported by the binrw backend: only the substream of a user-typed field without params read from `size` or `size-eos` (no terminator, padding, process, `if` or repeat)"
            ));
        }
        Ok((&root.rust_name, name))
    }
}

/// The seq fields of `def` that `pos` names, each once; the error when it names anything else.
fn pos_names(def: &TypeDef, pos: &expr::Expr) -> Result<Vec<proc_macro2::Ident>, String> {
    let mut paths = Vec::new();
    pos.paths(&mut paths);
    let mut names = Vec::new();
    for path in paths {
        match path {
            [name] if def.seq.iter().any(|f| f.id == *name) => names.push(name.as_str()),
            _ => return Err("of an instance in another object's substream names other than a seq field of its type, which the binrw backend does not support".into()),
        }
    }
    names.sort_unstable();
    names.dedup();
    Ok(names.into_iter().map(ident).collect())
}

/// Whether a type of another file than `file` reads one of `file`'s types.
fn imported(schemas: &Schemas, file: &str) -> bool {
    let others = schemas.files.values().filter(|f| f.id != file);
    others
        .flat_map(|f| f.types.iter().map(move |t| (f, t)))
        .any(|(f, t)| {
            let fields = t.seq.iter().chain(t.positioned.iter().map(|p| &p.field));
            let mut names = fields.flat_map(|field| {
                let cases = field.switch_cases.iter().map(|c| c.ty.as_str());
                let named = match &field.ty {
                    FieldType::Named { name, .. } => Some(name.as_str()),
                    _ => None,
                };
                cases.chain(named)
            });
            names.any(|n| {
                schemas
                    .resolve(&f.id, n)
                    .is_some_and(|(from, _)| from == file)
            })
        })
}

/// Refuses an instance whose own keys name anything, or of a user type (which may take
/// arguments or reach its parent): its struct is read alone.
fn own_only(field: &Field) -> Result<(), String> {
    let size_constant = field
        .size
        .as_ref()
        .is_none_or(|s| expr::lower(s, expr::Use::default()).is_ok_and(|e| e.constant().is_some()));
    let plain = field.cond.is_none()
        && field.repeat_expr.is_none()
        && field.repeat_until.is_none()
        && field.process.is_none()
        && field.valid.is_none()
        && size_constant
        && match &field.ty {
            FieldType::Named { kind, .. } => kind.builtin(),
            FieldType::None => field.contents_bytes.is_none(),
            FieldType::Switch { .. } => false,
        };
    match plain {
        true => Ok(()),
        false => Err("an instance in another object's substream other than a number, string or byte array without `if`, `repeat`, `process`, `valid` or a computed `size` is not supported by the binrw backend".into()),
    }
}

/// The Rust type of the one field `field` declares (`pub id: TYPE,`).
fn field_type(field: &TokenStream) -> Option<syn::Type> {
    let fields: syn::FieldsNamed = syn::parse2(quote!({ #field })).ok()?;
    let last = fields.named.into_iter().last()?;
    Some(last.ty)
}

#[cfg(test)]
mod tests {
    fn generate_one(tag: &str, ksy: &str) -> Result<String, crate::SchemaError> {
        let tag = format!("io-user-{tag}");
        crate::binrw::generate_from(&tag, &[("u.ksy", ksy)], "u").map(|m| m.source)
    }

    const SCHEMA: &str = "meta: {id: u, endian: le}\nseq:\n  - {id: head, type: entry}\n  - {id: body, type: pool, size: 4}\ntypes:\n  entry:\n    seq:\n      - {id: ofs, type: u1}\n    instances:\n      at: {io: IO, pos: POS, type: TYPE}\n  pool:\n    seq:\n      - {id: first, type: u1}\n";

    fn with(io: &str, pos: &str, ty: &str) -> String {
        SCHEMA
            .replace("IO", io)
            .replace("POS", pos)
            .replace("TYPE", ty)
    }

    #[test]
    fn a_later_sized_field_is_read_when_asked() {
        let src = generate_one("ok", &with("_root.body._io", "ofs", "u2")).unwrap();
        assert!(
            src.contains("pub fn at(&self, root: &U) -> binrw::BinResult<u16>"),
            "{src}"
        );
        assert!(src.contains("let io = root.body.area("), "{src}");
        // Not a field of `Entry` (only of the method's own struct): the writer writes `body` as
        // it holds it.
        assert_eq!(src.matches("pub at: u16,").count(), 1, "{src}");
        assert!(
            src.contains("pub struct Entry {\n    pub ofs: u8,\n}"),
            "{src}"
        );
    }

    #[test]
    fn refuses_what_it_cannot_read_alone() {
        let cases = [
            // `head` is read in the root's stream, not an area of its own.
            (
                with("_root.head._io", "ofs", "u2"),
                "/types/entry/instances/at/io",
                "not supported",
            ),
            (
                with("_root.nothing._io", "ofs", "u2"),
                "/types/entry/instances/at/io",
                "not a seq field",
            ),
            // A user type may need arguments or its parent.
            (
                with("_root.body._io", "ofs", "pool"),
                "/types/entry/instances/at",
                "not supported",
            ),
            // `pos` naming the parent.
            (
                with("_root.body._io", "_parent.body.first", "u1"),
                "/types/entry/instances/at/pos",
                "not support",
            ),
        ];
        for (ksy, path, why) in cases {
            let err = generate_one("refused", &ksy).unwrap_err();
            assert_eq!(err.yaml_path, path, "{err}");
            assert!(err.message.contains(why), "{err}");
        }
    }
}
