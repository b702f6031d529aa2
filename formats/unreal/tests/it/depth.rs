//! The nesting bounds of texts (`MAX_TEXT_DEPTH`) and type names (`MAX_TYPE_DEPTH`), shared by
//! every path: at the bound the binary reader, the writer and serde (JSON) both ways take a value;
//! one level deeper each of them refuses it with an error naming the bound.

use std::sync::Arc;
use unreal::{
    FName, FPropertyTag, FPropertyTypeName, FText, MAX_TEXT_DEPTH, MAX_TYPE_DEPTH, Property,
    PropertyContext, PropertyList, PropertyValue, TextHistory,
};

fn fstr(s: &str) -> Vec<u8> {
    let mut out = ((s.len() + 1) as i32).to_le_bytes().to_vec();
    out.extend_from_slice(s.as_bytes());
    out.push(0);
    out
}

fn strict(package_ue4: u32, package_ue5: u32) -> PropertyContext {
    let mut c = PropertyContext::new(package_ue4, package_ue5);
    c.strict = true;
    c
}

/// JSON read without serde_json's own 128-level limit, so only the model's bound applies.
fn from_deep_json<T: serde::de::DeserializeOwned>(json: &str) -> Result<T, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(json);
    de.disable_recursion_limit();
    T::deserialize(&mut de)
}

fn one_property(name: &str, type_name: FPropertyTypeName, value: PropertyValue) -> PropertyList {
    PropertyList {
        properties: vec![Property {
            tag: FPropertyTag::new(FName::new(name), Arc::new(type_name)),
            value,
        }],
    }
}

/// `levels` texts, each but the innermost the `Transform` source of the next, as stored by UE4
/// (flags, history type 10, the source, the transform byte; the innermost has no history).
fn text_bytes(levels: u32) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 1..levels {
        out.extend_from_slice(&0u32.to_le_bytes());
        out.push(10);
    }
    out.extend_from_slice(&0u32.to_le_bytes());
    out.push(0xff);
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend(std::iter::repeat_n(0, levels as usize - 1));
    out
}

/// A UE4 list holding one TextProperty `T` with `value` bytes.
fn text_list_bytes(value: &[u8]) -> Vec<u8> {
    [
        &fstr("T")[..],
        &fstr("TextProperty"),
        &(value.len() as i32).to_le_bytes(),
        &0i32.to_le_bytes(),
        &[0],
        value,
        &fstr("None"),
    ]
    .concat()
}

fn wrap_text(source: FText) -> FText {
    FText {
        flags: 0,
        history: TextHistory::Transform {
            source: Box::new(source),
            transform: 0,
        },
    }
}

#[test]
fn text_bound_is_shared_by_reader_writer_and_json() {
    assert_eq!(MAX_TEXT_DEPTH, 32);
    let message = format!("texts nested deeper than {MAX_TEXT_DEPTH} levels");
    let ctx = strict(522, 0);

    // At the bound: read, written back byte for byte, through JSON and back.
    let bytes = text_list_bytes(&text_bytes(MAX_TEXT_DEPTH));
    let (list, used) = PropertyList::read(&bytes, 0, &ctx).expect("texts at the bound");
    assert_eq!(used, bytes.len());
    let mut out = Vec::new();
    list.write(&ctx, &mut out).expect("written at the bound");
    assert_eq!(out, bytes);
    let json = serde_json::to_string(&list).expect("JSON at the bound");
    assert_eq!(from_deep_json::<PropertyList>(&json).unwrap(), list);

    // One level deeper: the reader refuses the bytes...
    let over = text_list_bytes(&text_bytes(MAX_TEXT_DEPTH + 1));
    let err = PropertyList::read(&over, 0, &ctx).unwrap_err();
    assert!(err.message.contains(&message), "{err}");
    assert_eq!(err.path, "Root.T", "{err}");

    // ... the writer and serde refuse the model ...
    let PropertyValue::Text(text) = &list.properties[0].value else {
        panic!("a text property");
    };
    let deeper = wrap_text((**text).clone());
    let mut too_deep = list.clone();
    too_deep.properties[0].value = PropertyValue::Text(Box::new(deeper.clone()));
    let err = too_deep.write(&ctx, &mut Vec::new()).unwrap_err();
    assert!(err.message.contains(&message), "{err}");
    assert_eq!(err.path, "Root.T", "{err}");
    let err = serde_json::to_string(&too_deep).unwrap_err();
    assert!(err.to_string().contains(&message), "{err}");

    // ... and the JSON reader refuses the text one level deeper than the bound's.
    let at_bound = serde_json::to_string(&**text).unwrap();
    let inner = serde_json::to_string(&wrap_text(FText {
        flags: 0,
        history: TextHistory::None {
            culture_invariant: None,
        },
    }))
    .unwrap();
    let leaf = serde_json::to_string(&FText {
        flags: 0,
        history: TextHistory::None {
            culture_invariant: None,
        },
    })
    .unwrap();
    let (prefix, suffix) = inner.split_once(&leaf).expect("the leaf in its wrapper");
    let json = format!("{prefix}{at_bound}{suffix}");
    let err = from_deep_json::<FText>(&json).unwrap_err();
    assert!(err.to_string().contains(&message), "{err}");
    assert_eq!(from_deep_json::<FText>(&at_bound).unwrap(), **text);
}

