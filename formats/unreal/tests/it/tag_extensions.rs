//! UE5 property-tag extensions (FileVersionUE5 >= 1011) and the UE 5.4+ tag flags, on hand-made
//! bytes: every known bit with the data it announces, unknown bits refused with their offset, the
//! writer's checks mirroring the reader's, and tags stored without a value (SkippedSerialize, `PropertyValue::Skipped`).

use unreal::{
    EXTENSION_EXTERNAL_OBJECTS, EXTENSION_OVERRIDABLE, PropertyContext, PropertyList,
    PropertyValue, TagExtension,
};

fn fstr(s: &str) -> Vec<u8> {
    let mut out = ((s.len() + 1) as i32).to_le_bytes().to_vec();
    out.extend_from_slice(s.as_bytes());
    out.push(0);
    out
}

fn int(v: i32) -> Vec<u8> {
    v.to_le_bytes().to_vec()
}

fn ctx(ue5: u32) -> PropertyContext {
    let mut c = PropertyContext::new(522, ue5);
    c.strict = true;
    c
}

/// A pre-5.4 UE5 IntProperty `name` = `value` with the extension bytes `extension`.
fn int_tag_1011(name: &str, extension: &[u8], value: i32) -> Vec<u8> {
    [
        fstr(name),
        fstr("IntProperty"),
        int(4),
        int(0),
        vec![0], // no property GUID
        extension.to_vec(),
        int(value),
    ]
    .concat()
}

/// A UE 5.4+ leaf type `IntProperty` with `flags`, `after_flags` bytes, then `value` bytes.
fn int_tag_1012(name: &str, size: i32, flags: u8, after_flags: &[u8], value: &[u8]) -> Vec<u8> {
    [
        fstr(name),
        fstr("IntProperty"),
        int(0), // no type parameters
        int(size),
        vec![flags],
        after_flags.to_vec(),
        value.to_vec(),
    ]
    .concat()
}

fn list(parts: &[Vec<u8>]) -> Vec<u8> {
    [parts.concat(), fstr("None")].concat()
}

/// Reads strictly, checks the byte and JSON round trips, returns the list.
fn round_trip(bytes: &[u8], c: &PropertyContext) -> PropertyList {
    let (list, used) = PropertyList::read(bytes, 0, c).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(used, bytes.len());
    let mut out = Vec::new();
    list.write(c, &mut out).unwrap();
    assert_eq!(out, bytes);
    let json = serde_json::to_string(&list).unwrap();
    assert_eq!(serde_json::from_str::<PropertyList>(&json).unwrap(), list);
    assert_eq!(list.raw_fallbacks(), 0);
    list
}

fn extension(list: &PropertyList, i: usize) -> TagExtension {
    list.properties[i]
        .tag
        .extras()
        .extension
        .expect("UE5 tags carry an extension")
}

#[test]
fn known_extension_bits_read_what_they_announce() {
    let c = ctx(1011);
    let bytes = list(&[
        int_tag_1011("None0", &[0], 1),
        int_tag_1011("Op", &[0x02, 3, 1, 0, 0, 0], 2),
        int_tag_1011("External", &[0x04, 1, 0, 0, 0], 3),
        int_tag_1011("Both", &[0x06, 1, 0, 0, 0, 0, 0, 0, 0, 0], 4),
    ]);
    let l = round_trip(&bytes, &c);
    assert_eq!(extension(&l, 0), TagExtension::NONE);
    assert_eq!(extension(&l, 1).overridable, Some((3, 1)));
    assert_eq!(extension(&l, 2).external_objects, Some(1));
    assert_eq!(extension(&l, 3).overridable, Some((1, 0)));
    assert_eq!(extension(&l, 3).external_objects, Some(0));
    let values: Vec<_> = l.properties.iter().map(|p| p.value.clone()).collect();
    assert_eq!(values, (1..=4).map(PropertyValue::Int).collect::<Vec<_>>());
    // JSON of the plain extension has no external_objects key.
    let json = serde_json::to_string(&l.properties[0].tag).unwrap();
    assert!(!json.contains("external_objects"), "{json}");
}

#[test]
fn unknown_extension_bits_are_refused_at_their_offset() {
    let c = ctx(1011);
    for flags in [0x01u8, 0x08, 0x80] {
        let first = int_tag_1011("A", &[0], 1);
        let bytes = list(&[first.clone(), int_tag_1011("B", &[flags], 2)]);
        let at = 0x40 + first.len() + fstr("B").len() + fstr("IntProperty").len() + 9;
        let err = PropertyList::read(&bytes, 0x40, &c).expect_err("unknown bits");
        assert_eq!(err.offset, at, "{err}");
        assert!(err.to_string().contains("unknown"), "{err}");
        assert!(err.to_string().contains('B'), "{err}");
    }
}

#[test]
fn extension_writer_mirrors_the_reader() {
    let c = ctx(1011);
    let bytes = list(&[int_tag_1011("A", &[0], 1)]);
    let (l, _) = PropertyList::read(&bytes, 0, &c).unwrap();
    let with = |x: TagExtension| {
        let mut l = l.clone();
        let mut extras = *l.properties[0].tag.extras();
        extras.extension = Some(x);
        l.properties[0].tag.set_extras(extras);
        l
    };
    let cases = [
        TagExtension {
            flags: EXTENSION_OVERRIDABLE,
            ..TagExtension::NONE
        },
        TagExtension {
            flags: 0,
            overridable: Some((1, 0)),
            external_objects: None,
        },
        TagExtension {
            flags: EXTENSION_EXTERNAL_OBJECTS,
            ..TagExtension::NONE
        },
        TagExtension {
            flags: 0x01,
            ..TagExtension::NONE
        },
    ];
    for x in cases {
        let err = with(x).write(&c, &mut Vec::new()).expect_err("{x:?}");
        assert!(err.to_string().contains("extension"), "{err}");
    }
    // Below 1011 a tag has no extension: one in the model would be dropped, so it is refused.
    let err = with(TagExtension::NONE)
        .write(&ctx(1010), &mut Vec::new())
        .expect_err("no extension before 1011");
    assert!(err.to_string().contains("1011"), "{err}");
}

