//! Fuzzes the UE compressed chunk archive: raw archive bytes, and the input compressed into an
//! archive and read as a GVAS file, bare or (mode bit 2) after a u32 length as UE 5.x archive-v2
//! saves store it (mode bit 3 makes the length wrong by one).
#![no_main]

use libfuzzer_sys::fuzz_target;
use unreal::chunked::{ArchiveHeader, ChunkLayout, ChunkedArchive, DeflateParams};

fuzz_target!(|data: &[u8]| {
    let params = DeflateParams::default();
    if let Ok((archive, payload)) = ChunkedArchive::read(data, 0) {
        let mut out = Vec::new();
        archive.write(&payload, params, &mut out).expect("writes");
        assert_eq!(out, data);
    }
    let Some((&mode, body)) = data.split_first() else {
        return;
    };
    let header = ArchiveHeader {
        v2_compressor: (mode & 1 != 0).then_some(3),
        max_chunk_size: 64 << (mode >> 4),
    };
    let layout = if mode & 2 != 0 {
        ChunkLayout::SingleArchive
    } else {
        ChunkLayout::ArchivePerChunk
    };
    let mut payload = Vec::with_capacity(body.len() + 4);
    if mode & 4 != 0 {
        let len = body.len() as u32 + u32::from(mode & 8 != 0);
        payload.extend_from_slice(&len.to_le_bytes());
    }
    payload.extend_from_slice(body);
    let Ok(archive) = ChunkedArchive::new(header, layout, &payload, params) else {
        return;
    };
    let mut file = Vec::new();
    archive.write(&payload, params, &mut file).expect("writes");
    if let Ok(save) = gvas::read(&file) {
        assert_eq!(gvas::write(&save).expect("writes"), file);
    }
});
