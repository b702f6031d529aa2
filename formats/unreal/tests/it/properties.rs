//! Hand-made property bytes per type: read, check the decoded value, write back the same bytes.

use unreal::{
    ArrayValue, F32, F64, FGuid, FName, FString, FText, FVector, MapValue, PropertyContext,
    PropertyList, PropertyValue, SetValue, StructValue, TagExtras, TagFields, TextHistory,
};

const UE4: u32 = 522;

fn fstr(s: &str) -> Vec<u8> {
    let mut out = ((s.len() + 1) as i32).to_le_bytes().to_vec();
    out.extend_from_slice(s.as_bytes());
    out.push(0);
    out
}

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

/// A UE4 tag: name, type, size, array index 0, `extra` (type-specific fields), no property GUID.
fn tag4(name: &str, ty: &str, size: usize, extra: &[u8]) -> Vec<u8> {
    cat(&[
        &fstr(name),
        &fstr(ty),
        &(size as i32).to_le_bytes(),
        &0i32.to_le_bytes(),
        extra,
        &[0],
    ])
}

/// A one-property UE4 list (tag + value + "None").
fn list4(name: &str, ty: &str, extra: &[u8], value: &[u8]) -> Vec<u8> {
    cat(&[&tag4(name, ty, value.len(), extra), value, &fstr("None")])
}

/// Reads strictly, asserts the exact byte round trip, returns the single property's value.
fn round_trip(bytes: &[u8], ctx: &PropertyContext) -> PropertyValue {
    let mut ctx = ctx.clone();
    ctx.strict = true;
    let (list, used) = PropertyList::read(bytes, 0, &ctx).unwrap();
    assert_eq!(used, bytes.len());
    let mut out = Vec::new();
    list.write(&ctx, &mut out).unwrap();
    assert_eq!(out, bytes);
    let json = serde_json::to_string(&list).unwrap();
    assert_eq!(serde_json::from_str::<PropertyList>(&json).unwrap(), list);
    assert_eq!(list.properties.len(), 1);
    list.properties[0].value.clone()
}

fn ue4() -> PropertyContext {
    PropertyContext::new(UE4, 0)
}

#[test]
fn numbers() {
    let c = ue4();
    assert_eq!(
        round_trip(&list4("A", "Int8Property", &[], &[0xff]), &c),
        PropertyValue::Int8(-1)
    );
    assert_eq!(
        round_trip(
            &list4("A", "Int16Property", &[], &(-2i16).to_le_bytes()),
            &c
        ),
        PropertyValue::Int16(-2)
    );
    assert_eq!(
        round_trip(&list4("A", "IntProperty", &[], &7i32.to_le_bytes()), &c),
        PropertyValue::Int(7)
    );
    assert_eq!(
        round_trip(
            &list4("A", "Int64Property", &[], &(-9i64).to_le_bytes()),
            &c
        ),
        PropertyValue::Int64(-9)
    );
    assert_eq!(
        round_trip(&list4("A", "UInt16Property", &[], &5u16.to_le_bytes()), &c),
        PropertyValue::UInt16(5)
    );
    assert_eq!(
        round_trip(&list4("A", "UInt32Property", &[], &5u32.to_le_bytes()), &c),
        PropertyValue::UInt32(5)
    );
    assert_eq!(
        round_trip(&list4("A", "UInt64Property", &[], &5u64.to_le_bytes()), &c),
        PropertyValue::UInt64(5)
    );
    assert_eq!(
        round_trip(&list4("A", "FloatProperty", &[], &1.5f32.to_le_bytes()), &c),
        PropertyValue::Float(F32(1.5))
    );
    assert_eq!(
        round_trip(
            &list4("A", "DoubleProperty", &[], &2.5f64.to_le_bytes()),
            &c
        ),
        PropertyValue::Double(F64(2.5))
    );
}

#[test]
fn non_finite_floats_survive_json() {
    let c = ue4();
    let nan = 0x7fc0_1234u32.to_le_bytes();
    assert_eq!(
        round_trip(&list4("A", "FloatProperty", &[], &nan), &c),
        PropertyValue::Float(F32(f32::from_bits(0x7fc0_1234)))
    );
    round_trip(
        &list4("A", "DoubleProperty", &[], &f64::NEG_INFINITY.to_le_bytes()),
        &c,
    );
    round_trip(
        &list4("A", "DoubleProperty", &[], &(-0.0f64).to_le_bytes()),
        &c,
    );
}

#[test]
fn bool_byte_enum() {
    let c = ue4();
    let bytes = cat(&[&tag4("B", "BoolProperty", 0, &[1]), &fstr("None")]);
    assert_eq!(round_trip(&bytes, &c), PropertyValue::Bool(true));
    let bytes = cat(&[&tag4("B", "BoolProperty", 0, &[0]), &fstr("None")]);
    assert_eq!(round_trip(&bytes, &c), PropertyValue::Bool(false));
    assert_eq!(
        round_trip(&list4("B", "ByteProperty", &fstr("None"), &[9]), &c),
        PropertyValue::Byte(9)
    );
    assert_eq!(
        round_trip(
            &list4("B", "ByteProperty", &fstr("EColor"), &fstr("EColor::Red")),
            &c
        ),
        PropertyValue::Enum("EColor::Red".into())
    );
    assert_eq!(
        round_trip(
            &list4("B", "EnumProperty", &fstr("EColor"), &fstr("EColor::Blue")),
            &c
        ),
        PropertyValue::Enum("EColor::Blue".into())
    );
}

