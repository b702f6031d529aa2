//! The build-script API from outside this workspace: a crate made here (under the workspace
//! `target/`) whose `build.rs` generates `#[binrw]` modules from `.ksy` files with
//! `savepoint_codegen::Builder` and `include!`s them. Its `main` reads a real Sun/NeXT audio
//! file written by Python's `sunau` (the gallery's `au.ksy`), changes its sample rate, writes
//! it back and reads the edit back; `sunau` then reads the written file. It depends on
//! `savepoint-codegen` (build) and `savepoint-runtime` by path and on `binrw` (serde derives are
//! off), and is built with the workspace's `Cargo.lock` (offline) into
//! `target/buildrs-demo/target`, cached between runs.
//!
//! Two schemas of its own prove what no gallery format that round-trips today uses: `save.ksy`
//! imports `/common/record` through `Builder::import_dir` (and the build script reruns when the
//! import changes) and keeps an enum value the schema does not name; `extras.ksy` uses a custom
//! `process` routine and an opaque type that the crate implements.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The demo format: a header with a magic and a version, a length-prefixed name and a
/// counted list of records whose type (and enum) comes from an absolute import.
const SAVE_KSY: &str = "\
meta:
  id: save
  endian: le
  encoding: UTF-8
  imports:
    - /common/record
doc: A small game save - a header, the player's name and a list of records.
seq:
  - id: magic
    contents: SAVE
  - id: version
    type: u2
    valid:
      min: 1
      max: 2
  - id: name_len
    type: u1
  - id: name
    type: str
    size: name_len
  - id: num_records
    type: u2
  - id: records
    type: record
    repeat: expr
    repeat-expr: num_records
";

const RECORD_KSY: &str = "\
meta:
  id: record
  endian: le
doc: One inventory record - what and how many.
seq:
  - id: kind
    type: u1
    enum: kind
  - id: amount
    type: s4
enums:
  kind:
    1: coins
    2: gems
";

/// A schema whose `secret` is stored through a custom process routine and whose `stamp` is an
/// opaque type: both are Rust types of the demo crate, named in its build script.
const EXTRAS_KSY: &str = "\
meta:
  id: extras
  endian: le
  ks-opaque-types: true
seq:
  - id: key
    type: u1
  - id: secret
    size: 4
    process: add_key(key)
  - id: stamp
    type: timestamp
";

/// Kaitai's gallery schema of the Sun/NeXT audio format, as `gallery/build-samples.py` uses it.
const AU_KSY: &str = include_str!("../gallery/schemas/media/au.ksy");

/// The build script of `codegen/README.md` ("From a build script"), with serde derives off,
/// plus the audio schema and the routine and the opaque type of `extras.ksy`.
const BUILD_RS: &str = r#"fn main() -> Result<(), savepoint_codegen::BuildError> {
    savepoint_codegen::Builder::new()
        .schema("schema/au.ksy")
        .schema("schema/save.ksy")
        .schema("schema/common/record.ksy")
        .schema("schema/extras.ksy")
        .import_dir("schema")
        .serde(false)
        .processor("add_key", "crate::AddKey")
        .opaque_type("timestamp", "crate::Timestamp")
        .compile()?;
    Ok(())
}
"#;

/// `au IN OUT RATE`: reads the audio file IN, sets its sample rate, writes OUT and reads it back.
/// Otherwise IN OUT: reads the save IN, renames the player, adds 250 gems, writes OUT, reads OUT
/// back and prints both.
const MAIN_RS: &str = r#"mod au {
    include!(concat!(env!("OUT_DIR"), "/au.rs"));
}
mod save {
    include!(concat!(env!("OUT_DIR"), "/save.rs"));
}
mod record {
    include!(concat!(env!("OUT_DIR"), "/record.rs"));
}

mod extras {
    include!(concat!(env!("OUT_DIR"), "/extras.rs"));
}

use binrw::{BinRead, BinWrite};
use record::Kind;
use save::Save;

/// `process: add_key(key)`: each byte stored `key` higher than its value.
pub struct AddKey(u8);

