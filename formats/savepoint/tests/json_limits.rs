//! JSON that `to_json` writes is JSON `from_json` takes back, up to each format's nesting bound
//! (past serde_json's own 128 levels); one level past the bound, `from_json` refuses it naming
//! the bound, and deeper text is refused before parsing.

use savepoint::{AnyFile, ReadOptions};
use unreal::{Property, PropertyList, PropertyValue, StructValue};

fn corpus_file(path: &str) -> Option<Vec<u8>> {
    let dir = snapshots::corpus_dir()?;
    Some(std::fs::read(dir.join(path)).expect("corpus file readable"))
}

/// Writes `file`, converts it to JSON and back, writes again: both writes must agree and the
/// written file must read back as `file`.
fn json_round_trip(file: &AnyFile) -> String {
    let bytes = file.write().expect("writes at the bound");
    let json = file.to_json().expect("JSON at the bound");
    let back = AnyFile::from_json(&json).expect("JSON back at the bound");
    assert_eq!(back.write().expect("writes back"), bytes);
    let again = AnyFile::read_as(file.format(), &bytes, &ReadOptions::default()).expect("reads");
    assert_eq!(again.write().unwrap(), bytes);
    json
}

/// `json` (the file at the bound) with one more level wrapped around its innermost nest:
/// `inner` (the innermost level's JSON) replaced by `outer` (that level inside one more).
fn one_level_deeper(json: &str, inner: &str, outer: &str) -> String {
    let deeper = json.replacen(inner, outer, 1);
    assert_ne!(deeper, json, "the innermost level is found in the JSON");
    deeper
}

fn assert_refused(json: &str, bound: u32) {
    let err = AnyFile::from_json(json).expect_err("one level past the bound");
    let text = err.to_string();
    assert!(
        text.contains(&format!("nested deeper than {bound} levels")),
        "{text}"
    );
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
    let Some(bytes) = corpus_file("gvas/Slot1.sav") else {
        return;
    };
    let AnyFile::Gvas(mut save) = AnyFile::read(&bytes, None, &ReadOptions::default()).unwrap()
    else {
        panic!("Slot1.sav is GVAS")
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
