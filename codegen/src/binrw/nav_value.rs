//! `_parent` and `_root` in value instances (`value: _parent.s1 == 'foo'`).
//!
//! A value instance is a method on the struct, which has no link to the struct around it; so
//! the reader records what the method reads. A type imports each `_parent` / `_root` value its
//! own instances or the instances of the types inside it use, as an `Option` (`None` when the
//! type is read on its own: Kaitai's null parent), each field passes it down with `args(..)`,
//! and a `#[br(calc)]` field that the writer ignores keeps the ones the type's own instances
//! read. They are named after their path: `_parent._parent.flag` is `_parent_parent_flag`,
//! `_root.value` is `_root_value` (seq expressions import plain `up_*` / `root_*` values, see
//! `parent.rs`). The top-level type reads its own `_root.x` as `x`, unless it contains itself:
//! then a nested copy's root is the outermost one, so it imports it too and falls back to its
//! own `x` when it is the outermost.
//!
//! What is passed is a clone of an integer or string field read before the field that passes
//! it, reached through plain user-type fields. A switch enum imports what its cases read and
//! each variant passes it on. `_parent` of a type read by several types (switch cases of one
//! field, say) is each of them, and the path must meet one type again (`_parent._parent`); an
//! `.as<type>` right after `_parent` / `_root` must name the type it reaches. Nothing is passed
//! to another file's types (Kaitai does not either); a sized user-type field passes them in its
//! `KsSub` arguments; positioned instances and `parent: false` / `parent: _parent` whose type
//! reads `_parent` / `_root` in a value instance are refused.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::parent::is_nav;
use super::schema::{Field, FieldType, Schemas, TypeDef};
use super::tokens::ident;
use super::value::Ty;
use crate::expr::{self, Expr, TypeRef};

/// A refusal: the YAML path of the field or instance, and why.
pub type Refusal = (String, String);

/// The `.as<type>` casts in a nav path: the index of the segment each follows, and the type.
type Casts = Vec<(usize, TypeRef)>;

/// `_parent` / `_root` seen from the value instances of one schema file.
pub struct Up<'a> {
    pub schemas: &'a Schemas,
    pub file: &'a str,
}

/// What a nav path in a value instance reads.
pub enum Read {
    /// The top-level type's own field path (its `_root.x`), to translate as `x`.
    Local(Expr),
    /// A recorded field: the value's type and the method's spelling of it.
    Recorded(Ty, TokenStream),
}

/// The name of the import and recorded field that carry `path`.
pub fn name(path: &[String]) -> String {
    let parts: Vec<&str> = path.iter().map(|p| p.trim_start_matches('_')).collect();
    format!("_{}", parts.join("_"))
}