#[test]
fn strings_keep_their_encoding() {
    let c = ue4();
    assert_eq!(
        round_trip(&list4("S", "StrProperty", &[], &fstr("hi")), &c),
        PropertyValue::Str("hi".into())
    );
    let empty = 0i32.to_le_bytes();
    let null = cat(&[&1i32.to_le_bytes(), &[0]]);
    let latin1 = cat(&[&3i32.to_le_bytes(), &[0xe9, b'a', 0]]);
    let wide = cat(&[&(-3i32).to_le_bytes(), &[0x3b, 0x04, 0x42, 0x00, 0, 0]]);
    assert_eq!(
        round_trip(&list4("S", "StrProperty", &[], &empty), &c),
        PropertyValue::Str(FString::default())
    );
    assert_eq!(
        round_trip(&list4("S", "StrProperty", &[], &null), &c),
        PropertyValue::Str("".into())
    );
    assert_eq!(
        round_trip(&list4("S", "StrProperty", &[], &latin1), &c),
        PropertyValue::Str("éa".into())
    );
    let v = round_trip(&list4("S", "NameProperty", &[], &wide), &c);
    assert_eq!(
        v,
        PropertyValue::Name(FString {
            value: Some("лB".into()),
            wide: true
        })
    );
    round_trip(
        &list4("S", "ObjectProperty", &[], &fstr("/Game/Map.Map:Obj")),
        &c,
    );
    round_trip(
        &list4(
            "S",
            "SoftObjectProperty",
            &[],
            &cat(&[&fstr("/Game/A.A"), &fstr("")]),
        ),
        &c,
    );
    let ue5 = PropertyContext::new(UE4, 1009);
    round_trip(
        &list4(
            "S",
            "SoftObjectProperty",
            &[],
            &cat(&[&fstr("/Game/A"), &fstr("A"), &fstr("")]),
        ),
        &ue5,
    );
}

/// The asset name of a soft object path exists from FileVersionUE5 1007 on: a path whose asset
/// disagrees with the context's version is refused naming both, not written for the reader to
/// take the sub-path for the asset (or the asset for the sub-path).
#[test]
fn soft_object_path_asset_follows_the_package_version() {
    let path = |asset: Option<&str>| {
        let asset = asset.map(fstr).unwrap_or_default();
        list4(
            "S",
            "SoftObjectProperty",
            &[],
            &cat(&[&fstr("/Game/A"), &asset, &fstr("")]),
        )
    };
    let set_asset =
        |list: &mut PropertyList, asset: Option<FName>| match &mut list.properties[0].value {
            PropertyValue::SoftObject(p) => p.asset = asset,
            other => panic!("soft object expected: {other:?}"),
        };
    let old = PropertyContext::new(UE4, 1006);
    let (mut list, _) = PropertyList::read(&path(None), 0, &old).unwrap();
    set_asset(&mut list, Some(FName::new("A")));
    let err = list.write(&old, &mut Vec::new()).unwrap_err();
    assert_eq!(err.path, "Root.S");
    assert_eq!(
        err.message,
        "FSoftObjectPath.asset (FileVersionUE5 >= 1007) must be absent at FileVersionUE5 1006"
    );

    let new = PropertyContext::new(UE4, 1007);
    let (mut list, _) = PropertyList::read(&path(Some("A")), 0, &new).unwrap();
    set_asset(&mut list, None);
    let err = list.write(&new, &mut Vec::new()).unwrap_err();
    assert_eq!(
        err.message,
        "FSoftObjectPath.asset (FileVersionUE5 >= 1007) must be present at FileVersionUE5 1007"
    );
}

#[test]
fn text_histories() {
    let c = ue4();
    let base = cat(&[
        &0u32.to_le_bytes(),
        &[0],
        &fstr("ns"),
        &fstr("key"),
        &fstr("Hello"),
    ]);
    let PropertyValue::Text(text) = round_trip(&list4("T", "TextProperty", &[], &base), &c) else {
        panic!("text expected");
    };
    let FText {
        history: TextHistory::Base { source, .. },
        ..
    } = *text
    else {
        panic!("Base history expected");
    };
    assert_eq!(source.as_str(), "Hello");
    let none = cat(&[
        &2u32.to_le_bytes(),
        &[0xff],
        &1u32.to_le_bytes(),
        &fstr("inv"),
    ]);
    round_trip(&list4("T", "TextProperty", &[], &none), &c);
    let table = cat(&[
        &0u32.to_le_bytes(),
        &[11],
        &fstr("/Game/Table"),
        &fstr("Key"),
    ]);
    round_trip(&list4("T", "TextProperty", &[], &table), &c);
    let number = cat(&[
        &0u32.to_le_bytes(),
        &[4],
        &[0],
        &42i64.to_le_bytes(),
        &0u32.to_le_bytes(),
        &fstr("en"),
    ]);
    round_trip(&list4("T", "TextProperty", &[], &number), &c);
    let ordered = cat(&[
        &0u32.to_le_bytes(),
        &[2],
        &base,
        &1i32.to_le_bytes(),
        &[4],
        &base,
    ]);
    round_trip(&list4("T", "TextProperty", &[], &ordered), &c);
    let date = cat(&[
        &0u32.to_le_bytes(),
        &[9],
        &7i64.to_le_bytes(),
        &[1, 2],
        &fstr("UTC"),
        &fstr(""),
    ]);
    round_trip(&list4("T", "TextProperty", &[], &date), &c);
}

