//! Kaitai's test suite through the binrw backend (`kaitai-suite`): the module of
//! one `.ksy` plus `pub fn run(data: &[u8]) -> Result<(), String>`, which reads the input with
//! binrw's `BinRead`, checks the `.kst` assertions, writes the value back with `BinWrite` and
//! compares the bytes the read consumed. The test's module is one syn tree (the schema's items,
//! the modules of the schemas it imports nested in it, and `run`, all tokens), printed once.
//!
//! Assertions are translated with the schema's types: a path of fields, indexes and
//! `.size`/`.length` compared with integer literals or lists of them. Anything else is refused
//! (and the test reported as skipped with the construct), never guessed. An assertion with
//! `exception: ConversionError` checks that the value instance is undefined (`None`). The suite's
//! custom `process` routines are `suite_processors.rs`, and an opaque type whose schema is in the
//! suite's `formats` folder is generated as a module of the test's own.

use std::path::Path;

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::emit;
use super::schema::{Field, FieldType, Schemas, TypeDef};
use super::tokens::ident;
use crate::SchemaError;
use crate::expr::{Expr, TypeRef};
pub use module::generate_test;

#[path = "suite_checks.rs"]
mod checks;
#[path = "suite_module.rs"]
mod module;

/// One `.kst` check: an assertion or the expected exception.
pub enum Check {
    /// `actual == expected`.
    Assert(Expr, Expr),
    /// Reading must fail with this Kaitai exception name.
    Exception(String),
    /// Evaluating `actual` must fail with this Kaitai exception name (an assertion with
    /// `exception:` instead of `expected:`).
    Raises(Expr, String),
}

/// A translated sub-expression of an assertion: its Rust access, what it is, and, when its
/// last step unwraps a value that may be missing, the access before that step.
type Translated<'a> = (TokenStream, Value<'a>, Option<Unwrap>);

/// The access to a value that may be missing, before it is unwrapped.
struct Unwrap {
    access: TokenStream,
    missing: Missing,
}

/// Why a value may be missing.
enum Missing {
    /// A value instance that may be undefined (`Option`).
    Undefined,
    /// An optional field (`if`) that may be absent.
    Absent,
}

/// What a translated sub-expression of an assertion is.
enum Value<'a> {
    Int,
    Float,
    Bool,
    Str,
    /// A repeated `str`/`strz` (`Vec<KsStr>`).
    StrList,
    /// A repeated byte array (`Vec<KsBytes>`).
    BytesList,
    /// A repeated sized user type (`Vec<KsSub<T>>`).
    SubList(&'a TypeDef),
    Enum(String),
    Struct(&'a TypeDef),
    List(Box<Value<'a>>),
    /// A `switch-on` field without `-savepoint-enum`: its generated enum's name and the field.
    Switch(String, &'a Field),
}

/// What a value instance of type `ty` is in an assertion.
fn instance_value<'a>(ty: &super::value::Ty, schemas: &'a Schemas) -> Value<'a> {
    use super::value::Ty;
    match ty {
        Ty::Int => Value::Int,
        Ty::Bool => Value::Bool,
        Ty::Str => Value::Str,
        Ty::Float => Value::Float,
        Ty::Bytes => Value::List(Box::new(Value::Int)),
        Ty::Enum(name) => Value::Enum(name.clone()),
        Ty::List(t) => Value::List(Box::new(instance_value(t, schemas))),
        // No instance is a switch value (see `value::instance`); a cast of one is its case.
        Ty::Switch(..) => Value::Int,
        Ty::User(file, id, _) => match schemas
            .files
            .get(file)
            .and_then(|f| f.types.iter().find(|t| t.id == *id))
        {
            Some(def) => Value::Struct(def),
            None => Value::Int,
        },
    }
}

struct Cx<'a> {
    schemas: &'a Schemas,
    file: &'a str,
    path: &'a Path,
    /// The schemas of the test's opaque types (see [`opaque_schemas`]), by type name.
    opaque: &'a [(String, Schemas)],
}

