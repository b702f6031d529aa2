//! The header's nesting bound on every path (binary read and write, JSON both ways), and the
//! writer refusing models its reader would not read back.

use crate::common;

use binrw::BinWrite;
use binrw::io::Cursor;
use rocketleague::header::MAX_DEPTH;
use rocketleague::{
    CrcCheck, NetworkParse, ParserBuilder, Property, PropertySet, PropertyValue, Replay, String8,
};

fn rumble() -> Option<Vec<u8>> {
    common::corpus("good")?
        .into_iter()
        .find(|(name, _)| name == "rumble.replay")
        .map(|(_, data)| data)
}

fn read_raw(data: &[u8]) -> Result<Replay, rocketleague::Error> {
    ParserBuilder::new(data)
        .network_parse(NetworkParse::Never)
        .parse()
}

/// `levels` property sets, each but the innermost holding one `StructProperty` `S` holding the next.
fn nested(levels: u32) -> PropertySet {
    let mut set = PropertySet {
        properties: Vec::new(),
        terminator: "None".into(),
    };
    for _ in 1..levels {
        let mut property = Property {
            name: "S".into(),
            size: 0,
            index: 0,
            value: PropertyValue::Struct {
                name: "T".into(),
                fields: set,
            },
            irregular_size_of: None,
        };
        property.update_size();
        set = PropertySet {
            properties: vec![property],
            terminator: "None".into(),
        };
    }
    set
}

/// The replay with its header properties replaced by `properties` (which must be writable).
fn with_properties(replay: &Replay, properties: PropertySet) -> Replay {
    let mut replay = replay.clone();
    replay.header.properties = properties;
    replay
}

/// The bytes of `data` with the header's property set replaced by `set`, sizes and CRCs made
/// consistent: a file the writer would refuse to make.
fn splice_header(data: &[u8], replay: &Replay, set: &[u8]) -> Vec<u8> {
    let mut header = Cursor::new(Vec::new());
    let h = &replay.header;
    (h.engine_version, h.licensee_version)
        .write_le(&mut header)
        .unwrap();
    h.net_version.write_le(&mut header).unwrap();
    h.game_type.write_le(&mut header).unwrap();
    let mut header = header.into_inner();
    header.extend_from_slice(set);
    let old_size = u32::from_le_bytes(data[..4].try_into().unwrap()) as usize;
    let mut out = (header.len() as u32).to_le_bytes().to_vec();
    out.extend_from_slice(&rocketleague::crc::checksum(&header).to_le_bytes());
    out.extend_from_slice(&header);
    out.extend_from_slice(&data[8 + old_size..]);
    out
}

fn string8(text: &str) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    String8::from(text).write_le(&mut out).unwrap();
    out.into_inner()
}

/// The error of a result that must be one (without printing a whole replay if it is not).
fn refused<T, E>(result: Result<T, E>) -> E {
    match result {
        Ok(_) => panic!("accepted"),
        Err(e) => e,
    }
}

/// JSON read without serde_json's own 128-level limit, so only the model's bound applies.
fn from_deep_json(json: &str) -> Result<Replay, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(json);
    de.disable_recursion_limit();
    serde::Deserialize::deserialize(&mut de)
}

#[test]
fn header_nesting_at_the_bound_takes_every_path() {
    let Some(data) = rumble() else { return };
    let replay = with_properties(&read_raw(&data).unwrap(), nested(MAX_DEPTH));
    let bytes = rocketleague::write(&replay).expect("writes at the bound");
    let back = read_raw(&bytes).expect("reads at the bound");
    assert_eq!(back, replay);
    assert_eq!(rocketleague::write(&back).unwrap(), bytes);
    let json = serde_json::to_string(&back).expect("JSON at the bound");
    assert_eq!(from_deep_json(&json).expect("JSON back at the bound"), back);
}

