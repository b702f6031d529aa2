//! One snapshot per GVAS and Astroneer corpus file: the parsed summary and the round-trip results
//! (file, decompressed body, JSON), or the error.

use std::fmt::Write as _;
use std::path::Path;

use gvas::ReadOptions;

/// Read options for a file: the struct hints its MANIFEST note asks for ("needs the hint P=T").
fn options(note: &str) -> ReadOptions {
    note.split("needs the hint ")
        .skip(1)
        .filter_map(|rest| rest.split_whitespace().next())
        .fold(ReadOptions::default(), |options, spec| {
            options
                .hint(spec.trim_end_matches([',', ';', '.']))
                .expect("hint is PATH=Type")
        })
}

fn outcome(written: Result<Vec<u8>, gvas::Error>, original: &[u8]) -> String {
    match written {
        Ok(bytes) if bytes == original => "identical".to_owned(),
        Ok(bytes) => format!(
            "DIFFERS ({} bytes written, {} read)",
            bytes.len(),
            original.len()
        ),
        Err(e) => format!("write error: {e}"),
    }
}

/// The text snapshotted for one file.
fn describe(data: &[u8], options: &ReadOptions) -> String {
    let save = match gvas::read_with(data, options) {
        Ok(save) => save,
        Err(e) => return format!("error: {e}\n"),
    };
    let mut out = String::new();
    for (key, value) in save.summary() {
        let _ = writeln!(out, "{key}: {value}");
    }
    let _ = writeln!(out, "round trip: {}", outcome(gvas::write(&save), data));
    let body = save.body.write();
    let body_trip = match &body {
        Ok(body) => match gvas::GvasBody::read(body, options) {
            Ok(again) => outcome(again.write(), body),
            Err(e) => format!("body read error: {e}"),
        },
        Err(e) => format!("body write error: {e}"),
    };
    let _ = writeln!(out, "body round trip: {body_trip}");
    let json = serde_json::to_string(&save).expect("serializes");
    let json_trip = match serde_json::from_str::<gvas::SaveFile>(&json) {
        Ok(back) => outcome(gvas::write(&back), data),
        Err(e) => format!("JSON error: {e}"),
    };
    let _ = writeln!(out, "json round trip: {json_trip}");
    out
}

fn snapshot_folder(folder: &str, dir: &Path) {
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap_or_default();
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("corpus folder")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name != "MANIFEST.tsv")
        .collect();
    files.sort();
    for name in files {
        let note = manifest
            .lines()
            .find(|line| line.starts_with(&format!("{folder}/{name}\t")))
            .and_then(|line| line.split('\t').nth(3))
            .unwrap_or("");
        let data = std::fs::read(dir.join(&name)).expect("corpus file");
        let snapshot = format!("{folder}_{}", name.replace('.', "_"));
        insta::assert_snapshot!(snapshot, describe(&data, &options(note)), &name);
    }
}

#[test]
fn gvas_corpus_snapshots() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots/gvas");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for folder in ["gvas", "astroneer"] {
            if let Some(dir) = snapshots::corpus_subdir(folder) {
                snapshot_folder(folder, &dir);
            }
        }
    });
}
