//! Hostile input: truncated files, corrupted bodies and huge counts fail with an error naming the
//! format, the field path and the offset; never a panic, never an allocation beyond a small multiple
//! of the input.

use satisfactory::{Blueprint, BlueprintConfig, ReadOptions, SaveFile};
use snapshots::alloc::{Counting, peak_during, serial};
use unreal::chunked::{ChunkedArchive, DeflateParams};

#[global_allocator]
static ALLOC: Counting = Counting::system();

/// One thread: the body streams through a window and objects decode as read (the default reads
/// bodies of many chunks whole, in parallel, where there are several cores).
const ONE_THREAD: ReadOptions = ReadOptions { max_threads: 1 };

fn corpus_file(path: &str) -> Option<Vec<u8>> {
    let dir = snapshots::corpus_subdir("satisfactory")?;
    Some(std::fs::read(dir.join(path)).expect("corpus file"))
}

/// The error text must name the format and an offset (and a field path before it).
fn assert_clear(err: &satisfactory::Error, what: &str) {
    let text = err.to_string();
    assert!(text.starts_with("satisfactory: "), "{what}: {text}");
    assert!(text.contains(" at 0x"), "{what}: {text}");
    assert!(!err.message.is_empty(), "{what}: {text}");
}

/// Reads a file of one kind, returning only the error.
type Reader = fn(&[u8]) -> Option<satisfactory::Error>;

/// Prefix lengths to try: every one of the first `dense`, then evenly spread ones.
fn cut_points(len: usize, dense: usize, spread: usize) -> Vec<usize> {
    let mut cuts: Vec<usize> = (0..dense.min(len)).collect();
    cuts.extend((1..spread).map(|i| len * i / spread));
    cuts
}

#[test]
fn truncated_files_fail_cleanly() {
    let _guard = serial();
    let cases: [(&str, Reader); 4] = [
        ("saves/FreshStart001.sav", |d| SaveFile::read(d).err()),
        ("saves/FreshStart001.sav", |d| {
            SaveFile::read_with(d, ONE_THREAD).err()
        }),
        ("blueprints/45.sbp", |d| Blueprint::read(d).err()),
        ("blueprints/U1-1-Single-Container.sbpcfg", |d| {
            BlueprintConfig::read(d).err()
        }),
    ];
    for (path, read) in cases {
        let Some(data) = corpus_file(path) else {
            return;
        };
        for cut in cut_points(data.len(), 400, 200) {
            match read(&data[..cut]) {
                Some(err) => assert_clear(&err, &format!("{path} cut at {cut}")),
                None => panic!("{path} cut at {cut} of {} was accepted", data.len()),
            }
        }
    }
}

/// Bytes of a v2 chunk header: tag, version, max chunk size, compressor, summary, chunk sizes.
const CHUNK_HEADER_LEN: usize = 4 + 4 + 8 + 1 + 16 + 16;

/// A save whose decompressed body is `body`, compressed anew.
fn with_body(original: &SaveFile, data: &[u8], body: &[u8]) -> Vec<u8> {
    let header_len = data.len()
        - original
            .chunks
            .chunks
            .iter()
            .map(|c| c.compressed.len() + CHUNK_HEADER_LEN)
            .sum::<usize>();
    let params = DeflateParams {
        level: 1,
        window_bits: 15,
    };
    let archive = ChunkedArchive::new(original.chunks.header, original.chunks.layout, body, params)
        .expect("compresses");
    let mut out = data[..header_len].to_vec();
    archive.write(body, params, &mut out).expect("writes");
    out
}

/// A deterministic sequence of positions (64-bit LCG).
fn positions(len: usize, n: usize) -> impl Iterator<Item = usize> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    (0..n).map(move |_| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % len
    })
}

