//! `edit`: the JSON goes into a temporary file, the user's editor runs on it, and the text comes
//! back if the editor exited successfully with a change.

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::process::Command;

use crate::input::show;

/// The edited JSON and the temporary file that holds it.
pub struct Edited {
    pub text: String,
    temp: tempfile::NamedTempFile,
}

impl Edited {
    /// Keeps the temporary file (so an edit that does not parse is not lost) and returns its path.
    pub fn keep(self) -> Result<PathBuf, String> {
        self.temp
            .keep()
            .map(|(_, path)| path)
            .map_err(|e| format!("keeping the edited JSON: {}", e.error))
    }
}

/// The editor command: `$VISUAL`, else `$EDITOR`, else `vi`; split on spaces so that a value like
/// `code --wait` works.
fn editor() -> Vec<OsString> {
    let chosen = ["VISUAL", "EDITOR"]
        .iter()
        .filter_map(std::env::var_os)
        .find(|v| !v.is_empty())
        .unwrap_or_else(|| "vi".into());
    match chosen.to_str() {
        Some(text) => text.split_whitespace().map(OsString::from).collect(),
        None => vec![chosen],
    }
}

/// Runs the editor on `json`; `None` when the text came back unchanged.
pub fn in_editor(json: &str) -> Result<Option<Edited>, String> {
    let mut temp = tempfile::Builder::new()
        .prefix("savepoint-edit-")
        .suffix(".json")
        .tempfile()
        .map_err(|e| format!("temporary file: {e}"))?;
    temp.write_all(json.as_bytes())
        .and_then(|()| temp.flush())
        .map_err(|e| format!("{}: {e}", show(temp.path())))?;
    let command = editor();
    let (program, args) = command.split_first().ok_or("no editor set")?;
    let status = Command::new(program)
        .args(args)
        .arg(temp.path())
        .status()
        .map_err(|e| format!("editor {}: {e}", program.to_string_lossy()))?;
    if !status.success() {
        return Err(format!(
            "editor {} exited with {status}; the file is unchanged",
            program.to_string_lossy()
        ));
    }
    // Editors often replace the file rather than write into it: read it again by path.
    let text =
        std::fs::read_to_string(temp.path()).map_err(|e| format!("{}: {e}", show(temp.path())))?;
    Ok((text != json).then_some(Edited { text, temp }))
}
