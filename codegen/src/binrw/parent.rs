//! `_parent` and `_root` in seq expressions (`repeat-expr: _parent.header.qty_entries`).
//!
//! binrw hands values down only as import arguments, so a type imports exactly the values of
//! its parent and of the root that it or the types inside it use, in `#[br(import(..))]` and
//! `#[bw(import(..))]` (the writer needs them too, for sizes and count checks), and every field
//! or positioned instance of that type passes them with `args(..)` (an instance, read before the
//! first seq field naming it or after the seq, passes only the fields read before it). An import
//! is named after its path as the type sees it: `_parent._parent.header.len` is
//! `up_up_header_len`, `_root.header.len` is `root_header_len`. A plain list of integers or of a
//! user type, which the type indexes (`_root.sizes[idx]`, `_root.pointers[i].len`), is lent as a
//! slice (`root_sizes: &[u32]`, `root_pointers: &[Pointer]`). An integer value instance of a
//! user-type field read earlier (`_root.header.level`) is an `i128`, which the passing type
//! computes just before the field (see `seq_value.rs`); an enum field is its enum. A switch's
//! enum imports what its case types use and each variant passes it on (a case's `_parent` is
//! the type holding the switch). What cannot be passed this way (a path through a list, an
//! optional field, a param or a positioned instance, a type of another file, a
//! `-savepoint-enum` case) is refused.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::expr::{Expr, Side, lower_size};
use super::schema::{Field, FieldType, Schemas, TypeDef};
use super::tokens::ident;
use crate::expr::{KsType, Source};

