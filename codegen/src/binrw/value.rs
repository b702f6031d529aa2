//! Value instances (`instances: {x: {value: EXPR}}`) as methods of the `#[binrw]` struct.
//!
//! The subset: integer and boolean literals, integer fields of the type (plain, stored, not
//! conditional or repeated), other value instances of the type, unary `-` and `not`, `+ - *`,
//! `/` and `%` by a positive literal (Kaitai's floor division and non-negative modulo),
//! `& | ^`, `>>` by a literal below 128, comparisons, `and`, `or` and `? :`; strings: literals,
//! `str`/`strz` fields, `+`, comparisons, `.length` (characters) and an integer's `.to_s`. Integers are
//! computed as `i128` with checked arithmetic, so a method returns `Option<i128>` (or
//! `Option<bool>`) and `None` only when a value does not fit. Anything else is refused with
//! the construct, never approximated. A conditional field that is absent makes the value `None`
//! (undefined); a user-type field is a clone, and `.x` reaches its plain fields, `pos` instances
//! and value instances. `_parent.x` and `_root.x` read what the reader recorded (see
//! `nav_value.rs`).

use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};

use super::emit::{canonical_encoding, float_type, int_type, is_int};
use super::expr::{Expr as SeqExpr, Use};
use super::schema::{Field, FieldType, File, KsEnum, TypeDef, snake_to_camel};
use super::tokens::{self, ident, operator};
use crate::expr::{self, Expr, Source};

/// The type of a value instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ty {
    /// `i128`.
    Int,
    /// `bool`.
    Bool,
    /// `String`.
    Str,
    /// `f64`.
    Float,
    /// `Vec<u8>`.
    Bytes,
    /// A Kaitai enum of the file (its Rust name).
    Enum(String),
    /// `Vec<T>` of one of the above.
    List(Box<Ty>),
    /// A clone of a user type without parameters: the `meta/id` of the file that declares it,
    /// its Kaitai id and its Rust name (imported by the module when it is another file's, see
    /// [`methods`]).
    User(String, String, String),
    /// The value of a `switch-on` field (without `-savepoint-enum`), only to cast
    /// (`.as<case_type>`): the `meta/id` of the file that declares it, its enum's name (see
    /// `switch.rs`) and its cases (key, type).
    Switch(String, String, Vec<(String, String)>),
}

impl Ty {
    /// The Rust type.
    pub fn tokens(&self) -> TokenStream {
        match self {
            Ty::Int => quote!(i128),
            Ty::Bool => quote!(bool),
            Ty::Str => quote!(String),
            Ty::Float => quote!(f64),
            Ty::Bytes => quote!(Vec<u8>),
            Ty::List(t) => {
                let t = t.tokens();
                quote!(Vec<#t>)
            }
            Ty::Enum(name) | Ty::User(_, _, name) | Ty::Switch(_, name, _) => {
                ident(name).into_token_stream()
            }
        }
    }
}

/// The schemas through which a value instance may reach types and enums of other files (see
/// [`Ty::User`]), and where it records the enums of other files it names (by file `meta/id`
/// and Rust name), which its module imports.
#[derive(Clone, Copy)]
pub struct Imports<'a> {
    pub schemas: &'a super::Schemas,
    pub enums: &'a std::cell::RefCell<Vec<(String, String)>>,
}

/// The `impl` block of a type's value instances and what its module needs for it.
#[derive(Default)]
pub struct Methods {
    /// The `impl` block (empty without value instances).
    pub items: TokenStream,
    /// It decodes bytes in an encoding other than ASCII and UTF-8 (`.to_s("IBM437")`), so it
    /// calls `ks_decode`, the runtime's `encoding::decode` that `str` fields use.
    pub decodes: bool,
    /// The types and enums of other files it names: (file `meta/id`, Rust name), to import.
    pub uses: Vec<(String, String)>,
}

/// The instance `name` of `def`: its type and the body of its method (an `Option<T>` block).
/// `file` is the schema file (its enums for `enum:` and `animal::cat`, its types for `sizeof`);
/// `imports` reach the types of the files it imports.
pub fn instance(
    def: &TypeDef,
    file: &File,
    name: &str,
    imports: Option<Imports>,
) -> Result<(Ty, TokenStream), String> {
    let mut stack = Vec::new();
    translate_instance(def, file, name, &mut stack, imports)
}

