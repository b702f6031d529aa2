//! `savepoint-codegen`: generate Rust from .ksy schemas, try a schema on files, dump a parse.
//! Run `savepoint-codegen --help` for usage.

mod args;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use args::Command as Cli;
use savepoint_codegen::scratch::{Scratch, binrw_modules};

/// Exit status of a usage error.
const EXIT_USAGE: u8 = 2;

fn main() -> ExitCode {
    let cli = match args::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    let result = match cli.command {
        Cli::Generate {
            schemas,
            output,
            check,
            imports,
        } => generate(&schemas, &output, check, &imports.import_paths),
        Cli::RoundTrip {
            schema,
            files,
            imports,
        } => roundtrip(&schema, &files, &imports.import_paths),
        Cli::Dump {
            schema,
            file,
            imports,
        } => dump(&schema, &file, &imports.import_paths),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Prints clap's help or version (stdout, exit 0) or usage error (stderr, exit 2). A closed
/// pipe is not an error worth reporting.
fn clap_exit(e: &clap::Error) -> ExitCode {
    let text = e.render().to_string();
    if e.use_stderr() {
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
        return ExitCode::from(EXIT_USAGE);
    }
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    ExitCode::SUCCESS
}

fn module_name(schema: &Path) -> String {
    schema
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .replace(['-', '.'], "_")
}

/// The files `generate` writes, through [`savepoint_codegen::Builder`]: one module per schema,
/// named by its `meta/id`. The modules refer to each other as `crate::<id>`, so no `mod.rs` is
/// written: declare them at the crate root (as `formats/freerct` does).
fn generated_files(
    schemas: &[PathBuf],
    import_dirs: &[PathBuf],
) -> Result<BTreeMap<String, String>, String> {
    let generated = savepoint_codegen::Builder::new()
        .schemas(schemas)
        .import_dirs(import_dirs)
        .cargo_metadata(false)
        .generate()
        .map_err(|e| e.to_string())?;
    Ok(generated
        .modules
        .into_iter()
        .map(|m| (format!("{}.rs", m.name), m.source))
        .collect())
}

fn generate(
    schemas: &[PathBuf],
    out: &Path,
    check: bool,
    import_dirs: &[PathBuf],
) -> Result<bool, String> {
    let files = generated_files(schemas, import_dirs)?;
    if check {
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

/// Builds the schema's binrw modules (and those of the schemas it imports) into a cached
/// scratch binary whose `main` is `main_src`, with `SCHEMA` naming the top-level type.
fn build_tool(
    schema: &Path,
    import_dirs: &[PathBuf],
    main_src: &'static str,
) -> Result<PathBuf, String> {
    let generated = binrw_modules(schema, import_dirs)?;
    let base = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("target"))
        .join("savepoint-codegen");
    let dir = base.join(module_name(schema));
    let main = main_src.replace("SCHEMA", &generated.root) + DESCRIBE;
    let own = generated
        .root
        .split("::")
        .next()
        .unwrap_or_default()
        .to_string();
    let scratch = Scratch {
        target_dir: base.join("target"),
        dir,
        modules: generated.modules,
        // Without the schema's module (left out for a compile error, reported below) the
        // crate still builds, so the error reported is the module's, not `main`'s.
        main: Box::new(move |included| match included.contains(&own) {
            true => main.clone(),
            false => "fn main() {}\n".into(),
        }),
    };
    eprintln!("building {} (cached between runs)...", schema.display());
    let built = scratch.build()?;
    if let Some((module, e)) = built.excluded.iter().next() {
        return Err(format!("generated module {module} does not compile: {e}"));
    }
    Ok(built.binary)
}

/// What both tools' `main` end with: a read or write error as one line.
const DESCRIBE: &str = r#"
/// One line: the field path (a step repeated by nesting written once, with its count), what
/// went wrong and the byte offset (`fallback` when the error has none: the end of the input).
fn describe(e: &binrw::Error, fallback: u64) -> String {
    let flat = savepoint_runtime::binrw_error::flatten(e);
    let message = if flat.eof { "unexpected end of input" } else { flat.message.as_str() };
    let at = flat.pos.unwrap_or(fallback);
    let mut steps: Vec<(&str, usize)> = Vec::new();
    for step in &flat.path {
        match steps.last_mut() {
            Some((last, n)) if last == step => *n += 1,
            _ => steps.push((step, 1)),
        }
    }
    let path: Vec<String> = steps
        .iter()
        .map(|(step, n)| if *n > 1 { format!("{step} (x{n})") } else { step.to_string() })
        .collect();
    match path.is_empty() {
        true => format!("{message} at offset {at}"),
        false => format!("{}: {message} at offset {at}", path.join(".")),
    }
}
"#;

/// Reads each file through the generated type's `BinRead`, writes it back through `BinWrite`
/// and compares: the bytes written must be the file, or the prefix of it that was read.
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
    use binrw::{BinRead, BinWrite};
    let mut input = std::io::Cursor::new(data);
    let value = SCHEMA::read_le(&mut input)
        .map_err(|e| format!("error: {}", describe(&e, data.len() as u64)))?;
    let parsed = usize::try_from(input.position()).unwrap_or(data.len()).min(data.len());
    let mut output = std::io::Cursor::new(Vec::new());
    value
        .write_le(&mut output)
        .map_err(|e| format!("error: write: {}", describe(&e, output.position())))?;
    let out = output.into_inner();
    let expected = if out.len() == parsed { &data[..parsed] } else { data };
    if let Some(i) = (0..expected.len().max(out.len())).find(|&i| out.get(i) != expected.get(i)) {
        return Err(format!("differs at offset {i}"));
    }
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
    match <SCHEMA as binrw::BinRead>::read_le(&mut std::io::Cursor::new(&data)) {
        Ok(v) => match serde_json::to_string_pretty(&v) {
            Ok(j) => println!("{j}"),
            Err(e) => { eprintln!("error: {e}"); std::process::exit(1); }
        },
        Err(e) => {
            eprintln!("error: {path}: {}", describe(&e, data.len() as u64));
            std::process::exit(1);
        }
    }
}
"#;

fn roundtrip(schema: &Path, files: &[PathBuf], import_dirs: &[PathBuf]) -> Result<bool, String> {
    let bin = build_tool(schema, import_dirs, ROUNDTRIP_MAIN)?;
    let status = Command::new(bin)
        .args(files)
        .status()
        .map_err(|e| e.to_string())?;
    Ok(status.success())
}

fn dump(schema: &Path, file: &Path, import_dirs: &[PathBuf]) -> Result<bool, String> {
    let bin = build_tool(schema, import_dirs, DUMP_MAIN)?;
    let status = Command::new(bin)
        .arg(file)
        .status()
        .map_err(|e| e.to_string())?;
    Ok(status.success())
}
