//! Every `ok` corpus file round-trips byte for byte (directly and through JSON); every `error` file
//! fails with a message naming the pattern and the offset.

use crate::common;

#[test]
fn ok_files_round_trip() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let mut failures = Vec::new();
    let mut passed = 0;
    for entry in corpus.iter().filter(|e| e.expected_error.is_none()) {
        match freerct::read(&entry.data) {
            Err(e) => failures.push(format!("{}: {e}", entry.path)),
            Ok(save) => match freerct::write(&save) {
                Err(e) => failures.push(format!("{}: write: {e}", entry.path)),
                Ok(bytes) if bytes != entry.data => {
                    let at = bytes.iter().zip(&entry.data).position(|(a, b)| a != b);
                    failures.push(format!("{}: differs at {at:?}", entry.path));
                }
                Ok(_) => passed += 1,
            },
        }
    }
    eprintln!("{passed} ok files round-tripped");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn ok_files_round_trip_through_json() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    for entry in corpus.iter().filter(|e| e.expected_error.is_none()) {
        let save = freerct::read(&entry.data).unwrap_or_else(|e| panic!("{}: {e}", entry.path));
        let json = serde_json::to_string(&save).unwrap_or_else(|e| panic!("{}: {e}", entry.path));
        let back: freerct::SaveGame =
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("{}: {e}", entry.path));
        assert_eq!(back, save, "{}: JSON changed the value", entry.path);
        let bytes = freerct::write(&back).unwrap_or_else(|e| panic!("{}: {e}", entry.path));
        assert!(
            bytes == entry.data,
            "{}: JSON round trip changed the bytes",
            entry.path
        );
    }
}

#[test]
fn error_files_fail_naming_pattern_and_offset() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    for entry in corpus.iter().filter(|e| e.expected_error.is_some()) {
        let err = freerct::read(&entry.data).expect_err(&entry.path);
        let message = err.to_string();
        let expected = entry.expected_error.as_deref().unwrap_or_default();
        assert!(
            message.starts_with("freerct: SaveGame"),
            "{}: {message}",
            entry.path
        );
        assert!(
            message.contains(" at 0x"),
            "{}: no offset in {message}",
            entry.path
        );
        // Manifest forms: "unsupported FCTS version 9" or "expected <tag> at <decimal offset>, got ...".
        if let Some(rest) = expected.strip_prefix("expected ") {
            let (tag, rest) = rest.split_once(" at ").expect("manifest tag");
            let offset: u64 = rest
                .split(',')
                .next()
                .and_then(|o| o.parse().ok())
                .expect("manifest offset");
            assert!(
                message.contains(&format!("tag of {tag} expected")),
                "{}: {message}",
                entry.path
            );
            assert_eq!(err.offset, offset, "{}: {message}", entry.path);
        } else {
            assert!(
                message.contains(expected),
                "{}: {message} lacks {expected}",
                entry.path
            );
        }
    }
}

#[test]
fn example_save_writes_and_reads_back() {
    let save = freerct::SaveGame::example();
    let bytes = freerct::write(&save).expect("write example");
    assert_eq!(&bytes[..4], b"FCTS");
    assert_eq!(&bytes[bytes.len() - 4..], b"DNAR");
    assert_eq!(freerct::read(&bytes).expect("read example"), save);
}

#[test]
fn rename_park_and_set_cash() {
    let mut save = freerct::SaveGame::example();
    save.set_park_name("Renamed Park")
        .expect("FCTS 12 has a park name");
    save.set_cash(-42);
    let back = freerct::read(&freerct::write(&save).expect("write")).expect("read");
    assert_eq!(back.park_name(), Some("Renamed Park"));
    assert_eq!(back.cash(), -42);
}

#[test]
fn gated_field_disagreeing_with_version_is_a_write_error() {
    let mut save = freerct::SaveGame::example();
    save.finances.loan = None;
    let err = freerct::write(&save).expect_err("FINA v2 needs a loan");
    assert!(err.to_string().contains("loan"), "{err}");
}

#[test]
fn path_instance_data_decodes_in_range() {
    use freerct::primitives::{PATH_COUNT, PATH_INVALID, PathInstanceData};
    let Some(corpus) = common::corpus() else {
        return;
    };
    let (mut paths, mut reserved_above) = (0, 0);
    for entry in corpus.iter().filter(|e| e.expected_error.is_none()) {
        let save = freerct::read(&entry.data).unwrap_or_else(|e| panic!("{}: {e}", entry.path));
        let voxels = save.voxel_stacks.iter().flat_map(|s| &s.voxels);
        for (word, bits) in voxels.filter_map(|v| Some((v.instance_data?, v.path_bits()?))) {
            let at = format!("{}: path word {word:#06x}", entry.path);
            assert_eq!(
                PathInstanceData::into_bytes(bits),
                word.to_le_bytes(),
                "{at}"
            );
            assert_eq!(bits.reserved(), 0, "{at}: reserved bits set");
            if bits.is_valid_path() {
                assert!(bits.slope() < PATH_COUNT, "{at}: slope out of range");
                assert_ne!(bits.path_type(), 0, "{at}: no path type");
                paths += 1;
            } else {
                assert_eq!(
                    word,
                    u16::from(PATH_INVALID),
                    "{at}: reserved voxel with data"
                );
                reserved_above += 1;
            }
        }
    }
    eprintln!("{paths} path voxels, {reserved_above} reserved above paths");
    assert!(paths > 0 && reserved_above > 0, "corpus has no path voxels");
}
