//! Every error the generated code can raise: its exact message and byte offset.

use crate::common::{assert_fail, read, write};
use crate::types::{Child, Parent, SaveFile, Seat, Station};

/// A valid version-1 `Child`: tag, version, `a`, `old`, `early`, reversed tag (18 bytes).
fn child_v1_bytes() -> Vec<u8> {
    [
        b"CHLD".as_slice(),
        &[1, 0, 0, 0],
        &[9],
        &[1, 2, 3, 4],
        &[5],
        b"DLHC",
    ]
    .concat()
}

fn read_err<T>(bytes: &[u8]) -> binrw::Error
where
    T: for<'a> binrw::BinRead<Args<'a> = ()> + std::fmt::Debug,
{
    read::<T>(bytes).expect_err("input must be rejected")
}

#[test]
fn wrong_opening_tag_names_the_tag_and_the_bytes_found() {
    let mut bytes = child_v1_bytes();
    bytes[3] = b'X';
    let err = read_err::<Child>(&bytes);
    assert_eq!(
        assert_fail(&err),
        (0, "opening tag of CHLD expected, found \"CHLX\"")
    );
}

#[test]
fn wrong_closing_tag_is_reported_at_its_offset_with_escaped_bytes() {
    let mut bytes = child_v1_bytes();
    bytes[14..].copy_from_slice(&[0xf0, 0xc3, 0, 0]);
    let err = read_err::<Child>(&bytes);
    assert_eq!(
        assert_fail(&err),
        (
            14,
            r#"closing tag of CHLD expected, found "\xf0\xc3\x00\x00""#
        )
    );
    assert_eq!(
        err.root_cause().to_string(),
        r#"closing tag of CHLD expected, found "\xf0\xc3\x00\x00" at 0xe"#
    );
}

#[test]
fn missing_closing_tag_is_caught_where_the_next_pattern_starts() {
    let mut bytes = child_v1_bytes();
    bytes.truncate(14);
    bytes.extend_from_slice(b"voxl");
    let err = read_err::<Child>(&bytes);
    assert_eq!(
        assert_fail(&err),
        (14, "closing tag of CHLD expected, found \"voxl\"")
    );
}

#[test]
fn nested_errors_carry_the_absolute_offset_and_the_field_names() {
    let mut child = child_v1_bytes();
    child[17] = b'x';
    let bytes = [b"PRNT".as_slice(), &[1, 0, 0, 0], &child, &[0], b"TNRP"].concat();
    let err = read_err::<Parent>(&bytes);
    assert_eq!(
        assert_fail(&err),
        (8 + 14, "closing tag of CHLD expected, found \"DLHx\"")
    );
    let full = err.to_string();
    assert!(full.contains("'closing_tag' in Child"), "{full}");
    assert!(full.contains("'child' in Parent"), "{full}");
}

#[test]
fn versions_zero_all_ones_and_newer_than_newest_are_rejected() {
    for version in [0u32, 4, 0xffff_ffff] {
        let mut bytes = child_v1_bytes();
        bytes[4..8].copy_from_slice(&version.to_le_bytes());
        let err = read_err::<Child>(&bytes);
        let expected = format!("CHLD version {version} is not supported (known: 1 to 3)");
        assert_eq!(assert_fail(&err), (4, expected.as_str()));
    }
}

#[test]
fn an_unsupported_header_version_stops_the_file_at_the_header() {
    let bytes = [b"FCTS".as_slice(), &[13, 0, 0, 0], &[0; 4], b"STCF"].concat();
    let err = read_err::<SaveFile>(&bytes);
    assert_eq!(
        assert_fail(&err),
        (4, "FCTS version 13 is not supported (known: 1 to 12)")
    );
}

#[test]
fn every_truncation_is_an_end_of_input_error() {
    let child = [
        b"CHLD".as_slice(),
        &[2, 0, 0, 0],
        &[1],
        &[2, 0],
        &[3],
        &[4],
        b"DLHC",
    ]
    .concat();
    let station = [1u8, 0, 2, 0, 0, 0, 3, 0, 0, 0];
    let bytes = [
        b"PRNT".as_slice(),
        &[2, 0, 0, 0],
        &child,
        &[1],
        &station,
        &[1],
        &station,
        b"TNRP",
    ]
    .concat();
    read::<Parent>(&bytes).expect("the full input is valid");
    for len in 0..bytes.len() {
        let err = read_err::<Parent>(&bytes[..len]);
        assert!(err.is_eof(), "cut at {len}: {err}");
    }
}

fn child(version: u32) -> Child {
    Child {
        version,
        a: 0,
        b: None,
        mid: None,
        old: None,
        early: None,
    }
}

fn write_err(value: &Child) -> String {
    let err = write(value).expect_err("value must be refused");
    assert_fail(&err).1.to_owned()
}

#[test]
fn writing_a_field_the_version_lacks_is_refused() {
    let value = Child {
        b: Some(1),
        old: Some(1),
        ..child(1)
    };
    assert_eq!(
        write_err(&value),
        "CHLD.b (versions 2-) must be absent at version 1"
    );
    let value = Child {
        b: Some(1),
        old: Some(1),
        ..child(3)
    };
    assert_eq!(
        write_err(&value),
        "CHLD.old (versions -1) must be absent at version 3"
    );
}

#[test]
fn writing_without_a_field_the_version_needs_is_refused() {
    let value = Child {
        b: Some(1),
        ..child(2)
    };
    assert_eq!(
        write_err(&value),
        "CHLD.mid (versions 2-2) must be present at version 2"
    );
    let value = Child {
        b: None,
        ..child(3)
    };
    assert_eq!(
        write_err(&value),
        "CHLD.b (versions 2-) must be present at version 3"
    );
}

#[test]
fn records_are_checked_against_the_version_they_are_written_with() {
    let station = Station {
        pos: 0,
        length: None,
        seat: Seat {
            legacy_guest: None,
            guest: Some(1),
        },
    };
    let parent = Parent {
        version: 2,
        child: Child {
            old: Some(0),
            early: Some(0),
            ..child(1)
        },
        station_count: 1,
        stations: vec![station],
        extra_count: Some(0),
        extras: Some(Vec::new()),
    };
    let err = write(&parent).expect_err("station length is required at version 2");
    // The station starts after "PRNT", the version, an 18-byte child and the count.
    assert_eq!(
        assert_fail(&err),
        (
            27,
            "Station.length (versions 2-) must be present at version 2"
        )
    );
}

#[test]
fn writing_an_unsupported_version_is_refused() {
    for version in [0, 4] {
        let expected = format!("CHLD version {version} is not supported (known: 1 to 3)");
        assert_eq!(write_err(&child(version)), expected);
    }
}
