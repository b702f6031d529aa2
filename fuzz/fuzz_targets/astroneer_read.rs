//! Fuzzes Astroneer saves: the input becomes the compressed body of an Astroneer frame (reaching the
//! GVAS header, property list and world data parsers), and is also read as a raw file.
#![no_main]

use libfuzzer_sys::fuzz_target;
use unreal::chunked::{DeflateParams, ZlibStream};

fuzz_target!(|data: &[u8]| {
    let params = DeflateParams {
        level: 6,
        window_bits: 12,
    };
    let Ok(stream) = ZlibStream::deflate(data, params) else {
        return;
    };
    let mut file = vec![0xBE, 0x40, 0x37, 0x4A, 0xEE, 0x0B, 0x74, 0xA3, 1, 0, 0, 0];
    file.extend_from_slice(&(data.len() as u32).to_le_bytes());
    file.extend_from_slice(&stream.compressed);
    if let Ok(save) = gvas::read(&file) {
        assert_eq!(gvas::write(&save).expect("writes"), file);
    }
    if let Ok(save) = gvas::read(data) {
        assert_eq!(gvas::write(&save).expect("writes"), data);
    }
});