#[test]
fn corrupted_bodies_and_huge_counts_fail_cleanly_within_bounded_memory() {
    let _guard = serial();
    let Some(data) = corpus_file("saves/FreshStart001.sav") else {
        return;
    };
    let save = SaveFile::read(&data).expect("corpus save");
    let body = save.write_body().expect("body");
    // Sanity: an unchanged body re-compressed reads back equal.
    let same = SaveFile::read(&with_body(&save, &data, &body)).expect("recompressed save");
    assert_eq!(same.body, save.body);
    let limit = 8 * body.len() + (4 << 20);
    let mut rejected = 0;
    for (i, at) in positions(body.len() - 4, 160).enumerate() {
        let mut bad = body.clone();
        let value: u32 = [0x7FFF_FFFF, 0xFFFF_FFFF, 0x0100_0000, 0x8000_0000][i % 4];
        bad[at..at + 4].copy_from_slice(&value.to_le_bytes());
        let file = with_body(&save, &data, &bad);
        let (result, peak) = peak_during(|| SaveFile::read(&file));
        assert!(
            peak <= limit,
            "{value:#x} at body offset {at}: peak heap {peak} over {limit}"
        );
        let (streamed, peak) = peak_during(|| SaveFile::read_with(&file, ONE_THREAD));
        assert!(
            peak <= limit,
            "{value:#x} at body offset {at}, one thread: peak heap {peak} over {limit}"
        );
        assert!(
            streamed == result,
            "{value:#x} at body offset {at}: one-thread and every-core reads differ"
        );
        match result {
            Err(err) => {
                assert_clear(&err, &format!("{value:#x} at body offset {at}"));
                rejected += 1;
            }
            // Accepted: the damage fell in a value any bytes can hold, or in an object's bytes, which
            // are then kept raw; either way the body is written back as it was read.
            Ok(read) => assert!(
                read.write_body().expect("writes") == bad,
                "{value:#x} at body offset {at}: accepted body not written back as read"
            ),
        }
    }
    // Corruptions of the framing (sizes, counts, names in the TOC) are rejected.
    assert!(rejected > 0, "no corruption rejected");
}

#[test]
fn huge_sizes_in_the_body_and_chunk_headers_are_rejected() {
    let _guard = serial();
    let Some(data) = corpus_file("saves/FreshStart001.sav") else {
        return;
    };
    let save = SaveFile::read(&data).expect("corpus save");
    let mut body = save.write_body().expect("body");
    body[..8].copy_from_slice(&i64::MAX.to_le_bytes());
    let err = SaveFile::read(&with_body(&save, &data, &body)).expect_err("huge body size");
    assert_clear(&err, "body size");
    assert_eq!(err.path, "body.size");

    // The first chunk's compressed size (after tag, version, max size, compressor, summary).
    let header_len = data.len()
        - save
            .chunks
            .chunks
            .iter()
            .map(|c| c.compressed.len() + CHUNK_HEADER_LEN)
            .sum::<usize>();
    for field in [17, 33] {
        let mut bad = data.clone();
        bad[header_len + field..header_len + field + 8]
            .copy_from_slice(&(1i64 << 40).to_le_bytes());
        let (result, peak) = peak_during(|| SaveFile::read(&bad).map(|_| ()));
        let err = result.expect_err("huge chunk size");
        assert_clear(&err, "chunk size");
        assert!(peak < 4 * data.len() + (1 << 20), "peak heap {peak}");
    }
}

#[test]
fn a_config_with_a_huge_bundle_count_is_rejected() {
    let _guard = serial();
    let Some(data) = corpus_file("blueprints/U1-1-Single-Container.sbpcfg") else {
        return;
    };
    let config = BlueprintConfig::read(&data).expect("config");
    let mut bad = data.clone();
    // The bundle count follows the icon library path.
    let library = config
        .icon_library
        .as_ref()
        .expect("version 4 has a library");
    let at = 4
        + 4
        + config.blueprint_description.as_str().len()
        + 1
        + 4
        + 16
        + 4
        + library.package_name.as_str().len()
        + 1
        + 4
        + library.asset_name.as_str().len()
        + 1;
    bad[at..at + 4].copy_from_slice(&i32::MAX.to_le_bytes());
    let (result, peak) = peak_during(|| BlueprintConfig::read(&bad));
    let err = result.expect_err("huge count");
    assert_clear(&err, "bundle count");
    assert!(peak < 1 << 16, "peak heap {peak}");
}
