//! Names and members: what a name of a type is (a field, a value instance, a param), what a
//! Kaitai type name is, and what `.member` of a value is.

use super::{Typer, ops};
use crate::binrw::nav_value::Up;
use crate::binrw::parent::{Imported, Nav};
use crate::binrw::schema::{Field, FieldType, KsType, Schemas, TypeDef, TypeRef};
use crate::expr::{Expr, IntTy, Type};

/// A byte of a byte array.
pub(super) const BYTE: Type = Type::Int(IntTy {
    bits: 8,
    signed: false,
});

/// What `_io.size`, `_io.pos`, `.size` and `.length` are.
const LENGTH: Type = Type::Int(IntTy {
    bits: 64,
    signed: false,
});

/// What `_index` and `.to_i` are (Kaitai's default integer).
const DEFAULT_INT: Type = Type::Int(IntTy {
    bits: 64,
    signed: true,
});

/// The user type `name` as seen from file `file`: a type of the schemas, else (when the file
/// declares opaque types) an opaque external type, which `opaque.rs` adds to the file once it
/// is loaded; `None` when it resolves to nothing.
fn user(schemas: &Schemas, file: &str, name: &str) -> Option<Type> {
    let plain = name.split('(').next().unwrap_or(name).trim();
    if let Some((decl, t)) = schemas.resolve(file, plain) {
        return Some(Type::User(decl.to_string(), t.id.clone()));
    }
    let opaque = schemas.files.get(file).is_some_and(|f| f.opaque_types);
    (opaque && !matches!(plain, "struct" | "any"))
        .then(|| Type::User(file.to_string(), plain.to_string()))
}

/// The type of a value of the param or cast type `ty` as seen from file `file`: a built-in
/// (`u4`, `b3`, `f8`, `str`, `bytes`, `bool`, `io`), a list of one (`u2[]`), or a user type;
/// `None` for `struct`, `any` and names that resolve to nothing.
pub(super) fn type_ref(schemas: &Schemas, file: &str, ty: &TypeRef) -> Option<Type> {
    match ty {
        TypeRef::Bool => Some(Type::Bool),
        TypeRef::Bytes => Some(Type::Bytes),
        TypeRef::Io => Some(Type::Io),
        TypeRef::Struct | TypeRef::Any => None,
        TypeRef::List(element) => type_ref(schemas, file, element).map(|t| Type::List(Box::new(t))),
        TypeRef::Named {
            name,
            kind: KsType::User,
        } => user(schemas, file, name),
        TypeRef::Named { kind, .. } => builtin(*kind),
    }
}

/// The type of a value of the built-in `kind` (not [`KsType::User`]).
fn builtin(kind: KsType) -> Option<Type> {
    match kind {
        KsType::Int { bytes, signed, .. } => Some(Type::Int(IntTy {
            bits: bytes * 8,
            signed,
        })),
        KsType::Float { .. } => Some(Type::Float),
        KsType::Bits { width: 1, .. } => Some(Type::Bool),
        KsType::Bits { width, .. } => Some(Type::Int(IntTy {
            bits: u8::try_from(width).ok()?,
            signed: false,
        })),
        KsType::Str | KsType::Strz => Some(Type::Str),
        KsType::User => None,
    }
}

/// What `.name` (or `.name(..)`) of a value of type `base` is.
pub(super) fn method(base: Option<Type>, name: &str) -> Option<Type> {
    let base = base?;
    if let Type::Opt(inner) = base {
        return method(Some(*inner), name).map(|t| Type::Opt(Box::new(t)));
    }
    match (base, name) {
        (Type::Io, "size" | "pos") | (Type::List(_) | Type::Bytes, "size" | "length") => {
            Some(LENGTH)
        }
        (Type::Str, "length") => Some(LENGTH),
        (Type::Io, "eof") => Some(Type::Bool),
        (Type::List(element), "first" | "last" | "min" | "max") => Some(*element),
        (Type::Bytes, "first" | "last" | "min" | "max") => Some(BYTE),
        (t @ (Type::List(_) | Type::Bytes | Type::Str), "reverse") => Some(t),
        (Type::Str, "substring") => Some(Type::Str),
        (_, "to_s") => Some(Type::Str),
        (_, "to_i") => Some(DEFAULT_INT),
        (_, "_sizeof") => Some(Type::Literal),
        _ => None,
    }
}

