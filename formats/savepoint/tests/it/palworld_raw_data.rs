//! Palworld RawData through the command line: `info` counts the blobs, `to-json
//! --decode-raw-data` shows them decoded, and `from-json` writes the same bytes back.

use std::path::PathBuf;
use std::process::{Command, Output};

fn savepoint(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_savepoint"))
        .args(args)
        .output()
        .expect("run savepoint")
}

fn level_sav() -> Option<PathBuf> {
    Some(snapshots::corpus_subdir("gvas")?.join("palworld_zlib_twice.sav"))
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("savepoint-pal-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn info_counts_decoded_and_raw_blobs() {
    let Some(file) = level_sav() else { return };
    let out = savepoint(&["info", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let value = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key).filter(|rest| rest.starts_with(' ')))
            .map(str::trim)
            .unwrap_or_else(|| panic!("no {key} in {text}"))
            .to_owned()
    };
    // The sample's 39,277 RawData blobs, all of whose layouts are decoded.
    assert_eq!(value("raw_data_blobs"), "39277");
    assert_eq!(value("raw_data_decoded"), "39277");
    assert_eq!(value("raw_data_still_raw"), "0");
}

#[test]
fn decoded_json_shows_values_and_converts_back_to_identical_bytes() {
    let Some(file) = level_sav() else { return };
    let dir = scratch("json");
    let json_path = dir.join("level.json");
    let out = savepoint(&[
        "to-json",
        "--decode-raw-data",
        file.to_str().unwrap(),
        "-o",
        json_path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&json_path).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let blobs = json["data"]["raw_data"]["blobs"]
        .as_array()
        .expect("raw_data.blobs");
    assert_eq!(blobs.len(), 39277);
    // A base camp's decoded fields, by name (the sample's one camp has a 3500 area range).
    let camp = blobs
        .iter()
        .find(|b| b[0] == "worldSaveData.BaseCampSaveData.Value.RawData")
        .expect("a base camp");
    assert_eq!(camp[1]["BaseCamp"]["area_range"], 3500.0);
    assert!(blobs.iter().all(|b| b[1].get("Undecoded").is_none()));

    let written = dir.join("level.sav");
    let out = savepoint(&[
        "from-json",
        json_path.to_str().unwrap(),
        "-o",
        written.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::read(&written).unwrap() == std::fs::read(&file).unwrap());

    // An edit of a decoded value reaches the file.
    let mut edited = json.clone();
    let blobs = edited["data"]["raw_data"]["blobs"].as_array_mut().unwrap();
    let camp = blobs
        .iter_mut()
        .find(|b| b[0] == "worldSaveData.BaseCampSaveData.Value.RawData")
        .unwrap();
    camp[1]["BaseCamp"]["area_range"] = serde_json::json!(4000.0);
    std::fs::write(&json_path, serde_json::to_string(&edited).unwrap()).unwrap();
    let out = savepoint(&[
        "from-json",
        json_path.to_str().unwrap(),
        "-o",
        written.to_str().unwrap(),
        "--force",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = savepoint(&[
        "get",
        "--decode-raw-data",
        written.to_str().unwrap(),
        "raw_data.blobs",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let again: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let camp = again
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b[0] == "worldSaveData.BaseCampSaveData.Value.RawData")
        .unwrap();
    assert_eq!(camp[1]["BaseCamp"]["area_range"], 4000.0);

    // Without the flag the JSON form is as before: no raw_data, the bytes in the body.
    let out = savepoint(&["to-json", file.to_str().unwrap()]);
    assert!(out.status.success());
    let plain: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(plain["data"].get("raw_data").is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn roundtrip_through_the_decoders_is_identical() {
    let Some(file) = level_sav() else { return };
    let out = savepoint(&["roundtrip", "--decode-raw-data", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
