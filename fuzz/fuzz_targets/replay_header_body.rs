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
        assert_eq!(back.header, replay.header);
        assert_eq!(back.header_extra, replay.header_extra);
        assert_eq!(back.body, replay.body);
        assert_eq!(back.footer, replay.footer);
        assert_eq!(back.body_extra, replay.body_extra);
        assert_eq!(back.trailing, replay.trailing);
        assert_eq!(back.network, replay.network);
        // Compared as bytes too: a NaN float makes equal values compare unequal.
        let again = rocketleague::write(&back).expect("a re-read replay writes");
        assert_eq!(again, bytes);
    }
});
