//! Value instances (`instances: {x: {value: EXPR}}`) as methods of the `#[binrw]` struct.
//!
//! The subset: integer and boolean literals, integer fields of the type (plain, stored, not
//! conditional or repeated), other value instances of the type, unary `-`, `~` and `not`, `+ - *`,
//! `/` and `%` by a positive literal (Kaitai's floor division and non-negative modulo),
//! `& | ^`, `>>` by a literal below 128, `<<`, comparisons, `and`, `or` and `? :`; strings: literals,
//! `str`/`strz` fields, `+`, comparisons, `.length` (characters) and an integer's `.to_s`. Integers are
//! computed as `i128` with checked arithmetic, so a method returns `Option<i128>` (or
//! `Option<bool>`) and `None` only when a value does not fit. Anything else is refused with
//! the construct, never approximated. A conditional field that is absent makes the value `None`
//! (undefined); an unconditional `pos` instance is read as the field it is; a user-type field
//! is a clone, and `.x` reaches its plain fields, `pos` instances and value instances. `_parent.x` and `_root.x` read what the reader recorded (see
//! `nav_value.rs`).
//!
//! An instance's type is the one the typing pass recorded for it (`schema/typing/`), mapped to
//! its Rust type in one place ([`Ty`] from `Tr::recorded`); a name of another instance reads
//! that type, so each instance is translated once, by its own method.

mod attrs;
mod cast;
mod names;
mod ops;
pub(super) mod seq_uses;
pub(super) mod sizes;
mod tr;

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::schema::{File, Instance, SwitchCase, TypeDef};
use super::tokens::{self, ident};
use crate::expr::{self, Expr};
use tr::Tr;

/// The type of a value instance.
#[derive(Debug, Clone, PartialEq)]
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
    /// `switch.rs`) and its cases.
    Switch(String, String, Vec<SwitchCase>),
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
    let inst = def
        .instances
        .iter()
        .find(|i| i.id == name)
        .ok_or_else(|| format!("no instance `{name}`"))?;
    Tr {
        def,
        file,
        imports,
        seq: None,
    }
    .instance(inst)
}

/// A value instance computed just before a seq field (see [`seq_value`]).
pub struct SeqValue {
    /// Its type.
    pub ty: Ty,
    /// The body of the closure computing it (an `Option<T>` block).
    pub body: TokenStream,
    /// The types and enums of other files it names (file `meta/id`, Rust name), to import.
    pub uses: Vec<(String, String)>,
}

/// The instance `inst` of `def` computed just before the seq field `field` on `side` (see
/// `seq_value.rs`).
pub fn seq_value(
    def: &TypeDef,
    file: &File,
    schemas: &super::Schemas,
    field: &super::schema::Field,
    inst: &Instance,
    side: super::expr::Side,
) -> Result<SeqValue, String> {
    seq_translated(def, file, schemas, field, side, |tr| tr.instance(inst))
}

/// The `if` of the seq field `field` of `def`, a boolean computed just before it on `side` as
/// a value instance would be (see `seq_uses::computed_if`).
pub fn seq_cond(
    def: &TypeDef,
    file: &File,
    schemas: &super::Schemas,
    field: &super::schema::Field,
    side: super::expr::Side,
) -> Result<SeqValue, String> {
    let cond = field.cond.as_ref().ok_or("the field has no `if`")?;
    seq_translated(def, file, schemas, field, side, |tr| {
        Ok((Ty::Bool, tr.expect(cond.tree(), &Ty::Bool)?))
    })
}

/// What `translate` gives with a translator of `def` whose names are the fields read before
/// `field` on `side`, with the enums of other files it names.
fn seq_translated(
    def: &TypeDef,
    file: &File,
    schemas: &super::Schemas,
    field: &super::schema::Field,
    side: super::expr::Side,
    translate: impl FnOnce(&mut Tr) -> Result<(Ty, TokenStream), String>,
) -> Result<SeqValue, String> {
    let before = def.seq.iter().take_while(|f| !std::ptr::eq(*f, field));
    let enums = std::cell::RefCell::new(Vec::new());
    let imports = Imports {
        schemas,
        enums: &enums,
    };
    let (ty, body) = translate(&mut Tr {
        def,
        file,
        imports: Some(imports),
        seq: Some(tr::SeqAt {
            side,
            before: before.map(|f| f.id.as_str()).collect(),
            depth: 0,
        }),
    })?;
    Ok(SeqValue {
        ty,
        body,
        uses: enums.into_inner(),
    })
}

/// Why a value instance that is a `switch-on` value (of no one case type) is refused.
const SWITCH_VALUE: &str = "a value instance that is a switch-on value is not supported by the binrw backend (cast it with `.as<type>`)";