impl AddKey {
    pub fn new(key: u8) -> Self {
        AddKey(key)
    }
}

impl savepoint_runtime::custom_process::KsCustomProcess for AddKey {
    fn decode(&self, stored: &[u8]) -> Result<Vec<u8>, String> {
        Ok(stored.iter().map(|b| b.wrapping_sub(self.0)).collect())
    }

    fn encode(&self, value: &[u8]) -> Result<Vec<u8>, String> {
        Ok(value.iter().map(|b| b.wrapping_add(self.0)).collect())
    }
}

/// The opaque type `timestamp`: seconds, little-endian.
#[binrw::binrw]
#[derive(Debug, Clone, PartialEq)]
pub struct Timestamp {
    pub secs: u32,
}

/// Reads IN as `extras`, prints it, replaces the secret and writes OUT.
fn run_extras(input: &str, output: &str) -> Result<(), String> {
    let bytes = std::fs::read(input).map_err(|e| format!("{input}: {e}"))?;
    let mut x = extras::Extras::read(&mut std::io::Cursor::new(&bytes)).map_err(|e| e.to_string())?;
    let secret = String::from_utf8_lossy(&x.secret.value).into_owned();
    println!("extras: key {} secret {secret} stamp {}", x.key, x.stamp.secs);
    x.secret.value = b"WXYZ".to_vec();
    let mut out = std::io::Cursor::new(Vec::new());
    x.write(&mut out).map_err(|e| e.to_string())?;
    std::fs::write(output, out.get_ref()).map_err(|e| format!("{output}: {e}"))
}

/// `au.ksy` describes the header only: the samples after it are copied as they are.
fn run_au(input: &str, output: &str, rate: &str) -> Result<(), String> {
    let bytes = std::fs::read(input).map_err(|e| format!("{input}: {e}"))?;
    let mut cursor = std::io::Cursor::new(&bytes);
    let mut file = au::Au::read(&mut cursor).map_err(|e| e.to_string())?;
    let header = &mut file.header.value;
    println!("read: {:?} {} Hz, {} channel(s)", header.encoding, header.sample_rate, header.num_channels);
    header.sample_rate = rate.parse().map_err(|e| format!("{rate}: {e}"))?;

    let samples = &bytes[usize::try_from(cursor.position()).map_err(|e| e.to_string())?..];
    let mut out = std::io::Cursor::new(Vec::new());
    file.write(&mut out).map_err(|e| e.to_string())?;
    let mut written = out.into_inner();
    written.extend_from_slice(samples);
    std::fs::write(output, &written).map_err(|e| format!("{output}: {e}"))?;

    let again = au::Au::read(&mut std::io::Cursor::new(&written)).map_err(|e| e.to_string())?;
    if again != file {
        return Err("the edit did not read back".into());
    }
    println!("wrote: {} Hz", again.header.value.sample_rate);
    Ok(())
}

fn summary(s: &Save) -> String {
    let records: Vec<String> = s
        .records
        .iter()
        .map(|r| format!("{:?}={}", r.kind, r.amount))
        .collect();
    format!("v{} {} [{}]", s.version, s.name.value, records.join(", "))
}

