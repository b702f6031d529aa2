//! Reading hand-made bytes and writing them back, at every version each gate cares about.

use crate::common::{self, round_trip};
use crate::types::{BigEndian, Child, Header, Parent, SaveFile, Seat, Station, Tagged};

fn child_v1() -> (Vec<u8>, Child) {
    let bytes = [
        b"CHLD".as_slice(),
        &[1, 0, 0, 0],
        &[9],
        &[0x78, 0x56, 0x34, 0x12],
        &[0xe1],
        b"DLHC",
    ]
    .concat();
    let child = Child {
        version: 1,
        a: 9,
        b: None,
        mid: None,
        old: Some(0x1234_5678),
        early: Some(0xe1),
    };
    (bytes, child)
}

#[test]
fn child_version_1_has_only_the_old_field() {
    let (bytes, child) = child_v1();
    round_trip(&bytes, &child);
}

#[test]
fn child_version_2_has_the_since_and_the_bounded_field() {
    let bytes = [
        b"CHLD".as_slice(),
        &[2, 0, 0, 0],
        &[9],
        &[0x34, 0x12],
        &[7],
        &[0xe2],
        b"DLHC",
    ]
    .concat();
    let child = Child {
        version: 2,
        a: 9,
        b: Some(0x1234),
        mid: Some(7),
        old: None,
        early: Some(0xe2),
    };
    round_trip(&bytes, &child);
}

#[test]
fn child_version_3_drops_the_bounded_field() {
    let bytes = [
        b"CHLD".as_slice(),
        &[3, 0, 0, 0],
        &[9],
        &[0x34, 0x12],
        b"DLHC",
    ]
    .concat();
    let child = Child {
        version: 3,
        a: 9,
        b: Some(0x1234),
        mid: None,
        old: None,
        early: None,
    };
    round_trip(&bytes, &child);
}

fn station_v1(pos: u16, guest: u16) -> (Vec<u8>, Station) {
    let bytes = [pos.to_le_bytes(), guest.to_le_bytes()].concat();
    let seat = Seat {
        legacy_guest: Some(guest),
        guest: None,
    };
    (
        bytes,
        Station {
            pos,
            length: None,
            seat,
        },
    )
}

fn station_v2(pos: u16, length: u32, guest: i32) -> (Vec<u8>, Station) {
    let bytes = [
        &pos.to_le_bytes()[..],
        &length.to_le_bytes(),
        &guest.to_le_bytes(),
    ]
    .concat();
    let seat = Seat {
        legacy_guest: None,
        guest: Some(guest),
    };
    (
        bytes,
        Station {
            pos,
            length: Some(length),
            seat,
        },
    )
}

#[test]
fn parent_version_1_passes_its_version_to_records_while_the_child_keeps_its_own() {
    let (child_bytes, child) = child_v1();
    let (s0, station0) = station_v1(0x0102, 0x0304);
    let (s1, station1) = station_v1(0x0506, 0x0708);
    let bytes = [
        b"PRNT".as_slice(),
        &[1, 0, 0, 0],
        &child_bytes,
        &[2],
        &s0,
        &s1,
        b"TNRP",
    ]
    .concat();
    let parent = Parent {
        version: 1,
        child,
        station_count: 2,
        stations: vec![station0, station1],
        extra_count: None,
        extras: None,
    };
    round_trip(&bytes, &parent);
}

#[test]
fn parent_version_2_reads_gated_vectors_of_records() {
    let child_bytes = [b"CHLD".as_slice(), &[3, 0, 0, 0], &[1], &[2, 0], b"DLHC"].concat();
    let child = Child {
        version: 3,
        a: 1,
        b: Some(2),
        mid: None,
        old: None,
        early: None,
    };
    let (s0, station0) = station_v2(0x0a0b, 0x0c0d_0e0f, -1);
    let (e0, extra0) = station_v2(1, 2, 3);
    let (e1, extra1) = station_v2(4, 5, -6);
    let bytes = [
        b"PRNT".as_slice(),
        &[2, 0, 0, 0],
        &child_bytes,
        &[1],
        &s0,
        &[2],
        &e0,
        &e1,
        b"TNRP",
    ]
    .concat();
    let parent = Parent {
        version: 2,
        child,
        station_count: 1,
        stations: vec![station0],
        extra_count: Some(2),
        extras: Some(vec![extra0, extra1]),
    };
    round_trip(&bytes, &parent);
}

fn header(version: u32) -> (Vec<u8>, Header) {
    let bytes = [
        b"FCTS".as_slice(),
        &version.to_le_bytes(),
        &[0xaa, 0xbb, 0xcc, 0xdd],
        b"STCF",
    ]
    .concat();
    (
        bytes,
        Header {
            version,
            time: 0xddcc_bbaa,
        },
    )
}

#[test]
fn save_file_gates_on_a_field_of_its_header() {
    let (h10, header10) = header(10);
    let bytes10 = [h10, vec![0x42]].concat();
    round_trip(
        &bytes10,
        &SaveFile {
            header: header10,
            legacy: Some(0x42),
            goals: None,
        },
    );

    let (h11, header11) = header(11);
    round_trip(
        &h11,
        &SaveFile {
            header: header11,
            legacy: None,
            goals: None,
        },
    );

    let (h12, header12) = header(12);
    let (child_bytes, child) = child_v1();
    let bytes12 = [h12, child_bytes].concat();
    round_trip(
        &bytes12,
        &SaveFile {
            header: header12,
            legacy: None,
            goals: Some(child),
        },
    );
}

#[test]
fn tagged_gates_on_and_passes_an_earlier_u8_field() {
    let (s1, station1) = station_v1(7, 8);
    let bytes1 = [vec![1], s1].concat();
    round_trip(
        &bytes1,
        &Tagged {
            kind: 1,
            wide: None,
            station: station1,
        },
    );

    let (s2, station2) = station_v2(7, 8, 9);
    let bytes2 = [vec![2, 0x34, 0x12], s2].concat();
    round_trip(
        &bytes2,
        &Tagged {
            kind: 2,
            wide: Some(0x1234),
            station: station2,
        },
    );
}

#[test]
fn json_keeps_the_version_so_the_layout_survives() {
    let (bytes, child) = child_v1();
    let json = serde_json::to_string(&child).expect("serialize");
    assert!(json.contains("\"version\":1"), "{json}");
    let back: Child = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(common::write(&back).expect("write"), bytes);
}

#[test]
fn big_endian_patterns_read_the_version_in_their_byte_order() {
    let bytes = [b"BIGE".as_slice(), &[0, 0, 0, 2], &[0x12, 0x34], b"EGIB"].concat();
    round_trip(
        &bytes,
        &BigEndian {
            version: 2,
            value: Some(0x1234),
        },
    );
}
