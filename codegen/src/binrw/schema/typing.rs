//! The typing pass: once every schema (imports included) is loaded, each expression of each
//! type is typed once, its names resolved (fields, positioned instances, value instances,
//! params, `_`, `_index`, `_io`, `_parent` / `_root` paths, enum values, and the members of user
//! types across files), its type recorded in its [`Source`] and the type of every field path it
//! reads in its type's [`TypeDef::paths`]. A type error (a string in arithmetic, a `size` that is
//! not an integer, an `if` that is not a boolean) is reported here with its YAML path.
//!
//! A name the pass does not resolve leaves the expression untyped (`None`), and the emitter,
//! which refuses what it cannot spell, says why in its own words.

mod names;
mod ops;
mod visit;

pub(in crate::binrw) use visit::each_source;

use std::cell::RefCell;
use std::collections::BTreeMap;

use super::{Field, Schemas, TypeDef};
use crate::SchemaError;
use crate::expr::{Expr, Type};

/// Types every expression of `schemas` (see the module docs).
pub(in crate::binrw) fn type_all(schemas: &mut Schemas) -> Result<(), SchemaError> {
    let seen = schemas.clone();
    let members = RefCell::default();
    for (file_id, file) in &mut schemas.files {
        for (at, def) in file.types.iter_mut().enumerate() {
            let (paths, instances) = (RefCell::default(), RefCell::default());
            let typer = Typer {
                schemas: &seen,
                file: file_id,
                def: &seen.files[file_id].types[at],
                this: None,
                paths: &paths,
                instances: &instances,
                members: &members,
            };
            visit::each_source(def, &mut |yaml_path, element, source| {
                let err = |message: String| SchemaError {
                    file: file.path.clone(),
                    yaml_path: yaml_path.to_string(),
                    message: format!("expression `{source}`: {message}"),
                };
                let typer = Typer {
                    this: element.and_then(|id| typer.element_of(id)),
                    ..typer.clone()
                };
                let ty = typer.expr(source.tree()).map_err(err)?;
                visit::check_use(yaml_path, ty.as_ref()).map_err(err)?;
                source.set_ty(ty);
                Ok(())
            })?;
            def.paths = paths.into_inner();
        }
    }
    Ok(())
}

/// What a name of the field `f` of `def` (a type of file `file`) is, as the typing pass types
/// it: for the emitter to read a field's type where no expression of `def` reads it.
pub(in crate::binrw) fn field_type(
    schemas: &Schemas,
    file: &str,
    def: &TypeDef,
    f: &Field,
) -> Option<Type> {
    let (paths, instances, members) = Default::default();
    let typer = Typer {
        schemas,
        file,
        def,
        this: None,
        paths: &paths,
        instances: &instances,
        members: &members,
    };
    typer.field(f)
}

/// Types the expressions of one type.
#[derive(Clone)]
struct Typer<'a> {
    schemas: &'a Schemas,
    /// The `meta/id` of the file declaring `def`.
    file: &'a str,
    def: &'a TypeDef,
    /// The type of `_` (a `repeat-until` or `valid` condition's element).
    this: Option<Type>,
    /// The field paths read so far, with their types (the type's [`TypeDef::paths`]).
    paths: &'a RefCell<BTreeMap<String, Type>>,
    /// The value instances of `def` typed so far and being typed.
    instances: &'a RefCell<Instances>,
    /// The members of user types typed so far (see [`Members`]).
    members: &'a Members,
}

/// The value instances of one type: each typed once (an instance named by many others is not
/// typed again for each), and those being typed, to refuse one that refers to itself.
#[derive(Default)]
struct Instances {
    done: BTreeMap<String, Option<Type>>,
    stack: Vec<String>,
}

/// The type of each member of a user type (`member` of type `id` of file `file`, by
/// `(file, id, member)`) typed so far, shared by the whole pass: each is typed once, and one
/// met again while it is being typed (a recursive structure, `next.total`) is left untyped
/// (`None`) instead of being typed forever.
type Members = RefCell<BTreeMap<(String, String, String), Option<Option<Type>>>>;

