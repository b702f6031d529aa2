//! A scratch crate that compiles generated modules (cached under a target folder), used by
//! `savepoint-codegen roundtrip` / `dump` and the `kaitai-suite` harness, and
//! [`binrw_modules`], the binrw backend's modules of one schema and its imports for such a
//! crate.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds `main.rs` (after the `mod` lines) from the modules that compile.
pub type MainSource = Box<dyn Fn(&[String]) -> String>;

/// A scratch crate: modules by name and a `main.rs`.
pub struct Scratch {
    /// The crate folder.
    pub dir: PathBuf,
    /// Cargo target folder (may be shared by several scratch crates built one after another).
    pub target_dir: PathBuf,
    /// Module name to source.
    pub modules: BTreeMap<String, String>,
    /// Source of `main.rs` after the `mod` lines (gets the list of included modules).
    pub main: MainSource,
}

/// The outcome of building: the binary and the modules left out because they did not compile.
pub struct Built {
    /// Path of the built binary.
    pub binary: PathBuf,
    /// Module name to its first compiler error.
    pub excluded: BTreeMap<String, String>,
}

const MANIFEST: &str = r#"[package]
name = "PACKAGE"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
binrw = "0.15"
# The generated types' framing, strings, writer checks and depth guards.
savepoint-runtime = { path = "RUNTIME_PATH" }
# The generated types derive serde's traits; `dump` prints JSON.
serde = { version = "1", features = ["derive"] }
serde_json = "1"

[profile.dev]
opt-level = 0
debug = 0
incremental = true

[workspace]
"#;

impl Scratch {
    /// Writes the crate and builds it; modules with compile errors are left out and the
    /// build repeated (up to a few rounds).
    pub fn build(&self) -> Result<Built, String> {
        let dir =
            std::path::absolute(&self.dir).map_err(|e| format!("{}: {e}", self.dir.display()))?;
        let src = dir.join("src");
        let target = std::path::absolute(&self.target_dir)
            .map_err(|e| format!("{}: {e}", self.target_dir.display()))?;
        std::fs::create_dir_all(&src).map_err(|e| format!("{}: {e}", src.display()))?;
        // One package name per crate, so crates sharing a target folder have their own binary.
        let package: String = dir
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        let package = format!("ks_{package}");
        let manifest = MANIFEST
            .replace("RUNTIME_PATH", &runtime_path())
            .replace("PACKAGE", &package);
        write_if_changed(&dir.join("Cargo.toml"), &manifest)?;
        for (name, text) in &self.modules {
            write_if_changed(&src.join(format!("{name}.rs")), text)?;
        }
        let mut excluded = BTreeMap::new();
        for _round in 0..6 {
            let included: Vec<String> = self
                .modules
                .keys()
                .filter(|m| !excluded.contains_key(*m))
                .cloned()
                .collect();
            let mut main = String::from("#![allow(warnings)]\n");
            for m in &included {
                main.push_str(&format!("mod {m};\n"));
            }
            main.push_str(&(self.main)(&included));
            write_if_changed(&src.join("main.rs"), &main)?;
            let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
                .args(["build", "--quiet", "--message-format=short"])
                .current_dir(&dir)
                .env("CARGO_TARGET_DIR", &target)
                .output()
                .map_err(|e| format!("cannot run cargo: {e}"))?;
            if out.status.success() {
                return Ok(Built {
                    binary: target.join("debug").join(&package),
                    excluded,
                });
            }
            let stderr = String::from_utf8_lossy(&out.stderr);
            let mut found = false;
            for line in stderr.lines() {
                let Some(rest) = line.strip_prefix("src/") else {
                    continue;
                };
                let Some((file, msg)) = rest.split_once(".rs:") else {
                    continue;
                };
                if !line.contains("error") || file == "main" {
                    continue;
                }
                if !excluded.contains_key(file) && self.modules.contains_key(file) {
                    // `error[E0609]: no field ..` as `E0609: no field ..`.
                    let msg = msg
                        .split_once("error")
                        .map_or(msg, |(_, m)| m)
                        .trim_start_matches([':', ' ', '['])
                        .replacen("]:", ":", 1);
                    excluded.insert(file.to_string(), msg.chars().take(160).collect());
                    found = true;
                }
            }
            if !found {
                return Err(format!("scratch crate does not build:\n{stderr}"));
            }
        }
        Err("scratch crate still fails after excluding modules".into())
    }
}

/// The binrw backend's modules for a scratch crate: one per schema file, the schema's own and
/// those of every schema it imports (generated code names them `crate::<meta id>`).
pub struct BinrwModules {
    /// `meta/id` to module source.
    pub modules: BTreeMap<String, String>,
    /// The Rust path of the schema's top-level type, `<meta id>::<Type>`.
    pub root: String,
}

/// Generates, through [`crate::Builder`], `schema`'s module and those of the schemas it
/// imports (absolute imports looked up in `import_dirs`).
pub fn binrw_modules(schema: &Path, import_dirs: &[PathBuf]) -> Result<BinrwModules, String> {
    let schemas =
        crate::binrw::Schemas::load_with_imports(schema, import_dirs).map_err(|e| e.to_string())?;
    let wanted = schema
        .canonicalize()
        .map_err(|e| format!("{}: {e}", schema.display()))?;
    let own = schemas
        .files
        .values()
        .find(|f| f.path.canonicalize().is_ok_and(|p| p == wanted))
        .ok_or_else(|| format!("{}: not loaded", schema.display()))?;
    let root = own
        .types
        .first()
        .filter(|t| t.yaml_path.is_empty() && t.params.is_empty())
        .ok_or_else(|| format!("{}: no top-level type without params", schema.display()))?;
    let root = format!("{}::{}", own.id, root.rust_name);
    let generated = crate::Builder::new()
        .schemas(schemas.files.values().map(|f| f.path.clone()))
        .import_dirs(import_dirs)
        .cargo_metadata(false)
        .generate()
        .map_err(|e| e.to_string())?;
    let modules = generated
        .modules
        .into_iter()
        .map(|m| (m.name, m.source))
        .collect();
    Ok(BinrwModules { modules, root })
}

fn write_if_changed(path: &Path, text: &str) -> Result<(), String> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The `savepoint-runtime` crate beside this one, as a manifest path (forward slashes, so TOML
/// needs no escapes).
fn runtime_path() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("runtime");
    path.display().to_string().replace('\\', "/")
}
