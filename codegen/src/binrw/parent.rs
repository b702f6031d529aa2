//! `_parent` and `_root` in seq expressions (`repeat-expr: _parent.header.qty_entries`).
//!
//! binrw hands values down only as import arguments, so a type imports exactly the values of
//! its parent and of the root that it or the types inside it use, in `#[br(import(..))]` and
//! `#[bw(import(..))]` (the writer needs them too, for sizes and count checks), and every field
//! or positioned instance of that type passes them with `args(..)` (an instance, read before the
//! first seq field naming it or after the seq, passes only the fields read before it). An import
//! is named after its path as the type sees it: `_parent._parent.header.len` is
//! `up_up_header_len`, `_root.header.len` is `root_header_len`. A plain list of integers, which
//! the type indexes (`_root.sizes[idx]`), is lent as a slice (`root_sizes: &[u32]`). What cannot
//! be passed this way (a path through a list, an optional field, a param or an instance, a type
//! of another file, a switch case) is refused.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::quote;

use super::expr::{Expr, Side, lower_size};
use super::schema::{Field, FieldType, Schemas, TypeDef};
use super::tokens::ident;
use crate::expr::Source;

/// The Rust type of a `_parent` / `_root` path a type imports: an integer, or a list of them
/// lent as a slice.
#[derive(Debug, PartialEq, Eq)]
pub struct Imported {
    /// The integer's Rust type (`u16`).
    pub int: &'static str,
    /// The path is a list of them (`&[u16]`).
    pub list: bool,
}

impl Imported {
    /// The type as the import declares it.
    fn tokens(&self) -> TokenStream {
        let int = ident(self.int);
        match self.list {
            true => quote!(&[#int]),
            false => quote!(#int),
        }
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

    /// The user type of a field when it is declared in this file.
    fn child(&self, field: &Field, stack: &mut Vec<String>) -> Result<Option<&'a TypeDef>, String> {
        let name = match &field.ty {
            FieldType::Named { name, .. } => name,
            FieldType::Switch { .. } => {
                for (_, case) in field.int_cases() {
                    if let Some((_, t)) = self.schemas.resolve(self.file, case)
                        && !self.needs(t, stack)?.is_empty()
                    {
                        return Err(format!(
                            "switch case `{case}` uses _parent or _root, which the binrw backend does not pass to switch cases"
                        ));
                    }
                }
                return Ok(None);
            }
            FieldType::None => return Ok(None),
        };
        match self.schemas.resolve(self.file, name) {
            Some((decl, t)) if decl == self.file => Ok(Some(t)),
            Some((_, t)) if !self.needs(t, stack)?.is_empty() => Err(format!(
                "type `{name}` of another file uses _parent or _root (not supported by the binrw backend)"
            )),
            _ => Ok(None),
        }
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
            if let Some(child) = self.child(field, stack)? {
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
            let cut_off = field.parent_false
                && self
                    .child(field, &mut Vec::new())
                    .ok()
                    .flatten()
                    .is_some_and(|c| self.needs(c, &mut Vec::new()).is_ok_and(|n| !n.is_empty()));
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

    /// The type of this file whose seq field or positioned instance reads `def` (a `parent:
    /// _parent` field does not make it the parent); a switch case's holder is none, since its
    /// values are not passed to switch cases.
    fn parent_of(&self, def: &TypeDef) -> Result<&'a TypeDef, String> {
        let mut why = format!("`{}` has no parent type in this file", def.id);
        for t in self.types() {
            for (f, _) in read_fields(t).filter(|(f, _)| !f.parent_up) {
                if f.switch_cases.iter().any(|c| self.names(&c.ty, def)) {
                    why = format!(
                        "`{}` is a switch case of `{}.{}`, to which the binrw backend passes no _parent or _root values",
                        def.id, t.id, f.id
                    );
                } else if let Ok(Some(c)) = self.child(f, &mut Vec::new())
                    && c.id == def.id
                {
                    return Ok(t);
                }
            }
        }
        Err(why)
    }

    /// Whether the type name `name` resolves to `def` from this file.
    fn names(&self, name: &str, def: &TypeDef) -> bool {
        self.schemas
            .resolve(self.file, name)
            .is_some_and(|(decl, t)| decl == self.file && t.id == def.id)
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
        if rest.is_empty() && int_list(field) {
            // A list is indexed where it is used (`_root.sizes[idx]`): passed as a slice.
            return kind
                .rust_int()
                .map(|int| Imported { int, list: true })
                .ok_or_else(unsupported);
        }
        let plain = field.cond.is_none()
            && field.repeat_expr.is_none()
            && !field.repeat_eos
            && field.size.is_none()
            && !field.size_eos
            && field.count_of.is_none()
            && field.rust_type.is_none()
            && field.enum_name.is_none()
            && field.since.is_none()
            && field.until.is_none();
        match (plain, rest.is_empty(), kind.rust_int()) {
            (true, true, Some(int)) => Ok(Imported { int, list: false }),
            (true, false, None) => match self.child(field, &mut Vec::new())? {
                Some(t) => self.walk(t, rest, usize::MAX),
                None => Err(unsupported()),
            },
            _ => Err(unsupported()),
        }
    }

    /// The values `field` (a seq field or positioned instance of `def`) passes to its type's
    /// imports, as the reader and the writer spell them (empty when the type imports nothing).
    pub fn args(
        &self,
        def: &TypeDef,
        field: &Field,
    ) -> Result<(Vec<TokenStream>, Vec<TokenStream>), String> {
        let (mut read, mut write) = (Vec::new(), Vec::new());
        let Some(at) = read_fields(def).find_map(|(f, at)| (f.id == field.id).then_some(at)) else {
            return Ok((read, write));
        };
        let Some(child) = self.child(field, &mut Vec::new())? else {
            return Ok((read, write));
        };
        let root = self.is_root(def);
        for p in self.needs(child, &mut Vec::new())? {
            match lift_through(field, &p, root)? {
                Some(need) => {
                    let name = ident(&import_name(&need));
                    read.push(quote!(#name));
                    write.push(quote!(#name));
                }
                None => {
                    // A field path of `def` itself, read before this field.
                    let local = if p[0] == "_parent" { &p[1..] } else { &p[..] };
                    let local = if local[0] == "_root" {
                        &local[1..]
                    } else {
                        local
                    };
                    let e = Expr::Path(local.to_vec());
                    if self.walk(def, local, at)?.list {
                        // A list, lent as a slice (see `int_list`).
                        let names: Vec<_> = local.iter().map(|n| ident(n)).collect();
                        read.push(quote!(&#(#names).*[..]));
                        write.push(quote!(&#(#names).*[..]));
                    } else {
                        read.push(e.rust(Side::Read));
                        write.push(e.rust(Side::Write));
                    }
                }
            }
        }
        Ok((read, write))
    }
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

/// Whether `field` is a plain list of integers (`repeat`, no `if`, `enum` or `size`), which a
/// type inside imports as a slice to index (`_root.sizes[idx]`).
fn int_list(field: &Field) -> bool {
    let repeated = field.repeat_expr.is_some() || field.repeat_eos || field.repeat_until.is_some();
    repeated
        && field.cond.is_none()
        && field.size.is_none()
        && !field.size_eos
        && field.enum_name.is_none()
        && field.rust_type.is_none()
        && field.since.is_none()
        && field.until.is_none()
        && matches!(&field.ty, FieldType::Named { kind, .. } if kind.rust_int().is_some())
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
}
