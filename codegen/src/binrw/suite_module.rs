//! A Kaitai suite test's module: the schema's module, the modules of the schemas and opaque
//! types it imports nested in it, and its `run` function, one syn tree printed once.

use std::path::Path;

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::super::emit;
use super::super::schema::{Schemas, TypeDef};
use super::super::tokens::{ident, mentions};
use super::{Check, Cx};
use crate::SchemaError;

/// The custom `process` routines of Kaitai's suite (`suite_processors.rs`), by the names its
/// schemas give them, as a module `ks_processors` inside the test's module.
const PROCESSORS: [(&str, &str); 3] = [
    ("my_custom_fx", "self::ks_processors::MyCustomFx"),
    ("custom_fx_no_args", "self::ks_processors::CustomFxNoArgs"),
    (
        "nested.deeply.custom_fx",
        "self::ks_processors::nested::deeply::CustomFx",
    ),
];

/// The settings the suite generates with: the defaults and its custom routines.
fn settings() -> super::super::Settings {
    let mut settings = super::super::Settings::default();
    for (name, path) in PROCESSORS {
        settings.processors.insert(name.into(), path.into());
    }
    settings
}

/// Whether `ksy` sets `meta/ks-debug: true`.
fn debug_mode(ksy: &Path) -> bool {
    let text = std::fs::read_to_string(ksy).unwrap_or_default();
    serde_yaml::from_str::<serde_yaml::Value>(&text)
        .ok()
        .and_then(|doc| doc.get("meta")?.get("ks-debug")?.as_bool())
        == Some(true)
}

/// The schemas of the opaque types `schemas` uses (`meta/ks-opaque-types`) that the suite has
/// beside `ksy` (`hello_world` is `formats/hello_world.ksy`), by type name: the test generates
/// each as a module of its own and names its top-level type as the opaque type.
fn opaque_schemas(
    ksy: &Path,
    schemas: &Schemas,
    import_dirs: &[std::path::PathBuf],
) -> Result<Vec<(String, Schemas)>, SchemaError> {
    let mut out = Vec::new();
    for (_, _, name) in super::super::opaque::missing(schemas) {
        let path = ksy.with_file_name(format!("{name}.ksy"));
        if path.exists() && !out.iter().any(|(n, _)| *n == name) {
            out.push((name, Schemas::load_with_imports(&path, import_dirs)?));
        }
    }
    Ok(out)
}