#[test]
fn complete_type_name_tags_carry_extensions_behind_flag_0x04() {
    let c = ctx(1012);
    let bytes = list(&[
        int_tag_1012("Plain", 4, 0, &[], &int(1)),
        int_tag_1012("Ext", 4, 0x04, &[0x06, 2, 1, 0, 0, 0, 1, 0, 0, 0], &int(2)),
    ]);
    let l = round_trip(&bytes, &c);
    assert_eq!(l.properties[0].tag.extras().extension, None);
    let x = extension(&l, 1);
    assert_eq!((x.overridable, x.external_objects), (Some((2, 1)), Some(1)));
}

#[test]
fn unknown_tag_flags_are_refused_by_reader_and_writer() {
    let c = ctx(1012);
    for flags in [0x40u8, 0x80] {
        let bytes = list(&[int_tag_1012("A", 4, flags, &[], &int(1))]);
        let err = PropertyList::read(&bytes, 0, &c).expect_err("unknown flag");
        let at = fstr("A").len() + fstr("IntProperty").len() + 8;
        assert_eq!(err.offset, at, "{err}");
        assert!(err.to_string().contains("unknown"), "{err}");
    }
    let (mut l, _) =
        PropertyList::read(&list(&[int_tag_1012("A", 4, 0, &[], &int(1))]), 0, &c).unwrap();
    let mut extras = *l.properties[0].tag.extras();
    extras.flags = 0x40;
    l.properties[0].tag.set_extras(extras);
    assert!(l.write(&c, &mut Vec::new()).is_err());
}

/// UE 5.4+ writes a tag flagged SkippedSerialize (0x20) with size 0 and no value.
#[test]
fn skipped_tags_have_no_value() {
    let c = ctx(1012);
    let bytes = list(&[
        int_tag_1012("Skipped", 0, 0x20, &[], &[]),
        int_tag_1012("Next", 4, 0, &[], &int(7)),
        [
            fstr("Flag"),
            fstr("BoolProperty"),
            int(0),
            int(0),
            vec![0x30],
        ]
        .concat(),
    ]);
    let l = round_trip(&bytes, &c);
    assert!(l.properties[0].tag.is_skipped());
    assert_eq!(l.properties[0].value, PropertyValue::Skipped);
    assert_eq!(l.properties[1].value, PropertyValue::Int(7));
    assert_eq!(l.properties[2].value, PropertyValue::Bool(true));
    assert!(l.properties[2].tag.is_skipped());
    // A size on a skipped tag would be lost: refused, with the tag's end as offset.
    let sized = list(&[int_tag_1012("Skipped", 4, 0x20, &[], &int(7))]);
    let err = PropertyList::read(&sized, 0, &c).expect_err("skipped with a size");
    assert_eq!(
        err.offset,
        fstr("Skipped").len() + fstr("IntProperty").len() + 9
    );
    // A value given to a skipped tag could not be written back as one.
    let mut edited = l.clone();
    edited.properties[0].value = PropertyValue::Int(1);
    let err = edited
        .write(&c, &mut Vec::new())
        .expect_err("skipped has no value");
    assert!(err.to_string().contains("SkippedSerialize"), "{err}");
}

/// With the experimental overridable logic set in its tag extension, UE stores a container as
/// replaced/removed/modified/added lists, not decoded here: the value is kept as raw bytes.
#[test]
fn experimental_overridable_containers_stay_raw() {
    let c = PropertyContext::new(522, 1012);
    // MapProperty(IntProperty, IntProperty): NumReplaced -1, then empty removed/modified/added.
    let value = [int(-1), int(0), int(0), int(0)].concat();
    let ty = [
        fstr("MapProperty"),
        int(2),
        fstr("IntProperty"),
        int(0),
        fstr("IntProperty"),
        int(0),
    ]
    .concat();
    let tag = |logic: u8, value: &[u8]| {
        [
            fstr("Scores"),
            ty.clone(),
            int(value.len() as i32),
            vec![0x04, 0x02, 1, logic, 0, 0, 0],
            value.to_vec(),
        ]
        .concat()
    };
    let bytes = list(&[tag(1, &value)]);
    let (l, used) = PropertyList::read(&bytes, 0, &c).unwrap();
    assert_eq!(used, bytes.len());
    assert_eq!(l.properties[0].value, PropertyValue::Raw(value.clone()));
    assert_eq!(l.raw_fallbacks(), 1);
    let mut out = Vec::new();
    l.write(&c, &mut out).unwrap();
    assert_eq!(out, bytes);
    let strict = ctx(1012);
    let err = PropertyList::read(&bytes, 0, &strict).expect_err("not decoded");
    assert!(err.to_string().contains("experimental"), "{err}");
    // Without the logic the same tag's regular (empty) map decodes...
    let regular_bytes = list(&[tag(0, &[int(0), int(0)].concat())]);
    let regular = round_trip(&regular_bytes, &strict);
    assert!(matches!(regular.properties[0].value, PropertyValue::Map(_)));
    // ... and such a decoded map under the logic would be written in the regular layout: refused.
    let mut decoded = l.clone();
    decoded.properties[0].value = regular.properties[0].value.clone();
    let err = decoded
        .write(&c, &mut Vec::new())
        .expect_err("regular layout");
    assert!(err.to_string().contains("experimental"), "{err}");
}
