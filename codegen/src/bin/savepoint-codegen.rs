//! `savepoint-codegen`: generate Rust from .ksy schemas, try a schema on files, dump a parse.
//!
//! ```text
//! savepoint-codegen generate SCHEMA.ksy... -o DIR [--check] [--backend kaitai|binrw] [-I DIR]...
//! savepoint-codegen roundtrip SCHEMA.ksy FILE... [-I DIR]...
//! savepoint-codegen dump SCHEMA.ksy FILE [-I DIR]...
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use savepoint_codegen::{Options, RUNTIME_SOURCE, generate_file, scratch::Scratch};

const USAGE: &str = "usage:
  savepoint-codegen generate SCHEMA.ksy... -o DIR [--check] [--backend kaitai|binrw] [-I IMPORT_DIR]...
  savepoint-codegen roundtrip SCHEMA.ksy FILE... [-I IMPORT_DIR]...
  savepoint-codegen dump SCHEMA.ksy FILE [-I IMPORT_DIR]...";

/// Which emitter `generate` uses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Backend {
    /// Any Kaitai schema, as types over the `ks_runtime.rs` support module (`savepoint_codegen::emit`).
    Kaitai,
    /// The `#[binrw]` subset with the `-savepoint-*` keys (`savepoint_codegen::binrw`).
    Binrw,
}

struct Args {
    cmd: String,
    backend: Backend,
    paths: Vec<PathBuf>,
    out: Option<PathBuf>,
    check: bool,
    opts: Options,
}

