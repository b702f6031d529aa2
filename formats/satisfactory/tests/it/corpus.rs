//! Every corpus file: Update 8+ saves, blueprints and configs round-trip byte for byte (directly and
//! through JSON); saves from before Update 8 are rejected with an error naming their version.

use std::path::{Path, PathBuf};

use satisfactory::{FileKind, SatisfactoryFile};

struct Entry {
    path: PathBuf,
    kind: String,
    save_version: String,
    era: String,
}

fn manifest(dir: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("manifest");
    let mut lines = text.lines();
    let columns: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let col = |name: &str| columns.iter().position(|c| *c == name).expect(name);
    let (path, kind, sv, era) = (col("path"), col("kind"), col("save_version"), col("era"));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            Entry {
                path: dir.join(cells[path]),
                kind: cells[kind].to_owned(),
                save_version: cells[sv].to_owned(),
                era: cells[era].to_owned(),
            }
        })
        .collect()
}

fn pre_update_8_save(e: &Entry) -> bool {
    e.kind == "sav" && matches!(e.era.as_str(), "U6/U7" | "<=U5")
}

#[test]
fn every_file_round_trips_or_is_rejected() {
    let Some(dir) = snapshots::corpus_subdir("satisfactory") else {
        return;
    };
    let entries = manifest(&dir);
    assert!(entries.len() > 200, "{} manifest rows", entries.len());
    let mut failures = Vec::new();
    for e in &entries {
        let data = std::fs::read(&e.path).expect("corpus file");
        let name = e.path.file_name().unwrap().to_string_lossy().into_owned();
        let expected_kind = match e.kind.as_str() {
            "sav" => FileKind::Save,
            "sbp" => FileKind::Blueprint,
            _ => FileKind::BlueprintConfig,
        };
        if satisfactory::detect(&data) != Some(expected_kind) {
            failures.push(format!(
                "{name}: detected as {:?}",
                satisfactory::detect(&data)
            ));
        }
        let read = SatisfactoryFile::read_as(expected_kind, &data);
        if pre_update_8_save(e) {
            match read {
                Err(err) => {
                    let msg = err.to_string();
                    assert!(msg.contains("before Update 8"), "{name}: {msg}");
                    assert!(
                        msg.contains(&format!("SaveVersion {}", e.save_version)),
                        "{name}: {msg}"
                    );
                }
                Ok(_) => failures.push(format!("{name}: pre-Update 8 save was accepted")),
            }
            continue;
        }
        let file = match read {
            Ok(f) => f,
            Err(err) => {
                failures.push(format!("{name}: {err}"));
                continue;
            }
        };
        match file.write() {
            Ok(bytes) if bytes == data => {}
            Ok(bytes) => failures.push(format!(
                "{name}: written bytes differ (first at {:?}, {} vs {} bytes)",
                bytes.iter().zip(&data).position(|(a, b)| a != b),
                bytes.len(),
                data.len()
            )),
            Err(err) => failures.push(format!("{name}: write: {err}")),
        }
        let json = serde_json::to_string(&file).expect("serializes");
        match serde_json::from_str::<SatisfactoryFile>(&json).map(|f| f.write()) {
            Ok(Ok(bytes)) if bytes == data => {}
            Ok(Ok(_)) => failures.push(format!("{name}: JSON round trip differs")),
            Ok(Err(err)) => failures.push(format!("{name}: JSON write: {err}")),
            Err(err) => failures.push(format!("{name}: JSON: {err}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
