//! Detection over every corpus file: each folder's files must be recognised as that folder's format.

use std::path::{Path, PathBuf};

use savepoint::{Format, detect};

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap();
            if path.is_dir() {
                stack.push(path);
            } else if !name.starts_with("MANIFEST") && !name.starts_with("README") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The format each file should be detected as, from its folder and (for GVAS) its wrapper.
fn expected(folder: &str, path: &Path) -> Format {
    let name = path.file_name().unwrap().to_str().unwrap();
    match folder {
        "freerct" => Format::FreeRct,
        "gvas" if name.starts_with("palworld") => Format::Palworld,
        "gvas" => Format::Gvas,
        "astroneer" => Format::Astroneer,
        "rocketleague" => Format::RocketLeague,
        "satisfactory" => Format::Satisfactory,
        other => panic!("unexpected corpus folder {other}"),
    }
}

#[test]
fn every_corpus_file_is_detected_as_its_folder_format() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    let mut checked = 0;
    for folder in [
        "freerct",
        "gvas",
        "astroneer",
        "rocketleague",
        "satisfactory",
    ] {
        for path in files_under(&corpus.join(folder)) {
            let bytes = std::fs::read(&path).unwrap();
            let name = path.file_name().and_then(|n| n.to_str());
            assert_eq!(
                detect(&bytes, name),
                Some(expected(folder, &path)),
                "{}",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked > 350, "only {checked} corpus files found");
}

#[test]
fn good_replays_and_satisfactory_saves_are_detected_from_bytes_alone() {
    let Some(corpus) = snapshots::corpus_dir() else {
        return;
    };
    for (folder, format) in [
        ("rocketleague/good", Format::RocketLeague),
        ("satisfactory/saves", Format::Satisfactory),
        ("astroneer", Format::Astroneer),
    ] {
        for path in files_under(&corpus.join(folder)) {
            let bytes = std::fs::read(&path).unwrap();
            assert_eq!(
                savepoint::detect_bytes(&bytes),
                Some(format),
                "{}",
                path.display()
            );
        }
    }
}