/// The module of `ksy` with a `run` function checking `checks` (see the module docs); absolute
/// imports are looked up in `import_dirs`.
pub fn generate_test(
    ksy: &Path,
    import_dirs: &[std::path::PathBuf],
    checks: &[Check],
) -> Result<String, SchemaError> {
    let mut schemas = Schemas::load_with_imports(ksy, import_dirs)?;
    let opaque = opaque_schemas(ksy, &schemas, import_dirs)?;
    let mut settings = settings();
    for (name, generated) in &opaque {
        if let Some(t) = generated.files.values().find_map(|f| f.types.first()) {
            let path = format!("self::{name}::{}", t.rust_name);
            settings.opaque_types.insert(name.clone(), path);
        }
    }
    super::super::opaque::register(&mut schemas, &settings.opaque_types)?;
    let (id, file) = schemas
        .files
        .iter()
        .find(|(_, f)| f.path == ksy)
        .ok_or_else(|| SchemaError {
            file: ksy.to_path_buf(),
            yaml_path: String::new(),
            message: "no schema".into(),
        })?;
    let cx = Cx {
        schemas: &schemas,
        file: id,
        path: ksy,
        opaque: &opaque,
    };
    let root = file
        .types
        .first()
        .filter(|t| t.yaml_path.is_empty() && t.params.is_empty())
        .ok_or_else(|| cx.refuse("the schema has no top-level type without params"))?;
    let (header, mut test) = emit::module_tree(&schemas, id, &in_module(&settings, "self"))?;
    if mentions(&test.to_token_stream(), "ks_processors") {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/binrw/suite_processors.rs");
        test.items
            .push(syn::parse_quote!(#[path = #path] mod ks_processors;));
    }
    // Imported schemas are modules inside the test's, siblings of each other; the test's own
    // module is visible to them under its id too.
    if schemas.files.len() > 1 {
        let id = ident(id);
        test.items
            .push(syn::parse_quote!(pub mod #id { pub use super::*; }));
    }
    let inner = in_module(&settings, "super");
    for other in schemas.files.keys().filter(|k| *k != id) {
        let (_, module) = emit::module_tree(&schemas, other, &inner)?;
        test.items.push(nested(other, module));
    }
    for (name, generated) in &opaque {
        let (_, module) = emit::module_tree(generated, name, &inner)?;
        test.items.push(nested(name, module));
    }
    let mut body = TokenStream::new();
    let mut exception = None;
    for check in checks {
        match check {
            Check::Assert(actual, expected) => body.extend(cx.assert(actual, expected, root)?),
            Check::Raises(actual, kind) => body.extend(cx.raises(actual, kind, root)?),
            Check::Exception(kind) => exception = Some(kind.as_str()),
        }
    }
    let run = run_fn(&cx, ksy, root, body, exception)?;
    test.items.push(syn::parse_quote!(#run));
    Ok(super::super::pretty::print(&header, test))
}

/// `settings` for a module that names the other schemas' modules from `root` (`self` for the
/// test's module, which holds them, `super` for theirs).
fn in_module(settings: &super::super::Settings, root: &str) -> super::super::Settings {
    super::super::Settings {
        module_root: root.into(),
        ..settings.clone()
    }
}

/// `module` as the module `name` inside the test's.
fn nested(name: &str, module: syn::File) -> syn::Item {
    let (name, items) = (ident(name), module.items);
    syn::parse_quote!(pub mod #name { #(#items)* })
}

/// The `run` function: reads `data` as `root`, runs the checks `body` and writes the value
/// back, or expects the read to fail with Kaitai's `exception`.
fn run_fn(
    cx: &Cx,
    ksy: &Path,
    root: &TypeDef,
    body: TokenStream,
    exception: Option<&str>,
) -> Result<TokenStream, SchemaError> {
    let root = ident(&root.rust_name);
    // Kaitai's debug mode (`meta/ks-debug`) keeps the part of an object read before an error,
    // and its tests assert on that part; a binrw reader returns the error instead (with the
    // field path and offset), so such a test is reported skipped, naming the error.
    let read_error = match debug_mode(ksy) {
        true => {
            "skipped: meta/ks-debug keeps the part read before an error, a binrw reader returns the error"
        }
        false => "read",
    };
    let tail = match exception {
        None => {
            let read_error = format!("{read_error}: {{e}}");
            quote! {
                let r = #root::read_le(&mut cursor).map_err(|e| format!(#read_error))?;
                let end = usize::try_from(cursor.position()).map_err(|e| e.to_string())?;
                #body
                let mut out = std::io::Cursor::new(Vec::new());
                r.write_le(&mut out).map_err(|e| format!("write: {e}"))?;
                let out = out.into_inner();
                match out.iter().zip(&data[..end]).position(|(a, b)| a != b) {
                    Some(i) => Err(format!("write-back differs at offset {i}")),
                    None if out.len() != end => Err(format!("wrote {} bytes, read {end}", out.len())),
                    None => Ok(()),
                }
            }
        }
        Some(kind) => {
            let pattern = match kind {
                "EndOfStreamError" => quote!(e if ks_eof(e)),
                // A calculated byte order without a matching case fails its `assert`.
                k if k.starts_with("Validation") || k == "UndecidedEndiannessError" => {
                    quote!(binrw::Error::AssertFail { .. } | binrw::Error::BadMagic { .. })
                }
                k => return Err(cx.refuse(format!("kst exception {k}"))),
            };
            let succeeded = format!("read succeeded where {kind} was expected");
            let other = format!("expected {kind}, got {{other}}");
            quote! {
                match #root::read_le(&mut cursor) {
                    Ok(_) => Err(#succeeded.into()),
                    Err(e) => match e.root_cause() {
                        #pattern => Ok(()),
                        other => Err(format!(#other)),
                    },
                }
            }
        }
    };
    Ok(quote! {
        /// Reads `data`, checks the test's assertions, writes the value back and compares the bytes.
        /// (Little endian is only the default: types with a `meta/endian` fix their own.)
        pub fn run(data: &[u8]) -> Result<(), String> {
            use binrw::{BinRead, BinWrite};
            fn check(ok: bool, what: &str) -> Result<(), String> {
                if ok { Ok(()) } else { Err(format!("assertion failed: {what}")) }
            }
            /// An end of stream, also inside the variant a switch enum selected (the other variants
            /// failed their `pre_assert`).
            #[allow(dead_code)]
            fn ks_eof(e: &binrw::Error) -> bool {
                match e.root_cause() {
                    binrw::Error::Io(io) => io.kind() == std::io::ErrorKind::UnexpectedEof,
                    binrw::Error::EnumErrors { variant_errors, .. } => variant_errors.iter().any(|(_, e)| ks_eof(e)),
                    _ => false,
                }
            }
            let mut cursor = std::io::Cursor::new(data);
            #tail
        }
    })
}
