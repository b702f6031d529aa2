//! Fuzzes the Palworld PlM (Oodle) path: the raw input as a PlM file (header fields and Oodle
//! stream from the fuzzer), and the input (after a mode byte) as the body of a PlM file whose
//! stream is stored Mermaid blocks, so the body parser is reached through the container.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// Oodle stored blocks: header 0x4C (uncompressed), decoder 0x0A (Mermaid), up to 256 KiB each.
fn oodle_stored(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + 2 * (body.len() / 0x40000 + 1));
    for block in body.chunks(0x40000) {
        out.extend_from_slice(&[0x4C, 0x0A]);
        out.extend_from_slice(block);
    }
    out
}

fuzz_target!(|data: &[u8]| {
    if let Ok(save) = gvas::read(data) {
        assert_eq!(gvas::write(&save).expect("writes"), data);
    }
    let Some((&mode, body)) = data.split_first() else {
        return;
    };
    let stream = oodle_stored(body);
    let mut file = (body.len() as u32).to_le_bytes().to_vec();
    file.extend_from_slice(&(stream.len() as u32).to_le_bytes());
    file.extend_from_slice(b"PlM");
    file.push(if mode & 1 == 0 { b'1' } else { mode });
    file.extend_from_slice(&stream);
    if let Ok(save) = gvas::read(&file) {
        assert_eq!(gvas::write(&save).expect("writes"), file);
    }
});