/// The Rust type of a `_parent` / `_root` path a type imports.
#[derive(Debug, PartialEq, Eq)]
pub enum Imported {
    /// An integer field, of this Rust type (`u16`).
    Int(&'static str),
    /// A plain list of integers, lent as a slice (`&[u16]`).
    IntList(&'static str),
    /// A plain list of a user type of this file (its id), lent as a slice of its Rust type
    /// (`&[Pointer]`).
    UserList { id: String, rust: String },
    /// An enum field, of this Rust enum of the file (`ColorType`).
    Enum(String),
    /// An integer value instance of a user-type field read earlier (`header.level`), an
    /// `i128`: its method returns an `Option`, so the type that passes it computes it into a
    /// `KsValue` field just before the field, where undefined is an error (see `seq_value.rs`).
    Instance,
}

impl Imported {
    /// The type as the import declares it.
    fn tokens(&self) -> TokenStream {
        match self {
            Imported::Int(int) => ident(int).into_token_stream(),
            Imported::IntList(int) => {
                let int = ident(int);
                quote!(&[#int])
            }
            Imported::UserList { rust, .. } => {
                let rust = ident(rust);
                quote!(&[#rust])
            }
            Imported::Enum(rust) => ident(rust).into_token_stream(),
            Imported::Instance => quote!(i128),
        }
    }

    /// Whether the value is a list, lent as a slice.
    fn is_list(&self) -> bool {
        matches!(self, Imported::IntList(_) | Imported::UserList { .. })
    }
}

/// Whether a path (or its first segment) starts at an enclosing type.
pub fn is_nav(head: &str) -> bool {
    let first = head.split('.').next().unwrap_or(head);
    first == "_parent" || first == "_root"
}

/// The import that carries `path` into a type.
pub fn import_name(path: &[String]) -> String {
    path.iter()
        .map(|p| match p.as_str() {
            "_parent" => "up",
            "_root" => "root",
            other => other,
        })
        .collect::<Vec<_>>()
        .join("_")
}

/// The Kaitai expressions of a field that its binrw directives compute.
fn field_exprs(field: &Field) -> Vec<&Source> {
    let mut out: Vec<&Source> = [&field.cond, &field.size, &field.repeat_expr]
        .into_iter()
        .flatten()
        .collect();
    match &field.ty {
        FieldType::Named { args, .. } => out.extend(args),
        FieldType::Switch { on, .. } => out.push(on),
        FieldType::None => {}
    }
    out
}

/// The fields of `def` whose expressions it computes itself, each with those expressions: the
/// seq fields, and the positioned instances (their `pos` too).
fn own_exprs(def: &TypeDef) -> impl Iterator<Item = (&Field, Vec<&Source>)> {
    let seq = def.seq.iter().map(|f| (f, field_exprs(f)));
    let positioned = def.positioned.iter().map(|p| {
        let mut exprs = field_exprs(&p.field);
        exprs.push(&p.pos);
        (&p.field, exprs)
    });
    seq.chain(positioned)
}

/// `_parent` / `_root` seen from the types of one schema file.
pub struct Nav<'a> {
    pub schemas: &'a Schemas,
    pub file: &'a str,
}

impl<'a> Nav<'a> {
    /// The types of the file.
    pub fn types(&self) -> &'a [TypeDef] {
        self.schemas
            .files
            .get(self.file)
            .map_or(&[], |f| f.types.as_slice())
    }

    /// The top-level type, if the file has one.
    pub fn types_root(&self) -> Option<&'a TypeDef> {
        self.types().iter().find(|t| self.is_root(t))
    }

    fn is_root(&self, def: &TypeDef) -> bool {
        def.yaml_path.is_empty()
    }

    /// The user type of a field when it is declared in this file (`None` for a switch).
    fn child(&self, field: &Field, stack: &mut Vec<String>) -> Result<Option<&'a TypeDef>, String> {
        let FieldType::Named { name, .. } = &field.ty else {
            return Ok(None);
        };
        match self.schemas.resolve(self.file, name) {
            Some((decl, t)) if decl == self.file => Ok(Some(t)),
            Some((_, t)) if !self.needs(t, stack)?.is_empty() => Err(format!(
                "type `{name}` of another file uses _parent or _root (not supported by the binrw backend)"
            )),
            _ => Ok(None),
        }
    }

    /// The user types of this file that a field reads: its type, or its switch's case types,
    /// to which the switch's enum passes what they import (see [`Nav::switch_imports`]).
    fn children(&self, field: &Field, stack: &mut Vec<String>) -> Result<Vec<&'a TypeDef>, String> {
        if !matches!(field.ty, FieldType::Switch { .. }) {
            return Ok(self.child(field, stack)?.into_iter().collect());
        }
        let mut out: Vec<&'a TypeDef> = Vec::new();
        for case in field.switch_cases.iter().filter(|c| c.kind == KsType::User) {
            let name = case.name();
            let t = match self.schemas.resolve(self.file, name) {
                Some((decl, t)) if decl == self.file => t,
                Some((_, t)) if !self.needs(t, stack)?.is_empty() => {
                    return Err(format!(
                        "switch case `{name}` of another file uses _parent or _root (not supported by the binrw backend)"
                    ));
                }
                _ => continue,
            };
            // `-savepoint-enum` cases are read by hand-written variants, which pass none.
            if field.variants.is_some() && !self.needs(t, stack)?.is_empty() {
                return Err(format!(
                    "switch case `{name}` of a -savepoint-enum field uses _parent or _root, which the binrw backend does not pass to it"
                ));
            }
            if !out.iter().any(|o| o.id == t.id) {
                out.push(t);
            }
        }
        Ok(out)
    }

    /// The paths the types `field` reads import, as they see them (a switch's: every case's).
    fn field_needs(&self, field: &Field) -> Result<BTreeSet<Vec<String>>, String> {
        let mut out = BTreeSet::new();
        for child in self.children(field, &mut Vec::new())? {
            out.extend(self.needs(child, &mut Vec::new())?);
        }
        Ok(out)
    }

    /// The imports of the enum of switch `field` (`name: type` each): every path its cases
    /// import, which each variant passes on to its case by name ([`Nav::case_args`]).
    pub fn switch_imports(&self, field: &Field) -> Result<Vec<TokenStream>, String> {
        let mut out = Vec::new();
        let cases = self.children(field, &mut Vec::new())?;
        for p in self.field_needs(field)? {
            let mut ty = Err(format!(
                "no case of `{}` imports `{}`",
                field.id,
                p.join(".")
            ));
            for case in &cases {
                if self.needs(case, &mut Vec::new())?.contains(&p) {
                    ty = self.type_of(case, &p);
                    break;
                }
            }
            let (name, ty) = (ident(&import_name(&p)), ty?.tokens());
            out.push(quote!(#name: #ty));
        }
        Ok(out)
    }

    /// What the variant of case type `case` passes to its imports: the switch enum's imports
    /// of the same names.
    pub fn case_args(&self, case: &TypeDef) -> Result<Vec<TokenStream>, String> {
        let needs = self.needs(case, &mut Vec::new())?;
        Ok(needs
            .iter()
            .map(|p| ident(&import_name(p)).into_token_stream())
            .collect())
    }

    /// The paths `def` imports (as `def` sees them), sorted.
    pub fn needs(
        &self,
        def: &TypeDef,
        stack: &mut Vec<String>,
    ) -> Result<BTreeSet<Vec<String>>, String> {
        let mut out = BTreeSet::new();
        if stack.contains(&def.id) {
            return Ok(out);
        }
        stack.push(def.id.clone());
        let root = self.is_root(def);
        for (_, exprs) in own_exprs(def) {
            for e in exprs {
                // An error is reported where the field is emitted.
                let Ok(e) = lower_size(e) else {
                    continue;
                };
                let mut paths = Vec::new();
                e.paths(&mut paths);
                for p in paths.into_iter().filter(|p| is_nav(&p[0])) {
                    if let Some(need) = own_need(p, root)? {
                        out.insert(need);
                    }
                }
            }
        }
        for (field, _) in read_fields(def) {
            for child in self.children(field, stack)? {
                let needs = self.needs(child, stack)?;
                if field.parent_false && !needs.is_empty() {
                    return Err(format!(
                        "`parent: false` at {}/parent, on a field whose type `{}` uses _parent or _root, is not supported by the binrw backend",
                        field.yaml_path, child.id
                    ));
                }
                for p in needs {
                    if let Some(need) = lift_through(field, &p, root)? {
                        out.insert(need);
                    }
                }
            }
        }
        stack.pop();
        Ok(out)
    }

    /// The first seq field of `def` whose own `_parent` / `_root` paths cannot be imported,
    /// so that an error from [`Nav::imports`] names that field's YAML path.
    pub fn failing_field<'d>(&self, def: &'d TypeDef) -> Option<&'d Field> {
        let root = self.is_root(def);
        own_exprs(def).find_map(|(field, exprs)| {
            let cut_off =
                field.parent_false && self.field_needs(field).is_ok_and(|n| !n.is_empty());
            let failing = cut_off
                || exprs.into_iter().any(|e| {
                    let Ok(e) = lower_size(e) else {
                        return false;
                    };
                    let mut paths = Vec::new();
                    e.paths(&mut paths);
                    paths
                        .iter()
                        .any(|p| is_nav(&p[0]) && own_need(p, root).is_err())
                });
            failing.then_some(field)
        })
    }

    /// The imports of `def`, `name: type` each.
    pub fn imports(&self, def: &TypeDef) -> Result<Vec<TokenStream>, String> {
        let mut out = Vec::new();
        for p in self.needs(def, &mut Vec::new())? {
            let name = import_name(&p);
            if def.seq.iter().any(|f| f.id == name) || def.param(&name).is_some() {
                return Err(format!(
                    "import `{name}` for `{}` clashes with a field or param",
                    p.join(".")
                ));
            }
            let (name, ty) = (ident(&name), self.type_of(def, &p)?.tokens());
            out.push(quote!(#name: #ty));
        }
        Ok(out)
    }

    /// The Rust integer type at `path` as `def` sees it.
    pub fn type_of(&self, def: &TypeDef, path: &[String]) -> Result<Imported, String> {
        match path.first().map(String::as_str) {
            Some("_root") => {
                let root = self
                    .types()
                    .iter()
                    .find(|t| self.is_root(t))
                    .ok_or("_root in a schema without a top-level type")?;
                self.walk(root, &path[1..], usize::MAX)
            }
            Some("_parent") => {
                let parent = self.parent_of(def)?;
                self.type_of(parent, &path[1..])
            }
            _ => self.walk(def, path, usize::MAX),
        }
    }

    /// The type of this file whose seq field or positioned instance reads `def`, also as a
    /// switch case (a `parent: _parent` field does not make it the parent).
    fn parent_of(&self, def: &TypeDef) -> Result<&'a TypeDef, String> {
        for t in self.types() {
            for (f, _) in read_fields(t).filter(|(f, _)| !f.parent_up) {
                if let Ok(children) = self.children(f, &mut Vec::new())
                    && children.iter().any(|c| c.id == def.id)
                {
                    return Ok(t);
                }
            }
        }
        Err(format!("`{}` has no parent type in this file", def.id))
    }

    /// The Rust integer type at the field path `path` of `def`, whose first field comes
    /// before seq index `before`.
    fn walk(&self, def: &TypeDef, path: &[String], before: usize) -> Result<Imported, String> {
        let (first, rest) = path.split_first().ok_or("a path ends at a type")?;
        let unsupported = || {
            format!(
                "`{}` in `{}` is not a plain integer field or a plain field on the way to one (binrw backend)",
                path.join("."),
                def.id
            )
        };
        if def.positioned.iter().any(|p| p.field.id == *first) {
            return Err(format!(
                "`{}` reads `{first}`, a positioned instance of `{}`, which the binrw backend passes on only from seq fields",
                path.join("."),
                def.id
            ));
        }
        let (at, field) = def
            .seq
            .iter()
            .enumerate()
            .find(|(_, f)| f.id == *first)
            .ok_or_else(unsupported)?;
        if at >= before {
            return Err(format!(
                "`{first}` of `{}` is read after the field that uses it",
                def.id
            ));
        }
        let FieldType::Named { kind, .. } = &field.ty else {
            return Err(unsupported());
        };
        if rest.is_empty() && plain_list(field) {
            // A list is indexed where it is used (`_root.sizes[idx]`): passed as a slice.
            if let Some(int) = kind.rust_int() {
                return Ok(Imported::IntList(int));
            }
            return match self.child(field, &mut Vec::new())? {
                Some(t) => Ok(Imported::UserList {
                    id: t.id.clone(),
                    rust: t.rust_name.clone(),
                }),
                None => Err(unsupported()),
            };
        }
        let plain = field.cond.is_none()
            && field.repeat_expr.is_none()
            && !field.repeat_eos
            && field.size.is_none()
            && !field.size_eos
            && field.count_of.is_none()
            && field.rust_type.is_none()
            && field.since.is_none()
            && field.until.is_none();
        match (plain, rest.is_empty(), kind.rust_int()) {
            (true, true, Some(int)) => match &field.enum_name {
                None => Ok(Imported::Int(int)),
                Some(en) => self.enum_import(en).ok_or_else(unsupported),
            },
            (true, false, None) => match self.child(field, &mut Vec::new())? {
                Some(t) => self.walk_into(t, rest),
                None => Err(unsupported()),
            },
            _ => Err(unsupported()),
        }
    }

    /// The import of an enum field of enum `name`, when this file declares the enum.
    fn enum_import(&self, name: &str) -> Option<Imported> {
        let (decl, en) = self.schemas.resolve_enum(self.file, name)?;
        (decl == self.file).then(|| Imported::Enum(en.rust_name.clone()))
    }

    /// [`Nav::walk`] into `def`, the type of a plain user-type field: there `rest` may also be
    /// one of its integer value instances.
    fn walk_into(&self, def: &TypeDef, rest: &[String]) -> Result<Imported, String> {
        let [name] = rest else {
            return self.walk(def, rest, usize::MAX);
        };
        let stored = def.seq.iter().any(|f| f.id == *name)
            || def.positioned.iter().any(|p| p.field.id == *name);
        let Some(inst) = def.instances.iter().find(|i| i.id == *name && !stored) else {
            return self.walk(def, rest, usize::MAX);
        };
        // The typing pass asks before every instance is typed; the emitter asks again after.
        let integer = inst.enum_name.is_none() && inst.value.ty().is_none_or(|t| t.is_integer());
        match integer {
            true => Ok(Imported::Instance),
            false => Err(format!(
                "value instance `{name}` of `{}` is not an integer, which the binrw backend passes to a type's seq expressions only",
                def.id
            )),
        }
    }

    /// What `field` (a seq field or positioned instance of `def`) passes to each import of its
    /// type, in the order of the imports.
    fn passes(&self, def: &TypeDef, field: &Field) -> Result<Vec<Pass>, String> {
        let Some(at) = read_fields(def).find_map(|(f, at)| (f.id == field.id).then_some(at)) else {
            return Ok(Vec::new());
        };
        let root = self.is_root(def);
        let positioned = def.positioned.iter().any(|p| p.field.id == field.id);
        let mut out = Vec::new();
        for p in self.field_needs(field)? {
            if let Some(need) = lift_through(field, &p, root)? {
                out.push(Pass::Import(need));
                continue;
            }
            // A field path of `def` itself, read before this field.
            let local = if p[0] == "_parent" { &p[1..] } else { &p[..] };
            let local = if local[0] == "_root" {
                &local[1..]
            } else {
                local
            };
            let imported = self.walk(def, local, at)?;
            if positioned && imported == Imported::Instance {
                return Err(format!(
                    "`{}`, a value instance of a child type, passed to the type of a positioned instance is not supported by the binrw backend",
                    local.join(".")
                ));
            }
            // The writer sees its own enum fields as the integers binrw maps them to.
            if local.len() == 1 && matches!(imported, Imported::Enum(_)) {
                return Err(format!(
                    "enum field `{}` of `{}` passed to a type inside it is not supported by the binrw backend (only an enum field of a user-type field)",
                    local[0], def.id
                ));
            }
            out.push(Pass::Local(local.to_vec(), imported));
        }
        Ok(out)
    }

    /// The paths of `def` to a child's value instance that `field` passes to its type, which
    /// the type of `def` computes just before `field` (see [`Imported::Instance`]).
    pub fn instances_passed(
        &self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<Vec<Vec<String>>, String> {
        let mut out: Vec<Vec<String>> = Vec::new();
        for pass in self.passes(def, field)? {
            // Two imports may name one value (`_parent.h.level`, `_root.h.level`).
            if let Pass::Local(local, Imported::Instance) = pass
                && !out.contains(&local)
            {
                out.push(local);
            }
        }
        Ok(out)
    }

    /// The values `field` (a seq field or positioned instance of `def`) passes to its type's
    /// imports, as the reader and the writer spell them (empty when the type imports nothing).
    pub fn args(
        &self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<(Vec<TokenStream>, Vec<TokenStream>), String> {
        let (mut read, mut write) = (Vec::new(), Vec::new());
        for pass in self.passes(def, field)? {
            match pass {
                Pass::Import(need) => {
                    let name = ident(&import_name(&need));
                    read.push(quote!(#name));
                    write.push(quote!(#name));
                }
                Pass::Local(local, imported) if imported.is_list() => {
                    let names: Vec<_> = local.iter().map(|n| ident(n)).collect();
                    read.push(quote!(&#(#names).*[..]));
                    write.push(quote!(&#(#names).*[..]));
                }
                Pass::Local(local, Imported::Instance) => {
                    let value = ident(&instance_local(&local, field));
                    read.push(quote!(#value.0));
                    write.push(quote!(#value.0));
                }
                Pass::Local(local, _) => {
                    let e = Expr::Path(local);
                    read.push(e.rust(Side::Read));
                    write.push(e.rust(Side::Write));
                }
            }
        }
        Ok((read, write))
    }
}

/// What a field passes to one import of its type.
enum Pass {
    /// The import of the same path that the field's own type has (lifted to it).
    Import(Vec<String>),
    /// A field path of the type itself, read before the field, and its Rust type.
    Local(Vec<String>, Imported),
}

/// The `KsValue` field that holds the child's value instance at `path` (of the type) for
/// `field`, computed just before it.
pub fn instance_local(path: &[String], field: &Field) -> String {
    format!("ks_value_{}_{}", path.join("_"), field.id)
}

/// The fields of `def` whose types it reads, each with how many of its seq fields are read
/// before it: its seq fields, then its positioned instances (read before the first seq field
/// that names them, else after the seq; see `pos.rs`).
fn read_fields(def: &TypeDef) -> impl Iterator<Item = (&Field, usize)> {
    let seq = def.seq.iter().enumerate().map(|(at, f)| (f, at));
    let positioned = def
        .positioned
        .iter()
        .map(|p| (&p.field, super::pos::read_before(def, p)));
    seq.chain(positioned)
}

/// Whether `field` is a plain list (`repeat`, no `if`, `enum` or `size`) of integers or of a
/// user type, which a type inside imports as a slice to index (`_root.sizes[idx]`).
fn plain_list(field: &Field) -> bool {
    let repeated = field.repeat_expr.is_some() || field.repeat_eos || field.repeat_until.is_some();
    repeated
        && field.cond.is_none()
        && field.size.is_none()
        && !field.size_eos
        && field.enum_name.is_none()
        && field.rust_type.is_none()
        && field.since.is_none()
        && field.until.is_none()
        && matches!(&field.ty, FieldType::Named { .. })
}

/// What a nav path in `def`'s own expressions asks `def` to import: `None` for `_root.x` in
/// the root itself (a field path there, see [`root_local`]).
fn own_need(p: &[String], root: bool) -> Result<Option<Vec<String>>, String> {
    if p.len() < 2 {
        return Err(format!(
            "`{}` alone is not supported by the binrw backend (only paths to integer fields)",
            p.join(".")
        ));
    }
    match (p[0].as_str(), root) {
        ("_parent", true) => Err("_parent in the top-level type".into()),
        ("_root", true) => Ok(None),
        _ => Ok(Some(p.to_vec())),
    }
}

/// What a child's import `p` asks its parent (the root when `root`) to import: `None` when it
/// is a field path of the parent.
fn lift(p: &[String], root: bool) -> Result<Option<Vec<String>>, String> {
    match p[0].as_str() {
        "_parent" if is_nav(&p[1]) => own_need(&p[1..], root),
        "_parent" => Ok(None),
        _ if root => Ok(None),
        _ => Ok(Some(p.to_vec())),
    }
}

/// [`lift`] across `field`: with `parent: _parent` the child's `_parent` is this type's own
/// `_parent`, so its paths are asked of this type's parent unchanged.
fn lift_through(field: &Field, p: &[String], root: bool) -> Result<Option<Vec<String>>, String> {
    if field.parent_up && p[0] == "_parent" {
        return own_need(p, root);
    }
    lift(p, root)
}

/// In the root's own expressions `_root.x` is the field path `x`.
pub fn root_local(e: &Expr) -> Expr {
    e.map_paths(&|p: &[String]| {
        (p.first().map(String::as_str) == Some("_root")).then(|| p[1..].to_vec())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(s: &str) -> Vec<String> {
        s.split('.').map(str::to_string).collect()
    }

    #[test]
    fn lifts_paths_to_the_parent() {
        assert_eq!(import_name(&path("_parent._parent.a.b")), "up_up_a_b");
        assert_eq!(lift(&path("_parent.a"), false).unwrap(), None);
        assert_eq!(
            lift(&path("_parent._parent.a"), false).unwrap(),
            Some(path("_parent.a"))
        );
        assert_eq!(lift(&path("_root.a"), true).unwrap(), None);
        assert_eq!(
            lift(&path("_root.a"), false).unwrap(),
            Some(path("_root.a"))
        );
        assert!(lift(&path("_parent._parent.a"), true).is_err());
        assert!(own_need(&path("_parent"), false).is_err());
    }

    /// A schema whose `body` reads `_root.header.<what>` in an `if`, `header` having an integer
    /// and a boolean value instance, read by a seq field or (`positioned`) an instance.
    fn child_value_schema(what: &str, positioned: bool) -> String {
        let body = match positioned {
            true => "instances:\n  late:\n    pos: 0\n    type: body\n",
            false => "  - {id: body, type: body}\n",
        };
        let (seq, instances) = if positioned { ("", body) } else { (body, "") };
        format!(
            "meta: {{id: s}}\nseq:\n  - {{id: header, type: header}}\n{seq}{instances}types:\n  header:\n    seq:\n      - {{id: v, type: u1}}\n    instances:\n      level: {{value: v & 7}}\n      big: {{value: 'v > 3'}}\n  body:\n    seq:\n      - {{id: a, type: u1, if: _root.header.{what}}}\n"
        )
    }

    #[test]
    fn a_child_value_instance_is_passed_from_seq_fields_only() {
        let ok = child_value_schema("level == 3", false);
        let ok = crate::binrw::generate_from("nav-inst", &[("s.ksy", &ok)], "s");
        assert!(ok.is_ok(), "{:?}", ok.err());
        let late = child_value_schema("level == 3", true);
        let err =
            crate::binrw::generate_from("nav-inst-pos", &[("s.ksy", &late)], "s").unwrap_err();
        assert_eq!(err.yaml_path, "/instances/late");
        assert!(err.message.contains("positioned instance"), "{err}");
        let flag = child_value_schema("big", false);
        let err =
            crate::binrw::generate_from("nav-inst-bool", &[("s.ksy", &flag)], "s").unwrap_err();
        assert_eq!(err.yaml_path, "/seq/1", "{err}");
        assert!(
            err.message.contains("`big` of `header` is not an integer"),
            "{err}"
        );
    }
}
