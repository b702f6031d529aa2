//! Fuzzes Satisfactory saves: the input's first byte picks the header and save versions, the rest
//! becomes the decompressed body (size prefix added), compressed into one-chunk archives of a size the
//! second byte picks (so the streamed one-thread read meets chunk boundaries inside values), so the
//! body, level, blob and object parsers are reached. The input is also read as a whole file. Whatever
//! reads must write back the same bytes, and a one-thread read must equal the default one.
#![no_main]

use libfuzzer_sys::fuzz_target;
use unreal::chunked::{ArchiveHeader, ChunkLayout, ChunkedArchive, DeflateParams};

/// (SaveHeaderVersion, SaveVersion) pairs of Update 8, 1.0, 1.1 and 1.2.
const VERSIONS: [(i32, i32); 5] = [(13, 42), (13, 46), (14, 51), (14, 53), (14, 58)];

fn fstring(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(&(s.len() as i32 + 1).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
    out.push(0);
}

fn header(header_version: i32, save_version: i32) -> Vec<u8> {
    let mut h = Vec::new();
    for v in [header_version, save_version, 400_000] {
        h.extend_from_slice(&v.to_le_bytes());
    }
    if header_version >= 14 {
        fstring(&mut h, "Fuzz");
    }
    fstring(&mut h, "Persistent_Level");
    fstring(&mut h, "?x");
    fstring(&mut h, "Session");
    h.extend_from_slice(&60i32.to_le_bytes());
    h.extend_from_slice(&638_000_000_000_000_000i64.to_le_bytes());
    h.push(0);
    h.extend_from_slice(&40i32.to_le_bytes());
    fstring(&mut h, "");
    h.extend_from_slice(&0u32.to_le_bytes());
    fstring(&mut h, "id");
    h.extend_from_slice(&1u32.to_le_bytes());
    h.extend_from_slice(&0u32.to_le_bytes());
    h.extend_from_slice(&0u32.to_le_bytes());
    h
}

fuzz_target!(|data: &[u8]| {
    if let [pick, size, rest @ ..] = data {
        let (hv, sv) = VERSIONS[*pick as usize % VERSIONS.len()];
        let mut body = (rest.len() as i64).to_le_bytes().to_vec();
        body.extend_from_slice(rest);
        let mut file = header(hv, sv);
        let piece = 1 + usize::from(*size) * 8;
        for part in body.chunks(piece) {
            let archive_header = ArchiveHeader {
                v2_compressor: Some(3),
                max_chunk_size: 131_072,
            };
            let params = DeflateParams::default();
            let archive =
                ChunkedArchive::new(archive_header, ChunkLayout::ArchivePerChunk, part, params)
                    .expect("compresses");
            archive.write(part, params, &mut file).expect("compresses");
        }
        check(&file);
    }
    check(data);
});

/// Reads `file` on one thread and by default: both agree, and what reads writes back the same bytes.
fn check(file: &[u8]) {
    let one = satisfactory::SaveFile::read_with(file, satisfactory::ReadOptions { max_threads: 1 });
    let default = satisfactory::SaveFile::read(file);
    match (one, default) {
        (Ok(one), Ok(default)) => {
            assert!(one == default, "one-thread and default reads differ");
            assert_eq!(one.write().expect("writes"), file);
        }
        (Err(_), Err(_)) => {}
        (one, default) => panic!(
            "one-thread read {:?}, default read {:?}",
            one.map(|_| ()),
            default.map(|_| ())
        ),
    }
}
