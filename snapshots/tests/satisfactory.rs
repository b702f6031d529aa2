//! One snapshot per Satisfactory corpus file: the summary (versions, names, level and object
//! counts), the classes whose objects carry class data (how many objects, how many decoded, how many
//! kept raw), and the byte-exact round trip, or the error.

use std::fmt::Write as _;
use std::path::Path;

use satisfactory::{Fallbacks, SatisfactoryFile};

/// The text snapshotted for one file.
fn describe(data: &[u8]) -> String {
    let file = match SatisfactoryFile::read(data) {
        Ok(file) => file,
        Err(e) => return format!("error: {e}\n"),
    };
    let mut out = String::new();
    for (key, value) in file.summary() {
        let _ = writeln!(out, "{key}: {value}");
    }
    let fallbacks = match &file {
        SatisfactoryFile::Save(s) => Some(s.fallbacks()),
        SatisfactoryFile::Blueprint(b) => Some(b.fallbacks()),
        SatisfactoryFile::BlueprintConfig(_) => None,
    };
    if let Some(fallbacks) = fallbacks.filter(|f: &Fallbacks| !f.by_class.is_empty()) {
        let _ = writeln!(out, "classes with class data:");
        for line in fallbacks.lines() {
            let _ = writeln!(out, "  {line}");
        }
    }
    let trip = match file.write() {
        Ok(bytes) if bytes == data => "identical".to_owned(),
        Ok(bytes) => format!(
            "DIFFERS ({} bytes written, {} read)",
            bytes.len(),
            data.len()
        ),
        Err(e) => format!("write error: {e}"),
    };
    let _ = writeln!(out, "round trip: {trip}");
    out
}

fn snapshot_folder(folder: &str, dir: &Path) {
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("corpus folder")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    files.sort();
    for name in files {
        let data = std::fs::read(dir.join(&name)).expect("corpus file");
        let snapshot = format!("{folder}_{}", name.replace(['.', ' '], "_"));
        insta::assert_snapshot!(snapshot, describe(&data), &name);
    }
}

#[test]
fn satisfactory_corpus_snapshots() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots/satisfactory");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        if let Some(dir) = snapshots::corpus_subdir("satisfactory") {
            for folder in ["saves", "blueprints"] {
                snapshot_folder(folder, &dir.join(folder));
            }
        }
    });
}
