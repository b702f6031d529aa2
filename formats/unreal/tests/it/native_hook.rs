//! Native-struct hooks: a format's variable-length struct decoded in tagged values and Map/Set
//! elements, written back byte for byte, through JSON with its table, refused without it, and
//! bounded in nesting.

use binrw::io::{Cursor, Read};
use binrw::{BinResult, BinWrite};
use serde::{Deserialize, Serialize};
use unreal::{
    MAX_NATIVE_DEPTH, NativeHook, NativeStruct, NativeStructs, PropertyContext, PropertyList,
    PropertyValue, StructValue, with_native_structs,
};

/// A made-up layout: a count byte, that many bytes, then (when the first byte is 0xFF) a nested
/// property list, which may hold another `Blob`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Blob {
    bytes: Vec<u8>,
    nested: Option<PropertyList>,
}

impl NativeStruct for Blob {
    const NAME: &'static str = "Blob";

    fn read(r: &mut Cursor<&[u8]>, ctx: &PropertyContext) -> BinResult<Self> {
        let mut n = [0u8];
        r.read_exact(&mut n)?;
        let mut bytes = vec![0; usize::from(n[0])];
        r.read_exact(&mut bytes)?;
        let nested = match bytes.first() {
            Some(0xff) => {
                let at = r.position() as usize;
                let (list, used) =
                    PropertyList::read(&r.get_ref()[at..], at, ctx).map_err(|e| {
                        binrw::Error::AssertFail {
                            pos: e.offset as u64,
                            message: e.message,
                        }
                    })?;
                r.set_position((at + used) as u64);
                Some(list)
            }
            _ => None,
        };
        Ok(Blob { bytes, nested })
    }

    fn write(&self, w: &mut Cursor<&mut Vec<u8>>, ctx: &PropertyContext) -> BinResult<()> {
        (self.bytes.len() as u8).write_le(w)?;
        self.bytes.write_le(w)?;
        if let Some(list) = &self.nested {
            let mut out = Vec::new();
            list.write(ctx, &mut out)
                .map_err(|e| binrw::Error::AssertFail {
                    pos: 0,
                    message: e.message,
                })?;
            out.write_le(w)?;
        }
        Ok(())
    }
}

static HOOKS: [NativeHook; 1] = [NativeHook::of::<Blob>()];

fn ctx() -> PropertyContext {
    let mut ctx = PropertyContext::new(522, 0);
    ctx.native_structs = NativeStructs::new(&HOOKS, 7);
    ctx
}

fn fstr(s: &str) -> Vec<u8> {
    let mut out = ((s.len() + 1) as i32).to_le_bytes().to_vec();
    out.extend_from_slice(s.as_bytes());
    out.push(0);
    out
}

/// A UE4 struct property `name` of struct type `ty` holding `value`.
fn struct_property(name: &str, ty: &str, value: &[u8]) -> Vec<u8> {
    [
        &fstr(name)[..],
        &fstr("StructProperty"),
        &(value.len() as i32).to_le_bytes(),
        &0i32.to_le_bytes(),
        &fstr(ty),
        &[0; 16],
        &[0],
        value,
    ]
    .concat()
}

fn list(properties: &[Vec<u8>]) -> Vec<u8> {
    [properties.concat(), fstr("None")].concat()
}

fn read_write(bytes: &[u8], ctx: &PropertyContext) -> PropertyList {
    let (list, used) = PropertyList::read(bytes, 0, ctx).expect("reads");
    assert_eq!(used, bytes.len());
    let mut out = Vec::new();
    list.write(ctx, &mut out).expect("writes");
    assert_eq!(out, bytes);
    list
}