fn translate_instance(
    def: &TypeDef,
    file: &File,
    name: &str,
    stack: &mut Vec<String>,
    imports: Option<Imports>,
) -> Result<(Ty, TokenStream), String> {
    let inst = def
        .instances
        .iter()
        .find(|i| i.id == name)
        .ok_or_else(|| format!("no instance `{name}`"))?;
    if stack.iter().any(|s| s == name) {
        return Err(format!("instance `{name}` refers to itself"));
    }
    stack.push(name.to_string());
    let parsed = inst.value.tree();
    let mut tr = Tr {
        def,
        file,
        stack,
        imports,
    };
    let out = match &inst.enum_name {
        None => tr.expr(parsed),
        Some(e) => {
            let rust = tr.enum_rust(e)?;
            let v = tr.expect(parsed, &Ty::Int)?;
            let en = ident(&rust);
            Ok((Ty::Enum(rust), quote!(#en::from(#v))))
        }
    };
    let out = match out {
        Ok((Ty::Switch(..), _)) => {
            Err("a value instance that is a switch-on value is not supported by the binrw backend (cast it with `.as<type>`)".into())
        }
        out => out,
    };
    // `if:` makes the value undefined (`None`) when false.
    let out = match (&inst.cond, out) {
        (Some(cond), Ok((ty, body))) => tr
            .expect(cond.tree(), &Ty::Bool)
            .map(|c| (ty, quote!({ if !(#c) { return None; } #body }))),
        (_, out) => out,
    };
    stack.pop();
    out
}

/// The type of `def`'s param `id`, kept as a field (see `writer_params::keeps_param`), as value
/// instances see it.
pub fn param(def: &TypeDef, file: &File, id: &str, imports: Option<Imports>) -> Result<Ty, String> {
    let (_, ty) = def
        .params
        .iter()
        .find(|(p, _)| p == id)
        .ok_or_else(|| format!("no param `{id}`"))?;
    let mut stack = Vec::new();
    let tr = Tr {
        def,
        file,
        stack: &mut stack,
        imports,
    };
    tr.param(id, ty).map(|(ty, _)| ty)
}

/// Whether the Kaitai expression `e` names `name` (a param kept for value instances, see
/// `Module::stored_params`).
pub fn names(e: &expr::Source, name: &str) -> bool {
    e.tree().any(&|e| matches!(e, Expr::Name(n) if n == name))
}

/// The seq field `n` of `def` when it is stored as read (perhaps conditional, an `Option`): not
/// counted, versioned, hand-written or constant (repeated fields are lists).
fn stored_in<'a>(def: &'a TypeDef, n: &str) -> Option<&'a Field> {
    def.seq.iter().find(|f| {
        f.id == n
            && f.count_of.is_none()
            && f.rust_type.is_none()
            && f.contents.is_none()
            && f.since.is_none()
            && f.until.is_none()
            && f.variants.is_none()
    })
}

/// An unsized `switch-on` field (without `-savepoint-enum`) whose every case is an integer, as
/// an `i128`: a `match` over the variants of its enum `name` (see `switch.rs`), where no case
/// matching (`Unmatched`, Kaitai's null) is undefined.
fn int_switch(field: &Field, name: &str, x: &TokenStream) -> Option<(Ty, TokenStream)> {
    if field.variants.is_some() || !field.switch_cases.iter().all(|(_, t)| is_int(t)) {
        return None;
    }
    let mut variants: Vec<String> = Vec::new();
    for (_, ty) in &field.switch_cases {
        let v = super::emit::switch::variant_name(ty);
        if !variants.contains(&v) {
            variants.push(v);
        }
    }
    let name = ident(name);
    let mut arms: Vec<TokenStream> = variants
        .iter()
        .map(|v| {
            let v = ident(v);
            quote!(#name::#v(v) => i128::from(*v),)
        })
        .collect();
    if !field.switch_cases.iter().any(|(k, _)| k == "_") {
        arms.push(quote!(#name::Unmatched => return None,));
    }
    Some((Ty::Int, quote!(match #x { #(#arms)* })))
}

struct Tr<'a, 'b> {
    def: &'a TypeDef,
    file: &'a File,
    stack: &'b mut Vec<String>,
    imports: Option<Imports<'a>>,
}

/// How a method body reaches a field's value: `deref` is the value itself (`*x`), `member` what
/// `.value`, `.clone()` or `.to_vec()` follow, and `whole` the place as it is (matched on).
struct Place {
    deref: TokenStream,
    member: TokenStream,
    whole: TokenStream,
}

impl Place {
    /// The closure parameter `x`, a reference to an element of a list.
    fn element() -> Place {
        Place {
            deref: quote!(*x),
            member: quote!(x),
            whole: quote!(x),
        }
    }

    /// The reference `reference`, taken apart only by dereferencing it.
    fn reference(reference: TokenStream) -> Place {
        Place {
            deref: quote!(*#reference),
            member: reference.clone(),
            whole: reference,
        }
    }
}

/// Whether `n` fits Kaitai's byte array literal (every element of `[...]` a byte).
fn is_byte(e: &Expr) -> bool {
    matches!(e, Expr::Int(n) if (0..=255).contains(n))
}

impl<'a> Tr<'a, '_> {
    /// The file `id`: this one, or (through `imports`) another.
    fn declaring(&self, id: &str) -> Option<&'a File> {
        if id == self.file.id {
            return Some(self.file);
        }
        self.imports?.schemas.files.get(id)
    }

    /// The user type `name` as this file sees it (its own, or through `imports` one of a file
    /// it imports): the declaring file's id and the type.
    fn user_type(&self, name: &str) -> Option<(String, &'a TypeDef)> {
        if let Some(t) = self.file.types.iter().find(|t| t.id == name) {
            return Some((self.file.id.clone(), t));
        }
        let (decl, t) = self.imports?.schemas.resolve(&self.file.id, name)?;
        Some((decl.to_string(), t))
    }

    fn expect(&mut self, e: &Expr, ty: &Ty) -> Result<TokenStream, String> {
        let (t, s) = self.expr(e)?;
        match (&t, ty) {
            _ if t == *ty => Ok(s),
            (Ty::Int, Ty::Float) => Ok(quote!(((#s) as f64))),
            _ => Err(format!(
                "`{e:?}` is {t:?} where {ty:?} is needed (binrw backend value instance)"
            )),
        }
    }

    /// The Kaitai enum `name` as this file sees it: its own (see `find_enum`), or through
    /// `imports` one of a file it imports (`other::animal`), which is then recorded there.
    fn find_enum(&self, name: &str) -> Option<&'a KsEnum> {
        if let Some(e) = super::schema::find_enum(&self.file.enums, name) {
            return Some(e);
        }
        let imports = self.imports?;
        let (decl, e) = imports.schemas.resolve_enum(&self.file.id, name)?;
        imports
            .enums
            .borrow_mut()
            .push((decl.to_string(), e.rust_name.clone()));
        Some(e)
    }

    /// The Rust name of the Kaitai enum `name` (see [`Tr::find_enum`]).
    fn enum_rust(&self, name: &str) -> Result<String, String> {
        self.find_enum(name)
            .map(|e| e.rust_name.clone())
            .ok_or_else(|| format!("unknown enum `{name}` (binrw backend value instance)"))
    }

    fn expr(&mut self, e: &Expr) -> Result<(Ty, TokenStream), String> {
        let unsupported = || format!("expression {e:?} is not supported by the binrw backend");
        if let Some(read) = self.nav(e) {
            return match read? {
                super::nav_value::Read::Local(local) => self.expr(&local),
                super::nav_value::Read::Recorded(ty, spelled) => Ok((ty, spelled)),
            };
        }
        Ok(match e {
            Expr::Int(n) => (Ty::Int, Literal::i128_suffixed(*n).into_token_stream()),
            // Spelled as Rust's `Debug` spells it (`1.0`, `1e300`), which `Literal` does not.
            Expr::Float(f) if f.is_finite() => (Ty::Float, tokens::float(*f)),
            Expr::Bool(b) => (Ty::Bool, quote!(#b)),
            Expr::Str(text) => (Ty::Str, quote!(String::from(#text))),
            Expr::Array(items) if !items.is_empty() && items.iter().all(is_byte) => {
                let bytes = items.iter().filter_map(|i| match i {
                    Expr::Int(n) => u8::try_from(*n).ok().map(Literal::u8_suffixed),
                    _ => None,
                });
                (Ty::Bytes, quote!(vec![#(#bytes),*]))
            }
            Expr::Array(items) if !items.is_empty() => {
                let (t, first) = self.expr(&items[0])?;
                let mut all = vec![first];
                for item in &items[1..] {
                    all.push(self.expect(item, &t)?);
                }
                (Ty::List(Box::new(t)), quote!(vec![#(#all),*]))
            }
            Expr::Cast(inner, ty) if ty != "bytes" => self.cast(inner, ty)?,
            Expr::Cast(inner, ty) if ty == "bytes" => {
                let Expr::Array(items) = inner.as_ref() else {
                    return Err(unsupported());
                };
                let mut all = Vec::new();
                for item in items {
                    let v = self.expect(item, &Ty::Int)?;
                    all.push(quote!(u8::try_from(#v).ok()?));
                }
                (Ty::Bytes, quote!(vec![#(#all),*]))
            }
            Expr::Path(p) if p.len() >= 2 => {
                let (value, en) = p.split_last().unwrap_or((&p[0], &[]));
                let en = en.join("::");
                let rust = self.enum_rust(&en)?;
                let e = self.find_enum(&en);
                let variant = snake_to_camel(value);
                if !e.is_some_and(|e| e.values.iter().any(|(_, n)| *n == variant)) {
                    return Err(format!("enum `{en}` has no `{value}` (binrw backend)"));
                }
                let (en, variant) = (ident(&rust), ident(&variant));
                (Ty::Enum(rust), quote!(#en::#variant))
            }
            Expr::SizeOf(name, true) => {
                let id = name.rsplit("::").next().unwrap_or(name);
                let size = self
                    .file
                    .types
                    .iter()
                    .find(|t| t.id == id)
                    .and_then(|t| self.static_size(t, &mut Vec::new()))
                    .ok_or_else(|| {
                        format!("sizeof<{name}> of other than a fixed-size type of this file is not supported by the binrw backend")
                    })?;
                (
                    Ty::Int,
                    Literal::i128_suffixed(i128::from(size)).into_token_stream(),
                )
            }
            Expr::Name(n) if n == "_sizeof" => {
                let size = self.sizeof_path(&[]).ok_or_else(|| {
                    "`_sizeof` of other than a fixed-size type is not supported by the binrw backend"
                        .to_string()
                })?;
                (
                    Ty::Int,
                    Literal::i128_suffixed(i128::from(size)).into_token_stream(),
                )
            }
            Expr::Attr(base, attr) if attr == "_sizeof" => {
                let mut names = Vec::new();
                let mut at = base.as_ref();
                while let Expr::Attr(b, n) = at {
                    names.push(n.as_str());
                    at = b;
                }
                let Expr::Name(first) = at else {
                    return Err(unsupported());
                };
                names.push(first.as_str());
                names.reverse();
                let size = self.sizeof_path(&names).ok_or_else(|| {
                    format!("`_sizeof` of {base:?}, not of a fixed size, is not supported by the binrw backend")
                })?;
                (
                    Ty::Int,
                    Literal::i128_suffixed(i128::from(size)).into_token_stream(),
                )
            }
            Expr::Attr(base, attr) => self.attr(base, attr)?,
            Expr::Call(base, method, args) => self.call(base, method, args)?,
            Expr::Index(base, i) => {
                let (t, v) = self.expr(base)?;
                let i = self.expect(i, &Ty::Int)?;
                let at = quote!(usize::try_from(#i).ok()?);
                match t {
                    Ty::List(el) => (*el, quote!((#v).get(#at)?.clone())),
                    Ty::Bytes => (Ty::Int, quote!(i128::from(*(#v).get(#at)?))),
                    _ => return Err(unsupported()),
                }
            }
            Expr::Name(n) => self.name(n)?,
            Expr::Unary("-", inner) => match self.expr(inner)? {
                (Ty::Float, v) => (Ty::Float, quote!((-(#v)))),
                (Ty::Int, v) => (Ty::Int, quote!((#v).checked_neg()?)),
                _ => return Err(unsupported()),
            },
            Expr::Unary("not", inner) => {
                let v = self.expect(inner, &Ty::Bool)?;
                (Ty::Bool, quote!(!(#v)))
            }
            Expr::Ternary(c, a, b) => {
                let c = self.expect(c, &Ty::Bool)?;
                let (ta, sa) = self.expr(a)?;
                let (tb, sb) = self.expr(b)?;
                // Two switches (two enums) of one case type meet as that type.
                let ((ta, sa), (tb, sb)) = match (&ta, &tb) {
                    (Ty::Switch(..), Ty::Switch(..)) if ta != tb => {
                        (self.coerce_switch(ta, sa), self.coerce_switch(tb, sb))
                    }
                    _ => ((ta, sa), (tb, sb)),
                };
                let ty = if ta == Ty::Float || tb == Ty::Float {
                    Ty::Float
                } else {
                    ta.clone()
                };
                let a = if ta == ty { sa } else { self.expect(a, &ty)? };
                let b = if tb == ty { sb } else { self.expect(b, &ty)? };
                (ty, quote!(if #c { #a } else { #b }))
            }
            Expr::Binary(op, a, b) => self.binary(op, a, b)?,
            _ => return Err(unsupported()),
        })
    }

    /// How a `_parent` / `_root` path reads (see `nav_value.rs`), `None` for other than one.
    fn nav(&self, e: &Expr) -> Option<Result<super::nav_value::Read, String>> {
        let up = super::nav_value::Up {
            schemas: self.imports?.schemas,
            file: &self.file.id,
        };
        up.read(self.def, e)
    }

    /// A switch value whose cases are all one user type as that type, undefined (`None`)
    /// when no case matched; any other value as it is.
    fn coerce_switch(&self, ty: Ty, code: TokenStream) -> (Ty, TokenStream) {
        let Ty::Switch(file, name, cases) = &ty else {
            return (ty, code);
        };
        let Some((_, case)) = cases.first() else {
            return (ty, code);
        };
        let one_type = cases.iter().all(|(_, t)| t == case);
        let found = self
            .user_type(case)
            .filter(|_| one_type && *file == self.file.id);
        let Some((decl, t)) = found else {
            return (ty, code);
        };
        let variant = ident(&super::emit::switch::variant_name(case));
        let name = ident(name);
        // Without a `_` case the enum also has the variant for "no case matched".
        let others = match cases.iter().any(|(k, _)| k == "_") {
            true => quote!(),
            false => quote!(_ => return None,),
        };
        let code = quote!(match #code { #name::#variant(x) => x, #others });
        (Ty::User(decl, t.id.clone(), t.rust_name.clone()), code)
    }

    /// `inner.as<ty>`: the case of a `switch-on` value whose type is `ty`, undefined (`None`)
    /// when another case was read (Kaitai fails the cast there).
    fn cast(&mut self, inner: &Expr, ty: &str) -> Result<(Ty, TokenStream), String> {
        let unsupported =
            || format!("`.as<{ty}>` on {inner:?} is not supported by the binrw backend");
        if let (Some(el), Expr::Array(_)) = (ty.strip_suffix("[]"), inner)
            && is_int(el)
        {
            // An integer list literal is such a list already (`[27643, 7].as<u2[]>`).
            return match self.expr(inner)? {
                (Ty::List(t), v) if *t == Ty::Int => Ok((Ty::List(t), v)),
                _ => Err(unsupported()),
            };
        }
        let (t, v) = self.expr(inner)?;
        if let Ty::User(decl, id, _) = &t
            && self
                .user_type(ty)
                .is_some_and(|(d, target)| d == *decl && target.id == *id)
        {
            // A cast to the type it has (a `struct` param is typed, see `struct_params.rs`).
            return Ok((t, v));
        }
        let Ty::Switch(file, name, cases) = t else {
            return Err(unsupported());
        };
        if file != self.file.id {
            // The match names the enum, which only its own file's module has in scope.
            return Err(unsupported());
        }
        let variant = super::emit::switch::variant_name(ty);
        let case = cases
            .iter()
            .map(|(_, t)| t)
            .find(|t| super::emit::switch::variant_name(t) == variant)
            .ok_or_else(unsupported)?;
        let (decl, t) = self.user_type(case).ok_or_else(unsupported)?;
        let others = if cases.iter().all(|(_, t)| *t == *case) {
            quote!()
        } else {
            quote!(_ => return None,)
        };
        let (name, variant) = (ident(&name), ident(&variant));
        Ok((
            Ty::User(decl, t.id.clone(), t.rust_name.clone()),
            quote!(match #v { #name::#variant(x) => x, #others }),
        ))
    }

    /// `base.attr`: sizes, conversions and list ends.
    fn attr(&mut self, base: &Expr, attr: &str) -> Result<(Ty, TokenStream), String> {
        let unsupported = || format!("`.{attr}` on {base:?} is not supported by the binrw backend");
        if let Some(read) = super::io::recorded(base, attr) {
            return Ok(read);
        }
        let (t, v) = self.expr(base)?;
        let name = ident(attr);
        if let Ty::User(decl, id, _) = &t {
            // A plain field or a value instance of a user type, seen from its own file.
            let file = self.declaring(decl).ok_or_else(unsupported)?;
            let def = file.types.iter().find(|t| t.id == *id);
            if let Some(d) = def.filter(|d| d.instances.iter().any(|i| i.id == attr)) {
                let (ty, _) = translate_instance(d, file, attr, self.stack, self.imports)?;
                return Ok((ty, quote!((#v).#name()?)));
            }
            let field = def
                .and_then(|d| {
                    // A `pos` instance is a field of the struct too.
                    stored_in(d, attr).or_else(|| {
                        d.positioned
                            .iter()
                            .map(|p| &p.field)
                            .find(|f| f.id == attr && f.count_of.is_none())
                    })
                })
                .filter(|f| f.cond.is_none());
            let repeated = field.is_some_and(|f| {
                f.repeat_expr.is_some() || f.repeat_eos || f.repeat_until.is_some()
            });
            let Some(d) = def else {
                return Err(unsupported());
            };
            let inner = Tr {
                def: d,
                file,
                stack: &mut *self.stack,
                imports: self.imports,
            };
            let conv = match field {
                Some(f) if repeated => inner
                    .element(f, &Place::element())
                    .filter(|(t, _)| *t != Ty::Bytes)
                    .map(|(t, c)| {
                        (
                            Ty::List(Box::new(t)),
                            quote!((#v).#name.iter().map(|x| #c).collect::<Vec<_>>()),
                        )
                    }),
                Some(f) => inner.element(f, &Place::reference(quote!((&(#v).#name)))),
                None => None,
            };
            return conv.ok_or_else(unsupported);
        }
        Ok(match (attr, t) {
            ("length", Ty::Str) => (Ty::Int, quote!(i128::try_from((#v).chars().count()).ok()?)),
            ("length" | "size", Ty::Bytes | Ty::List(_)) => {
                (Ty::Int, quote!(i128::try_from((#v).len()).ok()?))
            }
            ("first" | "last", Ty::List(el)) => (*el, quote!((#v).#name()?.clone())),
            ("first" | "last", Ty::Bytes) => (Ty::Int, quote!(i128::from(*(#v).#name()?))),
            ("min" | "max", Ty::List(el)) if *el == Ty::Float => {
                (Ty::Float, quote!((#v).iter().copied().reduce(f64::#name)?))
            }
            ("min" | "max", Ty::List(el)) if matches!(*el, Ty::Int | Ty::Str) => {
                (*el, quote!((#v).iter().#name()?.clone()))
            }
            ("min" | "max", Ty::Bytes) => (Ty::Int, quote!(i128::from(*(#v).iter().#name()?))),
            ("reverse", Ty::Str) => (Ty::Str, quote!((#v).chars().rev().collect::<String>())),
            ("reverse", Ty::Bytes) => (
                Ty::Bytes,
                quote!((#v).iter().rev().copied().collect::<Vec<u8>>()),
            ),
            ("to_s", Ty::Int) => (Ty::Str, quote!((#v).to_string())),
            // A string interpolated into an f-string is itself.
            ("to_s", Ty::Str) => (Ty::Str, v),
            ("to_i", Ty::Str) => (Ty::Int, quote!((#v).parse::<i128>().ok()?)),
            ("to_i", Ty::Bool | Ty::Enum(_)) => (Ty::Int, quote!(i128::from(#v))),
            ("to_i", Ty::Float) => (
                Ty::Int,
                // Truncated toward zero, as Kaitai's; `None` outside `i128`.
                quote!({ let f: f64 = #v; if f.is_finite() && f.abs() < 1.0e38 { f.trunc() as i128 } else { return None } }),
            ),
            _ => return Err(unsupported()),
        })
    }

    /// The size in bytes of every value of `def`, when the schema fixes it.
    fn static_size(&self, def: &TypeDef, stack: &mut Vec<String>) -> Option<u64> {
        if stack.contains(&def.id) || def.rust_type.is_some() || def.bitfield.is_some() {
            return None;
        }
        stack.push(def.id.clone());
        let mut total = 0u64;
        for f in &def.seq {
            total = total.checked_add(self.field_size(f, stack)?)?;
        }
        stack.pop();
        Some(total)
    }

    /// The size in bytes of `f` (all its elements), when the schema fixes it.
    fn field_size(&self, f: &Field, stack: &mut Vec<String>) -> Option<u64> {
        let plain = f.cond.is_none() && !f.repeat_eos && !f.size_eos && f.terminator.is_none();
        if !plain || f.since.is_some() || f.until.is_some() || f.variants.is_some() {
            return None;
        }
        let constant = |text: Option<&str>| match text {
            None => Some(1),
            Some(t) => t.trim().parse::<u64>().ok(),
        };
        let count = constant(f.repeat_expr.as_deref())?;
        let one = if let Some(bytes) = &f.contents_bytes {
            bytes.len() as u64
        } else {
            match &f.ty {
                FieldType::None | FieldType::Named { .. } if f.size.is_some() => {
                    constant(f.size.as_deref())?
                }
                FieldType::Named { name, .. } if is_int(name) || float_type(name).is_some() => {
                    let rust = int_type(name).or(float_type(name))?;
                    rust[1..].parse::<u64>().ok()? / 8
                }
                FieldType::Named { name, args } if args.is_empty() => {
                    let t = self.file.types.iter().find(|t| t.id == *name)?;
                    self.static_size(t, stack)?
                }
                _ => return None,
            }
        };
        one.checked_mul(count)
    }

    /// `_sizeof` of the path `names` (empty: the type itself; else a field, through fields
    /// of user types), when the schema fixes it.
    fn sizeof_path(&self, names: &[&str]) -> Option<u64> {
        let Some((last, init)) = names.split_last() else {
            return self.static_size(self.def, &mut Vec::new());
        };
        let mut def = self.def;
        for name in init {
            let f = def.seq.iter().find(|f| f.id == *name)?;
            def = match &f.ty {
                FieldType::Named { name, args } if args.is_empty() && f.cond.is_none() => {
                    self.file.types.iter().find(|t| t.id == *name)?
                }
                _ => return None,
            };
        }
        let f = def.seq.iter().find(|f| f.id == *last)?;
        self.field_size(f, &mut Vec::new())
    }

    /// `base.method(args)`: `substring` and `to_i(radix)` on strings.
    fn call(
        &mut self,
        base: &Expr,
        method: &str,
        args: &[Expr],
    ) -> Result<(Ty, TokenStream), String> {
        let unsupported =
            || format!("`.{method}(...)` on {base:?} is not supported by the binrw backend");
        match (method, args) {
            ("substring", [from, to]) => {
                let v = self.expect(base, &Ty::Str)?;
                let from = self.expect(from, &Ty::Int)?;
                let to = self.expect(to, &Ty::Int)?;
                Ok((
                    Ty::Str,
                    quote!({ let from = usize::try_from(#from).ok()?; let to = usize::try_from(#to).ok()?; (#v).chars().skip(from).take(to.checked_sub(from)?).collect::<String>() }),
                ))
            }
            ("to_s", [Expr::Str(encoding)]) => {
                let v = self.expect(base, &Ty::Bytes)?;
                // As `str` fields decode (invalid sequences replaced).
                Ok((
                    Ty::Str,
                    match canonical_encoding(encoding) {
                        Some("ASCII" | "UTF-8") => {
                            quote!(String::from_utf8_lossy(&(#v)).into_owned())
                        }
                        // The runtime's decoder, imported as `ks_decode` (see `methods`).
                        Some(known) => quote!(ks_decode(&(#v), #known)),
                        // Kaitai fails on access (UnknownEncodingError): undefined here.
                        None => quote!(
                            savepoint_runtime::encoding::decode_known(&(#v), #encoding)?
                        ),
                    },
                ))
            }
            ("to_i", [Expr::Int(radix)]) if (2..=36).contains(radix) => {
                let v = self.expect(base, &Ty::Str)?;
                let radix = Literal::i128_unsuffixed(*radix);
                Ok((Ty::Int, quote!(i128::from_str_radix(&(#v), #radix).ok()?)))
            }
            _ => Err(unsupported()),
        }
    }

    fn binary(&mut self, op: &str, a: &Expr, b: &Expr) -> Result<(Ty, TokenStream), String> {
        let positive_literal = |e: &Expr| match e {
            Expr::Int(n) if *n > 0 => Some(*n),
            _ => None,
        };
        let (ta, _) = self.expr(a)?;
        let (tb, _) = self.expr(b)?;
        let float = ta == Ty::Float || tb == Ty::Float;
        Ok(match op {
            "and" | "or" => {
                let a = self.expect(a, &Ty::Bool)?;
                let b = self.expect(b, &Ty::Bool)?;
                let op = operator(if op == "and" { "&&" } else { "||" });
                (Ty::Bool, quote!((#a #op #b)))
            }
            "==" | "!=" | "<" | "<=" | ">" | ">=" => {
                if ta == Ty::Bool && !matches!(op, "==" | "!=") {
                    return Err(format!(
                        "`{op}` on booleans is not supported by the binrw backend"
                    ));
                }
                let ty = if float { Ty::Float } else { ta };
                let a = self.expect(a, &ty)?;
                let b = self.expect(b, &ty)?;
                let op = operator(op);
                (Ty::Bool, quote!((#a #op #b)))
            }
            "+" if ta == Ty::Str => {
                let a = self.expect(a, &Ty::Str)?;
                let b = self.expect(b, &Ty::Str)?;
                (Ty::Str, quote!(format!("{}{}", #a, #b)))
            }
            "+" | "-" | "*" | "/" if float => {
                let a = self.expect(a, &Ty::Float)?;
                let b = self.expect(b, &Ty::Float)?;
                let op = operator(op);
                (Ty::Float, quote!((#a #op #b)))
            }
            "+" | "-" | "*" => {
                let a = self.expect(a, &Ty::Int)?;
                let b = self.expect(b, &Ty::Int)?;
                let method = ident(match op {
                    "+" => "checked_add",
                    "-" => "checked_sub",
                    _ => "checked_mul",
                });
                (Ty::Int, quote!((#a).#method(#b)?))
            }
            "/" | "%" => {
                let Some(d) = positive_literal(b) else {
                    return Err(format!(
                        "`{op}` by other than a positive integer literal is not supported by the binrw backend"
                    ));
                };
                let a = self.expect(a, &Ty::Int)?;
                // Kaitai divides rounding down and its modulo is never negative: for a
                // positive divisor that is Euclidean division.
                let method = ident(if op == "/" {
                    "div_euclid"
                } else {
                    "rem_euclid"
                });
                let d = Literal::i128_suffixed(d);
                (Ty::Int, quote!((#a).#method(#d)))
            }
            "&" | "|" | "^" => {
                let a = self.expect(a, &Ty::Int)?;
                let b = self.expect(b, &Ty::Int)?;
                let op = operator(op);
                (Ty::Int, quote!((#a #op #b)))
            }
            ">>" => match b {
                Expr::Int(n) if (0..128).contains(n) => {
                    let a = self.expect(a, &Ty::Int)?;
                    let n = Literal::i128_unsuffixed(*n);
                    (Ty::Int, quote!((#a >> #n)))
                }
                _ => {
                    return Err(
                        "`>>` by other than a literal below 128 is not supported by the binrw backend"
                            .into(),
                    );
                }
            },
            _ => {
                return Err(format!(
                    "operator `{op}` is not supported by the binrw backend in a value instance"
                ));
            }
        })
    }

    /// The param `n` of Kaitai type `ty`, kept as a field.
    fn param(&self, n: &str, ty: &str) -> Result<(Ty, TokenStream), String> {
        let field = ident(n);
        if let Some((_, e)) = self.def.param_enums.iter().find(|(p, _)| p == n) {
            return Ok((Ty::Enum(self.enum_rust(e)?), quote!(self.#field)));
        }
        if is_int(ty) {
            return Ok((Ty::Int, quote!(i128::from(self.#field))));
        }
        if ty == "bool" {
            return Ok((Ty::Bool, quote!(self.#field)));
        }
        // Lists of integers and strings (see `list_args.rs`).
        match ty.strip_suffix("[]") {
            Some(el) if is_int(el) => {
                let v = quote!(self.#field.iter().map(|&x| i128::from(x)).collect::<Vec<_>>());
                return Ok((Ty::List(Box::new(Ty::Int)), v));
            }
            Some("str" | "strz") => {
                return Ok((Ty::List(Box::new(Ty::Str)), quote!(self.#field.clone())));
            }
            _ => {}
        }
        let (name, list) = match ty.strip_suffix("[]") {
            Some(name) => (name, true),
            None => (ty, false),
        };
        let (decl, t) = self
            .user_type(name)
            .filter(|(_, t)| t.params.is_empty())
            .ok_or_else(|| {
                format!("param `{n}` of type `{ty}` in a value instance is not supported by the binrw backend")
            })?;
        let user = Ty::User(decl, t.id.clone(), t.rust_name.clone());
        let ty = if list { Ty::List(Box::new(user)) } else { user };
        Ok((ty, quote!(self.#field.clone())))
    }

    /// The seq field `n` when it is stored as read: not conditional, counted, versioned,
    /// hand-written or constant (repeated fields are lists).
    fn stored(&self, n: &str) -> Option<&Field> {
        stored_in(self.def, n).filter(|f| f.cond.is_none())
    }

    /// The type of one element of `field` and the Rust conversion of `x`, where it is.
    fn element(&self, field: &Field, x: &Place) -> Option<(Ty, TokenStream)> {
        let Place {
            deref,
            member,
            whole,
        } = x;
        // Processed bytes keep their stored form beside `value`, as framed ones do.
        let framed =
            field.terminator.is_some() || field.pad_right.is_some() || field.process.is_some();
        match &field.ty {
            FieldType::Named { name, .. } if field.enum_name.is_some() && is_int(name) => {
                let e = field.enum_name.as_deref()?;
                let rust = self.find_enum(e)?.rust_name.clone();
                Some((Ty::Enum(rust), quote!((#deref))))
            }
            _ if field.enum_name.is_some() => None,
            FieldType::Named { name, .. } if name == "str" || name == "strz" => {
                Some((Ty::Str, quote!(#member.value.clone())))
            }
            FieldType::Named { name, .. } if is_int(name) => {
                Some((Ty::Int, quote!(i128::from(#deref))))
            }
            FieldType::Named { name, .. } if float_type(name).is_some() => {
                Some((Ty::Float, quote!(f64::from(#deref))))
            }
            // A bit field: `b1` is a `bool`, wider ones an unsigned integer.
            FieldType::Named { name, .. } if super::bits::width(name).is_some() => {
                match super::bits::width(name)? {
                    (1, _) => Some((Ty::Bool, quote!((#deref)))),
                    _ => Some((Ty::Int, quote!(i128::from(#deref)))),
                }
            }
            // A user type of this file without parameters; a sized, terminated or processed one
            // keeps its value in `value`.
            FieldType::Named { name, args } if args.is_empty() => {
                let (decl, t) = self.user_type(name)?;
                let sub = framed || field.size.is_some() || field.size_eos;
                let value = if sub { quote!(.value) } else { quote!() };
                Some((
                    Ty::User(decl, t.id.clone(), t.rust_name.clone()),
                    quote!(#member #value.clone()),
                ))
            }
            // A sized (or processed) switch keeps its value in `value`.
            FieldType::Switch { .. }
                if field.variants.is_none() && (field.size.is_some() || field.size_eos) =>
            {
                let name = super::emit::switch::enum_name(self.def, field);
                let ty = Ty::Switch(self.file.id.clone(), name, field.switch_cases.clone());
                Some((ty, quote!(#member.value.clone())))
            }
            FieldType::Switch { .. } if !framed && field.size.is_none() && !field.size_eos => {
                let name = super::emit::switch::enum_name(self.def, field);
                int_switch(field, &name, whole).or_else(|| {
                    field.variants.is_none().then(|| {
                        (
                            Ty::Switch(self.file.id.clone(), name, field.switch_cases.clone()),
                            quote!(#member.clone()),
                        )
                    })
                })
            }
            FieldType::None if framed => Some((Ty::Bytes, quote!(#member.value.clone()))),
            FieldType::None if field.size.is_some() || field.size_eos => {
                Some((Ty::Bytes, quote!(#member.to_vec())))
            }
            _ => None,
        }
    }

    fn name(&mut self, n: &str) -> Result<(Ty, TokenStream), String> {
        let id = ident(n);
        if let Some(field) = self.stored(n) {
            let repeated =
                field.repeat_expr.is_some() || field.repeat_eos || field.repeat_until.is_some();
            if repeated {
                if let Some((ty, conv)) = self
                    .element(field, &Place::element())
                    .filter(|(t, _)| *t != Ty::Bytes)
                {
                    return Ok((
                        Ty::List(Box::new(ty)),
                        quote!(self.#id.iter().map(|x| #conv).collect::<Vec<_>>()),
                    ));
                }
            } else {
                // The field is read as `self.n` (`*(&self.n)` and `(&self.n).value` read
                // better without the reference), but matched on by reference.
                let place = Place {
                    deref: quote!(self.#id),
                    member: quote!(self.#id),
                    whole: quote!((&self.#id)),
                };
                if let Some(read) = self.element(field, &place) {
                    return Ok(read);
                }
            }
        }
        // A conditional field, not repeated and not bits: `None` (undefined) when absent.
        if let Some(field) = stored_in(self.def, n).filter(|f| {
            f.cond.is_some()
                && f.repeat_expr.is_none()
                && !f.repeat_eos
                && f.repeat_until.is_none()
                && !matches!(&f.ty, FieldType::Named { name, .. } if super::bits::width(name).is_some())
        }) {
            let place = Place {
                deref: quote!(*self.#id.as_ref()?),
                ..Place::reference(quote!((self.#id.as_ref()?)))
            };
            if let Some(read) = self.element(field, &place) {
                return Ok(read);
            }
        }
        if self.def.seq.iter().any(|f| f.id == n) {
            return Err(format!(
                "field `{n}` in a value instance is not a plain integer, float, string, byte array, enum or list field (binrw backend)"
            ));
        }
        if self.def.instances.iter().any(|i| i.id == n) {
            let (ty, _) = translate_instance(self.def, self.file, n, self.stack, self.imports)?;
            return Ok((ty, quote!(self.#id()?)));
        }
        if let Some((_, ty)) = self.def.params.iter().find(|(p, _)| p == n) {
            // Kept as a field for the value instances (see `Module::stored_params`).
            return self.param(n, ty);
        }
        Err(format!(
            "`{n}` in a value instance is not supported by the binrw backend"
        ))
    }
}

/// Whether the type argument `arg` is a value instance of `def` that is a list literal, which
/// the field passes written out (see `list_args.rs`).
fn list_literal(def: &TypeDef, arg: &Source) -> bool {
    let Expr::Name(name) = arg.tree() else {
        return false;
    };
    def.instances
        .iter()
        .any(|i| i.id == *name && super::emit::list_args::literal_items(&i.value).is_some())
}

/// Refuses a seq field whose expressions (`if`, `size`, `repeat-expr`, type arguments,
/// `switch-on`) name a value instance of `def`: binrw directives see only fields read so far.
/// An instance computed from earlier seq fields (or constant) is written out in an `if`, `size`,
/// `repeat-expr` or a type argument instead (see [`inline_seq_uses`]), and one that is a list
/// literal is written out as a type argument ([`list_literal`]).
pub fn check_seq_uses(def: &TypeDef) -> Result<(), (String, String)> {
    for field in &def.seq {
        let bits = matches!(&field.ty, FieldType::Named { name, .. } if super::bits::width(name).is_some());
        let mut texts: Vec<(&Source, Option<bool>)> = Vec::new();
        for (text, size) in [
            (&field.cond, false),
            (&field.size, true),
            (&field.repeat_expr, true),
        ] {
            if let Some(text) = text {
                texts.push((text, (!bits).then_some(size)));
            }
        }
        match &field.ty {
            FieldType::Named { args, .. } => texts.extend(
                args.iter()
                    .filter(|a| !list_literal(def, a))
                    .map(|a| (a, (!bits).then_some(false))),
            ),
            FieldType::Switch { on, .. } => texts.push((on, None)),
            FieldType::None => {}
        }
        for (text, inline) in texts {
            let words = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
            let Some(word) = words
                .into_iter()
                .find(|w| def.instances.iter().any(|i| i.id == *w))
            else {
                continue;
            };
            let parsed = match inline {
                Some(size) => super::expr::lower(text, Use { size, io: false }),
                None => Err(String::new()),
            };
            let why = match parsed {
                // A parse error is reported where the field is emitted.
                Err(e) if !e.is_empty() => continue,
                Err(_) => String::new(),
                Ok(e) => match inline_seq_uses(def, field, &e, inline == Some(true)) {
                    Ok(_) => continue,
                    Err(e) => format!(": {e}"),
                },
            };
            return Err((
                field.yaml_path.clone(),
                format!(
                    "value instance `{word}` used by a seq field is not supported by the binrw backend{why}"
                ),
            ));
        }
    }
    Ok(())
}

/// `_sizeof` of the field path `names` of `def` (a field, or one through fields of user
/// types), when the schema fixes it: a seq expression takes it as a constant.
pub fn fixed_sizeof(file: &File, def: &TypeDef, names: &[&str]) -> Option<u64> {
    let mut stack = Vec::new();
    let tr = Tr {
        def,
        file,
        stack: &mut stack,
        imports: None,
    };
    tr.sizeof_path(names)
}

/// `e` with each value instance of `def` it names replaced by the instance's expression, which
/// may name only seq fields of `def` read before `field` (and other such instances).
pub fn inline_seq_uses(
    def: &TypeDef,
    field: &Field,
    e: &SeqExpr,
    size: bool,
) -> Result<SeqExpr, String> {
    inline_in(def, field, e, size, 0)
}

fn inline_in(
    def: &TypeDef,
    field: &Field,
    e: &SeqExpr,
    size: bool,
    depth: u32,
) -> Result<SeqExpr, String> {
    match e {
        SeqExpr::Binary(l, op, r) => Ok(SeqExpr::Binary(
            Box::new(inline_in(def, field, l, size, depth)?),
            op,
            Box::new(inline_in(def, field, r, size, depth)?),
        )),
        SeqExpr::Not(inner) => Ok(SeqExpr::Not(Box::new(inline_in(
            def, field, inner, size, depth,
        )?))),
        SeqExpr::Ternary(c, a, b) => Ok(SeqExpr::Ternary(
            Box::new(inline_in(def, field, c, size, depth)?),
            Box::new(inline_in(def, field, a, size, depth)?),
            Box::new(inline_in(def, field, b, size, depth)?),
        )),
        SeqExpr::Path(p) if p.len() == 1 && def.instances.iter().any(|i| i.id == p[0]) => {
            let inst = def.instances.iter().find(|i| i.id == p[0]).ok_or("")?;
            if depth > 8 || inst.enum_name.is_some() {
                return Err(format!(
                    "instance `{}` is not an integer of earlier fields",
                    inst.id
                ));
            }
            let value = super::expr::lower(&inst.value, super::expr::Use { size, io: false })
                .map_err(|e| format!("instance `{}`: {e}", inst.id))?;
            let value = inline_in(def, field, &value, size, depth + 1)?;
            let before = def.seq.iter().take_while(|f| !std::ptr::eq(*f, field));
            let earlier: Vec<&str> = before.clone().map(|f| f.id.as_str()).collect();
            let mut paths = Vec::new();
            value.paths(&mut paths);
            if let Some(p) = paths.iter().find(|p| !earlier.contains(&p[0].as_str())) {
                return Err(format!(
                    "instance `{}` uses `{}`, which is not a seq field read before",
                    inst.id,
                    p.join(".")
                ));
            }
            // A conditional field is an `Option` where the instance is written out.
            let conditional =
                |p: &&&[String]| before.clone().any(|f| f.id == p[0] && f.cond.is_some());
            if let Some(p) = paths.iter().find(conditional) {
                return Err(format!(
                    "instance `{}` uses `{}`, a conditional field",
                    inst.id,
                    p.join(".")
                ));
            }
            Ok(value)
        }
        other => Ok(other.clone()),
    }
}

/// The `impl` block with one method per value instance of `def` (empty without instances).
pub fn methods(
    def: &TypeDef,
    file: &File,
    schemas: &super::Schemas,
) -> Result<Methods, (String, String)> {
    if def.instances.is_empty() {
        return Ok(Methods::default());
    }
    let enums = std::cell::RefCell::new(Vec::new());
    let imports = Imports {
        schemas,
        enums: &enums,
    };
    let mut uses = Vec::new();
    let mut out = TokenStream::new();
    for inst in &def.instances {
        let (ty, body) = instance(def, file, &inst.id, Some(imports))
            .map_err(|e| (inst.yaml_path.clone(), e))?;
        let mut named = &ty;
        while let Ty::List(inner) = named {
            named = inner;
        }
        if let Ty::User(decl, _, rust) = named
            && *decl != file.id
        {
            uses.push((decl.clone(), rust.clone()));
        }
        let docs: Vec<String> = match &inst.doc {
            Some(doc) => doc.trim_end().lines().map(|l| format!(" {l}")).collect(),
            None => vec![format!(" Kaitai value instance `{}`.", inst.id)],
        };
        let (name, ty) = (ident(&inst.id), ty.tokens());
        out.extend(quote! {
            #(#[doc = #docs])*
            /// `None` when an intermediate integer does not fit in an `i128` or a value is undefined
            /// (an element past the end, a string that is not a number).
            #[allow(unused_parens, clippy::all)]
            pub fn #name(&self) -> Option<#ty> {
                Some(#body)
            }
        });
    }
    uses.extend(enums.into_inner());
    let decodes = tokens::mentions(&out, "ks_decode");
    let name = ident(&def.rust_name);
    Ok(Methods {
        items: quote!(impl #name { #out }),
        decodes,
        uses,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::binrw::Schemas;

    fn load(instances: &str) -> File {
        let dir =
            std::env::temp_dir().join(format!("savepoint-binrw-value-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("v{}.ksy", instances.len()));
        let ksy = format!(
            "meta:\n  id: v\nseq:\n  - id: a\n    type: s2le\n  - id: s\n    type: str\n    size: 2\n    encoding: ASCII\n  - id: n\n    type: u1\n    repeat: expr\n    repeat-expr: 2\ninstances:\n{instances}"
        );
        std::fs::write(&path, ksy).unwrap();
        let schemas = Schemas::load_file(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        schemas.files["v"].clone()
    }

    /// The instance `name` of `file`'s type and its body as source.
    fn spelled(file: &File, name: &str) -> (Ty, String) {
        let (ty, body) = instance(&file.types[0], file, name, None).unwrap();
        (ty, crate::binrw::tokens::source(&body))
    }

    #[test]
    fn spells_kaitai_arithmetic() {
        let file = load(
            "  q:\n    value: -a / 13\n  r:\n    value: a % 13 + 0x10\n  t:\n    value: 'q > 0 ? \"x\" + s : s'\n",
        );
        let (ty, body) = spelled(&file, "q");
        assert_eq!(ty, Ty::Int);
        assert_eq!(
            body,
            "((i128::from(self.a)).checked_neg()?).div_euclid(13i128)"
        );
        let (_, body) = spelled(&file, "r");
        assert_eq!(
            body,
            "((i128::from(self.a)).rem_euclid(13i128)).checked_add(16i128)?"
        );
        let (ty, body) = spelled(&file, "t");
        assert_eq!(ty, Ty::Str);
        assert!(body.starts_with("if (self.q()? > 0i128) {"), "{body}");
    }

    #[test]
    fn guards_with_if_and_sizes_fixed_fields() {
        let file = load(
            "  h:\n    value: a + 1\n    if: a > 2\n  z:\n    value: a._sizeof + n._sizeof\n  all:\n    value: _sizeof\n",
        );
        let (ty, body) = spelled(&file, "h");
        assert_eq!(ty, Ty::Int);
        assert!(
            body.starts_with("{ if !((i128::from(self.a) > 2i128)) { return None; }"),
            "{body}"
        );
        let (_, body) = spelled(&file, "z");
        assert_eq!(body, "(2i128).checked_add(2i128)?");
        // `s` has a literal size too: 2 + 2 + 2.
        let (_, body) = spelled(&file, "all");
        assert_eq!(body, "6i128");
    }

    #[test]
    fn lists_bytes_floats_and_strings() {
        let file = load(
            "  l:\n    value: n.max + n[1]\n  b:\n    value: '[0x41, 0xff]'\n  f:\n    value: a * 0.5\n  s:\n    value: s.substring(1, 2).reverse\n  c:\n    value: 'b == [65, 255]'\n",
        );
        let (ty, body) = spelled(&file, "l");
        assert_eq!(ty, Ty::Int);
        assert!(body.contains(".iter().max()?"), "{body}");
        assert!(
            body.contains(".get(usize::try_from(1i128).ok()?)?"),
            "{body}"
        );
        let (ty, body) = spelled(&file, "b");
        assert_eq!((ty, body.as_str()), (Ty::Bytes, "vec![65u8, 255u8]"));
        let (ty, body) = spelled(&file, "f");
        assert_eq!(ty, Ty::Float);
        assert_eq!(body, "(((i128::from(self.a)) as f64) * 0.5f64)");
        let (ty, body) = spelled(&file, "s");
        assert_eq!(ty, Ty::Str);
        assert!(
            body.contains(".chars().skip(from).take(to.checked_sub(from)?)"),
            "{body}"
        );
        assert_eq!(spelled(&file, "c").0, Ty::Bool);
    }

    #[test]
    fn refuses_what_it_cannot_spell() {
        let file = load(
            "  x:\n    value: a / b\n  y:\n    value: a.reverse\n  z:\n    value: z + 1\n  w:\n    value: a << 2\n",
        );
        for name in ["x", "y", "z", "w"] {
            assert!(
                instance(&file.types[0], &file, name, None).is_err(),
                "{name}"
            );
        }
    }

    #[test]
    fn inlines_instances_of_earlier_fields_into_seq_sizes() {
        let file = load("  len2:\n    value: a - 2\n  late:\n    value: n.size\n");
        let def = &file.types[0];
        let (s, n) = (&def.seq[1], &def.seq[2]);
        let e = super::super::expr::parse_size("len2 + 1").unwrap();
        let inlined = inline_seq_uses(def, s, &e, true).unwrap();
        assert_eq!(
            super::super::tokens::source(&inlined.rust(super::super::expr::Side::Read)),
            "(i128::from(a) - i128::from(2)) + 1"
        );
        // Outside a size `-` is refused; an instance of a later field cannot be inlined.
        assert!(inline_seq_uses(def, s, &e, false).is_err());
        let late = super::super::expr::parse_size("late").unwrap();
        assert!(inline_seq_uses(def, n, &late, true).is_err());
    }

    #[test]
    fn an_instance_of_a_conditional_field_is_not_inlined() {
        // As msgpack's `str_len`: the field is an `Option` where the size is computed.
        let ksy = "meta: {id: c}\nseq:\n  - {id: b, type: u1}\n  - {id: len8, type: u1, if: b == 1}\n  - {id: body, size: len}\ninstances:\n  len: {value: 'b == 1 ? len8 : 0'}\n";
        let err = crate::binrw::generate_from("value-cond", &[("c.ksy", ksy)], "c").unwrap_err();
        assert_eq!(err.yaml_path, "/seq/2", "{err}");
        assert!(err.message.contains("`len8`, a conditional field"), "{err}");
        let plain = ksy.replace(", if: b == 1", "");
        assert!(crate::binrw::generate_from("value-plain", &[("c.ksy", &plain)], "c").is_ok());
    }
}
