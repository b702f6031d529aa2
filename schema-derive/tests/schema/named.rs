//! `#[version]`: named versions of any integer type, from imports or earlier fields, with
//! bounds that are literals or constants.

use binrw::{BinRead, BinWrite, binrw, io::Cursor};
use schema_derive::version;

use crate::common::assert_fail;

mod versions {
    pub const FLAGS: i32 = 49;
    pub const DOUBLED: i32 = 57;
}
const UPDATE_8: i32 = 41;
const TYPE_DATA: u8 = 2;

/// Gated on an imported `i32` with constants: "49-", "-40" and "57-57".
#[version(save_version: i32 = import)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq)]
struct Header {
    id: u8,
    #[since(save_version >= versions::FLAGS)]
    flags: Option<u32>,
    #[until(save_version < UPDATE_8)]
    legacy: Option<u8>,
    #[since(save_version >= versions::DOUBLED)]
    #[until(save_version <= versions::DOUBLED)]
    duplicate: Option<u8>,
}

/// Two imported versions (one a `u8`) ahead of the struct's own import.
#[version(save_version: i32 = import)]
#[version(instance_version: u8 = import)]
#[binrw]
#[brw(little, import(extra: u16))]
#[derive(Debug, Clone, PartialEq)]
struct Instance {
    #[br(calc = extra)]
    #[bw(ignore)]
    extra: u16,
    #[since(instance_version > 1)]
    data: Option<u16>,
    #[since(save_version >= 50)]
    #[until(instance_version < TYPE_DATA)]
    old_data: Option<u8>,
}

/// Versions computed from earlier fields: a `u16` field read as an `i64`, and an `Option`.
#[version(file_version: i64 = format)]
#[version(sub_version: u32 = sub.unwrap_or(1))]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq)]
struct File {
    format: u16,
    #[since(file_version >= 3)]
    sub: Option<u32>,
    #[since(sub_version >= 2)]
    body: Option<u8>,
    #[br(args(i32::from(format)))]
    #[bw(args(i32::from(*format)))]
    header: Header,
}

fn header_at(version: i32, value: &Header) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    value
        .write_le_args(&mut out, (version,))
        .unwrap_or_else(|e| panic!("write at {version}: {e}"));
    out.into_inner()
}

fn header_error(version: i32, value: &Header) -> String {
    let err = value
        .write_le_args(&mut Cursor::new(Vec::new()), (version,))
        .expect_err("value must be refused");
    assert_fail(&err).1.to_owned()
}

fn header(flags: Option<u32>, legacy: Option<u8>, duplicate: Option<u8>) -> Header {
    Header {
        id: 7,
        flags,
        legacy,
        duplicate,
    }
}

#[test]
fn imported_versions_gate_fields_with_constant_bounds() {
    let cases: [(i32, &[u8], Header); 4] = [
        (40, b"\x07\x05", header(None, Some(5), None)),
        (41, b"\x07", header(None, None, None)),
        (49, b"\x07\x08\0\0\0", header(Some(8), None, None)),
        (57, b"\x07\x08\0\0\0\x09", header(Some(8), None, Some(9))),
    ];
    for (version, bytes, expected) in cases {
        let read = Header::read_le_args(&mut Cursor::new(bytes), (version,)).unwrap();
        assert_eq!(read, expected, "at {version}");
        assert_eq!(header_at(version, &read), bytes, "at {version}");
    }
}

#[test]
fn the_writer_refuses_presence_that_disagrees_with_the_version() {
    assert_eq!(
        header_error(46, &header(Some(0), None, None)),
        "Header.flags (save_version >= 49) must be absent at save_version 46"
    );
    assert_eq!(
        header_error(50, &header(None, None, None)),
        "Header.flags (save_version >= 49) must be present at save_version 50"
    );
    assert_eq!(
        header_error(41, &header(None, Some(1), None)),
        "Header.legacy (save_version < 41) must be absent at save_version 41"
    );
    assert_eq!(
        header_error(57, &header(Some(1), None, None)),
        "Header.duplicate (save_version >= 57 and save_version <= 57) must be present at \
         save_version 57"
    );
    assert_eq!(
        header_error(58, &header(Some(1), None, Some(2))),
        "Header.duplicate (save_version >= 57 and save_version <= 57) must be absent at \
         save_version 58"
    );
}

