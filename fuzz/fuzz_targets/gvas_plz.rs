//! Fuzzes the Palworld PlZ path: the input (after a mode byte) becomes the body of a PlZ file
//! compressed once or twice, so the body parser is reached through the container.
#![no_main]

use libfuzzer_sys::fuzz_target;
use unreal::chunked::{DeflateParams, ZlibStream};

fuzz_target!(|data: &[u8]| {
    let Some((&mode, body)) = data.split_first() else {
        return;
    };
    let params = DeflateParams::default();
    let Ok(inner) = ZlibStream::deflate(body, params) else {
        return;
    };
    let (kind, stored, compressed_len) = if mode & 1 == 0 {
        (b'1', inner.compressed.clone(), inner.compressed.len())
    } else {
        let Ok(outer) = ZlibStream::deflate(&inner.compressed, params) else {
            return;
        };
        (b'2', outer.compressed, inner.compressed.len())
    };
    let mut file = Vec::with_capacity(12 + stored.len());
    file.extend_from_slice(&(body.len() as u32).to_le_bytes());
    file.extend_from_slice(&(compressed_len as u32).to_le_bytes());
    file.extend_from_slice(b"PlZ");
    file.push(kind);
    file.extend_from_slice(&stored);
    if let Ok(save) = gvas::read(&file) {
        assert_eq!(gvas::write(&save).expect("writes"), file);
    }
    // The raw input as a PlZ file too (header fields and stream taken from the fuzzer).
    if let Ok(save) = gvas::read(data) {
        assert_eq!(gvas::write(&save).expect("writes"), data);
    }
});
