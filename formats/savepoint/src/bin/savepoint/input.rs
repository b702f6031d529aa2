//! Reading inputs: regular files and standard input only, each read once, never past the size
//! limit. Anything else (FIFOs, devices, sockets) is refused before it is opened, because opening
//! a FIFO waits for a writer and a device like /dev/zero never ends.

use std::fs::{File, Metadata};
use std::io::Read;
use std::path::Path;

/// The default of `--max-size`: larger than any save or replay we know of (the largest corpus
/// file is a few tens of MB), small enough that a mistaken argument cannot exhaust memory.
pub const DEFAULT_MAX_SIZE: &str = "1G";

/// Whether `path` names standard input or output.
pub fn is_dash(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// A path as printed in messages and lines: lossy for non-UTF-8 names, control characters escaped
/// so a file name cannot drive the terminal.
pub fn show(path: &Path) -> String {
    if is_dash(path) {
        return "<stdin>".to_owned();
    }
    let text = path.to_string_lossy();
    if text.chars().any(char::is_control) {
        text.escape_debug().to_string()
    } else {
        text.into_owned()
    }
}

/// The file name used as a detection fallback (its extension), if it is UTF-8.
pub fn file_name(path: &Path) -> Option<&str> {
    path.file_name().and_then(|n| n.to_str())
}

/// What kind of file system object `meta` describes, for "not a regular file" messages.
pub fn kind(meta: &Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    }
}

/// Reads `path` (`-`: standard input) whole, refusing more than `limit` bytes.
pub fn read(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    if is_dash(path) {
        return read_limited(std::io::stdin().lock(), 0, limit)
            .map_err(|e| format!("<stdin>: {e}"));
    }
    let name = show(path);
    // Checked before opening: open() itself blocks on a FIFO.
    let meta = std::fs::metadata(path).map_err(|e| format!("{name}: {e}"))?;
    if !meta.is_file() {
        return Err(format!(
            "{name}: not a regular file ({}); pass its contents on standard input as '-' if that is meant",
            kind(&meta)
        ));
    }
    let file = File::open(path).map_err(|e| format!("{name}: {e}"))?;
    let len = file.metadata().map_err(|e| format!("{name}: {e}"))?.len();
    if len > limit {
        return Err(format!("{name}: {}", too_large(len, limit)));
    }
    read_limited(file, len, limit).map_err(|e| format!("{name}: {e}"))
}

fn too_large(len: u64, limit: u64) -> String {
    format!(
        "{len} bytes is larger than the input limit of {limit} bytes (raise it with --max-size)"
    )
}

/// Reads at most `limit` bytes (one more to tell that there were more), reserving `expected`.
fn read_limited(source: impl Read, expected: u64, limit: u64) -> Result<Vec<u8>, String> {
    let reserve = usize::try_from(expected.min(limit)).unwrap_or(0);
    let mut bytes = Vec::with_capacity(reserve);
    source
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "more than the input limit of {limit} bytes (raise it with --max-size)"
        ));
    }
    Ok(bytes)
}

/// Parses `--max-size`: bytes, with an optional K, M or G (powers of 1024), or `none`.
pub fn parse_size(text: &str) -> Result<u64, String> {
    if text.eq_ignore_ascii_case("none") {
        return Ok(u64::MAX);
    }
    let upper = text.to_ascii_uppercase();
    let (digits, shift) = match upper.trim_end_matches(['B', 'I']) {
        t if t.ends_with('K') => (&t[..t.len() - 1], 10),
        t if t.ends_with('M') => (&t[..t.len() - 1], 20),
        t if t.ends_with('G') => (&t[..t.len() - 1], 30),
        t => (t, 0),
    };
    let value: u64 = digits
        .parse()
        .map_err(|_| format!("{text:?} is not a size such as 4096, 64M or 2G"))?;
    value
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("{text:?} is too large"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_with_suffixes() {
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("2K"), Ok(2048));
        assert_eq!(parse_size("64MiB"), Ok(64 << 20));
        assert_eq!(parse_size("1g"), Ok(1 << 30));
        assert_eq!(parse_size("none"), Ok(u64::MAX));
        assert!(parse_size("12Q").is_err());
        assert!(parse_size("").is_err());
        assert!(parse_size("99999999999999999999G").is_err());
    }

    #[test]
    fn limited_reads_refuse_one_byte_more() {
        assert_eq!(read_limited(&b"abcd"[..], 4, 4), Ok(b"abcd".to_vec()));
        assert!(read_limited(&b"abcde"[..], 0, 4).is_err());
    }

    #[test]
    fn shown_paths_escape_control_characters() {
        assert_eq!(show(Path::new("a\x1b[2Jb.sav")), "a\\u{1b}[2Jb.sav");
        assert_eq!(show(Path::new("-")), "<stdin>");
    }
}
