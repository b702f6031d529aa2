//! [`Builder`]: .ksy schemas to `#[binrw]` modules from a build script (or any program), the
//! way `prost-build` and `capnpc` compile their schemas. `savepoint-codegen generate` goes
//! through it too.
//!
//! ```no_run
//! // build.rs
//! fn main() -> Result<(), savepoint_codegen::BuildError> {
//!     savepoint_codegen::Builder::new()
//!         .schema("schema/archive.ksy")
//!         .import_dir("schema/common")
//!         .compile()?;
//!     Ok(())
//! }
//! ```

use std::path::PathBuf;

use crate::SchemaError;
use crate::binrw::{self, Module, Settings};

/// Generates one Rust module of `#[binrw]` types per listed schema (see the crate README,
/// "From a build script").
#[derive(Debug, Clone, Default)]
pub struct Builder {
    schemas: Vec<PathBuf>,
    import_dirs: Vec<PathBuf>,
    settings: Settings,
    out_dir: Option<PathBuf>,
    cargo_metadata: Option<bool>,
}

/// What [`Builder::generate`] produced.
#[derive(Debug, Clone)]
pub struct Generated {
    /// One module per listed schema, in the order they were listed.
    pub modules: Vec<Module>,
    /// Every schema file read: the listed ones and all they import.
    pub inputs: Vec<PathBuf>,
}

/// Why [`Builder::compile`] or [`Builder::generate`] failed.
#[derive(Debug)]
pub enum BuildError {
    /// A schema is invalid or uses a construct the generator does not support: the error names
    /// the schema file, the YAML path and the construct.
    Schema(SchemaError),
    /// An output file could not be written.
    Write {
        /// The file or folder.
        path: PathBuf,
        /// The I/O error.
        error: std::io::Error,
    },
    /// No output folder: neither [`Builder::out_dir`] nor the `OUT_DIR` variable cargo gives
    /// build scripts.
    NoOutDir,
    /// A setting is not a Rust path.
    Setting {
        /// The builder method.
        name: &'static str,
        /// The value given.
        value: String,
    },
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::Schema(e) => e.fmt(f),
            BuildError::Write { path, error } => write!(f, "{}: {error}", path.display()),
            BuildError::NoOutDir => {
                f.write_str("no output folder: call Builder::out_dir or run from a build script")
            }
            BuildError::Setting { name, value } => {
                write!(f, "Builder::{name}: `{value}` is not a Rust path")
            }
        }
    }
}

impl std::error::Error for BuildError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BuildError::Schema(e) => Some(e),
            BuildError::Write { error, .. } => Some(error),
            BuildError::NoOutDir | BuildError::Setting { .. } => None,
        }
    }
}

impl From<SchemaError> for BuildError {
    fn from(e: SchemaError) -> Self {
        BuildError::Schema(e)
    }
}

impl Builder {
    /// A builder with no schemas, serde derives on, the runtime at `savepoint_runtime`, the
    /// modules at the crate root and the output in `OUT_DIR`.
    pub fn new() -> Self {
        Self::default()
    }

    /// Generates a module for `path` (named by its `meta/id`). Schemas it imports are read for
    /// their types but get no module unless they are listed too.
    pub fn schema(mut self, path: impl Into<PathBuf>) -> Self {
        self.schemas.push(path.into());
        self
    }

    /// [`Builder::schema`] for each of `paths`.
    pub fn schemas<P: Into<PathBuf>>(mut self, paths: impl IntoIterator<Item = P>) -> Self {
        self.schemas.extend(paths.into_iter().map(Into::into));
        self
    }

