//! The binrw backend: a folder of .ksy schemas that use the `-savepoint-*` extension keys (see
//! `formats/freerct/schema/README.md`) to one Rust module per schema of plain `#[binrw]` types,
//! with schema-derive attributes (`#[pattern]`, `#[versioned]`, `#[since]`/`#[until]`,
//! `#[with_version]`) where a schema uses FreeRCT-style patterns or version-gated fields.
//!
//! It covers the subset of Kaitai that maps one-to-one onto binrw directives (with the
//! support code of `savepoint-runtime`), and refuses anything else with the file, the YAML path
//! and the construct.
//! The output is meant to be checked in: [`check_fresh`] compares it with the files on disk.

mod bits;
mod custom_process;
mod described;
mod emit;
pub(super) mod enum_ahead;
mod expr;
mod frames;
mod io;
mod lifted_if;
mod list_size;
mod named;
mod named_versions;
mod nav_value;
pub(super) mod one_of;
mod opaque;
mod parent;
mod pos;
mod pretty;
mod process;
mod recursion;
mod repeat;
mod root_const;
mod root_io;
mod root_param;
mod schema;
mod struct_params;
pub mod suite;
#[cfg(test)]
mod suite_processors;
mod tokens;
mod type_size;
mod until_inst;
mod valid;
mod value;
mod version_param;
mod writer_params;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::SchemaError;

pub use schema::Schemas;

/// One generated module: its name (the schema's `meta/id`) and Rust source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Module {
    /// Module name, also the schema file's stem.
    pub name: String,
    /// The formatted Rust source.
    pub source: String,
}

/// What the generated code derives and how it names the crates and modules it refers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// Derive `serde::Serialize` and `serde::Deserialize` (the crate then needs `serde`).
    pub serde: bool,
    /// The path of the `savepoint-runtime` crate as the generated code sees it
    /// (`savepoint_runtime`, or e.g. `::my_crate::runtime` for a re-export).
    pub runtime_path: String,
    /// The module under which the generated modules are declared, by their `meta/id`: other
    /// schemas' types are imported as `<module_root>::<id>::Type`.
    pub module_root: String,
    /// Custom `process` routines: the name a schema gives (`my_custom_fx`) to the Rust path of
    /// the type that implements it (see `custom_process.rs`).
    pub processors: BTreeMap<String, String>,
    /// Opaque external types of schemas with `meta/ks-opaque-types: true`: the type name a
    /// schema uses to the Rust path of the user's type (see `opaque.rs`).
    pub opaque_types: BTreeMap<String, String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            serde: true,
            runtime_path: "savepoint_runtime".into(),
            module_root: "crate".into(),
            processors: BTreeMap::new(),
            opaque_types: BTreeMap::new(),
        }
    }
}

impl Settings {
    /// The path a module imports as `savepoint_runtime` (the name the generated code calls),
    /// or `None` when that is the crate itself.
    fn runtime_alias(&self) -> Option<&str> {
        let path = self.runtime_path.trim();
        (path.trim_start_matches("::") != "savepoint_runtime").then_some(path)
    }
}

/// Generates the modules named in `modules` from the schemas `schema_dir/<name>.ksy` (and the
/// schemas they import), with the default [`Settings`], as [`crate::Builder::generate`] does.
pub fn generate(schema_dir: &Path, modules: &[&str]) -> Result<Vec<Module>, SchemaError> {
    let paths: Vec<PathBuf> = modules
        .iter()
        .map(|name| schema_dir.join(format!("{name}.ksy")))
        .collect();
    generate_files(&paths, &[], &Settings::default()).map(|(modules, _)| modules)
}

/// Loads `paths` (with their imports) and generates one module per file of `paths`.
pub(crate) fn generate_files(
    paths: &[PathBuf],
    import_dirs: &[PathBuf],
    settings: &Settings,
) -> Result<(Vec<Module>, Schemas), SchemaError> {
    let mut schemas = Schemas::load_all(paths, import_dirs)?;
    opaque::register(&mut schemas, &settings.opaque_types)?;
    let modules = paths
        .iter()
        .map(|path| {
            let wanted = path.canonicalize().ok();
            let file = schemas
                .files
                .values()
                .find(|f| f.path == *path || f.path.canonicalize().ok() == wanted);
            let name = file.map(|f| f.id.clone()).ok_or_else(|| SchemaError {
                file: path.clone(),
                yaml_path: String::new(),
                message: "this schema was listed but not loaded".into(),
            })?;
            let source = emit::module(&schemas, &name, settings)?;
            Ok(Module { name, source })
        })
        .collect::<Result<_, SchemaError>>()?;
    Ok((modules, schemas))
}