#[test]
fn native_structs_and_lwc() {
    let guid = [7u8; 16];
    let extra = cat(&[&fstr("Guid"), &[0; 16]]);
    assert_eq!(
        round_trip(&list4("G", "StructProperty", &extra, &guid), &ue4()),
        PropertyValue::Struct(StructValue::Guid(FGuid {
            a: 0x0707_0707,
            b: 0x0707_0707,
            c: 0x0707_0707,
            d: 0x0707_0707
        }))
    );
    let floats: Vec<u8> = [1.0f32, 2.0, 3.0]
        .iter()
        .flat_map(|f| f.to_le_bytes())
        .collect();
    let extra = cat(&[&fstr("Vector"), &[0; 16]]);
    assert_eq!(
        round_trip(&list4("V", "StructProperty", &extra, &floats), &ue4()),
        PropertyValue::Struct(StructValue::Vector(FVector {
            x: F32(1.0),
            y: F32(2.0),
            z: F32(3.0)
        }))
    );
    let doubles: Vec<u8> = [1.0f64, 2.0, 3.0]
        .iter()
        .flat_map(|f| f.to_le_bytes())
        .collect();
    let v = round_trip(
        &list4("V", "StructProperty", &extra, &doubles),
        &PropertyContext::new(UE4, 1009),
    );
    assert!(matches!(v, PropertyValue::Struct(StructValue::VectorD(_))));
    for (name, len) in [
        ("DateTime", 8),
        ("IntPoint", 8),
        ("LinearColor", 16),
        ("Color", 4),
        ("Box", 25),
        ("Quat", 16),
    ] {
        let extra = cat(&[&fstr(name), &[0; 16]]);
        let v = round_trip(
            &list4("S", "StructProperty", &extra, &vec![1u8; len]),
            &ue4(),
        );
        assert!(
            !matches!(v, PropertyValue::Struct(StructValue::Properties(_))),
            "{name}"
        );
    }
    let tags = cat(&[&2i32.to_le_bytes(), &fstr("A.B"), &fstr("C")]);
    let extra = cat(&[&fstr("GameplayTagContainer"), &[0; 16]]);
    round_trip(&list4("T", "StructProperty", &extra, &tags), &ue4());
}

#[test]
fn property_list_structs_nest() {
    let inner = list4("X", "IntProperty", &[], &1i32.to_le_bytes());
    let extra = cat(&[&fstr("MyStruct"), &[0; 16]]);
    let PropertyValue::Struct(StructValue::Properties(list)) =
        round_trip(&list4("S", "StructProperty", &extra, &inner), &ue4())
    else {
        panic!("property-list struct expected");
    };
    assert_eq!(
        list.get("X").map(|p| &p.value),
        Some(&PropertyValue::Int(1))
    );
}

/// A property renamed "None" (the name that ends every list) is refused by the writer, naming
/// the property, instead of being written for the reader to stop at.
#[test]
fn a_property_named_none_is_refused() {
    let bytes = list4("X", "IntProperty", &[], &1i32.to_le_bytes());
    let (mut list, _) = PropertyList::read(&bytes, 0, &ue4()).unwrap();
    list.properties[0].tag.name = FName::new("None");
    let err = list.write(&ue4(), &mut Vec::new()).unwrap_err().to_string();
    assert!(err.contains("None: a property named None"), "{err}");
    list.properties[0].tag.name = FName::new("none");
    let mut out = Vec::new();
    list.write(&ue4(), &mut out).unwrap();
    let (back, _) = PropertyList::read(&out, 0, &ue4()).unwrap();
    assert_eq!(back, list, "only the exact name ends a list");
}

