//! Every real file in corpus/gvas and corpus/astroneer: byte-exact round trips of the file, of the
//! decompressed body, and through JSON.

use std::path::{Path, PathBuf};

use gvas::{Container, GvasBody, ReadOptions, SaveFile};

/// Files listed in corpus/gvas/MANIFEST.tsv plus the Astroneer save, with the hints MANIFEST asks for.
fn corpus_files() -> Vec<(PathBuf, ReadOptions)> {
    let mut files = Vec::new();
    for folder in ["gvas", "astroneer"] {
        let Some(dir) = snapshots::corpus_subdir(folder) else {
            return Vec::new();
        };
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("corpus folder is readable")
            .map(|e| e.expect("directory entry").path())
            .filter(|p| p.file_name().is_some_and(|n| n != "MANIFEST.tsv"))
            .collect();
        entries.sort();
        files.extend(entries.into_iter().map(|p| {
            let options = options_for(&p);
            (p, options)
        }));
    }
    files
}

/// Struct hints MANIFEST.tsv names for some files.
fn options_for(path: &Path) -> ReadOptions {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let specs: &[&str] = match name {
        "SaveSlot_03.sav" => &["PlayerAttributes.Key=Struct"],
        _ => &[],
    };
    // Lenient, so that values the unreal crate cannot decode show up in the raw-fallback count
    // (checked by `no_raw_fallbacks_outside_manifest_notes`) instead of failing the read.
    specs.iter().fold(ReadOptions::default(), |o, s| {
        o.hint(s).expect("hint has PATH=Type form")
    })
}

/// The MANIFEST.tsv note of a corpus/gvas file ("" for none or for other folders).
fn manifest_note(path: &Path) -> String {
    let Some(dir) = path.parent() else {
        return String::new();
    };
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap_or_default();
    manifest
        .lines()
        .filter_map(|line| {
            let mut cols = line.split('\t');
            let file = cols.next()?;
            let note = cols.nth(2).unwrap_or("");
            file.rsplit('/')
                .next()
                .filter(|f| *f == name)
                .map(|_| note.to_owned())
        })
        .next()
        .unwrap_or_default()
}

#[test]
fn no_raw_fallbacks_outside_manifest_notes() {
    let mut files = 0;
    for (path, options) in corpus_files() {
        let (_, save) = read(&path, &options);
        let raw = save.body.raw_fallbacks();
        let summary = save.summary();
        let reported = summary
            .iter()
            .find(|(k, _)| *k == "raw_fallbacks")
            .map(|(_, v)| v.clone());
        assert_eq!(reported, Some(raw.to_string()), "{}", path.display());
        let note = manifest_note(&path);
        assert!(
            raw == 0 || note.contains("raw fallback"),
            "{}: {raw} values fell back to raw bytes and MANIFEST.tsv does not say why",
            path.display()
        );
        // A lenient read without fallbacks decodes exactly what a strict one does.
        if raw == 0 {
            let strict = ReadOptions {
                strict: true,
                ..options.clone()
            };
            let bytes = std::fs::read(&path).expect("corpus file is readable");
            let again = gvas::read_with(&bytes, &strict)
                .unwrap_or_else(|e| panic!("{} strict: {e}", path.display()));
            assert!(again.body == save.body, "{}", path.display());
        }
        files += 1;
    }
    assert!(files == 0 || files > 20, "{files} corpus files");
}

fn read(path: &Path, options: &ReadOptions) -> (Vec<u8>, SaveFile) {
    let bytes = std::fs::read(path).expect("corpus file is readable");
    let save =
        gvas::read_with(&bytes, options).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (bytes, save)
}

#[test]
fn files_round_trip_byte_exact() {
    for (path, options) in corpus_files() {
        let (bytes, save) = read(&path, &options);
        let written = gvas::write(&save).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(written == bytes, "{}: written file differs", path.display());
    }
}

#[test]
fn decompressed_bodies_round_trip_byte_exact() {
    for (path, options) in corpus_files() {
        let (_, save) = read(&path, &options);
        let body = save.body.write().expect("body writes");
        let again = GvasBody::read(&body, &options)
            .unwrap_or_else(|e| panic!("{} body: {e}", path.display()));
        assert_eq!(again, save.body, "{}", path.display());
        // The body alone is a plain GVAS file.
        let plain = gvas::read_with(&body, &options).expect("body reads as a plain file");
        assert_eq!(plain.container, Container::Plain);
        assert!(
            gvas::write(&plain).expect("plain writes") == body,
            "{}",
            path.display()
        );
    }
}

#[test]
fn json_round_trip_is_byte_exact() {
    for (path, options) in corpus_files() {
        let (bytes, save) = read(&path, &options);
        let json = serde_json::to_string(&save).expect("serializes");
        let back: SaveFile = serde_json::from_str(&json)
            .unwrap_or_else(|e| panic!("{}: JSON does not read back: {e}", path.display()));
        assert!(back == save, "{}: JSON model differs", path.display());
        assert!(
            gvas::write(&back).expect("writes") == bytes,
            "{}",
            path.display()
        );
    }
}

#[test]
fn edited_compressed_bodies_are_recompressed() {
    for (path, options) in corpus_files() {
        let (_, mut save) = read(&path, &options);
        if save.container == Container::Plain {
            continue;
        }
        // Change the engine branch: the body changes, so new streams must be written.
        save.body.header.engine_version.branch = unreal::FString::new("++edited+by+savepoint");
        let written = gvas::write(&save).expect("edited save writes");
        let again = gvas::read_with(&written, &options).expect("edited save reads back");
        assert_eq!(again.body, save.body, "{}", path.display());
    }
}
