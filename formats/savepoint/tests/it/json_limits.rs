//! JSON that `to_json` writes is JSON `from_json` takes back, up to each format's nesting bound
//! (past serde_json's own 128 levels); one level past the bound, `from_json` refuses it naming
//! the bound, and deeper text is refused before parsing. Each bound is also crossed through the
//! `savepoint` command: `to-json` then `from-json` gives the same bytes, and one level past it
//! `from-json` fails with one line on stderr.

use std::path::PathBuf;
use std::process::Command;

use savepoint::{AnyFile, ReadOptions};
use unreal::{Property, PropertyList, PropertyValue, StructValue};

fn corpus_file(path: &str) -> Option<Vec<u8>> {
    let dir = snapshots::corpus_dir()?;
    Some(std::fs::read(dir.join(path)).expect("corpus file readable"))
}

/// The GVAS save `name` of the corpus (None without a corpus).
fn gvas_corpus_save(name: &str) -> Option<Box<gvas::SaveFile>> {
    let bytes = corpus_file(&format!("gvas/{name}"))?;
    match AnyFile::read(&bytes, None, &ReadOptions::default()).unwrap() {
        AnyFile::Gvas(save) => Some(save),
        _ => panic!("{name} is GVAS"),
    }
}

/// A fresh scratch folder for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("savepoint-json-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the `savepoint` command; `Ok(stdout)` on exit 0, else `Err((status, stderr))`.
fn savepoint(args: &[&std::path::Path]) -> Result<Vec<u8>, (Option<i32>, String)> {
    let out = Command::new(env!("CARGO_BIN_EXE_savepoint"))
        .args(args)
        .output()
        .expect("run savepoint");
    match out.status.success() {
        true => Ok(out.stdout),
        false => Err((
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )),
    }
}

/// Writes `file`, converts it to JSON and back, writes again: both writes must agree and the
/// written file must read back as `file`. The same through the command: `to-json` of the
/// written file, then `from-json`, gives its bytes again.
fn json_round_trip(file: &AnyFile) -> String {
    let bytes = file.write().expect("writes at the bound");
    let json = file.to_json().expect("JSON at the bound");
    let back = AnyFile::from_json(&json).expect("JSON back at the bound");
    assert_eq!(back.write().expect("writes back"), bytes);
    let again = AnyFile::read_as(file.format(), &bytes, &ReadOptions::default()).expect("reads");
    assert_eq!(again.write().unwrap(), bytes);

    let dir = scratch(&format!("{}-{}", file.format(), bytes.len()));
    let (input, json_file, output) = (dir.join("in"), dir.join("in.json"), dir.join("out"));
    std::fs::write(&input, &bytes).unwrap();
    let o = std::path::Path::new("-o");
    savepoint(&["to-json".as_ref(), &input, o, &json_file]).expect("to-json at the bound");
    savepoint(&["from-json".as_ref(), &json_file, o, &output]).expect("from-json at the bound");
    assert!(
        std::fs::read(&output).unwrap() == bytes,
        "from-json gives the same bytes"
    );
    json
}

/// `json` (the file at the bound) with one more level wrapped around its innermost nest:
/// `inner` (the innermost level's JSON) replaced by `outer` (that level inside one more).
fn one_level_deeper(json: &str, inner: &str, outer: &str) -> String {
    let deeper = json.replacen(inner, outer, 1);
    assert_ne!(deeper, json, "the innermost level is found in the JSON");
    deeper
}

