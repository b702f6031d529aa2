//! Registers every per-format bench module: each `src/<format>.rs` other than the harness files
//! becomes a `savepoint-bench <format>` target, so adding a format needs no edit to main.rs.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

/// Files in src/ that belong to the harness itself, not to a format.
const HARNESS_FILES: &[&str] = &["main.rs", "lib.rs", "harness.rs", "alloc.rs"];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let src = Path::new(&env::var("CARGO_MANIFEST_DIR")?).join("src");
    println!("cargo::rerun-if-changed={}", src.display());
    let mut names = Vec::new();
    for entry in fs::read_dir(&src)? {
        let path = entry?.path();
        let Some(file) = path.file_name().and_then(|f| f.to_str()) else {
            continue;
        };
        match file.strip_suffix(".rs") {
            Some(stem) if !HARNESS_FILES.contains(&file) => names.push(stem.to_owned()),
            _ => {}
        }
    }
    names.sort();
    let mut out = String::new();
    for name in &names {
        let path = src.join(format!("{name}.rs"));
        let path = path.display().to_string();
        writeln!(
            out,
            "/// Benchmarks for `{name}`.\n#[path = {path:?}]\npub mod {name};"
        )?;
    }
    out.push_str("/// Every format bench module, by name.\n");
    out.push_str("pub const FORMATS: &[(&str, BenchFn)] = &[\n");
    for name in &names {
        writeln!(out, "    ({name:?}, {name}::run),")?;
    }
    out.push_str("];\n");
    fs::write(Path::new(&env::var("OUT_DIR")?).join("formats.rs"), out)?;
    Ok(())
}
