//! Hostile input: truncated and corrupted replays give `Err` or `Ok`, never a panic.

use crate::common;

use rocketleague::{CrcCheck, NetworkParse, ParserBuilder};
/// Small replays from several versions keep the test fast in the test profile.
const SAMPLES: &[&str] = &[
    "07e9.replay",
    "0e62.replay",
    "6688.replay",
    "a9df3.replay",
    "small-frames.replay",
];

fn samples() -> Option<Vec<(String, Vec<u8>)>> {
    let files = common::corpus("good")?;
    Some(
        files
            .into_iter()
            .filter(|(name, _)| SAMPLES.contains(&name.as_str()))
            .collect(),
    )
}

fn parse_all_ways(data: &[u8]) {
    let _ = rocketleague::read(data);
    let builder = ParserBuilder::new(data).crc_check(CrcCheck::Never);
    let _ = builder.parse_header();
    let _ = builder.network_parse(NetworkParse::Never).parse();
}

#[test]
fn truncation_never_panics() {
    let Some(files) = samples() else { return };
    assert_eq!(files.len(), SAMPLES.len());
    for (_, data) in &files {
        let step = (data.len() / 300).max(1);
        for len in (0..data.len()).step_by(step) {
            parse_all_ways(&data[..len]);
        }
    }
}

#[test]
fn corruption_never_panics() {
    let Some(files) = samples() else { return };
    for (_, data) in &files {
        let step = (data.len() / 300).max(1);
        for at in (0..data.len()).step_by(step) {
            for pattern in [0xFF, 0x80, 0x00] {
                let mut corrupt = data.clone();
                corrupt[at] ^= pattern | 1;
                parse_all_ways(&corrupt);
            }
        }
    }
}
