//! UE 5.x archive-v2 saves whose compressed payload is a `u32` length and then the GVAS bytes.
//! No such file is in the corpus: inputs are built by wrapping corpus GVAS bodies.

use gvas::{Container, OffsetIn};
use unreal::chunked::{ArchiveHeader, ChunkLayout, ChunkedArchive, DeflateParams};

/// Plain GVAS files of the corpus (bodies to wrap), small ones first.
fn bodies() -> Vec<(String, Vec<u8>)> {
    let Some(dir) = snapshots::corpus_subdir("gvas") else {
        return Vec::new();
    };
    [
        "Slot1.sav",
        "Delegate.sav",
        "vector2d.sav",
        "package_version_525.sav",
    ]
    .iter()
    .map(|name| {
        let bytes = std::fs::read(dir.join(name)).expect("corpus file is readable");
        assert!(bytes.starts_with(b"GVAS"), "{name} is a plain GVAS file");
        (name.to_string(), bytes)
    })
    .collect()
}

/// The v2 archive (`0x22222222`, compressor 3 = zlib) around `payload`, cut in `chunk`-byte chunks.
fn archive(payload: &[u8], chunk: i64) -> Vec<u8> {
    let header = ArchiveHeader {
        v2_compressor: Some(3),
        max_chunk_size: chunk,
    };
    let params = DeflateParams::default();
    let archive = ChunkedArchive::new(header, ChunkLayout::SingleArchive, payload, params).unwrap();
    let mut file = Vec::new();
    archive.write(payload, params, &mut file).unwrap();
    // The v2 header tag as the engine writes it, right after the package tag.
    assert_eq!(&file[4..8], &0x2222_2222u32.to_le_bytes());
    file
}

fn with_length(body: &[u8]) -> Vec<u8> {
    let mut payload = (body.len() as u32).to_le_bytes().to_vec();
    payload.extend_from_slice(body);
    payload
}

#[test]
fn length_prefixed_bodies_read_and_write_byte_exact() {
    for (name, body) in bodies() {
        let file = archive(&with_length(&body), 1024);
        let save = gvas::read(&file).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            matches!(save.container, Container::ChunkedWithLength(_)),
            "{name}"
        );
        assert_eq!(
            save.container.name(),
            "UE compressed chunks (length-prefixed GVAS)"
        );
        // The same body as the plain file.
        let plain = gvas::read(&body).unwrap();
        assert_eq!(save.body, plain.body, "{name}");
        assert!(
            gvas::write(&save).unwrap() == file,
            "{name}: not byte-exact"
        );
        // Through JSON too.
        let json = serde_json::to_string(&save).unwrap();
        let back: gvas::SaveFile = serde_json::from_str(&json).unwrap();
        assert!(gvas::write(&back).unwrap() == file, "{name}: JSON");
        // The bare form of the same archive stays the plain chunked container.
        let bare = gvas::read(&archive(&body, 1024)).unwrap();
        assert!(matches!(bare.container, Container::Chunked(_)), "{name}");
    }
}

#[test]
fn edited_length_prefixed_bodies_get_a_new_length() {
    for (name, body) in bodies() {
        let file = archive(&with_length(&body), 4096);
        let mut save = gvas::read(&file).unwrap();
        save.body.header.engine_version.branch = unreal::FString::new("++UE5+Release-5.9+edited");
        let written = gvas::write(&save).unwrap();
        let again = gvas::read(&written).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(again.body, save.body, "{name}");
        // The new payload's length field is the new body's length.
        let (_, payload) = ChunkedArchive::read(&written, 0).unwrap();
        let field = u32::from_le_bytes(payload[..4].try_into().unwrap()) as usize;
        assert_eq!(field, payload.len() - 4);
        assert_ne!(field, body.len(), "{name}: the edit changes the length");
    }
}

#[test]
fn a_mismatched_length_is_refused_naming_container_and_body_offset() {
    let Some((_, body)) = bodies().into_iter().next() else {
        return;
    };
    for wrong in [body.len() as u32 - 1, body.len() as u32 + 1, 0, u32::MAX] {
        let mut payload = with_length(&body);
        payload[..4].copy_from_slice(&wrong.to_le_bytes());
        let err = gvas::read(&archive(&payload, 1 << 17)).unwrap_err();
        assert_eq!(err.offset_in, OffsetIn::Body);
        assert_eq!(err.offset, 0);
        let text = err.to_string();
        assert!(
            text.contains("length-prefixed GVAS")
                && text.contains(&format!("says {wrong} bytes, {} bytes", body.len()))
                && text.contains("at body offset 0x0"),
            "{text}"
        );
    }
}

#[test]
fn a_payload_without_gvas_is_refused_with_its_magic_in_hex_and_text() {
    let err = gvas::read(&archive(b"\x10\0\0\0SAVEgame and more", 1024)).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("UE compressed chunks payload")
            && text.contains(r#"10 00 00 00 53 41 56 45 "\x10\x00\x00\x00SAVE""#)
            && text.contains("at body offset 0x0"),
        "{text}"
    );
    // A bad body inside the container names the container and counts in the body.
    let Some((_, body)) = bodies().into_iter().next() else {
        return;
    };
    let mut broken = with_length(&body);
    broken[4 + 4..4 + 8].copy_from_slice(&99u32.to_le_bytes()); // save game version 99
    let err = gvas::read(&archive(&broken, 1024)).unwrap_err();
    assert_eq!(err.offset_in, OffsetIn::Body);
    assert!(
        err.path
            .starts_with("UE compressed chunks (length-prefixed GVAS) body"),
        "{err}"
    );
    // A file that is no save at all prints its first bytes as hex and text.
    let err = gvas::read(b"PK\x03\x04zipzip").unwrap_err().to_string();
    assert!(
        err.contains(r#"50 4b 03 04 7a 69 70 7a 69 70 "PK\x03\x04zipzip""#),
        "{err}"
    );
    assert!(err.contains("at file offset 0x0"), "{err}");
}
