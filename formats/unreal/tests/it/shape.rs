//! The writer refuses a value whose shape disagrees with its tag's type (the reader would read the
//! bytes as another value, as raw bytes, or not at all), naming the property path; values of the
//! right shape are written and read back as they are.

use std::sync::Arc;
use unreal::{
    ArrayValue, F32, F64, FGuid, FName, FPropertyTag, FPropertyTypeName, FString, FVector,
    MapValue, Property, PropertyContext, PropertyList, PropertyValue, SetValue, StructValue,
};

fn ty(name: &str, params: &[FPropertyTypeName]) -> FPropertyTypeName {
    FPropertyTypeName {
        name: FName::new(name),
        params: Arc::from(params.to_vec()),
    }
}

fn leaf(name: &str) -> FPropertyTypeName {
    ty(name, &[])
}

fn property(name: &str, type_name: FPropertyTypeName, value: PropertyValue) -> Property {
    Property {
        tag: FPropertyTag::new(FName::new(name), Arc::new(type_name)),
        value,
    }
}

fn list(properties: Vec<Property>) -> PropertyList {
    PropertyList { properties }
}

fn ue4() -> PropertyContext {
    let mut c = PropertyContext::new(522, 0);
    c.strict = true;
    c
}

/// UE 5.4: complete type names, large world coordinates.
fn ue54() -> PropertyContext {
    let mut c = PropertyContext::new(522, 1012);
    c.strict = true;
    c
}