    /// Adds a folder where absolute imports (`/common/riff`) are looked up, in the order added;
    /// relative imports are found beside the importing schema.
    pub fn import_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.import_dirs.push(dir.into());
        self
    }

    /// [`Builder::import_dir`] for each of `dirs`.
    pub fn import_dirs<P: Into<PathBuf>>(mut self, dirs: impl IntoIterator<Item = P>) -> Self {
        self.import_dirs.extend(dirs.into_iter().map(Into::into));
        self
    }

    /// Whether the types derive `serde::Serialize` and `Deserialize` (default `true`; the crate
    /// then needs `serde` with its `derive` feature).
    pub fn serde(mut self, derive: bool) -> Self {
        self.settings.serde = derive;
        self
    }

    /// The path of the `savepoint-runtime` crate in the generated code (default
    /// `savepoint_runtime`), e.g. `::my_crate::runtime` when a crate re-exports it.
    pub fn runtime_path(mut self, path: impl Into<String>) -> Self {
        self.settings.runtime_path = path.into();
        self
    }

    /// The module the generated modules are declared in (default `crate`: `mod <id>` at the
    /// crate root); one schema's module imports another's types as `<root>::<id>::Type`.
    pub fn module_root(mut self, path: impl Into<String>) -> Self {
        self.settings.module_root = path.into();
        self
    }

    /// The Rust type of the custom `process` routine `name` (as the schema writes it, e.g.
    /// `my_custom_fx` or `nested.deeply.custom_fx`): a type implementing
    /// `savepoint_runtime::custom_process::KsCustomProcess` with a `new` constructor that takes
    /// the schema's arguments, e.g. `crate::fx::MyCustomFx`. A schema naming a routine no call
    /// gave is refused.
    pub fn processor(mut self, name: impl Into<String>, path: impl Into<String>) -> Self {
        self.settings.processors.insert(name.into(), path.into());
        self
    }

    /// The Rust type of the opaque external type `name` (a type a schema with
    /// `meta/ks-opaque-types: true` uses but no schema declares), e.g.
    /// `crate::hello::HelloWorld`: it implements `BinRead` and `BinWrite` with `()` arguments
    /// and derives what the generated types derive. A schema using a name no call gave is
    /// refused.
    pub fn opaque_type(mut self, name: impl Into<String>, path: impl Into<String>) -> Self {
        self.settings.opaque_types.insert(name.into(), path.into());
        self
    }

    /// The folder the modules are written to (default: the `OUT_DIR` of a build script).
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.out_dir = Some(dir.into());
        self
    }

    /// Whether [`Builder::compile`] prints `cargo:rerun-if-changed` for every schema it reads
    /// (default: when run from a build script, i.e. cargo set `OUT_DIR` and `TARGET`).
    pub fn cargo_metadata(mut self, print: bool) -> Self {
        self.cargo_metadata = Some(print);
        self
    }

    /// Generates the modules in memory.
    pub fn generate(&self) -> Result<Generated, BuildError> {
        let processors = self.settings.processors.values().map(|p| ("processor", p));
        let opaque = self
            .settings
            .opaque_types
            .values()
            .map(|p| ("opaque_type", p));
        for (name, value) in [
            ("runtime_path", &self.settings.runtime_path),
            ("module_root", &self.settings.module_root),
        ]
        .into_iter()
        .chain(processors)
        .chain(opaque)
        {
            if syn::parse_str::<syn::Path>(value).is_err() {
                return Err(BuildError::Setting {
                    name,
                    value: value.clone(),
                });
            }
        }
        let (modules, schemas) =
            binrw::generate_files(&self.schemas, &self.import_dirs, &self.settings)?;
        let inputs = schemas.files.into_values().map(|f| f.path).collect();
        Ok(Generated { modules, inputs })
    }

    /// Generates the modules and writes each as `<out_dir>/<meta id>.rs` (only files whose
    /// content changed, so cargo does not rebuild for nothing). From a build script, include
    /// one with `include!(concat!(env!("OUT_DIR"), "/<meta id>.rs"))`.
    pub fn compile(&self) -> Result<Generated, BuildError> {
        let out_dir = match &self.out_dir {
            Some(dir) => dir.clone(),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or(BuildError::NoOutDir)?,
        };
        let generated = self.generate()?;
        if self.cargo_metadata.unwrap_or_else(in_build_script) {
            for path in &generated.inputs {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
        binrw::write(&out_dir, &generated.modules).map_err(|error| BuildError::Write {
            path: out_dir.clone(),
            error,
        })?;
        Ok(generated)
    }
}

/// Whether cargo runs this program as a build script (it sets `TARGET` for build scripts only).
fn in_build_script() -> bool {
    std::env::var_os("OUT_DIR").is_some() && std::env::var_os("TARGET").is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAIN: &str = "meta: {id: main, endian: le, imports: [/lib/item]}\nseq:\n  - {id: count, type: u1, valid: {max: 9}}\n  - {id: name, type: str, size: count, encoding: UTF-8}\n  - {id: items, type: item, repeat: expr, repeat-expr: count}\n";
    const ITEM: &str = "meta: {id: item, endian: le}\nseq:\n  - {id: value, type: u2}\n";

    /// A fresh folder holding `main.ksy` and `lib/item.ksy`.
    fn schemas(tag: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("savepoint-build-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("lib")).unwrap();
        std::fs::write(dir.join("main.ksy"), MAIN).unwrap();
        std::fs::write(dir.join("lib/item.ksy"), ITEM).unwrap();
        dir
    }

    #[test]
    fn defaults_derive_serde_and_call_the_runtime_crate() {
        let dir = schemas("defaults");
        let g = Builder::new()
            .schema(dir.join("main.ksy"))
            .import_dir(&dir)
            .generate()
            .unwrap();
        let names: Vec<&str> = g.modules.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["main"]);
        let src = &g.modules[0].source;
        assert!(src.contains("use crate::item::Item;"), "{src}");
        assert!(
            src.contains("use serde::{Deserialize, Serialize};"),
            "{src}"
        );
        assert!(
            src.contains("savepoint_runtime::binrw_error::FieldError"),
            "{src}"
        );
        assert!(!src.contains(" as savepoint_runtime"), "{src}");
        let mut inputs = g.inputs.clone();
        inputs.sort();
        assert_eq!(inputs, [dir.join("lib/item.ksy"), dir.join("main.ksy")]);
    }

    #[test]
    fn serde_runtime_path_and_module_root_are_followed() {
        let dir = schemas("settings");
        let g = Builder::new()
            .schemas([dir.join("main.ksy"), dir.join("lib/item.ksy")])
            .import_dir(&dir)
            .serde(false)
            .runtime_path("::game::rt")
            .module_root("crate::formats")
            .generate()
            .unwrap();
        let src = &g.modules[0].source;
        assert!(
            src.contains("use ::game::rt as savepoint_runtime;"),
            "{src}"
        );
        assert!(src.contains("use crate::formats::item::Item;"), "{src}");
        for module in &g.modules {
            assert!(!module.source.contains("serde"), "{}", module.source);
            assert!(!module.source.contains("Serialize"), "{}", module.source);
        }
        // The string support types come from the runtime, through the alias.
        assert!(
            src.contains("use self::savepoint_runtime::frame::{KsFrame, KsStr};"),
            "{src}"
        );
        assert!(!src.contains("struct KsStr"), "{src}");
    }

    #[test]
    fn errors_name_the_schema_the_yaml_path_and_the_construct() {
        let dir = schemas("errors");
        std::fs::write(
            dir.join("lib/item.ksy"),
            ITEM.replace("u2}", "u2, repeat: forever}"),
        )
        .unwrap();
        let err = Builder::new()
            .schema(dir.join("main.ksy"))
            .import_dir(&dir)
            .generate()
            .unwrap_err();
        let BuildError::Schema(e) = &err else {
            panic!("{err}")
        };
        assert_eq!(e.file, dir.join("lib/item.ksy"));
        assert_eq!(e.yaml_path, "/seq/0/repeat");
        assert!(e.message.contains("repeat: forever"), "{err}");

        let err = Builder::new()
            .schema(dir.join("main.ksy"))
            .generate()
            .unwrap_err();
        assert!(
            err.to_string()
                .contains("absolute import `/lib/item` is in no import folder"),
            "{err}"
        );

        std::fs::write(
            dir.join("lib/item.ksy"),
            ITEM.replace("id: item", "id: main"),
        )
        .unwrap();
        let err = Builder::new()
            .schema(dir.join("main.ksy"))
            .import_dir(&dir)
            .generate()
            .unwrap_err();
        assert!(
            err.to_string().contains("meta/id `main` is also the id of"),
            "{err}"
        );

        let err = Builder::new()
            .runtime_path("not a path")
            .generate()
            .unwrap_err();
        assert!(
            matches!(
                err,
                BuildError::Setting {
                    name: "runtime_path",
                    ..
                }
            ),
            "{err}"
        );
    }

    const CUSTOM: &str = "meta: {id: custom, endian: le, ks-opaque-types: true}\nseq:\n  - {id: key, type: u1}\n  - {id: data, size: 2, process: 'my_fx(key, [1, 2])'}\n  - {id: other, type: ext_thing}\n";

    #[test]
    fn processors_and_opaque_types_are_the_rust_types_the_builder_names() {
        let dir = schemas("custom");
        let path = dir.join("custom.ksy");
        std::fs::write(&path, CUSTOM).unwrap();
        let builder = Builder::new().schema(&path);
        let g = builder
            .clone()
            .processor("my_fx", "crate::fx::MyFx")
            .opaque_type("ext_thing", "crate::ext::Thing")
            .generate()
            .unwrap();
        let src = &g.modules[0].source;
        for expected in [
            "KsProcess::custom(\"my_fx\", crate::fx::MyFx::new(key, &[0x01, 0x02][..]))",
            "KsProcess::custom(\"my_fx\", crate::fx::MyFx::new(*key, &[0x01, 0x02][..]))",
            "use crate::ext::Thing;",
            "pub other: Thing,",
        ] {
            assert!(src.contains(expected), "{expected}:\n{src}");
        }

        let err = builder
            .clone()
            .opaque_type("ext_thing", "crate::ext::Thing")
            .generate()
            .unwrap_err();
        let BuildError::Schema(e) = &err else {
            panic!("{err}")
        };
        assert_eq!(e.yaml_path, "/seq/1");
        assert!(e.message.contains("Builder::processor(\"my_fx\""), "{err}");

        let err = builder
            .clone()
            .processor("my_fx", "crate::fx::MyFx")
            .generate()
            .unwrap_err();
        let BuildError::Schema(e) = &err else {
            panic!("{err}")
        };
        assert_eq!(e.yaml_path, "/seq/2");
        assert!(
            e.message.contains("Builder::opaque_type(\"ext_thing\""),
            "{err}"
        );

        let err = builder
            .processor("my_fx", "not a path")
            .generate()
            .unwrap_err();
        assert!(
            matches!(
                err,
                BuildError::Setting {
                    name: "processor",
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn compile_writes_only_changed_modules() {
        let dir = schemas("compile");
        let out = dir.join("out");
        let builder = Builder::new()
            .schema(dir.join("main.ksy"))
            .import_dir(&dir)
            .out_dir(&out)
            .cargo_metadata(false);
        let g = builder.compile().unwrap();
        let file = out.join("main.rs");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), g.modules[0].source);
        std::fs::write(&file, "stale").unwrap();
        builder.compile().unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), g.modules[0].source);
        assert!(!out.join("item.rs").exists());
    }
}
