//! Edits: a changed header value writes a file whose CRCs check; a changed byte fails the CRC.

use crate::common;

use rocketleague::{CrcCheck, NetworkParse, ParserBuilder, PropertyValue, Section};

fn rumble() -> Option<Vec<u8>> {
    let files = common::corpus("good")?;
    files
        .into_iter()
        .find(|(name, _)| name == "rumble.replay")
        .map(|(_, data)| data)
}

#[test]
fn renamed_player_writes_valid_crcs() {
    let Some(data) = rumble() else { return };
    let mut replay = rocketleague::read(&data).expect("rumble reads");
    let old = replay.player_names();
    assert!(old.contains(&"comagoosie".to_owned()), "{old:?}");

    assert_eq!(
        replay
            .header
            .properties
            .replace_text("comagoosie", "\u{2623} renamed"),
        2
    );
    // No update_sizes(): the writer derives the sizes of edited values.
    let bytes = rocketleague::write(&replay).expect("writes");
    assert_ne!(bytes, data);

    let back = ParserBuilder::new(&bytes)
        .crc_check(CrcCheck::Always)
        .parse()
        .expect("CRCs check");
    assert!(back.player_names().contains(&"\u{2623} renamed".to_owned()));
    assert!(!back.player_names().contains(&"comagoosie".to_owned()));
    replay.header.properties.update_sizes();
    assert_eq!(back, replay);
    for property in &back.header.properties.properties {
        assert_eq!(
            property.size as usize,
            property.value.declared_size(),
            "{}",
            property.name.as_str()
        );
    }
}

#[test]
fn edited_score_round_trips() {
    let Some(data) = rumble() else { return };
    let mut replay = ParserBuilder::new(&data)
        .network_parse(NetworkParse::Never)
        .parse()
        .expect("reads");
    let score = replay
        .header
        .properties
        .get_mut("Team0Score")
        .expect("score present");
    score.value = PropertyValue::Int(99);
    let bytes = rocketleague::write(&replay).expect("writes");
    let back = rocketleague::read(&bytes).expect("re-reads with CRC and network");
    assert_eq!(
        back.header
            .properties
            .get("Team0Score")
            .and_then(|p| p.value.as_i32()),
        Some(99)
    );
}

#[test]
fn flipped_byte_fails_the_crc() {
    let Some(mut data) = rumble() else { return };
    data[40] ^= 0x20;
    let err = rocketleague::read(&data).expect_err("CRC mismatch");
    assert_eq!(err.section(), Section::Header);
    assert!(err.to_string().contains("CRC"), "{err}");
    let mid = data.len() / 2;
    data[40] ^= 0x20;
    data[mid] ^= 0x01;
    let err = rocketleague::read(&data).expect_err("CRC mismatch");
    assert_eq!(err.section(), Section::Body, "{err}");
    assert!(
        ParserBuilder::new(&data)
            .crc_check(CrcCheck::Never)
            .network_parse(NetworkParse::Never)
            .parse()
            .is_ok()
    );
}

#[test]
fn errors_name_section_field_and_offset() {
    let mut data = Vec::new();
    for word in [12u32, 0, 868, 12, 100] {
        data.extend_from_slice(&word.to_le_bytes());
    }
    let err = ParserBuilder::new(&data)
        .crc_check(CrcCheck::Never)
        .parse_header()
        .expect_err("string too long");
    assert_eq!(err.section(), Section::Header);
    assert_eq!(err.path(), "Header.game_type");
    assert_eq!(err.offset(), 0x10);
    assert_eq!(
        err.to_string(),
        "rocketleague: header: Header.game_type: string of 100 bytes exceeds the 0 bytes left at 0x10"
    );
}

/// A footer string whose raw length disagrees with its bytes fails to write, and the error points
/// at the file offset where that string is stored.
#[test]
fn write_error_names_the_file_offset() {
    let Some(data) = rumble() else { return };
    let mut replay = ParserBuilder::new(&data)
        .network_parse(NetworkParse::Never)
        .parse()
        .expect("reads");
    let first = &mut replay.footer.objects[0];
    let name = first.as_str().into_owned();
    let mut stored = i32::try_from(name.len() + 1)
        .expect("short name")
        .to_le_bytes()
        .to_vec();
    stored.extend_from_slice(name.as_bytes());
    stored.push(0);
    let at = data
        .windows(stored.len())
        .position(|w| w == stored)
        .expect("first object stored in the file");
    *first = rocketleague::String16::Raw {
        length: 7,
        bytes: vec![b'x'; 3],
    };
    let err = rocketleague::write(&replay).expect_err("length mismatch");
    assert_eq!(err.section(), Section::Footer, "{err}");
    assert_eq!(err.offset(), at as u64, "{err}");
    assert!(err.to_string().contains("does not match 3 bytes"), "{err}");
}