impl Tr<'_> {
    /// The type and body of `inst`. The type is the one the typing pass recorded (see
    /// [`Tr::instance_ty`]), which the instances naming it read too, so no instance is
    /// translated for another's sake.
    fn instance(&mut self, inst: &Instance) -> Result<(Ty, TokenStream), String> {
        let parsed = inst.value.tree();
        let got = self.expr(parsed)?;
        let switch = matches!(got.0, Ty::Switch(..));
        let typed = self.instance_ty(inst).and_then(|ty| {
            let want = if inst.enum_name.is_some() {
                &Ty::Int
            } else {
                &ty
            };
            let body = self.coerce(parsed, got, want)?;
            Ok((ty, body))
        });
        let (ty, body) = match typed {
            Err(_) if switch => return Err(SWITCH_VALUE.into()),
            typed => typed?,
        };
        let body = match &inst.enum_name {
            Some(_) => {
                let en = ty.tokens();
                quote!(#en::from(#body))
            }
            None => body,
        };
        // `if:` makes the value undefined (`None`) when false.
        match &inst.cond {
            Some(cond) => {
                let c = self.expect(cond.tree(), &Ty::Bool)?;
                Ok((ty, quote!({ if !(#c) { return None; } #body })))
            }
            None => Ok((ty, body)),
        }
    }
}

/// The type of `def`'s param `id`, kept as a field (see `writer_params::keeps_param`), as value
/// instances see it.
pub fn param(def: &TypeDef, file: &File, id: &str, imports: Option<Imports>) -> Result<Ty, String> {
    let ty = &def.param(id).ok_or_else(|| format!("no param `{id}`"))?.ty;
    let tr = Tr {
        def,
        file,
        imports,
        seq: None,
    };
    tr.param(id, ty).map(|(ty, _)| ty)
}

/// Whether the Kaitai expression `e` names `name` (a param kept for value instances, see
/// `Module::stored_params`).
pub fn names(e: &expr::Source, name: &str) -> bool {
    e.tree().any(&|e| matches!(e, Expr::Name(n) if n == name))
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
    fn spells_bitwise_not_as_the_twos_complement() {
        // gettext_mo's `val_1 & ~mask` clears bit 31 of a u4.
        let file = load("  m:\n    value: a & ~0x8000\n");
        let (ty, body) = spelled(&file, "m");
        assert_eq!(ty, Ty::Int);
        assert_eq!(body, "(i128::from(self.a) & (!(32768i128)))");
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
        let file =
            load("  x:\n    value: a / b\n  y:\n    value: a.reverse\n  w:\n    value: a >> b\n");
        for name in ["x", "y", "w"] {
            assert!(
                instance(&file.types[0], &file, name, None).is_err(),
                "{name}"
            );
        }
    }

    #[test]
    fn an_instance_named_by_many_is_translated_once() {
        // Translated again at each use, the last of 30 instances that each name the one before
        // twice would take 2^30 translations and `generate` would not return; a name reads the
        // instance's recorded type instead.
        let mut ksy = String::from("meta: {id: c}\nseq:\n  - {id: i0, type: u1}\ninstances:\n");
        for i in 1..=30 {
            ksy += &format!("  i{i}:\n    value: i{} + i{}\n", i - 1, i - 1);
        }
        let source = crate::binrw::generate_from("value-chain", &[("c.ksy", &ksy)], "c")
            .unwrap()
            .source;
        let last = source.split("pub fn i30(&self)").nth(1).unwrap();
        let body = last.split("pub fn").next().unwrap();
        assert!(body.starts_with(" -> Option<i128>"), "{body}");
        assert_eq!(body.matches("self.i29()?").count(), 2, "{body}");
    }

    #[test]
    fn a_switch_of_one_case_type_is_that_type() {
        let ksy = "meta: {id: o}\nseq:\n  - {id: k, type: u1}\n  - {id: one, type: {switch-on: k, cases: {1: foo, 2: foo}}}\n  - {id: two, type: {switch-on: k, cases: {1: foo, 2: bar}}}\ninstances:\n  a:\n    value: one\n  b:\n    value: two\ntypes:\n  foo:\n    seq:\n      - {id: x, type: u1}\n  bar:\n    seq:\n      - {id: y, type: u1}\n";
        let schemas = crate::binrw::Schemas::load_file(&{
            let dir = std::env::temp_dir().join(format!(
                "savepoint-binrw-value-switch-{}",
                std::process::id()
            ));
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join("o.ksy");
            std::fs::write(&path, ksy).unwrap();
            path
        })
        .unwrap();
        let file = &schemas.files["o"];
        let (ty, body) = spelled(file, "a");
        assert_eq!(ty, Ty::User("o".into(), "foo".into(), "Foo".into()));
        // Without a `_` case the switch's enum also has a variant for "no case matched".
        assert_eq!(
            body,
            "match self.one.clone() { OOne::Foo(x) => x, _ => return None, }"
        );
        // Cases of two types have no one type: refused.
        let err = instance(&file.types[0], file, "b", None).unwrap_err();
        assert!(
            err.starts_with("a value instance that is a switch-on value"),
            "{err}"
        );
    }

    #[test]
    fn inlines_instances_of_earlier_fields_into_seq_sizes() {
        let file = load("  len2:\n    value: a - 2\n  late:\n    value: n.size\n");
        let def = &file.types[0];
        let (s, n) = (&def.seq[1], &def.seq[2]);
        let e = crate::binrw::expr::parse_size("len2 + 1").unwrap();
        let inlined = seq_uses::inline_seq_uses(def, s, &e, true).unwrap();
        assert_eq!(
            crate::binrw::tokens::source(&inlined.rust(crate::binrw::expr::Side::Read)),
            "(i128::from(a) - i128::from(2)) + 1"
        );
        // Outside a size `-` is refused; an instance of a later field cannot be inlined.
        assert!(seq_uses::inline_seq_uses(def, s, &e, false).is_err());
        let late = crate::binrw::expr::parse_size("late").unwrap();
        assert!(seq_uses::inline_seq_uses(def, n, &late, true).is_err());
    }
}