/// `json` is refused, by the library and by `from-json`, naming `bound` (on one line).
fn assert_refused(json: &str, bound: u32) {
    let expected = format!("nested deeper than {bound} levels");
    let err = AnyFile::from_json(json).expect_err("one level past the bound");
    let text = err.to_string();
    assert!(text.contains(&expected), "{text}");

    let dir = scratch(&format!("refused-{bound}-{}", json.len()));
    let (json_file, output) = (dir.join("deeper.json"), dir.join("out"));
    std::fs::write(&json_file, json).unwrap();
    let o = std::path::Path::new("-o");
    let (status, stderr) = savepoint(&["from-json".as_ref(), &json_file, o, &output])
        .expect_err("from-json refuses one level past the bound");
    assert_eq!(status, Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(stderr.contains(&expected), "{stderr}");
    assert!(!output.exists(), "nothing written");
}

/// A root struct property holding `list` (any of the file's property-list structs as the shape).
fn wrap(shape: &Property, list: PropertyList) -> Property {
    Property {
        tag: shape.tag.clone(),
        value: PropertyValue::Struct(StructValue::Properties(list)),
    }
}

#[test]
fn gvas_nesting_at_the_bound_survives_json() {
    let Some(mut save) = gvas_corpus_save("Slot1.sav") else {
        return;
    };
    let shape = save
        .body
        .properties
        .properties
        .iter()
        .find(|p| matches!(p.value, PropertyValue::Struct(StructValue::Properties(_))))
        .expect("a property-list struct at the root")
        .clone();
    // The root list is level 1; each struct adds one.
    let mut list = PropertyList::default();
    for _ in 1..unreal::MAX_DEPTH {
        list = PropertyList {
            properties: vec![wrap(&shape, list)],
        };
    }
    let innermost = serde_json::to_string(&wrap(&shape, PropertyList::default())).unwrap();
    let wrapped = serde_json::to_string(&wrap(
        &shape,
        PropertyList {
            properties: vec![wrap(&shape, PropertyList::default())],
        },
    ))
    .unwrap();
    save.body.properties = list;
    let json = json_round_trip(&AnyFile::Gvas(save));
    assert_refused(
        &one_level_deeper(&json, &innermost, &wrapped),
        unreal::MAX_DEPTH,
    );
}

#[test]
fn replay_header_nesting_at_the_bound_survives_json() {
    use rocketleague::{PropertySet, header::MAX_DEPTH};
    let Some(bytes) = corpus_file("rocketleague/good/rumble.replay") else {
        return;
    };
    let AnyFile::RocketLeague(mut replay) =
        AnyFile::read(&bytes, None, &ReadOptions::default()).unwrap()
    else {
        panic!("rumble.replay is a replay")
    };
    let set = |properties| PropertySet {
        properties,
        terminator: "None".into(),
    };
    let wrap = |fields| {
        let mut property = rocketleague::Property {
            name: "S".into(),
            size: 0,
            index: 0,
            value: rocketleague::PropertyValue::Struct {
                name: "T".into(),
                fields,
            },
            irregular_size_of: None,
        };
        property.update_size();
        property
    };
    let mut nested = set(Vec::new());
    for _ in 1..MAX_DEPTH {
        nested = set(vec![wrap(nested)]);
    }
    let innermost = serde_json::to_string(&wrap(set(Vec::new()))).unwrap();
    let wrapped = serde_json::to_string(&wrap(set(vec![wrap(set(Vec::new()))]))).unwrap();
    replay.header.properties = nested;
    let json = json_round_trip(&AnyFile::RocketLeague(replay));
    assert_refused(&one_level_deeper(&json, &innermost, &wrapped), MAX_DEPTH);
}

#[test]
fn freerct_objective_nesting_at_the_bound_survives_json() {
    use freerct::objectives::{MAX_OBJECTIVE_DEPTH, Objective};
    let mut save = freerct::SaveGame::example();
    let scenario = save.header.scenario.as_mut().unwrap();
    let leaf = scenario.objective.clone();
    let wrap = |inner| {
        let mut outer = leaf.clone();
        outer.children = vec![Objective::Container(Box::new(inner))];
        outer
    };
    let mut container = leaf.clone();
    for _ in 1..MAX_OBJECTIVE_DEPTH {
        container = wrap(container);
    }
    let innermost = serde_json::to_string(&Objective::Container(Box::new(leaf.clone()))).unwrap();
    let wrapped =
        serde_json::to_string(&Objective::Container(Box::new(wrap(leaf.clone())))).unwrap();
    scenario.objective = container;
    let json = json_round_trip(&AnyFile::FreeRct(Box::new(save)));
    assert_refused(
        &one_level_deeper(&json, &innermost, &wrapped),
        MAX_OBJECTIVE_DEPTH,
    );
}

#[test]
fn gvas_text_nesting_at_the_bound_survives_json() {
    use std::sync::Arc;
    use unreal::{FName, FPropertyTag, FPropertyTypeName, FText, MAX_TEXT_DEPTH, TextHistory};
    let Some(mut save) = gvas_corpus_save("Slot1.sav") else {
        return;
    };
    let plain = FText {
        flags: 0,
        history: TextHistory::None {
            culture_invariant: None,
        },
    };
    let wrap = |source: FText| FText {
        flags: 0,
        history: TextHistory::Transform {
            source: Box::new(source),
            transform: 0,
        },
    };
    let mut text = plain.clone();
    for _ in 1..MAX_TEXT_DEPTH {
        text = wrap(text);
    }
    let text_type = Arc::new(FPropertyTypeName::leaf(FName::new("TextProperty")));
    save.body.properties.properties.push(Property {
        tag: FPropertyTag::new(FName::new("Nested"), text_type),
        value: PropertyValue::Text(Box::new(text)),
    });
    let innermost = serde_json::to_string(&wrap(plain.clone())).unwrap();
    let wrapped = serde_json::to_string(&wrap(wrap(plain))).unwrap();
    let json = json_round_trip(&AnyFile::Gvas(save));
    assert_refused(
        &one_level_deeper(&json, &innermost, &wrapped),
        MAX_TEXT_DEPTH,
    );
}

#[test]
fn gvas_type_name_nesting_at_the_bound_survives_json() {
    use std::sync::Arc;
    use unreal::{FName, FPropertyTag, FPropertyTypeName, MAX_TYPE_DEPTH};
    let Some(mut save) = gvas_corpus_save("vector2d.sav") else {
        return;
    };
    // A UE 5.4 save (complete type names in tags), its root list one IntProperty whose type
    // name carries parameters MAX_TYPE_DEPTH levels deep.
    save.body.header.package_file_version_ue5 = Some(1012);
    save.body.serialization_control = Some(gvas::SerializationControl {
        extensions: 0,
        overridable_operation: None,
    });
    let param = |params: Vec<FPropertyTypeName>| FPropertyTypeName {
        name: FName::new("P"),
        params: Arc::from(params),
    };
    let mut tree = FPropertyTypeName::leaf(FName::new("P"));
    for _ in 1..MAX_TYPE_DEPTH {
        tree = param(vec![tree]);
    }
    let int_type = FPropertyTypeName {
        name: FName::new("IntProperty"),
        params: Arc::from([tree]),
    };
    save.body.properties.properties = vec![Property {
        tag: FPropertyTag::new(FName::new("Deep"), Arc::new(int_type)),
        value: PropertyValue::Int(5),
    }];
    let leaf = FPropertyTypeName::leaf(FName::new("P"));
    let innermost = serde_json::to_string(&leaf).unwrap();
    let wrapped = serde_json::to_string(&param(vec![leaf])).unwrap();
    let json = json_round_trip(&AnyFile::Gvas(save));
    assert_refused(
        &one_level_deeper(&json, &innermost, &wrapped),
        MAX_TYPE_DEPTH,
    );
}

#[test]
fn text_nested_past_the_json_bound_is_refused_before_parsing() {
    let depth = savepoint::MAX_JSON_DEPTH + 1;
    let json = format!(
        "{{\"format\":\"gvas\",\"data\":{}{}}}",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    let err = AnyFile::from_json(&json).expect_err("too deep");
    assert!(
        err.to_string()
            .starts_with("json: nested deeper than 2048 levels at byte "),
        "{err}"
    );
    // The same nesting with the data before the format tag (which serde buffers) at the bound.
    let depth = savepoint::MAX_JSON_DEPTH - 1;
    let json = format!(
        "{{\"data\":{}{},\"format\":\"gvas\"}}",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    let err = AnyFile::from_json(&json).expect_err("not a GVAS model");
    assert!(err.to_string().starts_with("json: "), "{err}");
}

#[test]
fn inputs_shorter_than_every_magic_number_say_so() {
    for bytes in [&b""[..], b"F", b"GVA"] {
        let err = AnyFile::read(bytes, None, &ReadOptions::default()).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "file too short to be any known format: {} bytes (every magic number is at least 4 bytes)",
                bytes.len()
            )
        );
    }
    let err = AnyFile::read(b"GVA", Some("x.fct"), &ReadOptions::default()).unwrap_err();
    assert!(
        err.to_string().starts_with("freerct: "),
        "the name decides: {err}"
    );
    let err = AnyFile::read(b"none", None, &ReadOptions::default()).unwrap_err();
    assert!(err.to_string().starts_with("unknown format"), "{err}");
}