/// A damaged network stream: with the CRC checked only on error, the decode failure is reported
/// as a body CRC mismatch; without CRC checks it is the network error itself.
#[test]
fn network_failure_checks_the_crc_on_error() {
    let Some(data) = rumble() else { return };
    let parse = |bytes: &[u8], crc| {
        ParserBuilder::new(bytes)
            .crc_check(crc)
            .network_parse(NetworkParse::Always)
            .parse()
    };
    let damaged = (data.len() / 4..data.len() / 2)
        .step_by(997)
        .map(|at| {
            let mut bytes = data.clone();
            bytes[at] ^= 0xFF;
            bytes
        })
        .find(|bytes| parse(bytes, CrcCheck::Never).is_err_and(|e| e.section() == Section::Network))
        .expect("some damaged byte breaks the network stream");
    let err = parse(&damaged, CrcCheck::OnError).expect_err("corrupt");
    assert_eq!(err.section(), Section::Body, "{err}");
    assert!(err.to_string().contains("CRC"), "{err}");
}

/// Floats JSON numbers cannot hold (NaN with a payload, infinities) in header properties and
/// keyframe times come back from JSON with the same bits, so the written file is the same.
#[test]
fn non_finite_floats_survive_json() {
    let Some(data) = rumble() else { return };
    let mut replay = rocketleague::read(&data).expect("rumble reads");
    let float = replay
        .header
        .properties
        .properties
        .iter_mut()
        .find(|p| matches!(p.value, PropertyValue::Float(_)))
        .expect("a float header property");
    float.value = PropertyValue::Float(unreal::F32(f32::from_bits(0x7fc0_1234)));
    replay.body.keyframes[0].time = unreal::F32(f32::NEG_INFINITY);
    let bytes = rocketleague::write(&replay).expect("writes");
    let json = serde_json::to_string(&replay).expect("serializes");
    let back: rocketleague::Replay = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(rocketleague::write(&back).expect("writes"), bytes);
}

/// Every property of `set` (nested ones too), depth first.
fn walk<'a>(set: &'a rocketleague::PropertySet, out: &mut Vec<&'a rocketleague::Property>) {
    for property in &set.properties {
        out.push(property);
        match &property.value {
            PropertyValue::Array(sets) => sets.iter().for_each(|s| walk(s, out)),
            PropertyValue::Struct { fields, .. } => walk(fields, out),
            _ => {}
        }
    }
}

/// The JSON path (what `savepoint from-json` does): a header string lengthened in JSON, with the
/// stale `size` left as it was, is written with the new size and reads back with valid CRCs.
#[test]
fn string_lengthened_in_json_gets_its_size() {
    let Some(data) = rumble() else { return };
    let replay = rocketleague::read(&data).expect("rumble reads");
    let mut json = serde_json::to_value(&replay).expect("serializes");
    let props = json["header"]["properties"]["properties"]
        .as_array_mut()
        .expect("property array");
    let player = props
        .iter_mut()
        .find(|p| p["name"]["Text"] == "PlayerName")
        .expect("PlayerName");
    let old_size = player["size"].as_u64().expect("size");
    player["value"]["Str"] = serde_json::json!({"Windows1252": "a much longer player name"});
    let edited: rocketleague::Replay = serde_json::from_value(json).expect("deserializes");
    let bytes = rocketleague::write(&edited).expect("writes");
    let back = ParserBuilder::new(&bytes)
        .crc_check(CrcCheck::Always)
        .parse()
        .expect("CRCs check, frames decode");
    let name = back.header.properties.get("PlayerName").expect("name");
    assert_eq!(
        name.value.as_text().as_deref(),
        Some("a much longer player name")
    );
    assert_eq!(name.size as usize, name.value.declared_size());
    assert!(
        u64::from(name.size) > old_size,
        "{} <= {old_size}",
        name.size
    );
}

/// A stored size that disagrees with its value (a game quirk in 002c.replay) is kept while that
/// value keeps its length and recomputed once an edit changes it.
#[test]
fn irregular_size_kept_until_its_value_changes() {
    let Some(files) = common::corpus("good") else {
        return;
    };
    let (_, data) = files
        .iter()
        .find(|(name, _)| name == "002c.replay")
        .expect("002c.replay in the corpus");
    let read = |bytes: &[u8]| {
        ParserBuilder::new(bytes)
            .network_parse(NetworkParse::Never)
            .parse()
            .expect("reads")
    };
    let replay = read(data);
    let mut all = Vec::new();
    walk(&replay.header.properties, &mut all);
    let odd = all
        .iter()
        .position(|p| p.irregular_size_of.is_some())
        .expect("an irregular size");
    assert_ne!(all[odd].size as usize, all[odd].value.declared_size());

    // Unedited (and edited elsewhere): the odd size is written as read.
    assert_eq!(&rocketleague::write(&replay).expect("writes"), data);

    let mut edited = replay.clone();
    let mut stack = vec![&mut edited.header.properties];
    let mut seen = 0;
    while let Some(set) = stack.pop() {
        for property in &mut set.properties {
            if property.irregular_size_of.is_some() {
                seen += 1;
                property.value = PropertyValue::Str(rocketleague::String16::new("Renamed"));
            }
            match &mut property.value {
                PropertyValue::Array(sets) => stack.extend(sets.iter_mut()),
                PropertyValue::Struct { fields, .. } => stack.push(fields),
                _ => {}
            }
        }
    }
    assert_eq!(seen, 1);
    let back = read(&rocketleague::write(&edited).expect("writes"));
    let mut all = Vec::new();
    walk(&back.header.properties, &mut all);
    for property in all {
        assert_eq!(property.size as usize, property.value.declared_size());
        assert_eq!(property.irregular_size_of, None);
    }
}