#[test]
fn arrays() {
    let c = ue4();
    let ints = cat(&[
        &2i32.to_le_bytes(),
        &1i32.to_le_bytes(),
        &2i32.to_le_bytes(),
    ]);
    assert_eq!(
        round_trip(
            &list4("A", "ArrayProperty", &fstr("IntProperty"), &ints),
            &c
        ),
        PropertyValue::Array(Box::new(ArrayValue::Ints(vec![1, 2])))
    );
    for (ty, width) in [
        ("Int16Property", 2),
        ("UInt32Property", 4),
        ("DoubleProperty", 8),
        ("FloatProperty", 4),
    ] {
        let value = cat(&[&2i32.to_le_bytes(), &vec![0x7f; 2 * width]]);
        round_trip(&list4("A", "ArrayProperty", &fstr(ty), &value), &c);
    }
    let short = list4(
        "A",
        "ArrayProperty",
        &fstr("Int64Property"),
        &cat(&[&2i32.to_le_bytes(), &[0; 12]]),
    );
    let mut strict = c.clone();
    strict.strict = true;
    assert!(PropertyList::read(&short, 0, &strict).is_err());
    let bytes = cat(&[&3i32.to_le_bytes(), &[1, 2, 3]]);
    assert_eq!(
        round_trip(
            &list4("A", "ArrayProperty", &fstr("ByteProperty"), &bytes),
            &c
        ),
        PropertyValue::Array(Box::new(ArrayValue::Bytes(vec![1, 2, 3])))
    );
    let names = cat(&[&1i32.to_le_bytes(), &fstr("E::A")]);
    round_trip(
        &list4("A", "ArrayProperty", &fstr("ByteProperty"), &names),
        &c,
    );
    round_trip(
        &list4(
            "A",
            "ArrayProperty",
            &fstr("StrProperty"),
            &cat(&[&1i32.to_le_bytes(), &fstr("x")]),
        ),
        &c,
    );
    let item = list4("X", "IntProperty", &[], &3i32.to_le_bytes());
    let inner_tag = tag4(
        "A",
        "StructProperty",
        item.len() * 2,
        &cat(&[&fstr("Item"), &[0; 16]]),
    );
    let structs = cat(&[&2i32.to_le_bytes(), &inner_tag, &item, &item]);
    let v = round_trip(
        &list4("A", "ArrayProperty", &fstr("StructProperty"), &structs),
        &c,
    );
    assert!(
        matches!(v, PropertyValue::Array(a) if matches!(*a, ArrayValue::Structs { inner_tag: Some(_), ref items } if items.len() == 2))
    );
}

#[test]
fn sets_and_maps_with_hints() {
    let mut c = ue4();
    let set = cat(&[
        &0i32.to_le_bytes(),
        &2i32.to_le_bytes(),
        &4u32.to_le_bytes(),
        &5u32.to_le_bytes(),
    ]);
    assert_eq!(
        round_trip(
            &list4("S", "SetProperty", &fstr("UInt32Property"), &set),
            &c
        ),
        PropertyValue::Set(Box::new(SetValue {
            removed: vec![],
            elements: vec![PropertyValue::UInt32(4), PropertyValue::UInt32(5)]
        }))
    );
    let map = cat(&[&0i32.to_le_bytes(), &1i32.to_le_bytes(), &fstr("k"), &[1]]);
    let extra = cat(&[&fstr("NameProperty"), &fstr("BoolProperty")]);
    assert_eq!(
        round_trip(&list4("M", "MapProperty", &extra, &map), &c),
        PropertyValue::Map(Box::new(MapValue {
            removed: vec![],
            entries: vec![(PropertyValue::Name("k".into()), PropertyValue::Bool(true))]
        }))
    );
    // Struct keys: an IntPoint by hint; the same bytes without the hint are read as a Guid-sized key.
    let key: Vec<u8> = [1i32, 2].iter().flat_map(|v| v.to_le_bytes()).collect();
    let value = list4("X", "IntProperty", &[], &1i32.to_le_bytes());
    let map = cat(&[&0i32.to_le_bytes(), &1i32.to_le_bytes(), &key, &value]);
    let extra = cat(&[&fstr("StructProperty"), &fstr("StructProperty")]);
    c.hints.insert("M.Key", "IntPoint");
    let PropertyValue::Map(m) = round_trip(&list4("M", "MapProperty", &extra, &map), &c) else {
        panic!("map")
    };
    assert!(matches!(
        m.entries[0].0,
        PropertyValue::Struct(StructValue::IntPoint(_))
    ));
    assert!(matches!(
        m.entries[0].1,
        PropertyValue::Struct(StructValue::Properties(_))
    ));
}

#[test]
fn delegates_and_field_paths() {
    let c = ue4();
    let d = cat(&[&fstr("/Game/Obj"), &fstr("OnFire")]);
    round_trip(&list4("D", "DelegateProperty", &[], &d), &c);
    round_trip(
        &list4(
            "D",
            "MulticastInlineDelegateProperty",
            &[],
            &cat(&[&1i32.to_le_bytes(), &d]),
        ),
        &c,
    );
    let fp = cat(&[
        &2i32.to_le_bytes(),
        &fstr("A"),
        &fstr("B"),
        &fstr("/Script/X"),
    ]);
    round_trip(&list4("F", "FieldPathProperty", &[], &fp), &c);
    round_trip(&list4("L", "LazyObjectProperty", &[], &[3; 16]), &c);
}

