//! Edits: a changed header value writes a file whose CRCs check; a changed byte fails the CRC.

mod common;

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
    replay.header.properties.update_sizes();
    let bytes = rocketleague::write(&replay).expect("writes");
    assert_ne!(bytes, data);

    let back = ParserBuilder::new(&bytes)
        .crc_check(CrcCheck::Always)
        .parse()
        .expect("CRCs check");
    assert!(back.player_names().contains(&"\u{2623} renamed".to_owned()));
    assert!(!back.player_names().contains(&"comagoosie".to_owned()));
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
        back.header.properties.get("Team0Score"),
        Some(&PropertyValue::Int(99))
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