#[test]
fn header_nesting_past_the_bound_is_refused_everywhere() {
    let Some(data) = rumble() else { return };
    let replay = read_raw(&data).unwrap();
    let too_deep = with_properties(&replay, nested(MAX_DEPTH + 1));
    let message = format!("nested deeper than {MAX_DEPTH} levels");
    let err = refused(rocketleague::write(&too_deep));
    assert!(err.to_string().contains(&message), "{err}");
    let err = refused(serde_json::to_string(&too_deep));
    assert!(err.to_string().contains(&message), "{err}");

    // The bytes of one more level than the bound, written around the bound's set by hand; a few
    // thousand levels (the reported crash) fail the same way.
    for extra in [1, 4000] {
        let mut set = Cursor::new(Vec::new());
        nested(MAX_DEPTH).write_le_args(&mut set, (false,)).unwrap();
        let mut set = set.into_inner();
        for _ in 0..extra {
            let mut outer = string8("S");
            outer.extend_from_slice(b"\x0f\0\0\0StructProperty\0");
            let fields = string8("Outer").len() + set.len();
            outer.extend_from_slice(&(fields as u32).to_le_bytes());
            outer.extend_from_slice(&0u32.to_le_bytes());
            outer.extend_from_slice(&string8("Outer"));
            outer.extend_from_slice(&set);
            outer.extend_from_slice(&string8("None"));
            set = outer;
        }
        let bytes = splice_header(&data, &replay, &set);
        for err in [
            refused(read_raw(&bytes)),
            refused(ParserBuilder::new(&bytes).parse_header()),
            refused(
                ParserBuilder::new(&bytes)
                    .crc_check(CrcCheck::Never)
                    .parse_header(),
            ),
        ] {
            let text = err.to_string();
            assert!(text.contains(&message), "{text}");
            assert!(text.starts_with("rocketleague: header: "), "{text}");
            assert!(!text.contains('\n'), "{text}");
        }
    }

    // JSON one level past the bound: the bound's JSON with its innermost set wrapped once more.
    let at_bound = serde_json::to_string(&with_properties(&replay, nested(MAX_DEPTH))).unwrap();
    let inner = serde_json::to_string(&nested(1)).unwrap();
    let wrapper = serde_json::to_string(&nested(2)).unwrap();
    let (prefix, suffix) = wrapper.split_once(&inner).unwrap();
    let deeper = at_bound.replacen(&inner, &format!("{prefix}{inner}{suffix}"), 1);
    assert_ne!(deeper, at_bound);
    let err = refused(from_deep_json(&deeper));
    assert!(err.to_string().contains(&message), "{err}");
}

/// A change to a replay model.
type Edit = fn(&mut Replay);

/// Each edit makes a model whose file the reader would misread or refuse; the writer names why.
#[test]
fn writer_refuses_what_its_reader_would_not_take_back() {
    let Some(data) = rumble() else { return };
    let replay = read_raw(&data).unwrap();
    let cases: [(&str, Edit); 5] = [
        ("terminator \"\" is not None", |r| {
            r.header.properties.terminator = "".into();
        }),
        ("property named \"None\"", |r| {
            r.header.properties.properties[0].name = "None".into();
        }),
        (
            "Header.net_version (engine_version >= 866 and licensee_version >= 18) must be \
             absent at engine_version 868, licensee_version 12",
            |r| {
                r.header.net_version = Some(10);
            },
        ),
        ("a byte value goes with the enum type None", |r| {
            r.header.properties.properties[0].value = PropertyValue::Byte {
                kind: "SomeEnum".into(),
                byte: Some(1),
                value: Some("SomeEnum::A".into()),
            };
        }),
        ("stores a BoolProperty as Bool32", |r| {
            r.header.properties.properties[0].value = PropertyValue::Bool32(1);
        }),
    ];
    assert_eq!(
        replay.header.net_version, None,
        "rumble (868.12) has no net version"
    );
    for (expected, edit) in cases {
        let mut edited = replay.clone();
        edit(&mut edited);
        let err = refused(rocketleague::write(&edited));
        let text = err.to_string();
        assert!(text.contains(expected), "{expected}: {text}");
        assert!(text.starts_with("rocketleague: header: "), "{text}");
    }
}
