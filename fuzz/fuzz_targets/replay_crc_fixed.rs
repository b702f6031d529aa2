//! Rocket League replays read the default way (CRCs checked, network decoded) after the fuzzer's
//! bytes get consistent section CRCs, so mutations reach the parsers instead of the CRC check.
//! Errors are one line naming the format and an offset; what parses writes back to the same bytes,
//! also through JSON.
#![no_main]

use libfuzzer_sys::fuzz_target;
use savepoint::{AnyFile, Format, ReadOptions};

/// Recomputes both section CRCs where the section sizes fit the input.
fn fix_crcs(data: &mut [u8]) {
    let mut at = 0;
    for _ in 0..2 {
        let Some(size) = data.get(at..at + 4) else {
            return;
        };
        let size = u32::from_le_bytes(size.try_into().unwrap()) as usize;
        let Some(section) = data.get(at + 8..).and_then(|rest| rest.get(..size)) else {
            return;
        };
        let crc = rocketleague::crc::checksum(section);
        data[at + 4..at + 8].copy_from_slice(&crc.to_le_bytes());
        at += 8 + size;
    }
}

fuzz_target!(|data: &[u8]| {
    let mut data = data.to_vec();
    fix_crcs(&mut data);
    match AnyFile::read_as(Format::RocketLeague, &data, &ReadOptions::default()) {
        Ok(file) => {
            assert_eq!(file.write().expect("a read replay writes"), data);
            let json = file.to_json().expect("to JSON");
            let back = AnyFile::from_json(&json).expect("JSON reads back");
            assert_eq!(back.write().expect("writes from JSON"), data);
        }
        Err(e) => {
            let text = e.to_string();
            assert!(
                text.starts_with("rocketleague: ") && text.contains(" at 0x"),
                "{text}"
            );
            assert!(!text.contains(['\n', '\x1b']), "{text}");
        }
    }
});