#[test]
fn a_tagged_value_decodes_writes_back_and_converts_through_json_with_its_table() {
    let ctx = ctx();
    let bytes = list(&[struct_property("B", "Blob", &[3, 1, 2, 3])]);
    let list = read_write(&bytes, &ctx);
    let PropertyValue::Struct(StructValue::Native(value)) = &list.properties[0].value else {
        panic!("not native: {:?}", list.properties[0].value);
    };
    assert_eq!(value.name(), "Blob");
    assert_eq!(value.get::<Blob>().expect("a Blob").bytes, [1, 2, 3]);
    assert_eq!(list.raw_fallbacks(), 0);

    let json = serde_json::to_string(&list).unwrap();
    assert!(
        json.contains(r#"{"Native":{"type":"Blob","value":{"bytes":[1,2,3]"#),
        "{json}"
    );
    let back: PropertyList =
        with_native_structs(&HOOKS, || serde_json::from_str(&json)).expect("reads back");
    assert_eq!(back, list);
    let err = serde_json::from_str::<PropertyList>(&json).unwrap_err();
    assert!(
        err.to_string()
            .contains("no native struct decoder for \"Blob\""),
        "{err}"
    );
}

#[test]
fn an_edit_changes_the_size_written_in_the_tag() {
    let ctx = ctx();
    let mut list = read_write(&list(&[struct_property("B", "Blob", &[1, 9])]), &ctx);
    let PropertyValue::Struct(StructValue::Native(value)) = &mut list.properties[0].value else {
        panic!("not native");
    };
    value.get_mut::<Blob>().expect("a Blob").bytes = vec![4, 5, 6];
    let mut out = Vec::new();
    list.write(&ctx, &mut out).unwrap();
    assert_eq!(
        out,
        self::list(&[struct_property("B", "Blob", &[3, 4, 5, 6])])
    );
}

#[test]
fn an_edit_of_one_of_equal_values_read_in_a_row_changes_that_one_only() {
    let ctx = ctx();
    let blob = struct_property("B", "Blob", &[1, 9]);
    let mut list = read_write(&list(&[blob.clone(), blob.clone(), blob.clone()]), &ctx);
    let PropertyValue::Struct(StructValue::Native(value)) = &mut list.properties[1].value else {
        panic!("not native");
    };
    value.get_mut::<Blob>().expect("a Blob").bytes = vec![7];
    for (i, expected) in [[9], [7], [9]].iter().enumerate() {
        let PropertyValue::Struct(StructValue::Native(value)) = &list.properties[i].value else {
            panic!("not native");
        };
        assert_eq!(value.get::<Blob>().expect("a Blob").bytes, expected);
    }
    let mut out = Vec::new();
    list.write(&ctx, &mut out).unwrap();
    assert_eq!(
        out,
        self::list(&[blob.clone(), struct_property("B", "Blob", &[1, 7]), blob])
    );
}

#[test]
fn set_elements_take_exactly_their_own_bytes() {
    let mut ctx = ctx();
    ctx.hints.insert("S", "Blob");
    let elements = [
        &0i32.to_le_bytes()[..],
        &2i32.to_le_bytes(),
        &[2, 7, 8],
        &[0],
    ]
    .concat();
    let value = [&elements[..]].concat();
    let property = [
        &fstr("S")[..],
        &fstr("SetProperty"),
        &(value.len() as i32).to_le_bytes(),
        &0i32.to_le_bytes(),
        &fstr("StructProperty"),
        &[0],
        &value,
    ]
    .concat();
    let list = read_write(&list(&[property]), &ctx);
    let PropertyValue::Set(set) = &list.properties[0].value else {
        panic!("not a set");
    };
    let lens: Vec<usize> = set
        .elements
        .iter()
        .map(|e| match e {
            PropertyValue::Struct(StructValue::Native(v)) => v.get::<Blob>().unwrap().bytes.len(),
            other => panic!("not native: {other:?}"),
        })
        .collect();
    assert_eq!(lens, [2, 0]);
}

#[test]
fn a_value_the_hook_cannot_read_stays_raw_or_fails_strictly_with_its_offset() {
    let mut ctx = ctx();
    // Count 5, but only 2 bytes follow inside the value.
    let bytes = list(&[struct_property("B", "Blob", &[5, 1, 2])]);
    let list = read_write(&bytes, &ctx);
    assert_eq!(list.properties[0].value, PropertyValue::Raw(vec![5, 1, 2]));
    assert_eq!(list.raw_fallbacks(), 1);
    ctx.strict = true;
    let err = PropertyList::read(&bytes, 0x100, &ctx).unwrap_err();
    let value_at = 0x100 + bytes.len() - fstr("None").len() - 3;
    assert!(err.to_string().contains("Blob"), "{err}");
    assert!(err.offset >= value_at, "{err} (value at {value_at:#x})");
}

/// `levels` Blobs, each (first byte 0xFF) announcing a nested list that holds the next.
fn nested(levels: u32) -> Vec<u8> {
    let mut bytes = list(&[]);
    for _ in 0..levels {
        bytes = list(&[struct_property(
            "B",
            "Blob",
            &[&[1, 0xff][..], &bytes].concat(),
        )]);
    }
    bytes
}

#[test]
fn nesting_past_the_bound_is_an_error_not_a_stack_overflow() {
    let mut ctx = ctx();
    ctx.strict = true;
    read_write(&nested(MAX_NATIVE_DEPTH), &ctx);
    let err = PropertyList::read(&nested(MAX_NATIVE_DEPTH + 1), 0, &ctx).unwrap_err();
    assert!(err.to_string().contains("nested deeper than"), "{err}");
}