impl Typer<'_> {
    /// The type of `e`: `Ok(None)` when it names something unresolved, `Err` on a type error.
    fn expr(&self, e: &Expr) -> Result<Option<Type>, String> {
        let ty = match e {
            Expr::Int(_) | Expr::BigInt(_) | Expr::SizeOf(..) => Some(Type::Literal),
            Expr::Float(_) => Some(Type::Float),
            Expr::Str(_) => Some(Type::Str),
            Expr::Bool(_) => Some(Type::Bool),
            Expr::Array(items) if !items.is_empty() && e.byte_array().is_some() => {
                Some(Type::Bytes)
            }
            Expr::Array(items) => self.array(items)?,
            Expr::Name(_) | Expr::Attr(..) => self.path(e)?,
            Expr::Path(segments) => self.enum_value(segments),
            Expr::Unary(op, inner) => ops::unary(op, self.expr(inner)?)?,
            Expr::Binary(op, a, b) => ops::binary(op, self.expr(a)?, self.expr(b)?)?,
            Expr::Ternary(c, a, b) => {
                ops::condition(self.expr(c)?.as_ref())?;
                ops::unify(self.expr(a)?, self.expr(b)?)
            }
            Expr::Call(base, name, args) => {
                for a in args {
                    self.expr(a)?;
                }
                names::method(self.expr(base)?, name)
            }
            Expr::Index(base, i) => {
                if self.expr(i)?.is_some_and(|t| !t.is_integer()) {
                    return Err("a list index must be an integer".into());
                }
                match self.expr(base)? {
                    Some(Type::List(element)) => Some(*element),
                    Some(Type::Bytes) => Some(names::BYTE),
                    _ => None,
                }
            }
            Expr::Cast(base, ty) => {
                self.expr(base)?;
                names::type_ref(self.schemas, self.file, ty)
            }
        };
        Ok(ty)
    }

    /// An array literal: a list of its items' common type.
    fn array(&self, items: &[Expr]) -> Result<Option<Type>, String> {
        let mut common = None;
        for (i, item) in items.iter().enumerate() {
            let ty = self.expr(item)?;
            common = if i == 0 { ty } else { ops::unify(common, ty) };
        }
        Ok(common.map(|t| Type::List(Box::new(t))))
    }

    /// An enum value, `animal::cat` (also `file::scope::animal::cat`).
    fn enum_value(&self, segments: &[String]) -> Option<Type> {
        let (_value, name) = segments.split_last()?;
        let (decl, e) = self.schemas.resolve_enum(self.file, &name.join("::"))?;
        Some(Type::Enum(decl.to_string(), e.rust_name.clone()))
    }
}

#[cfg(test)]
mod tests {
    use crate::binrw::Schemas;
    use crate::binrw::schema::TypeDef;
    use crate::expr::{IntTy, Type};

    fn load(tag: &str, ksy: &str) -> Result<Schemas, crate::SchemaError> {
        let dir = std::env::temp_dir().join(format!("savepoint-typing-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{tag}.ksy"));
        std::fs::write(&path, ksy).unwrap();
        let schemas = Schemas::load_file(&path);
        let _ = std::fs::remove_file(&path);
        schemas
    }

    const fn int(bits: u8, signed: bool) -> Type {
        Type::Int(IntTy { bits, signed })
    }