#[test]
fn several_imported_versions_come_before_the_struct_s_own_imports() {
    let bytes = b"\x04";
    let read = Instance::read_le_args(&mut Cursor::new(bytes), (50, 1, 9)).unwrap();
    let expected = Instance {
        extra: 9,
        data: None,
        old_data: Some(4),
    };
    assert_eq!(read, expected);
    let mut out = Cursor::new(Vec::new());
    read.write_le_args(&mut out, (50, 1, 9)).unwrap();
    assert_eq!(out.into_inner(), bytes);

    let newer = Instance::read_le_args(&mut Cursor::new(b"\x03\0"), (50, 2, 9)).unwrap();
    assert_eq!(newer.data, Some(3));
    assert_eq!(newer.old_data, None);

    let err = expected
        .write_le_args(&mut Cursor::new(Vec::new()), (49, 1, 9))
        .unwrap_err();
    assert_eq!(
        assert_fail(&err).1,
        "Instance.old_data (save_version >= 50 and instance_version < 2) must be absent at \
         save_version 49, instance_version 1"
    );
}

#[test]
fn computed_versions_read_earlier_fields() {
    let bytes = b"\x03\0\x02\0\0\0\x0b\x07\x05";
    let file = File::read_le(&mut Cursor::new(bytes)).unwrap();
    assert_eq!(file.sub, Some(2));
    assert_eq!(file.body, Some(11));
    assert_eq!(file.header, header(None, Some(5), None));
    let mut out = Cursor::new(Vec::new());
    file.write_le(&mut out).unwrap();
    assert_eq!(out.into_inner(), bytes);

    // Format 2 has no `sub`, so the computed sub-version is 1 and `body` is absent too.
    let old = File::read_le(&mut Cursor::new(b"\x02\0\x07\x05")).unwrap();
    assert_eq!((old.sub, old.body), (None, None));

    let wrong = File {
        body: Some(1),
        ..old
    };
    let err = wrong.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert_eq!(
        assert_fail(&err).1,
        "File.body (sub_version >= 2) must be absent at sub_version 1"
    );
}

/// A plain field that versions before 14 lack: read as the default, written only from 14.
#[version(header_version: i32 = header_version)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq)]
struct SaveHeader {
    header_version: i32,
    #[since(header_version >= 14)]
    #[absent(default)]
    name: u16,
}

#[test]
fn absent_default_fields_must_keep_the_default_where_the_version_lacks_them() {
    let old = b"\x0d\0\0\0";
    let header = SaveHeader::read_le(&mut Cursor::new(old)).unwrap();
    assert_eq!(header.name, 0);
    let mut out = Cursor::new(Vec::new());
    header.write_le(&mut out).unwrap();
    assert_eq!(out.into_inner(), old);

    let new = b"\x0e\0\0\0\0\0";
    let header = SaveHeader::read_le(&mut Cursor::new(new)).unwrap();
    let mut out = Cursor::new(Vec::new());
    header.write_le(&mut out).unwrap();
    assert_eq!(
        out.into_inner(),
        new,
        "the default is written where the version has it"
    );

    let edited = SaveHeader {
        header_version: 13,
        name: 5,
    };
    let err = edited.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert_eq!(
        assert_fail(&err).1,
        "SaveHeader.name (header_version >= 14) must be absent at header_version 13"
    );
}

const ARCHIVE_V2: u32 = 0x2222_2222;

/// Two versions ANDed in one gate (Rocket League's net version needs engine 866 and licensee
/// 18), and a field at exactly one version (an archive header's compressor, only in v2).
#[version(engine: u32 = engine)]
#[version(licensee: u32 = licensee)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq)]
struct Replay {
    engine: u32,
    licensee: u8,
    #[since(engine >= 866 && licensee >= 18)]
    net: Option<u8>,
    #[only(engine == ARCHIVE_V2)]
    compressor: Option<u8>,
}

#[test]
fn a_gate_can_and_several_versions_and_pin_one_version() {
    let cases: [(&[u8], Option<u8>, Option<u8>); 4] = [
        (b"\x62\x03\0\0\x12\x0a", Some(10), None),
        (b"\x62\x03\0\0\x11", None, None),
        (b"\x61\x03\0\0\x12", None, None),
        (b"\x22\x22\x22\x22\x00\x01", None, Some(1)),
    ];
    for (bytes, net, compressor) in cases {
        let replay = Replay::read_le(&mut Cursor::new(bytes)).unwrap();
        assert_eq!(
            (replay.net, replay.compressor),
            (net, compressor),
            "{bytes:?}"
        );
        let mut out = Cursor::new(Vec::new());
        replay.write_le(&mut out).unwrap();
        assert_eq!(out.into_inner(), bytes);
    }

    let no_net = Replay {
        engine: 868,
        licensee: 17,
        net: Some(1),
        compressor: None,
    };
    let err = no_net.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert_eq!(
        assert_fail(&err).1,
        "Replay.net (engine >= 866 and licensee >= 18) must be absent at engine 868, licensee 17"
    );
    let v1 = Replay {
        engine: 0,
        licensee: 0,
        net: None,
        compressor: Some(0),
    };
    let err = v1.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert_eq!(
        assert_fail(&err).1,
        format!("Replay.compressor (engine == {ARCHIVE_V2}) must be absent at engine 0")
    );
}