/// The import of nav path `p`, whose field has the Rust type `rust` (an integer type or
/// `String`): `_parent_x: Option<u8>`.
fn import(p: &[String], rust: &str) -> TokenStream {
    let (name, rust) = (ident(&name(p)), ident(rust));
    quote!(#name: Option<#rust>)
}

/// The nav path `e` spells, with the `.as<type>` casts after its nav segments (each type
/// name with the index of the segment it follows), or `None` when `e` is not one.
fn chain(e: &Expr) -> Option<(Vec<String>, Casts)> {
    match e {
        Expr::Name(n) if is_nav(n) => Some((vec![n.clone()], Vec::new())),
        Expr::Attr(base, attr) => {
            let (mut path, casts) = chain(base)?;
            path.push(attr.clone());
            Some((path, casts))
        }
        Expr::Cast(base, ty) => {
            let (path, mut casts) = chain(base)?;
            casts.push((path.len() - 1, ty.clone()));
            Some((path, casts))
        }
        _ => None,
    }
}

/// The nav path `e` takes `_sizeof` of (`_root.header._sizeof`), with its casts.
fn sizeof_chain(e: &Expr) -> Option<(Vec<String>, Casts)> {
    match e {
        Expr::Attr(base, attr) if attr == "_sizeof" => chain(base),
        _ => None,
    }
}

/// Every nav path in the Kaitai expression `e`, in order; a `_sizeof` of one is a size the
/// schema fixes (see [`Up::sizeof`]), not a value read.
fn paths_in(e: &expr::Source) -> Vec<Vec<String>> {
    fn walk(e: &Expr, out: &mut Vec<Vec<String>>) {
        if sizeof_chain(e).is_some() {
            return;
        }
        if let Some((p, _)) = chain(e) {
            out.push(p);
            return;
        }
        match e {
            Expr::Attr(b, _) | Expr::Cast(b, _) | Expr::Unary(_, b) => walk(b, out),
            Expr::Call(b, _, args) => {
                walk(b, out);
                args.iter().for_each(|a| walk(a, out));
            }
            Expr::Index(b, i) | Expr::Binary(_, b, i) => {
                walk(b, out);
                walk(i, out);
            }
            Expr::Ternary(c, a, b) => [c, a, b].into_iter().for_each(|x| walk(x, out)),
            Expr::Array(items) => items.iter().for_each(|i| walk(i, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(e.tree(), &mut out);
    out
}

impl<'a> Up<'a> {
    fn types(&self) -> &'a [TypeDef] {
        self.schemas
            .files
            .get(self.file)
            .map_or(&[], |f| f.types.as_slice())
    }

    fn is_root(def: &TypeDef) -> bool {
        def.yaml_path.is_empty()
    }

    /// The types of this file a field reads: its user type, or its switch cases'.
    fn children(&self, field: &Field) -> Vec<&'a TypeDef> {
        let names: Vec<&str> = match &field.ty {
            FieldType::Named { name, .. } => vec![name],
            FieldType::Switch { .. } => field.switch_cases.iter().map(|c| c.ty.as_str()).collect(),
            FieldType::None => Vec::new(),
        };
        let mut out: Vec<&'a TypeDef> = Vec::new();
        for name in names {
            if let Some((decl, t)) = self.schemas.resolve(self.file, name)
                && decl == self.file
                && !out.iter().any(|o| o.id == t.id)
            {
                out.push(t);
            }
        }
        out
    }

    /// The type of a field when it is a user type of this file.
    fn child(&self, field: &Field) -> Option<&'a TypeDef> {
        match field.ty {
            FieldType::Named { .. } => self.children(field).pop(),
            _ => None,
        }
    }

    /// The types of this file whose seq reads `def` (a field of it, or a switch case).
    fn parents(&self, def: &TypeDef) -> Vec<&'a TypeDef> {
        self.types()
            .iter()
            .filter(|t| {
                t.seq
                    .iter()
                    .any(|f| self.children(f).iter().any(|c| c.id == def.id))
            })
            .collect()
    }

    /// Whether the top-level type is a field of some type of its file (contains itself).
    fn nested_root(&self, def: &TypeDef) -> bool {
        Self::is_root(def) && !self.parents(def).is_empty()
    }

    /// The type a nav path's head (`_parent._parent`, `_root`) reaches from `def`, and the
    /// field path after it; `casts` must name the types they follow.
    fn base(
        &self,
        def: &'a TypeDef,
        path: &[String],
        casts: &[(usize, TypeRef)],
    ) -> Result<(&'a TypeDef, usize), String> {
        let (at, i) = self.reach(def, path, casts)?;
        if casts.iter().any(|(c, _)| *c >= i) || i == path.len() {
            return Err(format!(
                "`{}` in a value instance is not supported by the binrw backend (only a path to an integer or string field)",
                path.join(".")
            ));
        }
        Ok((at, i))
    }

    /// The one type a nav path's head reaches from `def` (see [`Up::base`]), and the index
    /// of the first segment after the head.
    pub fn reach(
        &self,
        def: &'a TypeDef,
        path: &[String],
        casts: &[(usize, TypeRef)],
    ) -> Result<(&'a TypeDef, usize), String> {
        // The types the path may have reached so far (a type read by several).
        let mut at = vec![def];
        let mut i = 0;
        while i < path.len() && is_nav(&path[i]) {
            at = match path[i].as_str() {
                "_root" => self.types().iter().filter(|t| Self::is_root(t)).collect(),
                _ => {
                    let mut up: Vec<&'a TypeDef> =
                        at.iter().flat_map(|t| self.parents(t)).collect();
                    up.sort_by(|a, b| a.id.cmp(&b.id));
                    up.dedup_by(|a, b| a.id == b.id);
                    up
                }
            };
            for (_, ty) in casts.iter().filter(|(c, _)| *c == i) {
                let name = ty.to_string();
                let id = name.rsplit("::").next().unwrap_or(&name);
                if at.iter().any(|t| t.id != id) {
                    return Err(format!(
                        "`.as<{ty}>` of `{}`, which is not always `{id}`, is not supported by the binrw backend",
                        path[..=i].join(".")
                    ));
                }
            }
            i += 1;
        }
        match at.as_slice() {
            [one] => Ok((*one, i)),
            [] => Err(format!(
                "`{}` reaches no type of this file",
                path[..i].join(".")
            )),
            _ => Err(format!(
                "`{}` may be one of several types: not supported by the binrw backend",
                path[..i].join(".")
            )),
        }
    }

    /// The leaf field of the field path `rest` of `def`, through plain user-type fields, with
    /// the type the method sees: an integer or a string.
    fn leaf(&self, def: &'a TypeDef, rest: &[String]) -> Result<(&'a Field, Ty), String> {
        let unsupported = || {
            format!(
                "`{}` of `{}` in a value instance through `_parent` / `_root` is not a plain integer or string field (binrw backend)",
                rest.join("."),
                def.id
            )
        };
        let (first, more) = rest.split_first().ok_or_else(unsupported)?;
        let field = def
            .seq
            .iter()
            .find(|f| f.id == *first)
            .ok_or_else(unsupported)?;
        let plain = field.cond.is_none()
            && field.repeat_expr.is_none()
            && !field.repeat_eos
            && field.repeat_until.is_none()
            && field.enum_name.is_none()
            && field.rust_type.is_none()
            && field.process.is_none()
            && field.count_of.is_none()
            && field.since.is_none()
            && field.until.is_none();
        let FieldType::Named { kind, .. } = &field.ty else {
            return Err(unsupported());
        };
        match (plain, more.is_empty()) {
            (true, true) if kind.rust_int().is_some() => Ok((field, Ty::Int)),
            (true, true) if kind.is_str() => Ok((field, Ty::Str)),
            (true, false) if field.size.is_none() && !field.size_eos => {
                let t = self.child(field).ok_or_else(unsupported)?;
                self.leaf(t, more)
            }
            _ => Err(unsupported()),
        }
    }

    /// The Rust type of the value at nav path `p` of `def` (inside the `Option`).
    fn rust_type(&self, def: &'a TypeDef, p: &[String]) -> Result<String, String> {
        let (at, i) = self.base(def, p, &[])?;
        let (field, _) = self.leaf(at, &p[i..])?;
        Ok(match &field.ty {
            FieldType::Named { kind, .. } => kind.rust_int().unwrap_or("String").to_string(),
            _ => "String".to_string(),
        })
    }

    /// How a value instance of `def` reads `e`, or `None` when `e` is not a nav path.
    pub fn read(&self, def: &'a TypeDef, e: &Expr) -> Option<Result<Read, String>> {
        let (path, casts) = chain(e)?;
        Some(self.base(def, &path, &casts).and_then(|(at, i)| {
            if path[0] == "_root" && Self::is_root(def) && !self.nested_root(def) {
                let mut local = Expr::Name(path[1].clone());
                for attr in &path[2..] {
                    local = Expr::Attr(Box::new(local), attr.clone());
                }
                return Ok(Read::Local(local));
            }
            let (_, ty) = self.leaf(at, &path[i..])?;
            let name = super::tokens::ident(&name(&path));
            let spelled = match ty {
                Ty::Int => quote!(i128::from(self.#name?)),
                _ => quote!(self.#name.clone()?),
            };
            Ok(Read::Recorded(ty, spelled))
        }))
    }

    /// `_sizeof` of a nav path (`_root.header._sizeof`, `_parent._sizeof`) in a value instance
    /// of `def`, a size the schema fixes, or `None` when `e` is not one.
    pub fn sizeof(&self, def: &'a TypeDef, e: &Expr) -> Option<Result<u64, String>> {
        let (path, casts) = sizeof_chain(e)?;
        let file = self.schemas.files.get(self.file)?;
        Some(self.reach(def, &path, &casts).and_then(|(at, i)| {
            let names: Vec<&str> = path[i..].iter().map(String::as_str).collect();
            super::value::sizes::fixed_sizeof(file, at, &names).ok_or_else(|| {
                format!(
                    "`_sizeof` of `{}`, not of a fixed size, is not supported by the binrw backend",
                    path.join(".")
                )
            })
        }))
    }

    /// What `def` imports for a nav path `p` it sees: `None` when it reads it itself (the
    /// top-level type's `_root.x`, unless it contains itself).
    fn need_of(&self, def: &TypeDef, p: &[String]) -> Option<Vec<String>> {
        let local = p[0] == "_root" && Self::is_root(def) && !self.nested_root(def);
        (!local).then(|| p.to_vec())
    }

    /// The nav paths `def`'s own value instances read (casts dropped), sorted.
    fn own(&self, def: &TypeDef) -> BTreeSet<Vec<String>> {
        def.instances
            .iter()
            .flat_map(|i| [Some(&i.value), i.cond.as_ref()])
            .flatten()
            .flat_map(paths_in)
            // A path to no field is refused where the instance is translated.
            .filter(|p| p.iter().any(|s| !is_nav(s)))
            .filter_map(|p| self.need_of(def, &p))
            .collect()
    }

    /// The nav paths `def` imports for its own value instances and those of the types inside
    /// it, sorted (the order of its imports).
    pub fn needs(&self, def: &TypeDef) -> Result<BTreeSet<Vec<String>>, Refusal> {
        self.needs_in(def, &mut Vec::new())
    }

    fn needs_in(
        &self,
        def: &TypeDef,
        stack: &mut Vec<String>,
    ) -> Result<BTreeSet<Vec<String>>, Refusal> {
        let mut out = BTreeSet::new();
        if stack.contains(&def.id) {
            return Ok(out);
        }
        stack.push(def.id.clone());
        out.extend(self.own(def));
        for field in &def.seq {
            for q in self.field_needs(field, stack)? {
                let lifted = match q[1].as_str() {
                    _ if q[0] == "_root" => self.need_of(def, &q),
                    n if is_nav(n) => self.need_of(def, &q[1..]),
                    _ => None,
                };
                out.extend(lifted);
            }
        }
        stack.pop();
        Ok(out)
    }

    /// The needs of the type of `field`, refused where they cannot be passed.
    fn field_needs(
        &self,
        field: &Field,
        stack: &mut Vec<String>,
    ) -> Result<BTreeSet<Vec<String>>, Refusal> {
        let mut needs = BTreeSet::new();
        for child in self.children(field) {
            needs.extend(self.needs_in(child, stack)?);
        }
        // A sized user type is a `KsSub`, which hands its type the arguments of `args_raw`
        // (see `sub.rs`), these among them; a sized switch passes them with its selector.
        if (field.parent_false || field.parent_up) && !needs.is_empty() {
            return Err((
                field.yaml_path.clone(),
                "a user-type field with `parent:` whose type reads _parent or _root in a value instance is not supported by the binrw backend".into(),
            ));
        }
        Ok(needs)
    }

    /// `def`'s reader imports for value instances, `name: Option<T>` each.
    pub fn imports(&self, def: &'a TypeDef) -> Result<Vec<TokenStream>, Refusal> {
        let mut out = Vec::new();
        for p in self.needs(def)? {
            let rust = self
                .rust_type(def, &p)
                .map_err(|e| (self.reader_of(def, &p), e))?;
            out.push(import(&p, &rust));
        }
        Ok(out)
    }

    /// The imports of the enum of switch `field`: the value-instance imports of its cases,
    /// which its variants pass on by name.
    pub fn switch_imports(&self, field: &Field) -> Result<Vec<TokenStream>, Refusal> {
        let cases = self.children(field);
        let mut out = Vec::new();
        for p in self.field_needs(field, &mut Vec::new())? {
            let case = cases
                .iter()
                .find(|c| self.needs(c).is_ok_and(|n| n.contains(&p)));
            let rust = case
                .map_or(Err(String::new()), |c| self.rust_type(c, &p))
                .map_err(|e| (field.yaml_path.clone(), e))?;
            out.push(import(&p, &rust));
        }
        Ok(out)
    }

    /// The arguments a switch enum's variant of case type `case` passes: the names of its
    /// imports, which the enum imports too (see [`Up::switch_imports`]).
    pub fn case_args(&self, case: &TypeDef) -> Result<Vec<TokenStream>, Refusal> {
        let needs = self.needs(case)?;
        Ok(needs
            .iter()
            .map(|p| ident(&name(p)).into_token_stream())
            .collect())
    }

    /// The YAML path of `def`'s value instance that reads `p`, else of `def`.
    fn reader_of(&self, def: &TypeDef, p: &[String]) -> String {
        let reads = |t: &expr::Source| paths_in(t).iter().any(|q| q == p);
        def.instances
            .iter()
            .find(|i| reads(&i.value) || i.cond.as_ref().is_some_and(reads))
            .map_or(def.yaml_path.clone(), |i| i.yaml_path.clone())
    }

    /// The reader's value of nav path `p` (as `def` sees it) while it reads its seq field
    /// `at`: the import, or the field path read before.
    fn value(&self, def: &'a TypeDef, p: &[String], at: usize) -> Result<TokenStream, String> {
        let own = |rest: &[String]| self.local(def, rest, at);
        if self.need_of(def, p).is_none() {
            return own(&p[1..]);
        }
        // An integer is `Copy`; a string import is cloned for each field that passes it.
        let name = super::tokens::ident(&name(p));
        let import = match self.rust_type(def, p)?.as_str() {
            "String" => quote!(#name.clone()),
            _ => quote!(#name),
        };
        if p[0] == "_root" && self.nested_root(def) {
            let own = own(&p[1..])?;
            return Ok(quote!(#import.or(#own)));
        }
        Ok(import)
    }

    /// `Some(..)` of the field path `rest` of `def`, read before seq field `at`.
    fn local(&self, def: &'a TypeDef, rest: &[String], at: usize) -> Result<TokenStream, String> {
        let first = def.seq.iter().position(|f| f.id == rest[0]);
        if first.is_none_or(|i| i >= at) {
            return Err(format!(
                "`{}` of `{}` is not a field read before the one that passes it",
                rest[0], def.id
            ));
        }
        let (_, ty) = self.leaf(def, rest)?;
        let path = rest.iter().map(|s| super::tokens::ident(s));
        let path = quote!(#(#path).*);
        Ok(match ty {
            Ty::Int => quote!(Some(#path)),
            _ => quote!(Some(#path.value.clone())),
        })
    }

    /// The values `field` passes to its type's value-instance imports; `at` is its index in
    /// `def`'s seq (past the end for a positioned instance, which passes nothing).
    pub fn args(
        &self,
        def: &'a TypeDef,
        at: usize,
        field: &Field,
    ) -> Result<Vec<TokenStream>, Refusal> {
        let needs = self.field_needs(field, &mut Vec::new())?;
        let here = |e: String| (field.yaml_path.clone(), e);
        if at >= def.seq.len() && !needs.is_empty() {
            return Err(here(format!(
                "positioned instance `{}`, whose type reads _parent or _root in a value instance, is not supported by the binrw backend",
                field.id
            )));
        }
        let mut out = Vec::new();
        for q in needs {
            let arg = match q[1].as_str() {
                _ if q[0] == "_root" => self.value(def, &q, at),
                n if is_nav(n) => self.value(def, &q[1..], at),
                _ => self.local(def, &q[1..], at),
            };
            out.push(arg.map_err(here)?);
        }
        Ok(out)
    }

    /// The `#[br(calc)]` fields that keep what `def`'s own value instances read.
    pub fn recorded(&self, def: &'a TypeDef) -> Result<TokenStream, Refusal> {
        let mut out = TokenStream::new();
        for p in self.own(def) {
            let n = super::tokens::ident(&name(&p));
            let at = |e| (self.reader_of(def, &p), e);
            let value = self.value(def, &p, def.seq.len()).map_err(at)?;
            let rust = super::tokens::ident(&self.rust_type(def, &p).map_err(at)?);
            let doc = format!(
                " `{}` as the reader saw it (`None` without it); the writer does not write it.",
                p.join(".")
            );
            out.extend(quote! {
                #[doc = #doc]
                #[br(calc = #value)]
                #[bw(ignore)]
                pub #n: Option<#rust>,
            });
        }
        Ok(out)
    }

    /// Whether `def` records a string (a field that is not `Copy`).
    pub fn records_string(&self, def: &'a TypeDef) -> bool {
        self.own(def)
            .iter()
            .any(|p| self.rust_type(def, p).is_ok_and(|t| t == "String"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(s: &str) -> Vec<String> {
        s.split('.').map(str::to_string).collect()
    }

    #[test]
    fn names_and_finds_nav_paths() {
        assert_eq!(name(&path("_parent._parent.flag")), "_parent_parent_flag");
        assert_eq!(name(&path("_root.value")), "_root_value");
        assert_eq!(
            paths_in(&expr::Source::parse("_parent.as<foo>.a == 'x' ? _root.b.c : 1").unwrap()),
            vec![path("_parent.a"), path("_root.b.c")]
        );
        let cast = expr::parse("_parent._parent.as<foo>.flag").unwrap();
        assert_eq!(
            chain(&cast),
            Some((
                path("_parent._parent.flag"),
                vec![(1, TypeRef::named("foo"))]
            ))
        );
    }
}