    /// The recorded type of the value instance `id` of `def`.
    fn instance_ty<'a>(def: &'a TypeDef, id: &str) -> Option<&'a Type> {
        def.instances
            .iter()
            .find(|i| i.id == id)
            .unwrap()
            .value
            .ty()
    }

    const KSY: &str = "meta: {id: t, endian: le}\nseq:\n  - {id: n, type: u2}\n  - {id: hdr, type: header}\n  - {id: flag, type: b1}\n  - {id: nib, type: b3}\n  - {id: kind, type: u1, enum: kinds}\n  - {id: name, type: str, size: n, encoding: ASCII}\n  - {id: opt, type: s4, if: flag}\n  - {id: items, type: u1, repeat: expr, repeat-expr: hdr.count * 2}\n  - {id: rest, size: hdr.count + nib, if: kind == kinds::big and not flag}\ninstances:\n  total:\n    value: n + hdr.count\n  label:\n    value: name + \"!\"\n  ratio:\n    value: n * 0.5\n  last:\n    value: items.last\ntypes:\n  header:\n    seq:\n      - {id: count, type: u4}\nenums:\n  kinds: {1: big}\n";

    #[test]
    fn records_each_expression_and_path_type() {
        let schemas = load("ok", KSY).unwrap();
        let def = &schemas.files["t"].types[0];
        let ty = |id: &str| instance_ty(def, id);
        assert_eq!(ty("total"), Some(&int(32, false)));
        assert_eq!(ty("label"), Some(&Type::Str));
        assert_eq!(ty("ratio"), Some(&Type::Float));
        assert_eq!(ty("last"), Some(&int(8, false)));
        let items = &def.seq[7];
        assert_eq!(
            items.repeat_expr.as_ref().unwrap().ty(),
            Some(&int(32, false))
        );
        let rest = &def.seq[8];
        assert_eq!(rest.cond.as_ref().unwrap().ty(), Some(&Type::Bool));
        assert_eq!(def.paths["hdr.count"], int(32, false));
        assert_eq!(def.paths["nib"], int(3, false));
        assert_eq!(def.paths["flag"], Type::Bool);
        assert_eq!(def.paths["kind"], Type::Enum("t".into(), "Kinds".into()));
        assert_eq!(def.paths["items.last"], int(8, false));
        assert_eq!(
            def.seq[8].size.as_ref().unwrap().ty(),
            Some(&int(32, false))
        );
        // A value instance's paths are its type's, as a seq field that inlines it reads them.
        assert_eq!(def.paths["n"], int(16, false));
    }

    #[test]
    fn a_type_error_names_its_yaml_path() {
        for (from, to, path, message) in [
            (
                "value: name + \"!\"",
                "value: name + 1",
                "/instances/label/value",
                "`+` of a string and an integer literal",
            ),
            (
                "size: n, encoding",
                "size: name, encoding",
                "/seq/5/size",
                "a string where an integer is needed",
            ),
            (
                "if: flag}",
                "if: n}",
                "/seq/6/if",
                "a 16-bit integer where a boolean is needed",
            ),
            (
                "value: items.last",
                "value: last + 1",
                "/instances/last/value",
                "value instance `last` refers to itself",
            ),
        ] {
            let ksy = KSY.replacen(from, to, 1);
            assert_ne!(ksy, KSY, "{from}");
            let err = load("bad", &ksy).unwrap_err();
            assert_eq!(err.yaml_path, path, "{err}");
            assert!(err.message.ends_with(message), "{err}");
        }
    }

    #[test]
    fn inside_its_own_value_an_instance_name_is_the_param() {
        // As `ieee754_float` of Kaitai's gallery writes it.
        let ksy = "meta: {id: f}\nparams:\n  - {id: fraction, type: u8}\ninstances:\n  fraction:\n    value: fraction * 1. / 8\n";
        let schemas = load("param", ksy).unwrap();
        let inst = &schemas.files["f"].types[0].instances[0];
        assert_eq!(inst.value.ty(), Some(&Type::Float));
    }

    #[test]
    fn an_instance_named_by_many_is_typed_once() {
        // Typed again at each use, the last of 64 instances that each name the one before
        // twice would take 2^64 steps.
        let mut ksy = String::from("meta: {id: m}\nseq:\n  - {id: a0, type: u1}\ninstances:\n");
        for i in 1..=64 {
            ksy += &format!("  a{i}:\n    value: a{} + a{}\n", i - 1, i - 1);
        }
        let schemas = load("many", &ksy).unwrap();
        let last = &schemas.files["m"].types[0].instances[63];
        assert_eq!(last.value.ty(), Some(&int(8, false)));
    }

    #[test]
    fn a_recursive_structure_is_typed_once_per_member() {
        // `next.total` is met again while `total` is typed: left untyped, not typed forever.
        let ksy = "meta: {id: r}\nseq:\n  - {id: v, type: u1}\n  - {id: more, type: u1}\n  - {id: next, type: r, if: more != 0}\ninstances:\n  total:\n    value: 'more != 0 ? next.total + v : v'\n  twice:\n    value: next.v * 2\n";
        let schemas = load("rec", ksy).unwrap();
        let def = &schemas.files["r"].types[0];
        let ty = |id: &str| instance_ty(def, id);
        assert_eq!(ty("twice"), Some(&int(8, false)));
        assert_eq!(ty("total"), None);
    }

    #[test]
    fn byte_literals_switches_sizeof_and_parent_members_are_typed() {
        let ksy = "meta: {id: w, endian: le}\nseq:\n  - {id: code, type: u1}\n  - {id: len, type: {switch-on: code, cases: {1: u1, 2: u2}}}\n  - {id: label, type: strz, encoding: ASCII}\n  - {id: kid, type: kid}\ninstances:\n  magic:\n    value: '[0x41, 0xff]'\n  wide:\n    value: '[0x41, 256]'\n  twice:\n    value: len * 2\n  whole:\n    value: _sizeof\ntypes:\n  kid:\n    seq:\n      - {id: k, type: u1}\n    instances:\n      up:\n        value: _parent.label\n";
        let schemas = load("more", ksy).unwrap();
        let types = &schemas.files["w"].types;
        let ty = |id: &str| instance_ty(&types[0], id);
        assert_eq!(ty("magic"), Some(&Type::Bytes));
        assert_eq!(ty("wide"), Some(&Type::List(Box::new(Type::Literal))));
        // The widest of the switch's integer cases.
        assert_eq!(ty("twice"), Some(&int(16, false)));
        assert_eq!(ty("whole"), Some(&Type::Literal));
        assert_eq!(instance_ty(&types[1], "up"), Some(&Type::Str));
    }

    #[test]
    fn parent_and_root_paths_are_typed_through_the_nav_walk() {
        let ksy = "meta: {id: p}\nseq:\n  - {id: len, type: u4le}\n  - {id: kid, type: child}\ntypes:\n  child:\n    seq:\n      - {id: body, size: _parent.len}\n      - {id: tail, size: _root.len}\n";
        let schemas = load("nav", ksy).unwrap();
        let child = &schemas.files["p"].types[1];
        assert_eq!(child.paths["_parent.len"], int(32, false));
        assert_eq!(child.paths["_root.len"], int(32, false));
    }
}