/// UE 5.4+: a type-name tree, a flags byte (bool value in bit 0x10), optional array index.
#[test]
fn complete_type_name_tags() {
    let c = PropertyContext::new(UE4, 1012);
    let tree = |name: &str, params: &[Vec<u8>]| {
        cat(&[
            &fstr(name),
            &(params.len() as i32).to_le_bytes(),
            &params.concat(),
        ])
    };
    let boolean = cat(&[
        &fstr("B"),
        &tree("BoolProperty", &[]),
        &0i32.to_le_bytes(),
        &[0x10],
        &fstr("None"),
    ]);
    assert_eq!(round_trip(&boolean, &c), PropertyValue::Bool(true));
    let indexed = cat(&[
        &fstr("I"),
        &tree("IntProperty", &[]),
        &4i32.to_le_bytes(),
        &[0x01],
        &3i32.to_le_bytes(),
        &5i32.to_le_bytes(),
        &fstr("None"),
    ]);
    assert_eq!(round_trip(&indexed, &c), PropertyValue::Int(5));
    let vector = tree(
        "StructProperty",
        &[tree("Vector", &[tree("/Script/CoreUObject", &[])])],
    );
    let doubles: Vec<u8> = [1.0f64, 2.0, 3.0]
        .iter()
        .flat_map(|f| f.to_le_bytes())
        .collect();
    let s = cat(&[
        &fstr("V"),
        &vector,
        &24i32.to_le_bytes(),
        &[0x08],
        &doubles,
        &fstr("None"),
    ]);
    assert!(matches!(
        round_trip(&s, &c),
        PropertyValue::Struct(StructValue::VectorD(_))
    ));
    let array = tree("ArrayProperty", std::slice::from_ref(&vector));
    let items = cat(&[&1i32.to_le_bytes(), &doubles]);
    let a = cat(&[
        &fstr("A"),
        &array,
        &(items.len() as i32).to_le_bytes(),
        &[0],
        &items,
        &fstr("None"),
    ]);
    assert!(matches!(
        round_trip(&a, &c),
        PropertyValue::Array(a) if matches!(*a, ArrayValue::Structs { inner_tag: None, .. })
    ));
    // Flags a writer could not derive (index flag with index 0, bool bit on an int) are kept.
    let odd = cat(&[
        &fstr("I"),
        &tree("IntProperty", &[]),
        &4i32.to_le_bytes(),
        &[0x11],
        &0i32.to_le_bytes(),
        &5i32.to_le_bytes(),
        &fstr("None"),
    ]);
    assert_eq!(round_trip(&odd, &c), PropertyValue::Int(5));
}

#[test]
fn undecodable_values_stay_raw() {
    // A Vector whose tag size matches neither layout: kept as raw bytes, written back unchanged.
    let extra = cat(&[&fstr("Vector"), &[0; 16]]);
    let bytes = list4("V", "StructProperty", &extra, &[1, 2, 3, 4, 5]);
    let (list, _) = PropertyList::read(&bytes, 0, &ue4()).unwrap();
    assert_eq!(
        list.properties[0].value,
        PropertyValue::Raw(vec![1, 2, 3, 4, 5])
    );
    let mut out = Vec::new();
    list.write(&ue4(), &mut out).unwrap();
    assert_eq!(out, bytes);
    let unknown = list4("U", "FancyNewProperty", &[], &[9, 9]);
    let (list, _) = PropertyList::read(&unknown, 0, &ue4()).unwrap();
    assert_eq!(list.properties[0].value, PropertyValue::Raw(vec![9, 9]));
}

#[test]
fn strict_errors_name_path_and_offset() {
    let inner = list4("Count", "IntProperty", &[], &[1, 2]);
    let extra = cat(&[&fstr("Item"), &[0; 16]]);
    let inner_tag = tag4("Items", "StructProperty", inner.len(), &extra);
    let value = cat(&[&1i32.to_le_bytes(), &inner_tag, &inner]);
    let bytes = list4("Items", "ArrayProperty", &fstr("StructProperty"), &value);
    let mut c = ue4();
    c.strict = true;
    let err = PropertyList::read(&bytes, 0x100, &c).unwrap_err();
    assert_eq!(err.path, "Root.Items[0].Count");
    assert!(
        err.offset > 0x100 && err.offset < 0x100 + bytes.len(),
        "{err}"
    );
    assert!(
        err.to_string().starts_with("unreal: Root.Items[0].Count: "),
        "{err}"
    );
}

#[test]
fn hostile_counts_do_not_allocate() {
    let huge = cat(&[&i32::MAX.to_le_bytes(), &[0; 8]]);
    let bytes = list4("A", "ArrayProperty", &fstr("IntProperty"), &huge);
    let mut c = ue4();
    c.strict = true;
    assert!(PropertyList::read(&bytes, 0, &c).is_err());
    let negative_string = cat(&[&fstr("A"), &i32::MIN.to_le_bytes()]);
    assert!(PropertyList::read(&negative_string, 0, &c).is_err());
    let bad_size = cat(&[
        &fstr("A"),
        &fstr("IntProperty"),
        &(-4i32).to_le_bytes(),
        &[0; 5],
    ]);
    assert!(PropertyList::read(&bad_size, 0, &c).is_err());
}

#[test]
fn fstring_binrw_round_trip() {
    use binrw::{BinRead, BinWrite, io::Cursor};
    for bytes in [
        fstr("abc"),
        0i32.to_le_bytes().to_vec(),
        cat(&[&(-2i32).to_le_bytes(), &[0x41, 0, 0, 0]]),
    ] {
        let s = FString::read_le(&mut Cursor::new(&bytes)).unwrap();
        let mut out = Cursor::new(Vec::new());
        s.write_le(&mut out).unwrap();
        assert_eq!(out.into_inner(), bytes);
    }
    assert!(FString::read_le(&mut Cursor::new(cat(&[&5i32.to_le_bytes(), b"ab"]))).is_err());
}