/// Written and read back strictly to the same values.
fn accepted(props: Vec<Property>, ctx: &PropertyContext) {
    let l = list(props);
    let mut out = Vec::new();
    l.write(ctx, &mut out).expect("a value of its tag's shape");
    let (back, used) = PropertyList::read(&out, 0, ctx).expect("read back");
    assert_eq!(used, out.len());
    let values = |l: &PropertyList| {
        l.properties
            .iter()
            .map(|p| p.value.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(values(&back), values(&l));
}

/// Refused with an error at `path` whose message contains `message`.
fn refused(props: Vec<Property>, ctx: &PropertyContext, path: &str, message: &str) {
    let err = list(props)
        .write(ctx, &mut Vec::new())
        .expect_err("a value of another shape than its tag's");
    assert_eq!(err.path, format!("Root.{path}"), "{err}");
    assert!(err.message.contains(message), "{message}: {err}");
}

#[test]
fn numbers_match_their_tag_type() {
    let c = ue4();
    accepted(
        vec![property("P", leaf("IntProperty"), PropertyValue::Int(7))],
        &c,
    );
    let cases = [
        (
            "IntProperty",
            PropertyValue::Int64(7),
            "Int64 value does not match the type IntProperty",
        ),
        (
            "FloatProperty",
            PropertyValue::Double(F64(1.5)),
            "Double value does not match",
        ),
        (
            "UInt32Property",
            PropertyValue::Int(1),
            "Int value does not match",
        ),
        (
            "DoubleProperty",
            PropertyValue::Float(F32(1.5)),
            "Float value does not match",
        ),
        (
            "BoolProperty",
            PropertyValue::Byte(1),
            "Byte value does not match",
        ),
        (
            "Int8Property",
            PropertyValue::Bool(true),
            "Bool value does not match",
        ),
    ];
    for (type_name, value, message) in cases {
        refused(
            vec![property("P", leaf(type_name), value)],
            &c,
            "P",
            message,
        );
    }
}

#[test]
fn strings_and_names_match_their_tag_type() {
    let c = ue4();
    accepted(
        vec![
            property(
                "S",
                leaf("StrProperty"),
                PropertyValue::Str(FString::from("a")),
            ),
            property(
                "N",
                leaf("NameProperty"),
                PropertyValue::Name(FName::new("b")),
            ),
            property(
                "O",
                leaf("ObjectProperty"),
                PropertyValue::Object(FString::from("/Game/X")),
            ),
            property(
                "B",
                ty("ByteProperty", &[leaf("E")]),
                PropertyValue::Enum(FName::new("E::A")),
            ),
        ],
        &c,
    );
    let cases = [
        (
            "IntProperty",
            PropertyValue::Str(FString::from("7")),
            "Str value does not match the type IntProperty",
        ),
        (
            "StrProperty",
            PropertyValue::Name(FName::new("a")),
            "Name value does not match",
        ),
        (
            "NameProperty",
            PropertyValue::Str(FString::from("a")),
            "Str value does not match",
        ),
        (
            "ObjectProperty",
            PropertyValue::Str(FString::from("a")),
            "Str value does not match",
        ),
    ];
    for (type_name, value, message) in cases {
        refused(
            vec![property("P", leaf(type_name), value)],
            &c,
            "P",
            message,
        );
    }
    let name = PropertyValue::Name(FName::new("E::A"));
    refused(
        vec![property("P", ty("EnumProperty", &[leaf("E")]), name)],
        &c,
        "P",
        "Name value does not match the type EnumProperty",
    );
    // The object form follows the context: an index where the file stores paths is refused.
    let index = PropertyValue::ObjectIndex {
        index: 1,
        path: None,
    };
    refused(
        vec![property("P", leaf("ObjectProperty"), index)],
        &c,
        "P",
        "ObjectIndex value",
    );
}

#[test]
fn structs_match_their_tag_type_and_struct_name() {
    let c = ue4();
    let vector = FVector {
        x: F64(1.0),
        y: F64(2.0),
        z: F64(3.0),
    };
    let inner = list(vec![property(
        "I",
        leaf("IntProperty"),
        PropertyValue::Int(1),
    )]);
    accepted(
        vec![
            property(
                "G",
                ty("StructProperty", &[leaf("Guid")]),
                PropertyValue::Struct(StructValue::Guid(FGuid::default())),
            ),
            // A tagged struct's size tells the reader its float width, so both widths are taken.
            property(
                "V",
                ty("StructProperty", &[leaf("Vector")]),
                PropertyValue::Struct(StructValue::VectorD(vector)),
            ),
            property(
                "C",
                ty("StructProperty", &[leaf("Custom")]),
                PropertyValue::Struct(StructValue::Properties(inner.clone())),
            ),
        ],
        &c,
    );
    let guid = PropertyValue::Struct(StructValue::Guid(FGuid::default()));
    let cases = [
        (
            leaf("IntProperty"),
            guid.clone(),
            "Struct value does not match the type IntProperty",
        ),
        (
            ty("StructProperty", &[leaf("Custom")]),
            PropertyValue::Int(1),
            "Int value does not match the type StructProperty",
        ),
        (
            ty("StructProperty", &[leaf("Vector")]),
            guid.clone(),
            "Guid struct value does not match the struct Vector",
        ),
        (
            ty("StructProperty", &[leaf("Guid")]),
            PropertyValue::Struct(StructValue::Properties(inner)),
            "Properties struct value does not match the struct Guid",
        ),
        (
            ty("StructProperty", &[leaf("Custom")]),
            PropertyValue::Struct(StructValue::VectorD(vector)),
            "VectorD struct value does not match the struct Custom",
        ),
    ];
    for (type_name, value, message) in cases {
        refused(vec![property("P", type_name, value)], &c, "P", message);
    }
    // Before UE 5.4 a tag stores one struct name: a type without it cannot be written.
    refused(
        vec![property("P", leaf("StructProperty"), guid)],
        &c,
        "P",
        "StructProperty tag before UE 5.4 has 1 type parameters",
    );
    // Inside a struct, the path names the outer property too.
    let bad = list(vec![property(
        "I",
        leaf("IntProperty"),
        PropertyValue::Str(FString::from("x")),
    )]);
    refused(
        vec![property(
            "S",
            ty("StructProperty", &[leaf("Custom")]),
            PropertyValue::Struct(StructValue::Properties(bad)),
        )],
        &c,
        "S.I",
        "Str value does not match the type IntProperty",
    );
}

#[test]
fn array_set_and_map_elements_match_their_inner_types() {
    let c = ue4();
    let array = |inner: &str, a: ArrayValue| {
        property(
            "A",
            ty("ArrayProperty", &[leaf(inner)]),
            PropertyValue::Array(Box::new(a)),
        )
    };
    let set = |inner: &str, elements: Vec<PropertyValue>| {
        let s = SetValue {
            removed: vec![],
            elements,
        };
        property(
            "S",
            ty("SetProperty", &[leaf(inner)]),
            PropertyValue::Set(Box::new(s)),
        )
    };
    let map = |k: &str, v: &str, entries: Vec<(PropertyValue, PropertyValue)>| {
        let m = MapValue {
            removed: vec![],
            entries,
        };
        property(
            "M",
            ty("MapProperty", &[leaf(k), leaf(v)]),
            PropertyValue::Map(Box::new(m)),
        )
    };
    let name = |s: &str| PropertyValue::Name(FName::new(s));
    accepted(
        vec![
            array("IntProperty", ArrayValue::Ints(vec![1, 2])),
            array("StrProperty", ArrayValue::Strings(vec![FString::from("a")])),
            set(
                "IntProperty",
                vec![PropertyValue::Int(1), PropertyValue::Int(2)],
            ),
            map(
                "NameProperty",
                "IntProperty",
                vec![(name("k"), PropertyValue::Int(1))],
            ),
        ],
        &c,
    );
    refused(
        vec![array("IntProperty", ArrayValue::Floats(vec![F32(1.0)]))],
        &c,
        "A",
        "Floats do not match the element type IntProperty",
    );
    refused(
        vec![array(
            "StrProperty",
            ArrayValue::Values(vec![PropertyValue::Int(1)]),
        )],
        &c,
        "A",
        "Values do not match the element type StrProperty",
    );
    refused(
        vec![array(
            "TextProperty",
            ArrayValue::Values(vec![PropertyValue::Int(1)]),
        )],
        &c,
        "A[0]",
        "Int value does not match the type TextProperty",
    );
    // An empty byte array is read back as bytes, whatever form it was given in.
    refused(
        vec![array("ByteProperty", ArrayValue::Strings(vec![]))],
        &c,
        "A",
        "Strings do not match the element type ByteProperty",
    );
    // Struct arrays carry their inner tag before UE 5.4.
    let items = vec![StructValue::Guid(FGuid::default())];
    refused(
        vec![array(
            "StructProperty",
            ArrayValue::Structs {
                inner_tag: None,
                items,
            },
        )],
        &c,
        "A",
        "needs an inner StructProperty tag",
    );
    refused(
        vec![set(
            "IntProperty",
            vec![
                PropertyValue::Int(1),
                PropertyValue::Str(FString::from("2")),
            ],
        )],
        &c,
        "S[1]",
        "Str value does not match the type IntProperty",
    );
    refused(
        vec![map(
            "NameProperty",
            "IntProperty",
            vec![
                (name("k"), PropertyValue::Int(1)),
                (name("l"), PropertyValue::Double(F64(1.0))),
            ],
        )],
        &c,
        "M[1].Value",
        "Double value does not match the type IntProperty",
    );
    refused(
        vec![map(
            "NameProperty",
            "IntProperty",
            vec![(
                PropertyValue::Str(FString::from("k")),
                PropertyValue::Int(1),
            )],
        )],
        &c,
        "M[0].Key",
        "Str value does not match the type NameProperty",
    );
    // Containers are not elements: the reader cannot read a set inside a set.
    let inner = PropertyValue::Set(Box::new(SetValue {
        removed: vec![],
        elements: vec![],
    }));
    refused(
        vec![set("SetProperty", vec![inner])],
        &c,
        "S[0]",
        "Set value does not match the type SetProperty",
    );
}

#[test]
fn ue54_struct_elements_follow_the_type_tree_and_float_width() {
    let c = ue54();
    let vector = |s: &str| ty("StructProperty", &[ty(s, &[leaf("/Script/CoreUObject")])]);
    let array = |items: Vec<StructValue>| {
        let a = ArrayValue::Structs {
            inner_tag: None,
            items,
        };
        property(
            "A",
            ty("ArrayProperty", &[vector("Vector")]),
            PropertyValue::Array(Box::new(a)),
        )
    };
    let wide = StructValue::VectorD(FVector {
        x: F64(1.0),
        y: F64(2.0),
        z: F64(3.0),
    });
    let narrow = StructValue::Vector(FVector {
        x: F32(1.0),
        y: F32(2.0),
        z: F32(3.0),
    });
    accepted(vec![array(vec![wide.clone()])], &c);
    // Array items have no size of their own: the file's large world coordinates decide the width.
    refused(
        vec![array(vec![wide, narrow])],
        &c,
        "A[1]",
        "Vector struct value does not match the struct Vector",
    );
    refused(
        vec![array(vec![StructValue::Guid(FGuid::default())])],
        &c,
        "A[0]",
        "Guid struct value does not match the struct Vector",
    );
}
