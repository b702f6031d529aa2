//! Rocket League replays from arbitrary bytes: parsing with CRCs skipped (so the fuzzer reaches
//! the header, body, footer and network stream) must never panic, and whatever parses must write
//! and read back to the same value, and writing that again gives the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rocketleague::{CrcCheck, NetworkParse, ParserBuilder};

fuzz_target!(|data: &[u8]| {
    let builder = ParserBuilder::new(data)
        .crc_check(CrcCheck::Never)
        .network_parse(NetworkParse::IgnoreOnError);
    let _ = builder.parse_header();
    if let Ok(replay) = builder.parse() {
        let bytes = rocketleague::write(&replay).expect("a parsed replay writes");
        let back = ParserBuilder::new(&bytes)
            .crc_check(CrcCheck::Always)
            .network_parse(NetworkParse::IgnoreOnError)
            .parse()
            .expect("a written replay reads with CRCs checked");
        // Compared through Debug, which prints every NaN alike (`==` does not hold for NaN floats,
        // which header properties may hold); the bytes below check the exact bits.
        let same = |a: &dyn std::fmt::Debug, b: &dyn std::fmt::Debug| {
            assert_eq!(format!("{a:?}"), format!("{b:?}"));
        };
        same(&back.header, &replay.header);
        same(&back.header_extra, &replay.header_extra);
        same(&back.body, &replay.body);
        same(&back.footer, &replay.footer);
        same(&back.body_extra, &replay.body_extra);
        same(&back.trailing, &replay.trailing);
        same(&back.network, &replay.network);
        let again = rocketleague::write(&back).expect("a re-read replay writes");
        assert_eq!(again, bytes);
    }
});
