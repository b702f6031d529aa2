//! Fuzzes Satisfactory blueprints: the input's first byte picks the SaveVersion, the rest becomes the
//! decompressed body (TOC and data blobs), compressed into one-chunk archives with v2 or v1 chunk
//! headers. The input is also read as a whole file. Whatever reads must write back the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use unreal::chunked::{ArchiveHeader, ChunkLayout, ChunkedArchive, DeflateParams};

/// SaveVersions of Update 6/7, Update 8, 1.0 and 1.1 blueprints (53+ adds version data to the header).
const SAVE_VERSIONS: [i32; 4] = [36, 42, 46, 52];

fuzz_target!(|data: &[u8]| {
    if let Some((&pick, rest)) = data.split_first() {
        let save_version = SAVE_VERSIONS[pick as usize % SAVE_VERSIONS.len()];
        let mut file = Vec::new();
        for v in [2, save_version, 300_000, 1, 1, 1, 0, 0] {
            file.extend_from_slice(&v.to_le_bytes());
        }
        let archive_header = ArchiveHeader {
            v2_compressor: (pick & 0x80 == 0).then_some(3),
            max_chunk_size: 131_072,
        };
        let params = DeflateParams::default();
        if let Ok(archive) =
            ChunkedArchive::new(archive_header, ChunkLayout::ArchivePerChunk, rest, params)
        {
            archive.write(rest, params, &mut file).expect("compresses");
            if let Ok(blueprint) = satisfactory::Blueprint::read(&file) {
                assert_eq!(blueprint.write().expect("writes"), file);
            }
        }
    }
    if let Ok(blueprint) = satisfactory::Blueprint::read(data) {
        assert_eq!(blueprint.write().expect("writes"), data);
    }
});
