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
    // Strict: nothing in these files may fall back to raw bytes (MANIFEST marks no game-specific data).
    let strict = ReadOptions {
        strict: true,
        ..ReadOptions::default()
    };
    specs
        .iter()
        .fold(strict, |o, s| o.hint(s).expect("hint has PATH=Type form"))
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