/// A name or member path as its segments (`hdr.qty` is `["hdr", "qty"]`).
fn dotted(e: &Expr) -> Option<Vec<String>> {
    match e {
        Expr::Name(n) => Some(vec![n.clone()]),
        Expr::Attr(base, member) => {
            let mut segments = dotted(base)?;
            segments.push(member.clone());
            Some(segments)
        }
        _ => None,
    }
}

impl Typer<'_> {
    /// A name or `.member` (`n`, `hdr.qty`, `_io.size`, `_parent.len`, `(a ? b : c).x`); a field
    /// path from a field or param of the type is recorded in its path table.
    pub(super) fn path(&self, e: &Expr) -> Result<Option<Type>, String> {
        let Some(segments) = dotted(e) else {
            let Expr::Attr(base, member) = e else {
                return Ok(None);
            };
            return Ok(self.expr(base)?.and_then(|b| self.member(b, member)));
        };
        let (first, rest) = segments.split_first().ok_or("an empty path")?;
        let ty = match first.as_str() {
            "_parent" | "_root" => return Ok(self.nav(&segments)),
            "_io" => Some(Type::Io),
            "_" => self.this.clone(),
            "_index" => Some(DEFAULT_INT),
            "_sizeof" => Some(Type::Literal),
            _ => self.name(first)?,
        };
        let ty = ty.and_then(|t| rest.iter().try_fold(t, |t, m| self.member(t, m)));
        let own = self.def.seq.iter().any(|f| f.id == *first)
            || self.def.positioned.iter().any(|p| p.field.id == *first)
            || self.def.param(first).is_some();
        if let (true, Some(ty)) = (own, &ty) {
            self.paths
                .borrow_mut()
                .insert(segments.join("."), ty.clone());
        }
        Ok(ty)
    }

    /// A `_parent` / `_root` path: an integer, a list or a child's value instance the type can import (see
    /// `parent.rs`), recorded; else what the members are of the one type its head reaches
    /// (see `nav_value.rs`), or `None`.
    fn nav(&self, segments: &[String]) -> Option<Type> {
        let nav = Nav {
            schemas: self.schemas,
            file: self.file,
        };
        // A child's value instance is typed as the instance is, below (it is passed as the
        // `i128` its method computes when it is an integer).
        if let Ok(imported) = nav.type_of(self.def, segments)
            && imported != Imported::Instance
        {
            let ty = match imported {
                Imported::Int(int) => Type::Int(rust_int(int)?),
                Imported::IntList(int) => Type::List(Box::new(Type::Int(rust_int(int)?))),
                Imported::UserList { id, .. } => {
                    Type::List(Box::new(Type::User(self.file.to_string(), id)))
                }
                Imported::Enum(rust) => Type::Enum(self.file.to_string(), rust),
                Imported::Instance => return None,
            };
            self.paths
                .borrow_mut()
                .insert(segments.join("."), ty.clone());
            return Some(ty);
        }
        let up = Up {
            schemas: self.schemas,
            file: self.file,
        };
        let (at, i) = up.reach(self.def, segments, &[]).ok()?;
        let head = Type::User(self.file.to_string(), at.id.clone());
        segments[i..]
            .iter()
            .try_fold(head, |t, m| self.member(t, m))
    }

    /// The name `n` of the type: a field, a value instance or a param.
    fn name(&self, n: &str) -> Result<Option<Type>, String> {
        let def = self.def;
        let field = def
            .seq
            .iter()
            .chain(def.positioned.iter().map(|p| &p.field))
            .find(|f| f.id == n);
        if let Some(field) = field {
            return Ok(self.field(field));
        }
        // Inside its own value, an instance's name is the param of that name, if there is one
        // (`fraction: {value: fraction * 1. / ..}` of `ieee754_float`).
        let inside = self.instances.borrow().stack.iter().any(|s| s == n);
        let param = def.param(n).is_some();
        if let Some(inst) = def
            .instances
            .iter()
            .find(|i| i.id == n && !(inside && param))
        {
            if inside {
                return Err(format!("value instance `{n}` refers to itself"));
            }
            if let Some(e) = &inst.enum_name {
                return Ok(self.enum_type(e));
            }
            if let Some(ty) = self.instances.borrow().done.get(n) {
                return Ok(ty.clone());
            }
            self.instances.borrow_mut().stack.push(n.to_string());
            let ty = self.expr(inst.value.tree());
            self.instances.borrow_mut().stack.pop();
            if let Ok(ty) = &ty {
                self.instances
                    .borrow_mut()
                    .done
                    .insert(n.to_string(), ty.clone());
            }
            return ty;
        }
        let Some(param) = def.param(n) else {
            return Ok(None);
        };
        Ok(match &param.enum_name {
            Some(e) => self.enum_type(e),
            None => type_ref(self.schemas, self.file, &param.ty),
        })
    }

    /// `.m` of a value of type `base`: a member of a user type, else a method without
    /// arguments (see [`method`]).
    fn member(&self, base: Type, m: &str) -> Option<Type> {
        match base {
            Type::Opt(inner) => self.member(*inner, m).map(|t| Type::Opt(Box::new(t))),
            Type::User(file, id) if !m.starts_with('_') => self.member_of(file, id, m),
            Type::User(..) if m == "_io" => Some(Type::Io),
            base => method(Some(base), m),
        }
    }

    /// Member `m` of type `id` of file `file`, typed once (see `Members`).
    fn member_of(&self, file: String, id: String, m: &str) -> Option<Type> {
        let key = (file, id, m.to_string());
        if let Some(known) = self.members.borrow().get(&key) {
            return known.clone().flatten();
        }
        self.members.borrow_mut().insert(key.clone(), None);
        let def = self.schemas.files.get(&key.0)?;
        let def: &TypeDef = def.types.iter().find(|t| t.id == key.1)?;
        let (paths, instances) = (Default::default(), Default::default());
        let typer = Typer {
            schemas: self.schemas,
            file: &key.0,
            def,
            this: None,
            paths: &paths,
            instances: &instances,
            members: self.members,
        };
        let ty = typer.name(m).ok().flatten();
        self.members.borrow_mut().insert(key, Some(ty.clone()));
        ty
    }

    /// What a field holds: its element, a list of them when repeated, optional when gated.
    pub(super) fn field(&self, f: &Field) -> Option<Type> {
        let mut ty = self.element(f)?;
        if f.repeat_expr.is_some() || f.repeat_eos || f.repeat_until.is_some() {
            ty = Type::List(Box::new(ty));
        }
        let gated = f.cond.is_some() || f.since.is_some() || f.until.is_some();
        if gated && !f.absent_default {
            ty = Type::Opt(Box::new(ty));
        }
        Some(ty)
    }

    /// One element of field `f`.
    fn element(&self, f: &Field) -> Option<Type> {
        match (&f.ty, &f.enum_name) {
            (FieldType::None, _) => Some(Type::Bytes),
            (FieldType::Named { .. }, Some(e)) => self.enum_type(e),
            (FieldType::Named { name, kind, .. }, None) => match kind {
                KsType::User => user(self.schemas, self.file, name),
                kind => builtin(*kind),
            },
            (FieldType::Switch { .. }, _) => self.cases(f),
        }
    }

    /// One element of the `switch-on` field `f`: the type its cases have in common (the widest
    /// of integer cases), `None` when they have none.
    fn cases(&self, f: &Field) -> Option<Type> {
        let mut types = f.switch_cases.iter().map(|c| match c.kind {
            KsType::User => user(self.schemas, self.file, &c.ty),
            kind => builtin(kind),
        });
        let first = types.next()??;
        types.try_fold(first, |common, t| ops::unify(Some(common), t))
    }

    /// One element of the field `id` of the type (the type of `_` in its conditions).
    pub(super) fn element_of(&self, id: &str) -> Option<Type> {
        let def = self.def;
        let mut fields = def
            .seq
            .iter()
            .chain(def.positioned.iter().map(|p| &p.field));
        self.element(fields.find(|f| f.id == id)?)
    }

    /// A value of the enum `name` as seen from the type's file.
    fn enum_type(&self, name: &str) -> Option<Type> {
        let (decl, e) = self.schemas.resolve_enum(self.file, name)?;
        Some(Type::Enum(decl.to_string(), e.rust_name.clone()))
    }
}

/// The width and signedness of the Rust integer type `rust` (`u16`, `i64`), as `parent.rs`
/// names an import's.
fn rust_int(rust: &str) -> Option<IntTy> {
    Some(IntTy {
        bits: rust.get(1..)?.parse().ok()?,
        signed: rust.starts_with('i'),
    })
}