#[test]
fn level_object_references() {
    let mut c = ue4();
    c.level_object_references = true;
    let value = cat(&[
        &fstr("Persistent_Level"),
        &fstr("Persistent_Level:PersistentLevel.Foo_1"),
    ]);
    let v = round_trip(&list4("O", "ObjectProperty", &[], &value), &c);
    let PropertyValue::ObjectReference(o) = v else {
        panic!("object reference expected")
    };
    assert_eq!(o.level_name.as_str(), "Persistent_Level");
    let array = cat(&[&1i32.to_le_bytes(), &value]);
    round_trip(
        &list4("A", "ArrayProperty", &fstr("InterfaceProperty"), &array),
        &c,
    );
}

/// Structs nested far deeper than any real file: an error (strict) or raw bytes, not a stack overflow.
/// `depth` property lists, each but the innermost holding one struct `S` that holds the next.
fn nested_lists(depth: u32) -> Vec<u8> {
    let extra = cat(&[&fstr("Deep"), &[0; 16]]);
    let mut bytes = list4("Leaf", "IntProperty", &[], &1i32.to_le_bytes());
    for _ in 1..depth {
        bytes = list4("S", "StructProperty", &extra, &bytes);
    }
    bytes
}

fn strict(mut c: PropertyContext) -> PropertyContext {
    c.strict = true;
    c
}

/// JSON read without serde_json's own 128-level limit, so only the model's bound applies.
fn from_deep_json(json: &str) -> Result<PropertyList, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(json);
    de.disable_recursion_limit();
    serde::Deserialize::deserialize(&mut de)
}

#[test]
fn deep_nesting_is_bounded() {
    let bytes = nested_lists(200);
    let err = PropertyList::read(&bytes, 0, &strict(ue4())).unwrap_err();
    assert!(err.message.contains("nested deeper than 48"), "{err}");
    let (list, used) = PropertyList::read(&bytes, 0, &ue4()).unwrap();
    assert_eq!(used, bytes.len());
    let mut out = Vec::new();
    list.write(&ue4(), &mut out).unwrap();
    assert_eq!(out, bytes);
}

/// At the bound every path takes the file (binary both ways, JSON both ways); one level deeper,
/// every path refuses it with an error naming the bound.
#[test]
fn nesting_bound_is_shared_by_binary_and_json() {
    assert_eq!(unreal::MAX_DEPTH, 48);
    let bytes = nested_lists(unreal::MAX_DEPTH);
    let (list, _) = PropertyList::read(&bytes, 0, &strict(ue4())).expect("at the bound");
    let mut out = Vec::new();
    list.write(&ue4(), &mut out).unwrap();
    assert_eq!(out, bytes);
    let json = serde_json::to_string(&list).unwrap();
    assert_eq!(from_deep_json(&json).expect("JSON at the bound"), list);

    let over = nested_lists(unreal::MAX_DEPTH + 1);
    let err = PropertyList::read(&over, 0, &strict(ue4())).unwrap_err();
    assert!(err.message.contains("nested deeper than 48"), "{err}");

    // One more level in the model: the writer and serde refuse it.
    let mut deeper = list.clone();
    deeper.properties[0].value = PropertyValue::Struct(StructValue::Properties(list.clone()));
    let err = deeper.write(&ue4(), &mut Vec::new()).unwrap_err();
    assert!(err.message.contains("nested deeper than 48"), "{err}");
    let err = serde_json::to_string(&deeper).unwrap_err();
    assert!(err.to_string().contains("nested deeper than 48"), "{err}");

    // And JSON one level deeper (the outer level of a two-level list wrapped around the bound's).
    let one = serde_json::to_string(&PropertyList::read(&nested_lists(1), 0, &ue4()).unwrap().0);
    let two = serde_json::to_string(&PropertyList::read(&nested_lists(2), 0, &ue4()).unwrap().0);
    let (one, two) = (one.unwrap(), two.unwrap());
    let (prefix, suffix) = two
        .split_once(&one)
        .expect("the inner list appears in the outer");
    let err = from_deep_json(&format!("{prefix}{json}{suffix}")).unwrap_err();
    assert!(err.to_string().contains("nested deeper than 48"), "{err}");
    assert!(from_deep_json(&format!("{prefix}{one}{suffix}")).is_ok());
}

#[test]
fn tarray_and_tmap_binrw() {
    use binrw::{BinRead, BinWrite, io::Cursor};
    use unreal::{Count64, TArray, TMap};
    let bytes = cat(&[&2i32.to_le_bytes(), &fstr("a"), &fstr("b")]);
    let a = TArray::<FString>::read_le(&mut Cursor::new(&bytes)).unwrap();
    assert_eq!(a.items, vec![FString::from("a"), FString::from("b")]);
    let mut out = Cursor::new(Vec::new());
    a.write_le(&mut out).unwrap();
    assert_eq!(out.into_inner(), bytes);
    let wide = cat(&[&1i64.to_le_bytes(), &7u32.to_le_bytes()]);
    let a = TArray::<u32, Count64>::read_le(&mut Cursor::new(&wide)).unwrap();
    assert_eq!(a.items, vec![7]);
    let map = cat(&[&1i32.to_le_bytes(), &fstr("k"), &5i32.to_le_bytes()]);
    let m = TMap::<FString, i32>::read_le(&mut Cursor::new(&map)).unwrap();
    let mut out = Cursor::new(Vec::new());
    m.write_le(&mut out).unwrap();
    assert_eq!(out.into_inner(), map);
    let hostile = cat(&[&i32::MAX.to_le_bytes(), &[0; 4]]);
    assert!(TArray::<u32>::read_le(&mut Cursor::new(&hostile)).is_err());
    assert!(TArray::<u32>::read_le(&mut Cursor::new((-1i32).to_le_bytes())).is_err());
}

