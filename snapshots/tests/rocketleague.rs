//! Rocket League replays: one reviewed snapshot per good replay (header summary, frame and actor
//! counts, a hash of the decoded frames) and a byte-exact round trip of each.

use rocketleague::network::{Attribute, Frames};
use rocketleague::{NetworkData, NetworkParse, ParserBuilder};

/// FNV-1a 64: a stable fingerprint of the decoded frames' JSON, so any change in decoding shows.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The frames as JSON in a fixed shape, each frame with its own segments and attributes and each
/// rigid body and large attribute in place (`{"frames":[{"time":..,"delta":..,"actors":[..],"attributes":[..]},..],
/// "trailing":..}`), so the hash follows the decoded values and not how the model lays them out.
fn frames_json(frames: &Frames) -> Vec<u8> {
    let mut out = Vec::new();
    macro_rules! put {
        ($text:expr, $value:expr) => {
            out.extend_from_slice($text.as_bytes());
            serde_json::to_writer(&mut out, $value).expect("frames serialize");
        };
    }
    out.extend_from_slice(b"{\"frames\":[");
    for (i, f) in frames.iter().enumerate() {
        put!(if i == 0 { "{\"time\":" } else { ",{\"time\":" }, &f.time);
        put!(",\"delta\":", &f.delta);
        put!(",\"actors\":", &f.segments().collect::<Vec<_>>());
        out.extend_from_slice(b",\"attributes\":[");
        for (j, a) in f.attributes.iter().enumerate() {
            if j > 0 {
                out.push(b',');
            }
            match a.value {
                Attribute::RigidBody(index) => {
                    put!("{\"stream_id\":", &a.stream_id);
                    put!(",\"object_id\":", &a.object_id);
                    put!(
                        ",\"value\":{\"RigidBody\":",
                        &frames.rigid_body(index).expect("rigid body index in range")
                    );
                    out.extend_from_slice(b"}}");
                }
                Attribute::Large(index) => {
                    put!("{\"stream_id\":", &a.stream_id);
                    put!(",\"object_id\":", &a.object_id);
                    put!(
                        ",\"value\":",
                        frames
                            .large_attribute(index)
                            .expect("large attribute index in range")
                    );
                    out.push(b'}');
                }
                _ => {
                    put!("", a);
                }
            }
        }
        out.extend_from_slice(b"]}");
    }
    put!("],\"trailing\":", &frames.trailing);
    out.push(b'}');
    out
}

fn describe(data: &[u8]) -> String {
    let replay = match ParserBuilder::new(data)
        .network_parse(NetworkParse::IgnoreOnError)
        .parse()
    {
        Ok(replay) => replay,
        Err(e) => return format!("error: {e}\n"),
    };
    let mut lines: Vec<String> = replay
        .summary()
        .into_iter()
        .map(|(k, v)| format!("{k}: {v}"))
        .collect();
    match &replay.network {
        NetworkData::Decoded(frames) => {
            lines.push(format!("frames_hash: {:016x}", fnv1a(&frames_json(frames))));
        }
        NetworkData::Raw(_) => {
            let err = rocketleague::read(data)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            lines.push(format!("network_error: {err}"));
        }
    }
    let round_trip = rocketleague::write(&replay).map(|out| out == data);
    lines.push(format!(
        "round_trip_identical: {}",
        round_trip.unwrap_or(false)
    ));
    lines.join("\n") + "\n"
}

#[test]
fn rocketleague_replays() {
    let Some(dir) = snapshots::corpus_subdir("rocketleague/good") else {
        return;
    };
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("corpus folder readable")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "replay"))
        .collect();
    paths.sort();
    assert_eq!(paths.len(), 76, "rocketleague/good should hold 76 replays");
    for path in paths {
        let data = std::fs::read(&path).expect("replay readable");
        let stem = path.file_stem().expect("file stem").to_string_lossy();
        let name: String = stem
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        insta::assert_snapshot!(format!("rocketleague_{name}"), describe(&data));
    }
}