fn run(input: &str, output: &str) -> Result<(), String> {
    let bytes = std::fs::read(input).map_err(|e| format!("{input}: {e}"))?;
    let mut save = Save::read(&mut std::io::Cursor::new(&bytes)).map_err(|e| e.to_string())?;
    println!("read: {}", summary(&save));

    save.name.value = "Heroine".to_string();
    save.name_len = u8::try_from(save.name.value.len()).map_err(|e| e.to_string())?;
    for r in save.records.iter_mut().filter(|r| r.kind == Kind::Gems) {
        r.amount += 250;
    }
    let mut out = std::io::Cursor::new(Vec::new());
    save.write(&mut out).map_err(|e| e.to_string())?;
    std::fs::write(output, out.get_ref()).map_err(|e| format!("{output}: {e}"))?;

    let again = Save::read(&mut std::io::Cursor::new(out.get_ref())).map_err(|e| e.to_string())?;
    if again.name.value != save.name.value || again.records != save.records {
        return Err("the edit did not read back".into());
    }
    println!("wrote: {}", summary(&again));
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let result = match args[1].as_str() {
        "extras" => run_extras(&args[2], &args[3]),
        "au" => run_au(&args[2], &args[3], &args[4]),
        _ => run(&args[1], &args[2]),
    };
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
"#;

/// A save as the format describes it, byte by byte: magic, version, name, records.
fn save_bytes(name: &str, records: &[(u8, i32)]) -> Vec<u8> {
    let mut b = b"SAVE".to_vec();
    b.extend_from_slice(&2u16.to_le_bytes());
    b.push(u8::try_from(name.len()).unwrap());
    b.extend_from_slice(name.as_bytes());
    b.extend_from_slice(&u16::try_from(records.len()).unwrap().to_le_bytes());
    for (kind, amount) in records {
        b.push(*kind);
        b.extend_from_slice(&amount.to_le_bytes());
    }
    b
}

/// Writes `text` to `path` unless it already holds it (so cargo's cache stays valid).
fn put(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).unwrap();
    }
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The demo crate, written under the workspace `target/` (its own workspace, so ours does
/// not claim it).
fn demo_crate(base: &Path) -> PathBuf {
    let dir = base.join("crate");
    let codegen = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = format!(
        r#"[package]
name = "savepoint-buildrs-demo"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
binrw = {{ version = "0.15", default-features = false, features = ["std"] }}
savepoint-runtime = {{ path = {runtime:?} }}

[build-dependencies]
savepoint-codegen = {{ path = {codegen:?} }}

# A test build: no debug info, no incremental cache (disk on CI machines is small).
[profile.dev]
debug = false
incremental = false
"#,
        runtime = codegen.join("runtime"),
        codegen = codegen,
    );
    put(&dir.join("Cargo.toml"), &manifest);
    put(&dir.join("build.rs"), BUILD_RS);
    put(&dir.join("src/main.rs"), MAIN_RS);
    put(&dir.join("schema/au.ksy"), AU_KSY);
    put(&dir.join("schema/save.ksy"), SAVE_KSY);
    put(&dir.join("schema/common/record.ksy"), RECORD_KSY);
    put(&dir.join("schema/extras.ksy"), EXTRAS_KSY);
    // The workspace's versions, so nothing new is resolved or fetched (cargo then drops the
    // entries this crate does not use, which is cheap).
    std::fs::copy(workspace().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    dir
}

/// Python's `sunau` (the gallery's writer of `.au` samples): `write` makes a mono 16-bit 8 kHz
/// file at `path` from fixed samples; `read` prints a file's rate, channels, sample width and a
/// checksum of its frames, as the module decodes them.
fn sunau(action: &str, path: &Path) -> String {
    const SCRIPT: &str = r#"
import struct, sys, warnings, zlib
warnings.filterwarnings("ignore", category=DeprecationWarning)
import sunau
action, path = sys.argv[1], sys.argv[2]
if action == "write":
    w = sunau.open(path, "wb")
    w.setnchannels(1)
    w.setsampwidth(2)
    w.setframerate(8000)
    w.writeframes(b"".join(struct.pack("<h", (i * 1000) % 30000 - 15000) for i in range(64)))
    w.close()
else:
    r = sunau.open(path, "rb")
    frames = r.readframes(r.getnframes())
    print(r.getframerate(), r.getnchannels(), r.getsampwidth(), len(frames), zlib.crc32(frames))
"#;
    let o = Command::new("python3")
        .args(["-c", SCRIPT, action])
        .arg(path)
        .output()
        .expect("python3 (the gallery's sample writer) runs");
    assert!(
        o.status.success(),
        "sunau {action}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

fn cargo_run(dir: &Path, target: &Path, args: &[&Path]) -> Output {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    Command::new(cargo)
        .args(["run", "--offline", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .arg("--")
        .args(args)
        .env("CARGO_TARGET_DIR", target)
        .output()
        .expect("run cargo")
}

#[test]
fn a_crate_outside_the_workspace_generates_reads_edits_and_writes() {
    let target_root = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("target"));
    let base = target_root.join("buildrs-demo");
    let dir = demo_crate(&base);
    let target = base.join("target");
    let files = base.join("files");
    std::fs::create_dir_all(&files).unwrap();

    // A real file: `sunau` writes it (μ-law, its default), the crate changes its rate to
    // 11025 Hz, and `sunau` reads the written file with that rate and the same samples.
    let tone = files.join("tone.au");
    let retimed = files.join("retimed.au");
    let _ = std::fs::remove_file(&retimed);
    sunau("write", &tone);
    let rate = Path::new("11025");
    let o = cargo_run(&dir, &target, &[Path::new("au"), &tone, &retimed, rate]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(
        stdout,
        "read: Mulaw8 8000 Hz, 1 channel(s)\nwrote: 11025 Hz\n"
    );
    let before = sunau("read", &tone);
    assert!(before.starts_with("8000 1 2 128 "), "{before}");
    assert_eq!(sunau("read", &retimed), before.replacen("8000", "11025", 1));
    // Byte for byte, only the rate changed: a big-endian u4 after the magic, the header length,
    // the data size and the encoding.
    let (old, new) = (
        std::fs::read(&tone).unwrap(),
        std::fs::read(&retimed).unwrap(),
    );
    assert_eq!(old.len(), new.len());
    assert_eq!(old[16..20], 8000u32.to_be_bytes());
    assert_eq!(new[16..20], 11025u32.to_be_bytes());
    assert_eq!((&old[..16], &old[20..]), (&new[..16], &new[20..]));

    let input = files.join("in.sav");
    let output = files.join("out.sav");
    let _ = std::fs::remove_file(&output);
    std::fs::write(&input, save_bytes("Hero", &[(1, 120), (2, 7), (9, -3)])).unwrap();
    let o = cargo_run(&dir, &target, &[&input, &output]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stdout}{stderr}");
    assert_eq!(
        stdout,
        "read: v2 Hero [Coins=120, Gems=7, Unknown(9)=-3]\n\
         wrote: v2 Heroine [Coins=120, Gems=257, Unknown(9)=-3]\n"
    );
    let written = std::fs::read(&output).unwrap();
    assert_eq!(
        written,
        save_bytes("Heroine", &[(1, 120), (2, 257), (9, -3)])
    );

    // The build script asked to be rerun when a schema changes, the import too.
    let script_output = std::fs::read_dir(target.join("debug/build"))
        .unwrap()
        .map(|e| e.unwrap().path().join("output"))
        .filter(|p| p.parent().unwrap().join("root-output").exists() && p.exists())
        .filter(|p| {
            let name = p.parent().unwrap().file_name().unwrap();
            name.to_string_lossy()
                .starts_with("savepoint-buildrs-demo-")
        })
        .max_by_key(|p| std::fs::metadata(p).unwrap().modified().unwrap())
        .expect("the build script's output");
    let printed = std::fs::read_to_string(script_output).unwrap();
    for schema in [
        "schema/au.ksy",
        "schema/save.ksy",
        "schema/common/record.ksy",
    ] {
        assert!(
            printed.contains(&format!("cargo:rerun-if-changed={schema}\n")),
            "{schema}: {printed}"
        );
    }

    // A save cut inside the records is an error, not a panic.
    let bytes = save_bytes("Hero", &[(1, 120), (2, 7)]);
    std::fs::write(&input, &bytes[..bytes.len() - 2]).unwrap();
    let o = cargo_run(&dir, &target, &[&input, &output]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    // The custom routine and the opaque type of the crate: read, edit, write back.
    let extras = files.join("extras.bin");
    std::fs::write(&extras, b"\x03defg\x10\x00\x00\x00").unwrap();
    let o = cargo_run(&dir, &target, &[Path::new("extras"), &extras, &output]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(stdout, "extras: key 3 secret abcd stamp 16\n");
    assert_eq!(
        std::fs::read(&output).unwrap(),
        b"\x03Z[\\]\x10\x00\x00\x00"
    );
}