#[test]
fn lists_read_by_one_reader_share_names_and_types() {
    let c = ue4();
    let first = list4("Count", "IntProperty", &[], &7i32.to_le_bytes());
    let second = list4("Count", "IntProperty", &[], &8i32.to_le_bytes());
    let broken = tag4("Count", "IntProperty", 4, &[]);
    let mut reader = unreal::PropertyReader::new(&c);
    let (a, used) = reader.read(&first, 0).unwrap();
    assert_eq!(used, first.len());
    // An error leaves the reader usable.
    let err = reader.read(&broken, 0x40).unwrap_err();
    assert!(err.to_string().contains("Count"), "{err}");
    let (b, _) = reader.read(&second, 0).unwrap();
    assert_eq!(a, PropertyList::read(&first, 0, &c).unwrap().0);
    assert_eq!(b, PropertyList::read(&second, 0, &c).unwrap().0);
    let (ta, tb) = (&a.properties[0].tag, &b.properties[0].tag);
    let text = |n: &FString| n.value.clone().unwrap();
    assert!(std::sync::Arc::ptr_eq(&text(&ta.name), &text(&tb.name)));
    assert!(std::sync::Arc::ptr_eq(&ta.type_name, &tb.type_name));
    // Separate reads share nothing.
    let (c2, _) = PropertyList::read(&first, 0, &c).unwrap();
    assert!(!std::sync::Arc::ptr_eq(
        &ta.type_name,
        &c2.properties[0].tag.type_name
    ));
}

/// The tag fields besides name and type: JSON shows them as fields of the tag, one read shares
/// equal ones, and a tag that has none holds the defaults.
#[test]
fn tag_extras_are_tag_fields_in_json_and_shared() {
    let c = ue4();
    let property_guid: Vec<u8> = (1u8..=16).collect();
    let indexed = cat(&[
        &fstr("A"),
        &fstr("IntProperty"),
        &4i32.to_le_bytes(),
        &2i32.to_le_bytes(),
        &[1],
        &property_guid,
        &5i32.to_le_bytes(),
    ]);
    let zero_struct_guid = cat(&[&fstr("Guid"), &[0; 16]]);
    let with_struct_guid = |name: &str| {
        cat(&[
            &tag4(name, "StructProperty", 16, &zero_struct_guid),
            &[9; 16],
        ])
    };
    let plain = cat(&[&tag4("D", "IntProperty", 4, &[]), &6i32.to_le_bytes()]);
    let bytes = cat(&[
        &indexed,
        &with_struct_guid("B"),
        &with_struct_guid("C"),
        &plain,
        &with_struct_guid("B"),
        &fstr("None"),
    ]);
    let (list, _) = PropertyList::read(&bytes, 0, &c).unwrap();
    let mut out = Vec::new();
    list.write(&c, &mut out).unwrap();
    assert_eq!(out, bytes);

    let json = serde_json::to_value(&list).unwrap();
    let tag = |i: usize| json[i]["tag"].as_object().unwrap();
    // Sorted: serde_json keeps the writer's order when a workspace crate enables preserve_order.
    let keys = |i: usize| {
        let mut keys = tag(i).keys().map(String::as_str).collect::<Vec<_>>();
        keys.sort_unstable();
        keys
    };
    assert_eq!(
        keys(0),
        ["array_index", "name", "property_guid", "type_name"]
    );
    assert_eq!(tag(0)["array_index"], 2);
    // The GUID's words are little-endian: bytes 01..10 read as 0x04030201, 0x08070605, ...
    assert_eq!(
        tag(0)["property_guid"],
        "04030201-0807-0605-0C0B-0A09100F0E0D"
    );
    assert_eq!(keys(1), ["array_index", "name", "struct_guid", "type_name"]);
    assert_eq!(
        tag(1)["struct_guid"],
        "00000000-0000-0000-0000-000000000000"
    );
    assert_eq!(keys(3), ["array_index", "name", "type_name"]);
    assert_eq!(tag(3)["array_index"], 0);
    let back: PropertyList = serde_json::from_value(json).unwrap();
    assert_eq!(back, list);

    let tags: Vec<_> = list.properties.iter().map(|p| &p.tag).collect();
    // Equal tags are one allocation; equal extras of different tags are equal.
    assert!(std::ptr::eq::<TagFields>(&**tags[1], &**tags[4]));
    assert!(!std::ptr::eq::<TagFields>(&**tags[1], &**tags[2]));
    assert_eq!(tags[1].extras(), tags[2].extras());
    assert_eq!(tags[3].extras(), &TagExtras::default());
    // Editing a shared tag changes that property's tag only.
    let mut renamed = list.clone();
    renamed.properties[4].tag.name = FName::new("E");
    assert_eq!(renamed.properties[1].tag.name.as_str(), "B");
    assert_eq!(renamed.properties[4].tag.name.as_str(), "E");
    assert_eq!(renamed.properties[4].tag.extras(), tags[1].extras());
    // Extras set back to their defaults leave a tag equal to one that never had any.
    let mut edited = tags[3].clone();
    edited.set_extras(TagExtras {
        array_index: 1,
        ..TagExtras::default()
    });
    assert_ne!(&edited, tags[3]);
    edited.set_extras(TagExtras::default());
    assert_eq!(&edited, tags[3]);
}