/// A UE 5.4 type tree: `IntProperty` with `levels` levels of parameters below it, one `P` each.
fn type_tree_bytes(levels: u32) -> Vec<u8> {
    let mut out = fstr("IntProperty");
    for _ in 0..levels {
        out.extend_from_slice(&1i32.to_le_bytes());
        out.extend_from_slice(&fstr("P"));
    }
    out.extend_from_slice(&0i32.to_le_bytes());
    out
}

/// A UE 5.4 list holding one property `I` of the type tree `tree`, value 5.
fn typed_list_bytes(tree: &[u8]) -> Vec<u8> {
    [
        &fstr("I")[..],
        tree,
        &4i32.to_le_bytes(),
        &[0],
        &5i32.to_le_bytes(),
        &fstr("None"),
    ]
    .concat()
}

/// The JSON of `IntProperty` with `levels` levels of parameters, written by hand.
fn type_tree_json(levels: u32) -> String {
    let name = |n: &str| serde_json::to_string(&FName::new(n)).unwrap();
    let mut json = format!(r#"{{"name":{}}}"#, name("P"));
    for _ in 1..levels {
        json = format!(r#"{{"name":{},"params":[{json}]}}"#, name("P"));
    }
    format!(r#"{{"name":{},"params":[{json}]}}"#, name("IntProperty"))
}

#[test]
fn type_name_bound_is_shared_by_reader_writer_and_json() {
    assert_eq!(MAX_TYPE_DEPTH, 16);
    let message = format!("type parameters nested deeper than {MAX_TYPE_DEPTH} levels");
    let ctx = strict(522, 1012);

    // At the bound: read, written back byte for byte, through JSON and back.
    let bytes = typed_list_bytes(&type_tree_bytes(MAX_TYPE_DEPTH));
    let (list, used) = PropertyList::read(&bytes, 0, &ctx).expect("type tree at the bound");
    assert_eq!(used, bytes.len());
    let mut out = Vec::new();
    list.write(&ctx, &mut out).expect("written at the bound");
    assert_eq!(out, bytes);
    let json = serde_json::to_string(&list).expect("JSON at the bound");
    assert_eq!(from_deep_json::<PropertyList>(&json).unwrap(), list);
    let tree: FPropertyTypeName = from_deep_json(&type_tree_json(MAX_TYPE_DEPTH)).unwrap();
    assert_eq!(tree, *list.properties[0].tag.type_name);

    // One level deeper: the reader refuses the bytes...
    let over = typed_list_bytes(&type_tree_bytes(MAX_TYPE_DEPTH + 1));
    let err = PropertyList::read(&over, 0, &ctx).unwrap_err();
    assert!(err.message.contains(&message), "{err}");
    assert_eq!(err.path, "Root.I", "{err}");

    // ... the writer and serde refuse the model ...
    let at_bound = &list.properties[0].tag.type_name;
    let deeper = FPropertyTypeName {
        name: FName::new("IntProperty"),
        params: Arc::from([FPropertyTypeName {
            name: FName::new("P"),
            params: at_bound.params.clone(),
        }]),
    };
    let too_deep = one_property("I", deeper, PropertyValue::Int(5));
    let err = too_deep.write(&ctx, &mut Vec::new()).unwrap_err();
    assert!(err.message.contains(&message), "{err}");
    assert_eq!(err.path, "Root.I", "{err}");
    let err = serde_json::to_string(&too_deep).unwrap_err();
    assert!(err.to_string().contains(&message), "{err}");

    // ... and so does the JSON reader.
    let err = from_deep_json::<FPropertyTypeName>(&type_tree_json(MAX_TYPE_DEPTH + 1)).unwrap_err();
    assert!(err.to_string().contains(&message), "{err}");
}
