//! Edits made in JSON (what `savepoint from-json` does) that change lengths: every format writes a
//! file whose derived values (sizes, counts, lengths, CRCs) follow the edit, and the written file
//! reads back with the change. Values that contradict the data fail to write, naming the field.

use std::path::PathBuf;

use savepoint::{AnyFile, ReadOptions};
use serde_json::Value;

const SUFFIX: &str = " (lengthened by savepoint)";

fn corpus_file(relative: &str) -> Option<PathBuf> {
    let path = snapshots::corpus_dir()?.join(relative);
    assert!(path.is_file(), "{} missing", path.display());
    Some(path)
}

/// `file` as JSON, edited by `edit`, turned back into a file and read again from its bytes.
fn edit_in_json(file: &AnyFile, edit: impl FnOnce(&mut Value)) -> (AnyFile, AnyFile) {
    let mut json: Value = serde_json::from_str(&file.to_json().expect("to JSON")).expect("JSON");
    edit(&mut json);
    let edited = AnyFile::from_json(&json.to_string()).expect("from JSON");
    let bytes = edited.write().expect("edited file writes");
    let again = AnyFile::read_as(file.format(), &bytes, &ReadOptions::default())
        .expect("edited file reads back");
    (edited, again)
}

/// Appends [`SUFFIX`] to the first value under `key` that is a string, depth first.
fn lengthen_first(json: &mut Value, key: &str) -> Option<String> {
    match json {
        Value::Object(map) => {
            if let Some(Value::String(text)) = map.get_mut(key) {
                text.push_str(SUFFIX);
                return Some(text.clone());
            }
            map.values_mut().find_map(|v| lengthen_first(v, key))
        }
        Value::Array(items) => items.iter_mut().find_map(|v| lengthen_first(v, key)),
        _ => None,
    }
}

/// The first non-empty property list (an array of `{"tag", "value"}`), depth first: the root list,
/// or for Astroneer (whose root list is empty) an object's.
fn first_property_list(json: &mut Value) -> Option<&mut Vec<Value>> {
    let is_list = json
        .as_array()
        .and_then(|items| items.first())
        .is_some_and(|p| p.get("tag").is_some());
    if is_list {
        return json.as_array_mut();
    }
    match json {
        Value::Array(items) => items.iter_mut().find_map(first_property_list),
        Value::Object(map) => map.values_mut().find_map(first_property_list),
        _ => None,
    }
}

/// A GVAS value lengthened (a StrProperty, else a NameProperty where names are stored inline)
/// and a property removed from the first list, in every container: the property sizes, the body and
/// the container's lengths follow.
#[test]
fn gvas_lengths_change_in_json_in_every_container() {
    for (relative, key) in [
        ("gvas/SaveSlot_03.sav", Some("Str")),
        ("gvas/palworld_zlib.sav", Some("Name")),
        ("gvas/palworld_zlib_twice.sav", Some("Name")),
        // Names come from the file's pool, so only the removal.
        ("astroneer/A178B110FB374A539EC6A93E49F105DD", None),
    ] {
        let Some(path) = corpus_file(relative) else {
            return;
        };
        let file = AnyFile::open(&path).expect("reads");
        let mut text = None;
        let mut removed = None;
        let (edited, again) = edit_in_json(&file, |json| {
            text = key.map(|key| lengthen_first(json, key).expect("a string to lengthen"));
            let root = first_property_list(json).expect("a property list");
            // A property the lengthened string is not in.
            let at = root
                .iter()
                .rposition(|p| !text.as_ref().is_some_and(|t| p.to_string().contains(t)));
            removed = at.map(|at| root.remove(at)["tag"]["name"].to_string());
        });
        assert!(removed.is_some(), "{relative}: nothing to remove");
        let (AnyFile::Gvas(edited), AnyFile::Gvas(again)) = (edited, again) else {
            panic!("{relative}: not GVAS")
        };
        // The bodies, not the files: a container keeps the streams it was read with.
        assert!(
            again.body == edited.body,
            "{relative}: the edit did not survive"
        );
        let again = AnyFile::Gvas(again);
        let json = again.to_json().unwrap();
        if let Some(text) = text {
            assert!(json.contains(&text), "{relative}: {text}");
        }
    }
}