/// A tag's GUIDs and extension exist from a package version on: a context below it refuses a tag
/// holding one, naming the version, rather than write a tag that reads back without it.
#[test]
fn tag_parts_newer_than_the_context_are_refused() {
    let property_guid = cat(&[
        &fstr("A"),
        &fstr("IntProperty"),
        &4i32.to_le_bytes(),
        &0i32.to_le_bytes(),
        &[1],
        &[7; 16],
        &5i32.to_le_bytes(),
        &fstr("None"),
    ]);
    let struct_guid = cat(&[
        &tag4("B", "StructProperty", 16, &cat(&[&fstr("Guid"), &[0; 16]])),
        &[9; 16],
        &fstr("None"),
    ]);
    let cases = [
        (
            &property_guid,
            502,
            "a property GUID needs FileVersionUE4 >= 503 (this context has 502)",
        ),
        (
            &struct_guid,
            440,
            "a struct GUID needs FileVersionUE4 >= 441 (this context has 440)",
        ),
    ];
    for (bytes, package_ue4, expected) in cases {
        let (list, _) = PropertyList::read(bytes, 0, &ue4()).unwrap();
        let old = PropertyContext::new(package_ue4, 0);
        let err = list.write(&old, &mut Vec::new()).unwrap_err();
        assert_eq!(err.message, expected);
    }
}

/// Tags stored like an earlier tag of the same name (which a reader recognises by their bytes) are
/// read as stored: a new size or BoolProperty value is the tag's own, and a tag differing in its
/// type or array index is not taken for the earlier one. A repeated tag with a negative size or a
/// bool value other than 0 or 1 is still an error.
#[test]
fn repeated_tags_read_as_stored() {
    let c = strict(ue4());
    let int = |name: &str, v: i32| cat(&[&tag4(name, "IntProperty", 4, &[]), &v.to_le_bytes()]);
    let indexed = |name: &str, v: i32| {
        cat(&[
            &fstr(name),
            &fstr("IntProperty"),
            &4i32.to_le_bytes(),
            &1i32.to_le_bytes(),
            &[0],
            &v.to_le_bytes(),
        ])
    };
    let float = |name: &str, v: f32| cat(&[&tag4(name, "FloatProperty", 4, &[]), &v.to_le_bytes()]);
    let string =
        |name: &str, s: &str| cat(&[&tag4(name, "StrProperty", s.len() + 5, &[]), &fstr(s)]);
    let boolean = |name: &str, b: u8| tag4(name, "BoolProperty", 0, &[b]);
    let bytes = cat(&[
        &int("A", 1),
        &int("A", 2),
        &boolean("B", 1),
        &boolean("B", 0),
        &boolean("B", 1),
        &string("S", "x"),
        &string("S", "longer"),
        &float("A", 0.5),
        &int("A", 3),
        &indexed("A", 4),
        &int("A", 5),
        &fstr("None"),
    ]);
    let (list, used) = PropertyList::read(&bytes, 0, &c).unwrap();
    assert_eq!(used, bytes.len());
    let got: Vec<_> = list
        .properties
        .iter()
        .map(|p| {
            let tag = &p.tag;
            let ty = tag.type_name.name.as_str();
            (
                tag.name.as_str(),
                ty,
                tag.extras().array_index,
                p.value.clone(),
            )
        })
        .collect();
    use PropertyValue as V;
    let expected = [
        ("A", "IntProperty", 0, V::Int(1)),
        ("A", "IntProperty", 0, V::Int(2)),
        ("B", "BoolProperty", 0, V::Bool(true)),
        ("B", "BoolProperty", 0, V::Bool(false)),
        ("B", "BoolProperty", 0, V::Bool(true)),
        ("S", "StrProperty", 0, V::Str(FString::new("x"))),
        ("S", "StrProperty", 0, V::Str(FString::new("longer"))),
        ("A", "FloatProperty", 0, V::Float(F32(0.5))),
        ("A", "IntProperty", 0, V::Int(3)),
        ("A", "IntProperty", 1, V::Int(4)),
        ("A", "IntProperty", 0, V::Int(5)),
    ];
    assert_eq!(got, expected);
    let mut out = Vec::new();
    list.write(&c, &mut out).unwrap();
    assert_eq!(out, bytes);

    let negative = cat(&[&fstr("A"), &fstr("IntProperty"), &(-4i32).to_le_bytes()]);
    let bytes = cat(&[&int("A", 1), &negative, &[0; 5]]);
    let err = PropertyList::read(&bytes, 0, &c).unwrap_err();
    assert!(
        err.to_string().contains("negative property size -4"),
        "{err}"
    );
    let bytes = cat(&[&boolean("B", 1), &boolean("B", 2), &fstr("None")]);
    let err = PropertyList::read(&bytes, 0, &c).unwrap_err();
    assert!(
        err.to_string().contains("0 or 1 expected, found 2"),
        "{err}"
    );
}
