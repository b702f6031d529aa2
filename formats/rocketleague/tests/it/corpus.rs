//! Every corpus replay: good ones parse with CRCs checked and write back byte for byte (directly
//! and through JSON, whose fast writer matches serde's bytes); bad ones fail with an error naming the format; partial ones never panic.

use crate::common;

use rocketleague::{CrcCheck, NetworkParse, ParserBuilder, PropertySet, PropertyValue};

#[test]
fn good_replays_round_trip() {
    let Some(files) = common::corpus("good") else {
        return;
    };
    let mut failures = Vec::new();
    for (name, data) in &files {
        match rocketleague::read(data) {
            Ok(replay) => match rocketleague::write(&replay) {
                Ok(out) if out == *data => {}
                Ok(out) => failures.push(format!(
                    "{name}: written {} bytes differ from {}",
                    out.len(),
                    data.len()
                )),
                Err(e) => failures.push(format!("{name}: write: {e}")),
            },
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn good_replays_json_round_trip() {
    let Some(files) = common::corpus("good") else {
        return;
    };
    for (name, data) in &files {
        let replay = rocketleague::read(data).unwrap_or_else(|e| panic!("{name}: {e}"));
        let json = serde_json::to_string(&replay).expect("serializes");
        let mut fast = Vec::new();
        replay.write_json(&mut fast).expect("writes JSON");
        assert!(
            fast == json.as_bytes(),
            "{name}: write_json differs from serde"
        );
        let back: rocketleague::Replay =
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(back, replay, "{name}");
        assert_eq!(rocketleague::write(&back).expect("writes"), *data, "{name}");
    }
}

/// Sizes the game computed differently: 002c (868.18) counted the UTF-8 bytes of a UTF-16 name.
const IRREGULAR_SIZES: &[(&str, &str, u32)] = &[("002c.replay", "Name", 22)];

fn sizes_match(file: &str, set: &PropertySet) -> Result<(), String> {
    for property in &set.properties {
        let expected = property.value.declared_size();
        let name = property.name.as_str();
        let irregular = (file, name.as_ref(), property.size);
        if property.size as usize != expected && !IRREGULAR_SIZES.contains(&irregular) {
            return Err(format!(
                "{}: stored {} computed {expected}",
                property.name.as_str(),
                property.size
            ));
        }
        if let PropertyValue::Array(sets) = &property.value {
            sets.iter().try_for_each(|set| sizes_match(file, set))?;
        }
    }
    Ok(())
}

/// The size a writer must store after an edit is what the game stored: checked on every property.
#[test]
fn declared_property_sizes_are_derivable() {
    let Some(files) = common::corpus("good") else {
        return;
    };
    for (name, data) in &files {
        let header = ParserBuilder::new(data)
            .parse_header()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        if let Err(e) = sizes_match(name, &header.properties) {
            panic!("{name}: {e}");
        }
    }
}

/// Bad files fail with CRCs checked, and still fail (deeper, cleanly) with CRC checking off.
#[test]
fn bad_replays_fail_cleanly() {
    let Some(files) = common::corpus("bad") else {
        return;
    };
    for (name, data) in &files {
        for crc in [CrcCheck::Always, CrcCheck::Never] {
            match ParserBuilder::new(data).crc_check(crc).parse() {
                Ok(_) => panic!("{name}: parsed with {crc:?} although it must fail"),
                Err(e) => assert!(e.to_string().starts_with("rocketleague: "), "{name}: {e}"),
            }
        }
    }
}

#[test]
fn partial_files_never_panic() {
    let Some(files) = common::corpus("partial") else {
        return;
    };
    for (_, data) in &files {
        for crc in [CrcCheck::Always, CrcCheck::Never, CrcCheck::OnError] {
            let builder = ParserBuilder::new(data)
                .crc_check(crc)
                .network_parse(NetworkParse::Never);
            let _ = builder.parse_header();
            if let Ok(replay) = builder.parse() {
                rocketleague::write(&replay).expect("a parsed replay writes");
            }
        }
    }
}

/// Versions and frame counts agree with MANIFEST.tsv, which was written independently of this crate.
#[test]
fn good_replays_match_manifest() {
    let Some(files) = common::corpus("good") else {
        return;
    };
    let rows = common::manifest().expect("MANIFEST.tsv readable");
    let mut checked = 0;
    for row in rows.iter().filter(|row| row["file"].starts_with("good/")) {
        let name = &row["file"]["good/".len()..];
        let (_, data) = files
            .iter()
            .find(|(file, _)| file == name)
            .expect("listed file present");
        let replay = rocketleague::read(data).unwrap_or_else(|e| panic!("{name}: {e}"));
        let header = &replay.header;
        assert_eq!(header.engine_version.to_string(), row["major"], "{name}");
        assert_eq!(header.licensee_version.to_string(), row["minor"], "{name}");
        let net = header.net_version.map_or("-".to_owned(), |n| n.to_string());
        assert_eq!(net, row["net"], "{name}");
        let frames = replay.network.frames().expect("decoded").frames.len();
        assert_eq!(frames.to_string(), row["frames"], "{name}");
        checked += 1;
    }
    assert_eq!(checked, files.len());
}