/// The path of a module's checked-in file in `out_dir`.
pub fn module_path(out_dir: &Path, module: &Module) -> PathBuf {
    out_dir.join(format!("{}.rs", module.name))
}

/// Writes the modules into `out_dir`, only those whose content changed.
pub fn write(out_dir: &Path, modules: &[Module]) -> std::io::Result<()> {
    std::fs::create_dir_all(out_dir)?;
    for module in modules {
        let path = module_path(out_dir, module);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(module.source.as_str()) {
            std::fs::write(path, &module.source)?;
        }
    }
    Ok(())
}

/// The modules whose checked-in file in `out_dir` is missing or differs from `modules`.
pub fn check_fresh(out_dir: &Path, modules: &[Module]) -> Vec<PathBuf> {
    modules
        .iter()
        .map(|m| (module_path(out_dir, m), m))
        .filter(|(path, m)| {
            std::fs::read_to_string(path).ok().as_deref() != Some(m.source.as_str())
        })
        .map(|(path, _)| path)
        .collect()
}

/// Test helper: writes `files` into a fresh folder and generates module `name` from it.
#[cfg(test)]
pub(crate) fn generate_from(
    tag: &str,
    files: &[(&str, &str)],
    name: &str,
) -> Result<Module, SchemaError> {
    let dir = std::env::temp_dir().join(format!("savepoint-binrw-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    let out = generate(&dir, &[name]).map(|mut m| m.remove(0));
    let _ = std::fs::remove_dir_all(&dir);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PATTERN: &str = "meta: {id: blk, endian: le}\n-savepoint-namespace: true\ntypes:\n  block:\n    -savepoint-pattern: {tag: BLCK, newest: 2}\n    seq:\n      - {id: opening_tag, contents: BLCK}\n      - {id: version, type: u4, valid: {min: 1, max: 2}}\n      - {id: size, type: u2, doc: Size.}\n      - {id: extra, type: u4, -savepoint-since: 2, if: version >= 2, doc: Extra.}\n      - {id: closing_tag, contents: KCLB}\n";

    #[test]
    fn pattern_with_a_gated_field() {
        let m = generate_from("ok", &[("blk.ksy", PATTERN)], "blk").unwrap();
        assert!(
            m.source.contains("#[pattern(tag = b\"BLCK\", newest = 2)]"),
            "{}",
            m.source
        );
        assert!(
            m.source
                .contains("    #[since(2)]\n    pub extra: Option<u32>,"),
            "{}",
            m.source
        );
        assert!(!m.source.contains("opening_tag"), "{}", m.source);
    }

    #[test]
    fn writer_mirrors_the_reader_checks() {
        let checked = PATTERN
            .replace(
                "type: u2, doc: Size.",
                "type: u1, valid: {any-of: [0, 4]}, doc: Size.",
            )
            .replace("-savepoint-since: 2, if: version >= 2,", "if: size == 4,");
        let m = generate_from("checks", &[("blk.ksy", &checked)], "blk").unwrap();
        for expected in [
            "#[br(assert(matches!(size, 0 | 4), \"invalid Block.size {}\", size))]",
            "matches!(*size, 0 | 4),\n",
            "savepoint_runtime::binrw_error::FieldError::new(\"Block.size\", format!(\"invalid Block.size {}\", size))",
            "extra.is_some() == (*size == 4)",
            "FieldError::new(\"Block.extra\", \"Block.extra must be present exactly when size == 4\")",
        ] {
            assert!(m.source.contains(expected), "{expected}:\n{}", m.source);
        }
    }

    #[test]
    fn max_depth_bounds_reader_writer_and_serde_by_name() {
        let tree = "meta: {id: tree, endian: le}\n-savepoint-namespace: true\ntypes:\n  node:\n    -savepoint-max-depth: 3\n    -savepoint-max-depth-const: MAX_NODE_DEPTH\n    seq:\n      - {id: count, type: u1, -savepoint-count-of: kids}\n      - {id: kids, type: child, repeat: expr, repeat-expr: count}\n  child:\n    -savepoint-enum: {name: Child, tag: kind, variants: {0: Node}}\n    seq:\n      - {id: kind, type: u1, valid: {any-of: [0]}}\n      - {id: body, type: {switch-on: kind, cases: {0: node}}}\n";
        let m = generate_from("tree", &[("tree.ksy", tree)], "tree").unwrap();
        for expected in [
            "pub const MAX_NODE_DEPTH: u32 = 3;",
            "depth < MAX_NODE_DEPTH",
            "#[bw(write_with = write_node_kids)]",
            "serialize_with = \"ser_node_kids\", deserialize_with = \"de_node_kids\"",
            "DepthGuard::enter(&NODE_DEPTH, MAX_NODE_DEPTH)",
        ] {
            assert!(m.source.contains(expected), "{expected}:\n{}", m.source);
        }
    }

    #[test]
    fn bit_fields_share_a_cursor_and_keep_their_pad() {
        let bits = "meta: {id: bits, bit-endian: le}\nseq:\n  - {id: flag, type: b1}\n  - {id: kind, type: b3, enum: kind}\n  - {id: byte, type: u1}\n  - {id: wide, type: b12be}\nenums:\n  kind: {0: none, 5: five}\n";
        let m = generate_from("bits", &[("bits.ksy", bits)], "bits").unwrap();
        for expected in [
            "#[br(temp)]",
            "_bits0: KsBits,",
            "pub flag: bool,",
            "args_raw = (&_bits0, 3, false)",
            "pub kind: Kind,",
            "pub _bit_pad0: u8,\n    pub byte: u8,",
            "args_raw = (&_bits1, 12, true, \"Bits.wide\")",
            "pub _bit_pad1: u8,",
            "impl KsBitValue for Kind",
        ] {
            assert!(m.source.contains(expected), "{expected}:\n{}", m.source);
        }
        let checked = bits.replace("type: b1}", "type: b1, valid: 1}");
        let err = generate_from("bits-valid", &[("bits.ksy", &checked)], "bits").unwrap_err();
        assert_eq!(err.yaml_path, "/seq/0");
        let order = bits.replace("bit-endian: le", "bit-endian: middle");
        let err = generate_from("bits-order", &[("bits.ksy", &order)], "bits").unwrap_err();
        assert_eq!(err.yaml_path, "/meta/bit-endian");
    }

    #[test]
    fn errors_name_file_yaml_path_and_construct() {
        let gate = PATTERN.replace("if: version >= 2", "if: version >= 3");
        let err = generate_from("gate", &[("blk.ksy", &gate)], "blk").unwrap_err();
        assert!(err.file.ends_with("blk.ksy"), "{err}");
        assert_eq!(err.yaml_path, "/types/block/seq/3");
        assert!(err.message.contains("if: version >= 2"), "{err}");

        let until = PATTERN.replace("type: u2, doc: Size.", "type: u2, repeat: until");
        let err = generate_from("until", &[("blk.ksy", &until)], "blk").unwrap_err();
        assert_eq!(err.yaml_path, "/types/block/seq/2/repeat-until");
        assert!(err.message.contains("repeat-until"), "{err}");

        let unknown = PATTERN.replace("type: u2, doc: Size.", "type: u2, repeat: forever");
        let err = generate_from("forever", &[("blk.ksy", &unknown)], "blk").unwrap_err();
        assert_eq!(err.yaml_path, "/types/block/seq/2/repeat");
        assert!(err.message.contains("repeat: forever"), "{err}");

        // A literal `if: false` is kept (a field never read), not dropped: it disagrees with
        // the version gate.
        let literal = PATTERN.replace("if: version >= 2", "if: false");
        let err = generate_from("literal", &[("blk.ksy", &literal)], "blk").unwrap_err();
        assert_eq!(err.yaml_path, "/types/block/seq/3");

        let typo = PATTERN.replace("-savepoint-since: 2,", "-savepoint-snce: 2,");
        let err = generate_from("typo", &[("blk.ksy", &typo)], "blk").unwrap_err();
        assert_eq!(err.yaml_path, "/types/block/seq/3/-savepoint-snce");
    }
}