impl<'a> Cx<'a> {
    fn refuse(&self, what: impl Into<String>) -> SchemaError {
        SchemaError {
            file: self.path.to_path_buf(),
            yaml_path: "(kst)".into(),
            message: what.into(),
        }
    }

    /// The type an opaque type stands for, when the test generated it from a schema; any other
    /// type itself.
    fn opaque_def(&self, t: &'a TypeDef) -> &'a TypeDef {
        let generated = self.opaque.iter().find(|(name, _)| *name == t.id);
        match (&t.rust_type, generated) {
            (Some(_), Some((_, schemas))) => schemas
                .files
                .values()
                .find_map(|f| f.types.first())
                .unwrap_or(t),
            _ => t,
        }
    }

    /// The value of one field of a struct: its Rust access (after `base`) and kind.
    fn field(
        &self,
        base: &TokenStream,
        def: &'a TypeDef,
        name: &str,
    ) -> Result<Translated<'a>, SchemaError> {
        // `name` is one of `def`'s ids (found below before it is used), which the schema reader
        // checked are identifiers.
        let id = ident(name);
        if def.instances.iter().any(|i| i.id == name) {
            let file = &self.schemas.files[self.file];
            // The enums it names are imported by the module (see `value::methods`).
            let enums = std::cell::RefCell::new(Vec::new());
            let imports = super::value::Imports {
                schemas: self.schemas,
                enums: &enums,
            };
            let (ty, _) = super::value::instance(def, file, name, Some(imports))
                .map_err(|e| self.refuse(e))?;
            let value = match instance_value(&ty, self.schemas) {
                Value::Struct(t) => Value::Struct(self.opaque_def(t)),
                v => v,
            };
            let undefined = format!("{name} is undefined");
            let before = quote!(#base.#id());
            let unwrap = Unwrap {
                access: before.clone(),
                missing: Missing::Undefined,
            };
            return Ok((quote!(#before.ok_or(#undefined)?), value, Some(unwrap)));
        }
        if def.param(name).is_some() && super::writer_params::keeps_param(def, name) {
            let file = &self.schemas.files[self.file];
            let enums = std::cell::RefCell::new(Vec::new());
            let imports = super::value::Imports {
                schemas: self.schemas,
                enums: &enums,
            };
            let ty =
                super::value::param(def, file, name, Some(imports)).map_err(|e| self.refuse(e))?;
            return Ok((quote!(#base.#id), instance_value(&ty, self.schemas), None));
        }
        let field: &'a Field = def
            .seq
            .iter()
            .chain(def.positioned.iter().map(|p| &p.field))
            .chain(def.on_request.iter().map(|p| &p.field))
            .find(|f| {
                f.id == name
                    && f.count_of.is_none()
                    && f.contents.is_none()
                    && f.contents_bytes.is_none()
            })
            .ok_or_else(|| {
                self.refuse(format!(
                    "kst path `{name}` is not a stored field of {}",
                    def.rust_name
                ))
            })?;
        let framed =
            field.terminator.is_some() || field.pad_right.is_some() || field.process.is_some();
        let mut framed_value = false;
        let element = match &field.ty {
            FieldType::Named { .. } if field.enum_name.is_some() => {
                let name = field.enum_name.as_deref().unwrap_or_default();
                let file = self
                    .schemas
                    .files
                    .values()
                    .find(|f| f.types.iter().any(|t| std::ptr::eq(t, def)))
                    .map_or(self.file, |f| f.id.as_str());
                let (_, e) = self
                    .schemas
                    .resolve_enum(file, name)
                    .ok_or_else(|| self.refuse(format!("unknown enum `{name}`")))?;
                Value::Enum(e.rust_name.clone())
            }
            FieldType::Named { kind, .. } if kind.rust_int().is_some() => Value::Int,
            FieldType::Named { kind, .. } if kind.bits().is_some_and(|w| w.0 == 1) => Value::Bool,
            FieldType::Named { kind, .. } if kind.bits().is_some() => Value::Int,
            FieldType::Named { kind, .. } if kind.rust_float().is_some() => Value::Float,
            FieldType::Named { kind, .. } if kind.is_str() => {
                framed_value = true;
                Value::Str
            }
            FieldType::None if framed => {
                framed_value = true;
                Value::List(Box::new(Value::Int))
            }
            FieldType::None => Value::List(Box::new(Value::Int)),
            FieldType::Named { name, .. } => {
                // Seen from the file that declares `def` (an imported one, maybe).
                let from = self
                    .schemas
                    .files
                    .values()
                    .find(|f| f.types.iter().any(|t| std::ptr::eq(t, def)))
                    .map_or(self.file, |f| f.id.as_str());
                let (_, t) = self
                    .schemas
                    .resolve(from, name)
                    .ok_or_else(|| self.refuse(format!("unknown type `{name}`")))?;
                let t = self.opaque_def(t);
                framed_value = field.size.is_some()
                    || field.size_eos
                    || field.terminator.is_some()
                    || field.process.is_some();
                Value::Struct(t)
            }
            FieldType::Switch { .. } if field.variants.is_none() => {
                framed_value = field.size.is_some() || field.size_eos;
                Value::Switch(super::emit::switch::enum_name(def, field), field)
            }
            _ => return Err(self.refuse(format!("kst path into switch field `{name}`"))),
        };
        let mut access = quote!(#base.#id);
        if def.on_request.iter().any(|p| p.field.id == name) {
            // Read when asked, from the root's field (see `io_user.rs`).
            access = quote!(#access(&r).map_err(|e| e.to_string())?);
        }
        let mut unwrap = None;
        if field.cond.is_some() {
            let absent = format!("{name} is absent");
            unwrap = Some(Unwrap {
                access: access.clone(),
                missing: Missing::Absent,
            });
            access = quote!(#access.as_ref().ok_or(#absent)?);
        }
        let repeated =
            field.repeat_expr.is_some() || field.repeat_eos || field.repeat_until.is_some();
        if repeated && matches!(element, Value::Str) {
            return Ok((access, Value::StrList, unwrap));
        }
        if repeated && matches!(field.ty, FieldType::None) {
            return Ok((access, Value::BytesList, unwrap));
        }
        if let (true, true, Value::Struct(t)) = (repeated, framed_value, &element) {
            return Ok((access, Value::SubList(t), unwrap));
        }
        if repeated && framed_value {
            // Each framed element keeps its own `value`.
            let values = quote!(#access.iter().map(|x| x.value.clone()).collect::<Vec<_>>());
            return Ok((values, Value::List(Box::new(element)), None));
        }
        if framed_value {
            access = quote!(#access.value);
        }
        let kind = if repeated {
            Value::List(Box::new(element))
        } else {
            element
        };
        Ok((access, kind, unwrap))
    }

    fn actual(&self, e: &Expr, root: &'a TypeDef) -> Result<Translated<'a>, SchemaError> {
        match e {
            Expr::Name(n) => self.field(&quote!(r), root, n),
            Expr::Attr(base, n) => match (self.actual(base, root)?, n.as_str()) {
                ((b, Value::Struct(def), _), _) => self.field(&quote!((#b)), def, n),
                (
                    (b, Value::List(_) | Value::StrList | Value::BytesList | Value::SubList(_), _),
                    "size" | "length",
                ) => Ok((quote!(#b.len()), Value::Int, None)),
                // Kaitai's string length counts characters.
                ((b, Value::Str, _), "length") => {
                    Ok((quote!(#b.chars().count()), Value::Int, None))
                }
                ((b, Value::Int, _), "to_s") => Ok((quote!(#b.to_string()), Value::Str, None)),
                // A switch whose only case is `_`: its one variant, as Kaitai types it.
                ((b, Value::Switch(name, field), _), _)
                    if field.switch_cases.len() == 1 && field.switch_cases[0].key.is_else() =>
                {
                    let ty = &field.switch_cases[0].ty;
                    let (_, t) = self
                        .schemas
                        .resolve(self.file, ty)
                        .ok_or_else(|| self.refuse(format!("unknown type `{ty}`")))?;
                    let (name, variant) =
                        (ident(&name), ident(&super::emit::switch::variant_name(ty)));
                    self.field(&quote!((match &#b { #name::#variant(x) => x })), t, n)
                }
                _ => Err(self.refuse(format!("kst `.{n}` on this value"))),
            },
            Expr::Cast(base, ty) => match self.actual(base, root)? {
                // A sized switch where no case matched keeps the area's bytes.
                (b, Value::Switch(name, field), _) if *ty == TypeRef::Bytes => {
                    if field.size.is_none() && !field.size_eos {
                        return Err(self.refuse("kst `.as<bytes>` of an unsized switch"));
                    }
                    let name = ident(&name);
                    Ok((
                        quote!((match &#b { #name::Raw(x) => x, _ => return Err("not Raw".into()) })),
                        Value::List(Box::new(Value::Int)),
                        None,
                    ))
                }
                (b, Value::Switch(name, _), _) => {
                    let name_text = ty.to_string();
                    let last = name_text.rsplit("::").next().unwrap_or(&name_text);
                    let (_, t) = self
                        .schemas
                        .resolve(self.file, last)
                        .ok_or_else(|| self.refuse(format!("unknown type `{ty}`")))?;
                    let variant = super::emit::switch::variant_name(last);
                    let not = format!("not a {variant}");
                    let (name, variant) = (ident(&name), ident(&variant));
                    Ok((
                        quote!((match &#b { #name::#variant(x) => x, _ => return Err(#not.into()) })),
                        Value::Struct(t),
                        None,
                    ))
                }
                // A cast to the type it has (a typed `struct` param).
                (b, Value::Struct(def), unwrap)
                    if ty
                        .user_name()
                        .and_then(|n| self.schemas.resolve(self.file, n))
                        .is_some_and(|(_, t)| std::ptr::eq(t, def)) =>
                {
                    Ok((b, Value::Struct(def), unwrap))
                }
                // An integer cast to an integer type is the same number.
                (b, Value::Int, unwrap) if ty.rust_int().is_some() => Ok((b, Value::Int, unwrap)),
                _ => Err(self.refuse(format!("kst cast to `{ty}` of other than a switch field"))),
            },
            Expr::Index(base, i) => match (self.actual(base, root)?, i.as_ref()) {
                ((b, Value::SubList(t), _), Expr::Int(i)) => {
                    let item = element_at(&b, *i);
                    Ok((quote!((#item.value)), Value::Struct(t), None))
                }
                ((b, Value::BytesList, _), Expr::Int(i)) => {
                    let item = element_at(&b, *i);
                    Ok((quote!(#item.value), Value::List(Box::new(Value::Int)), None))
                }
                ((b, Value::StrList, _), Expr::Int(i)) => {
                    let item = element_at(&b, *i);
                    Ok((quote!(#item.value), Value::Str, None))
                }
                ((b, Value::List(element), _), Expr::Int(i)) => {
                    // An integer, boolean or enum element is copied out of the list.
                    let copied = matches!(*element, Value::Int | Value::Bool | Value::Enum(_));
                    let deref = copied.then(|| quote!(*));
                    let item = element_at(&b, *i);
                    Ok((quote!((#deref #item)), *element, None))
                }
                _ => Err(self.refuse("kst index other than a literal into a list")),
            },
            other => Err(self.refuse(format!("kst expression {other:?}"))),
        }
    }
}

/// Element `i` of the list `list`, or the error naming the index.
fn element_at(list: &TokenStream, i: i128) -> TokenStream {
    let (at, missing) = (
        Literal::i128_unsuffixed(i),
        format!("index {i} out of range"),
    );
    quote!(#list.get(#at).ok_or(#missing)?)
}
