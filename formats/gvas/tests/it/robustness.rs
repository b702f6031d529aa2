//! Hostile input: truncated and corrupted corpus files (and decompressed bodies) must give an error
//! or a value, never a panic; errors name the format and an offset.

use std::path::PathBuf;

use gvas::Container;

/// Corpus files up to `max_len` bytes, sorted by name.
fn files(max_len: u64) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for folder in ["gvas", "astroneer"] {
        let Some(dir) = snapshots::corpus_subdir(folder) else {
            return Vec::new();
        };
        let entries = std::fs::read_dir(&dir).expect("corpus folder is readable");
        out.extend(
            entries
                .map(|e| e.expect("directory entry").path())
                .filter(|p| p.file_name().is_some_and(|n| n != "MANIFEST.tsv"))
                .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.len() <= max_len)),
        );
    }
    out.sort();
    out
}

/// Up to `count` offsets spread over `0..len` (fewer for large inputs, to bound the test's time)
/// plus every offset in the first bytes (the headers: 64, fewer for large inputs).
fn offsets(len: usize, count: usize) -> impl Iterator<Item = usize> {
    let count = count.min(1_000_000 / len.max(1)).max(6);
    let step = (len / count).max(1);
    let head = len.min(64).min(count * 4);
    (0..head).chain((head..len).step_by(step))
}

fn check(bytes: &[u8], what: &str) {
    if let Err(e) = gvas::read(bytes) {
        let text = e.to_string();
        assert!(
            text.starts_with("gvas: ") && text.contains(" offset 0x"),
            "{what}: {text}"
        );
    }
}

#[test]
fn truncated_files_fail_cleanly() {
    for path in files(1 << 21) {
        let bytes = std::fs::read(&path).expect("readable");
        let compressed = !bytes.starts_with(b"GVAS");
        for cut in offsets(bytes.len(), 48) {
            let result = gvas::read(&bytes[..cut]);
            // A compressed container cut anywhere loses part of its stream.
            if compressed {
                assert!(result.is_err(), "{} cut at {cut} read", path.display());
            }
            check(&bytes[..cut], &format!("{} cut at {cut}", path.display()));
        }
    }
}

#[test]
fn corrupted_files_never_panic() {
    for path in files(1 << 21) {
        let bytes = std::fs::read(&path).expect("readable");
        let mut bad = bytes.clone();
        for (i, at) in offsets(bytes.len(), 48).enumerate() {
            let original = bad[at];
            for flip in [0xff, 0x80, (i as u8) | 1] {
                bad[at] = original ^ flip;
                check(&bad, &format!("{} byte {at} ^ {flip:#x}", path.display()));
            }
            bad[at] = original;
        }
    }
}

#[test]
fn corrupted_decompressed_bodies_never_panic() {
    for path in files(1 << 21) {
        let bytes = std::fs::read(&path).expect("readable");
        let save = gvas::read(&bytes).expect("corpus file reads");
        if save.container == Container::Plain {
            continue;
        }
        let body = save.body.write().expect("body writes");
        let mut bad = body.clone();
        for at in offsets(body.len(), 64) {
            check(&body[..at], &format!("{} body cut at {at}", path.display()));
            let original = bad[at];
            bad[at] = original ^ 0xa5;
            check(&bad, &format!("{} body byte {at}", path.display()));
            bad[at] = original;
        }
    }
}

#[test]
fn lying_lengths_are_errors_not_allocations() {
    // PlZ claiming 4 GiB of output from a few bytes.
    let mut plz = vec![0xff, 0xff, 0xff, 0xff, 8, 0, 0, 0];
    plz.extend_from_slice(b"PlZ1");
    plz.extend_from_slice(&[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
    let e = gvas::read(&plz).expect_err("lying PlZ length");
    assert!(e.to_string().contains("PlZ"), "{e}");
    // Astroneer frame claiming a huge body.
    let mut astro = vec![0xBE, 0x40, 0x37, 0x4A, 0xEE, 0x0B, 0x74, 0xA3, 1, 0, 0, 0];
    astro.extend_from_slice(&u32::MAX.to_le_bytes());
    astro.extend_from_slice(&[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
    let e = gvas::read(&astro).expect_err("lying Astroneer length");
    assert!(e.to_string().contains("Astroneer"), "{e}");
    // A GVAS header whose custom version count is huge.
    let mut gvas = b"GVAS".to_vec();
    gvas.extend_from_slice(&2u32.to_le_bytes());
    gvas.extend_from_slice(&522u32.to_le_bytes());
    gvas.extend_from_slice(&[4, 0, 27, 0, 2, 0, 0, 0, 0, 0]);
    gvas.extend_from_slice(&1i32.to_le_bytes());
    gvas.push(0);
    gvas.extend_from_slice(&3u32.to_le_bytes());
    gvas.extend_from_slice(&u32::MAX.to_le_bytes());
    let e = gvas::read(&gvas).expect_err("lying custom version count");
    assert!(e.to_string().contains("SaveFile.header"), "{e}");
}

#[test]
fn unknown_signature_is_named() {
    let e = gvas::read(b"NOPE, not a save").expect_err("not a save");
    assert_eq!(e.offset, 0);
    assert!(e.to_string().contains("not a GVAS save"), "{e}");
}

#[test]
fn truncated_header_reports_field_and_end_offset() {
    let Some(dir) = snapshots::corpus_subdir("gvas") else {
        return;
    };
    let bytes = std::fs::read(dir.join("Slot2.sav")).expect("readable");
    let e = gvas::read(&bytes[..40]).expect_err("header cut short");
    let eof = gvas::read(&bytes[..100]).expect_err("custom versions cut short");
    assert_eq!(
        eof.offset, 100,
        "running out of data is reported at the end: {eof}"
    );
    // The branch FString starts after magic, two versions and major/minor/patch/changelist: 4+8+10.
    assert_eq!(e.offset, 22, "{e}");
    assert!(e.path.starts_with("SaveFile.header"), "{e}");
    assert!(e.path.ends_with(".branch"), "{e}");
}

/// Header fields the reader refuses are refused by the writer too (found by the any_from_json
/// fuzz target: a JSON model with custom version format 4 was written, then not read back).
#[test]
fn writer_refuses_header_values_the_reader_refuses() {
    let Some(dir) = snapshots::corpus_subdir("gvas") else {
        return;
    };
    let save = gvas::read(&std::fs::read(dir.join("Slot2.sav")).expect("readable")).unwrap();
    assert!(
        save.body.header.custom_versions.is_some(),
        "Slot2 has custom versions"
    );
    let mut edited = save.clone();
    edited.body.header.custom_versions.as_mut().unwrap().format = 4;
    let err = gvas::write(&edited).unwrap_err().to_string();
    assert!(
        err.contains("custom version format 4 is not supported"),
        "{err}"
    );
    let mut edited = save.clone();
    edited.body.header.custom_versions = None;
    let err = gvas::write(&edited).unwrap_err().to_string();
    let expected = format!(
        "FSaveGameHeader.custom_versions (save_game_version >= 2) must be present at \
         save_game_version {}",
        save.body.header.save_game_version
    );
    assert!(err.contains(&expected), "{err}");
    let mut edited = save;
    edited.body.header.save_game_version = 9;
    let err = gvas::write(&edited).unwrap_err().to_string();
    assert!(err.contains("unsupported save game version 9"), "{err}");
}
