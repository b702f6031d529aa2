//! Palworld PlM (Oodle) files. No real PlM sample is available and no open-source Oodle compressor
//! exists, so inputs are the bodies of the PlZ corpus files re-framed as PlM around an Oodle stream
//! of stored (uncompressed) Mermaid blocks, built here per the Oodle block header layout. This
//! tests the framing, the decompressor hand-off, byte-exact re-emission and the PlZ fallback on
//! edit; Oodle's compressed block kinds are only exercised by oozextract's own tests.

use gvas::{Container, OffsetIn};

/// Oodle block: at most 256 KiB of output.
const BLOCK: usize = 0x40000;

/// An Oodle stream of stored blocks: header byte 0x4C (magic nibble 0xC, bit 6 = uncompressed),
/// decoder byte 0x0A (Mermaid), then the block's bytes.
fn oodle_stored(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + body.len() / BLOCK * 2 + 2);
    for block in body.chunks(BLOCK) {
        out.extend_from_slice(&[0x4C, 0x0A]);
        out.extend_from_slice(block);
    }
    out
}

/// `u32` body length, `u32` stream length, "PlM", type 0x31, the stream.
fn plm_file(body: &[u8]) -> Vec<u8> {
    let stream = oodle_stored(body);
    let mut file = (body.len() as u32).to_le_bytes().to_vec();
    file.extend_from_slice(&(stream.len() as u32).to_le_bytes());
    file.extend_from_slice(b"PlM\x31");
    file.extend_from_slice(&stream);
    file
}

/// Decompressed bodies of the Palworld corpus files.
fn palworld_bodies() -> Vec<(String, Vec<u8>)> {
    let Some(dir) = snapshots::corpus_subdir("gvas") else {
        return Vec::new();
    };
    ["palworld_zlib.sav", "palworld_zlib_twice.sav"]
        .iter()
        .map(|name| {
            let bytes = std::fs::read(dir.join(name)).expect("corpus file is readable");
            let save = gvas::read(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(matches!(save.container, Container::Plz(_)), "{name}");
            (name.to_string(), save.body.write().expect("body writes"))
        })
        .collect()
}

#[test]
fn plm_reframed_corpus_bodies_round_trip_byte_exact() {
    for (name, body) in palworld_bodies() {
        let file = plm_file(&body);
        let save = gvas::read(&file).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(matches!(save.container, Container::Plm(_)), "{name}");
        assert_eq!(save.container.name(), "PlM (Oodle)");
        assert!(save.body.write().unwrap() == body, "{name}: body differs");
        assert!(gvas::write(&save).unwrap() == file, "{name}: file differs");
        let json = serde_json::to_string(&save).unwrap();
        let back: gvas::SaveFile = serde_json::from_str(&json).unwrap();
        assert!(gvas::write(&back).unwrap() == file, "{name}: JSON");
    }
}

#[test]
fn edited_plm_is_written_as_plz_zlib_twice() {
    let Some((name, body)) = palworld_bodies().into_iter().next() else {
        return;
    };
    let mut save = gvas::read(&plm_file(&body)).unwrap();
    save.body.header.engine_version.branch = unreal::FString::new("++edited");
    let written = gvas::write(&save).unwrap();
    assert_eq!(&written[8..12], b"PlZ\x32", "{name}");
    let again = gvas::read(&written).unwrap();
    assert!(matches!(again.container, Container::Plz(_)));
    assert_eq!(again.body, save.body);
}

#[test]
fn broken_plm_headers_and_streams_fail_with_clear_errors() {
    let body = b"GVAS not really, but the framing is checked first".to_vec();
    let good = plm_file(&body);

    let mut kind = good.clone();
    kind[11] = b'7';
    let text = gvas::read(&kind).unwrap_err().to_string();
    assert!(text.contains(r#"unknown PlM type 37 "7""#), "{text}");

    let mut short = good.clone();
    short.truncate(good.len() - 1);
    let text = gvas::read(&short).unwrap_err().to_string();
    assert!(
        text.contains("PlM.compressed_len") && text.contains("at file offset 0x4"),
        "{text}"
    );

    let mut huge = good.clone();
    huge[..4].copy_from_slice(&u32::MAX.to_le_bytes());
    let text = gvas::read(&huge).unwrap_err().to_string();
    assert!(text.contains("more than an Oodle stream"), "{text}");

    let mut longer = good.clone();
    longer[..4].copy_from_slice(&(body.len() as u32 + 10).to_le_bytes());
    assert!(gvas::read(&longer).is_err());

    let mut corrupt = good.clone();
    corrupt[12] = 0x00; // no Oodle block magic
    let text = gvas::read(&corrupt).unwrap_err().to_string();
    assert!(text.contains("Oodle stream does not decompress"), "{text}");

    // A well-framed stream whose body is not GVAS: the error counts in the body.
    let err = gvas::read(&good).unwrap_err();
    assert_eq!(err.offset_in, OffsetIn::Body);
    assert!(err.path.starts_with("PlM (Oodle) body"), "{err}");
}
