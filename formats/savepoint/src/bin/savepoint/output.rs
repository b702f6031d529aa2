//! Writing: standard output that ends quietly on a closed pipe, standard error that never fails
//! the program, and files replaced only on request, through a temporary file in the same folder
//! renamed into place, so a failed write never leaves half a file behind. A device or a pipe
//! (`-o /dev/null`, a FIFO) is written in place: a rename would put a regular file in its place.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::input::{is_dash, show};

/// Status a shell reports for a writer killed by SIGPIPE (128 + 13).
pub const EXIT_BROKEN_PIPE: i32 = 141;

/// Writes to stdout. A closed pipe (`savepoint ... | head`) ends the program quietly, as the
/// SIGPIPE default would for a C tool: the reader has all it wanted, so no message is printed.
pub fn print_bytes(bytes: &[u8]) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            std::process::exit(EXIT_BROKEN_PIPE)
        }
        other => other.map_err(|e| format!("stdout: {e}")),
    }
}

/// [`print_bytes`] for text.
pub fn print(text: &str) -> Result<(), String> {
    print_bytes(text.as_bytes())
}

/// Writes a line to stderr; if stderr is closed or a broken pipe there is nobody to tell, so the
/// error is dropped (`eprintln!` would panic).
pub fn warn(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "savepoint: {text}");
}

/// Where a command writes a file: standard output or a path checked before any work is done.
pub enum Target {
    Stdout,
    File(PathBuf),
    /// An existing path that is not a regular file (a device, a FIFO): opened and written.
    Device(PathBuf),
}

impl Target {
    /// Checks `out` up front: it must not be one of `inputs`, and it may only exist with `force`.
    pub fn check(out: &Path, force: bool, inputs: &[&Path]) -> Result<Target, String> {
        if is_dash(out) {
            return Ok(Target::Stdout);
        }
        let name = show(out);
        if let Ok(meta) = std::fs::metadata(out) {
            if inputs.iter().any(|i| !is_dash(i) && same_file(&meta, i)) {
                return Err(format!(
                    "{name}: is the input file; write to another file (edit rewrites in place)"
                ));
            }
            if meta.is_dir() {
                return Err(format!("{name}: is a directory"));
            }
            if !meta.is_file() {
                return Ok(Target::Device(out.to_path_buf()));
            }
            if !force {
                return Err(format!("{name}: exists; give --force to replace it"));
            }
        }
        Ok(Target::File(out.to_path_buf()))
    }

    /// Starts writing: standard output directly, a file through a temporary file beside it.
    pub fn open(&self) -> Result<Sink, String> {
        match self {
            Target::Stdout => Ok(Sink::Stdout),
            Target::File(path) => Ok(Sink::File(path.clone(), temp_beside(path)?)),
            Target::Device(path) => std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map(|device| Sink::Device(path.clone(), device))
                .map_err(|e| format!("{}: {e}", show(path))),
        }
    }
}

/// An output being written; a file appears (or is replaced) only at [`Sink::finish`].
pub enum Sink {
    Stdout,
    File(PathBuf, tempfile::NamedTempFile),
    Device(PathBuf, std::fs::File),
}

impl Sink {
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        match self {
            Sink::Stdout => print_bytes(bytes),
            Sink::File(path, temp) => temp
                .write_all(bytes)
                .map_err(|e| format!("{}: {e}", show(path))),
            Sink::Device(path, device) => device
                .write_all(bytes)
                .map_err(|e| format!("{}: {e}", show(path))),
        }
    }

    /// Renames the temporary file into place, keeping a replaced file's permissions.
    pub fn finish(self) -> Result<(), String> {
        let Sink::File(path, temp) = self else {
            return Ok(());
        };
        let name = show(&path);
        temp.as_file()
            .sync_all()
            .map_err(|e| format!("{name}: {e}"))?;
        if let Ok(meta) = std::fs::metadata(&path) {
            temp.as_file()
                .set_permissions(meta.permissions())
                .map_err(|e| format!("{name}: {e}"))?;
        }
        temp.persist(&path)
            .map(drop)
            .map_err(|e| format!("{name}: {}", e.error))
    }
}

fn same_file(meta: &std::fs::Metadata, other: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(other).is_ok_and(|m| m.dev() == meta.dev() && m.ino() == meta.ino())
}

/// A new temporary file in `path`'s folder (a rename within one file system is atomic).
fn temp_beside(path: &Path) -> Result<tempfile::NamedTempFile, String> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    // Created like any new file (0666 less the umask) rather than tempfile's private 0600.
    tempfile::Builder::new()
        .prefix(".savepoint-")
        .permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666))
        .tempfile_in(dir)
        .map_err(|e| format!("{}: temporary file in {}: {e}", show(path), show(dir)))
}