fn parse_args() -> Result<Args, String> {
    let mut it = std::env::args_os().skip(1);
    let cmd = it
        .next()
        .ok_or("missing command")?
        .to_string_lossy()
        .to_string();
    let mut a = Args {
        cmd,
        backend: Backend::Kaitai,
        paths: Vec::new(),
        out: None,
        check: false,
        opts: Options::default(),
    };
    while let Some(arg) = it.next() {
        match arg.to_str() {
            Some("-o") => a.out = Some(it.next().ok_or("-o needs a folder")?.into()),
            Some("-I") => a
                .opts
                .import_paths
                .push(it.next().ok_or("-I needs a folder")?.into()),
            Some("--check") => a.check = true,
            Some("--backend") => {
                a.backend = match it.next().as_ref().and_then(|b| b.to_str()) {
                    Some("kaitai") => Backend::Kaitai,
                    Some("binrw") => Backend::Binrw,
                    _ => return Err("--backend needs `kaitai` or `binrw`".into()),
                }
            }
            Some(s) if s.starts_with('-') && s != "-" => return Err(format!("unknown option {s}")),
            _ => a.paths.push(arg.into()),
        }
    }
    Ok(a)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if args.backend == Backend::Binrw && args.cmd != "generate" {
        eprintln!("error: --backend binrw is only for `generate`\n{USAGE}");
        return ExitCode::from(2);
    }
    let r = match args.cmd.as_str() {
        "generate" => generate(&args),
        "roundtrip" => roundtrip(&args),
        "dump" => dump(&args),
        other => {
            eprintln!("error: unknown command {other}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match r {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn module_name(schema: &Path) -> String {
    schema
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .replace(['-', '.'], "_")
}

/// The files `generate --backend binrw` writes: one module per schema, named by its `meta/id`.
/// The schemas must share one folder, where the other schemas they import are looked up. The
/// modules refer to each other as `crate::<id>`, so no `mod.rs` is written: declare them at the
/// crate root (as `formats/freerct` does).
fn binrw_files(args: &Args) -> Result<BTreeMap<String, String>, String> {
    let dir = args.paths[0].parent().unwrap_or(Path::new(""));
    if let Some(other) = args.paths.iter().find(|p| p.parent() != Some(dir)) {
        return Err(format!(
            "--backend binrw reads one schema folder, but {} is not in {}",
            other.display(),
            dir.display()
        ));
    }
    let names: Vec<String> = args.paths.iter().map(|p| module_name(p)).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let modules = savepoint_codegen::binrw::generate(dir, &names).map_err(|e| e.to_string())?;
    Ok(modules
        .into_iter()
        .map(|m| (format!("{}.rs", m.name), m.source))
        .collect())
}

/// The files `generate` writes: `ks_runtime.rs`, one module per schema and `mod.rs`.
fn generated_files(args: &Args) -> Result<BTreeMap<String, String>, String> {
    if args.backend == Backend::Binrw {
        return binrw_files(args);
    }
    let mut files = BTreeMap::new();
    let mut mods =
        String::from("//! Generated by savepoint-codegen; do not edit.\n\npub mod ks_runtime;\n");
    for s in &args.paths {
        let src = generate_file(s, &args.opts).map_err(|e| e.to_string())?;
        let name = module_name(s);
        mods.push_str(&format!("pub mod {name};\n"));
        files.insert(
            format!("{name}.rs"),
            format!(
                "// Generated by savepoint-codegen from {}; do not edit.\n\n{src}",
                s.display()
            ),
        );
    }
    files.insert("ks_runtime.rs".into(), RUNTIME_SOURCE.to_string());
    files.insert("mod.rs".into(), mods);
    Ok(files)
}

fn generate(args: &Args) -> Result<bool, String> {
    let out = args.out.as_ref().ok_or("generate needs -o DIR")?;
    if args.paths.is_empty() {
        return Err("generate needs at least one schema".into());
    }
    let files = generated_files(args)?;
    if args.check {
        let mut fresh = true;
        for (name, text) in &files {
            let path = out.join(name);
            if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                println!("stale: {}", path.display());
                fresh = false;
            }
        }
        if fresh {
            println!("up to date: {} files in {}", files.len(), out.display());
        }
        return Ok(fresh);
    }
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    for (name, text) in &files {
        let path = out.join(name);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    println!("wrote {} files to {}", files.len(), out.display());
    Ok(true)
}

/// Builds the schema into a cached scratch binary whose `main` is `main_src`.
fn build_tool(schema: &Path, opts: &Options, main_src: &'static str) -> Result<PathBuf, String> {
    let src = generate_file(schema, opts).map_err(|e| e.to_string())?;
    let name = module_name(schema);
    let root = root_type_name(&src).ok_or("the generated module has no root type")?;
    let base = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("target"))
        .join("savepoint-codegen");
    let dir = base.join(&name);
    let main = main_src.replace("SCHEMA", &format!("schema::{root}"));
    let scratch = Scratch {
        target_dir: base.join("target"),
        dir,
        serde: true,
        modules: BTreeMap::from([("schema".to_string(), src)]),
        main: Box::new(move |_| main.clone()),
    };
    eprintln!("building {} (cached between runs)...", schema.display());
    let built = scratch.build()?;
    if let Some((_, e)) = built.excluded.iter().next() {
        return Err(format!("generated code does not compile: {e}"));
    }
    Ok(built.binary)
}

/// The first struct of a generated module is the schema's top-level type.
fn root_type_name(src: &str) -> Option<String> {
    let i = src.find("pub struct ")?;
    Some(
        src[i + 11..]
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .next()?
            .to_string(),
    )
}

const ROUNDTRIP_MAIN: &str = r#"
fn main() {
    let (mut pass, mut fail) = (0, 0);
    for path in std::env::args().skip(1) {
        let verdict = match std::fs::read(&path) {
            Err(e) => Err(format!("error: {e}")),
            Ok(data) => check(&data),
        };
        match verdict {
            Ok(v) => { pass += 1; println!("{path}: {v}"); }
            Err(v) => { fail += 1; println!("{path}: {v}"); }
        }
    }
    println!("{pass} passed, {fail} failed");
    std::process::exit(if fail > 0 { 1 } else { 0 });
}

fn check(data: &[u8]) -> Result<String, String> {
    use ks_runtime::*;
    let (mut io, cover) = KStream::with_coverage(data);
    let value = SCHEMA::read(&mut io, None, None).map_err(|e| format!("error: {e}"))?;
    let mut w = KWriter::new();
    value.write(&mut w, None, None).map_err(|e| format!("error: write: {e}"))?;
    let out = w.into_inner();
    let cover = cover.borrow();
    for (i, &b) in data.iter().enumerate() {
        if cover[i] && out.get(i) != Some(&b) {
            return Err(format!("differs at offset {i}"));
        }
    }
    if out.len() > data.len() {
        return Err(format!("differs at offset {}", data.len()));
    }
    let parsed = cover.iter().filter(|c| **c).count();
    if parsed < data.len() {
        Ok(format!("ok (parsed {parsed} of {} bytes)", data.len()))
    } else {
        Ok("ok".into())
    }
}
"#;

const DUMP_MAIN: &str = r#"
fn main() {
    let path = std::env::args().nth(1).unwrap_or_default();
    let data = match std::fs::read(&path) {
        Ok(d) => d,
        Err(e) => { eprintln!("error: {path}: {e}"); std::process::exit(1); }
    };
    // Through binrw's BinRead, as a user of the generated types would read them.
    match <SCHEMA as binrw::BinRead>::read_le(&mut std::io::Cursor::new(&data)) {
        Ok(v) => match serde_json::to_string_pretty(&v) {
            Ok(j) => println!("{j}"),
            Err(e) => { eprintln!("error: {e}"); std::process::exit(1); }
        },
        Err(e) => { eprintln!("error: {path}: {e}"); std::process::exit(1); }
    }
}
"#;

fn roundtrip(args: &Args) -> Result<bool, String> {
    let (schema, files) = args
        .paths
        .split_first()
        .ok_or("roundtrip needs a schema and files")?;
    let bin = build_tool(schema, &args.opts, ROUNDTRIP_MAIN)?;
    let status = Command::new(bin)
        .args(files)
        .status()
        .map_err(|e| e.to_string())?;
    Ok(status.success())
}

fn dump(args: &Args) -> Result<bool, String> {
    let [schema, file] = args.paths.as_slice() else {
        return Err("dump needs a schema and one file".into());
    };
    let bin = build_tool(schema, &args.opts, DUMP_MAIN)?;
    let status = Command::new(bin)
        .arg(file)
        .status()
        .map_err(|e| e.to_string())?;
    Ok(status.success())
}