#[test]
fn freerct_name_and_list_edits_in_json() {
    let Some(path) = corpus_file("freerct/bundled/default.fct") else {
        return;
    };
    let file = AnyFile::open(&path).expect("reads");
    let AnyFile::FreeRct(save) = &file else {
        panic!("not FreeRCT")
    };
    let name = format!("{}{SUFFIX}", save.park_name().expect("FCTS 12 park"));
    let items = save.scenery.items.len();
    assert!(items > 0, "default.fct has scenery");
    let (edited, again) = edit_in_json(&file, |json| {
        json["data"]["observer"]["park_name"] = Value::String(name.clone());
        json["data"]["scenery"]["items"]
            .as_array_mut()
            .expect("scenery items")
            .pop();
    });
    assert_eq!(again, edited);
    let AnyFile::FreeRct(save) = again else {
        panic!("not FreeRCT")
    };
    assert_eq!(save.park_name(), Some(name.as_str()));
    assert_eq!(save.scenery.items.len(), items - 1);
}

#[test]
fn freerct_count_contradicting_the_data_names_the_field() {
    let Some(path) = corpus_file("freerct/bundled/default.fct") else {
        return;
    };
    let AnyFile::FreeRct(mut save) = AnyFile::open(&path).expect("reads") else {
        panic!("not FreeRCT")
    };
    save.voxel_stacks.pop();
    let err = AnyFile::FreeRct(save)
        .write()
        .expect_err("world size disagrees");
    let message = err.to_string();
    assert!(
        message.contains("SaveGame.voxel_stacks must hold"),
        "{message}"
    );
}

#[test]
fn replay_string_lengthened_in_json() {
    let Some(path) = corpus_file("rocketleague/good/rumble.replay") else {
        return;
    };
    let file = AnyFile::open(&path).expect("reads");
    let (_, again) = edit_in_json(&file, |json| {
        let props = json["data"]["header"]["properties"]["properties"]
            .as_array_mut()
            .expect("header properties");
        let date = props
            .iter_mut()
            .find(|p| p["name"]["Text"] == "Date")
            .expect("Date");
        let Value::String(text) = &mut date["value"]["Str"]["Windows1252"] else {
            panic!("Date is not Windows-1252 text: {date}")
        };
        text.push_str(SUFFIX);
    });
    let AnyFile::RocketLeague(replay) = again else {
        panic!("not a replay")
    };
    let date = replay.header.properties.get("Date").expect("Date");
    assert!(
        date.value.as_text().expect("text").ends_with(SUFFIX),
        "{date:?}"
    );
    assert_eq!(date.size as usize, date.value.declared_size());
}

#[test]
fn open_and_save_round_trip_a_file() {
    let Some(path) = corpus_file("gvas/SaveSlot_03.sav") else {
        return;
    };
    let file = AnyFile::open(&path).expect("reads");
    let out = std::env::temp_dir().join(format!("savepoint-edits-{}.sav", std::process::id()));
    file.save(&out).expect("saves");
    let written = std::fs::read(&out).expect("written");
    std::fs::remove_file(&out).expect("removed");
    assert_eq!(written, std::fs::read(&path).expect("input"));
    let missing = AnyFile::open(out.with_extension("missing")).expect_err("no such file");
    assert!(missing.to_string().contains("missing"), "{missing}");
}

/// The first property (`{"tag", "value"}`) whose value is of `variant`, depth first.
fn first_property_of<'v>(json: &'v mut Value, variant: &str) -> Option<&'v mut Value> {
    let is_match = json
        .get("value")
        .and_then(Value::as_object)
        .is_some_and(|v| v.contains_key(variant))
        && json.get("tag").is_some();
    if is_match {
        return Some(json);
    }
    match json {
        Value::Array(items) => items.iter_mut().find_map(|v| first_property_of(v, variant)),
        Value::Object(map) => map.values_mut().find_map(|v| first_property_of(v, variant)),
        _ => None,
    }
}

#[test]
fn gvas_value_of_another_type_than_its_tag_names_the_property() {
    let Some(path) = corpus_file("gvas/SaveSlot_03.sav") else {
        return;
    };
    let file = AnyFile::open(&path).expect("reads");
    let mut json: Value = serde_json::from_str(&file.to_json().unwrap()).unwrap();
    let text = first_property_of(&mut json, "Str").expect("a string property")["value"].clone();
    let int = first_property_of(&mut json, "Int").expect("an int property");
    let name = int["tag"]["name"]
        .as_str()
        .expect("a plain name")
        .to_owned();
    int["value"] = text;
    let edited = AnyFile::from_json(&json.to_string()).expect("JSON of the model's shape");
    let message = edited
        .write()
        .expect_err("an IntProperty holding a string")
        .to_string();
    assert!(
        message.contains("Str value does not match the type IntProperty"),
        "{message}"
    );
    assert!(message.contains(&name), "{name}: {message}");
}
