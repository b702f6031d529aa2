//! UE 5.6 `FUtf8String`s on hand-made bytes: `FSoftObjectPath` sub-paths (FFortniteMainBranchObjectVersion
//! >= SoftObjectPathUtf8SubPaths) next to the `FString` form of older files, and `Utf8StrProperty`.

use unreal::{
    FGuid, FORTNITE_MAIN_BRANCH_OBJECT_VERSION, PropertyContext, PropertyList, PropertyValue,
    SOFT_OBJECT_PATH_UTF8_SUB_PATHS,
};

fn fstr(s: &str) -> Vec<u8> {
    let mut out = ((s.len() + 1) as i32).to_le_bytes().to_vec();
    out.extend_from_slice(s.as_bytes());
    out.push(0);
    out
}

fn utf8(s: &str) -> Vec<u8> {
    [
        (s.len() as i32).to_le_bytes().to_vec(),
        s.as_bytes().to_vec(),
    ]
    .concat()
}

/// A UE 5.4+ `SoftObjectProperty` tag and its value `/Game/Items/Sword.Sword` + `sub_path` bytes.
fn soft_object_list(sub_path: &[u8]) -> Vec<u8> {
    let value = [fstr("/Game/Items/Sword"), fstr("Sword"), sub_path.to_vec()].concat();
    [
        fstr("Weapon"),
        fstr("SoftObjectProperty"),
        0i32.to_le_bytes().to_vec(),
        (value.len() as i32).to_le_bytes().to_vec(),
        vec![0],
        value,
        fstr("None"),
    ]
    .concat()
}

fn ctx(utf8: bool) -> PropertyContext {
    let mut c = PropertyContext::new(522, 1017);
    c.strict = true;
    c.soft_object_path_utf8 = utf8;
    c
}

fn sub_path(list: &PropertyList) -> String {
    match &list.properties[0].value {
        PropertyValue::SoftObject(p) => p.sub_path.as_str().to_owned(),
        other => panic!("soft object expected: {other:?}"),
    }
}

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

#[test]
fn utf8_sub_paths_have_no_terminator() {
    let bytes = soft_object_list(&utf8("PersistentLevel.Blade_ä"));
    let list = round_trip(&bytes, &ctx(true));
    assert_eq!(sub_path(&list), "PersistentLevel.Blade_ä");
    // The same bytes in the FString form end without a NUL: refused, not misread.
    assert!(PropertyList::read(&bytes, 0, &ctx(false)).is_err());
    // And the FString form is what older files keep.
    let old = soft_object_list(&fstr("PersistentLevel.Blade"));
    assert_eq!(
        sub_path(&round_trip(&old, &ctx(false))),
        "PersistentLevel.Blade"
    );
    // Empty sub-paths are 4 zero bytes in both forms.
    let empty = soft_object_list(&0i32.to_le_bytes());
    for form in [true, false] {
        assert_eq!(sub_path(&round_trip(&empty, &ctx(form))), "");
    }
}

#[test]
fn bad_utf8_sub_paths_are_errors_with_offsets() {
    let head = fstr("Weapon").len() + fstr("SoftObjectProperty").len() + 9;
    let at = head + fstr("/Game/Items/Sword").len() + fstr("Sword").len();
    let negative = soft_object_list(&(-3i32).to_le_bytes());
    let err = PropertyList::read(&negative, 0, &ctx(true)).expect_err("negative length");
    assert_eq!(err.offset, at, "{err}");
    let invalid = soft_object_list(&[2, 0, 0, 0, 0xC3, 0x28]);
    let err = PropertyList::read(&invalid, 0, &ctx(true)).expect_err("not UTF-8");
    assert_eq!(err.offset, at + 4, "{err}");
    let long = soft_object_list(&[200, 0, 0, 0, b'a']);
    assert!(PropertyList::read(&long, 0, &ctx(true)).is_err());
}

#[test]
fn the_form_follows_the_fortnite_main_custom_version() {
    let form = |version: Option<i32>| {
        let mut c = PropertyContext::new(522, 1017);
        c.set_custom_versions(|key: FGuid| {
            if key == FORTNITE_MAIN_BRANCH_OBJECT_VERSION {
                version
            } else {
                None
            }
        });
        c.soft_object_path_utf8
    };
    assert!(!form(None));
    assert!(!form(Some(SOFT_OBJECT_PATH_UTF8_SUB_PATHS - 1)));
    assert!(form(Some(SOFT_OBJECT_PATH_UTF8_SUB_PATHS)));
    assert!(form(Some(SOFT_OBJECT_PATH_UTF8_SUB_PATHS + 20)));
}

/// `Utf8StrProperty` values, tagged and as array elements, in both tag forms.
#[test]
fn utf8_str_properties() {
    let value = utf8("Grüße");
    let array = [
        2i32.to_le_bytes().to_vec(),
        utf8("a"),
        0i32.to_le_bytes().to_vec(),
    ]
    .concat();
    let v54 = [
        fstr("Motto"),
        fstr("Utf8StrProperty"),
        0i32.to_le_bytes().to_vec(),
        (value.len() as i32).to_le_bytes().to_vec(),
        vec![0],
        value.clone(),
        fstr("Lines"),
        fstr("ArrayProperty"),
        1i32.to_le_bytes().to_vec(),
        fstr("Utf8StrProperty"),
        0i32.to_le_bytes().to_vec(),
        (array.len() as i32).to_le_bytes().to_vec(),
        vec![0],
        array.clone(),
        fstr("None"),
    ]
    .concat();
    let v53 = [
        fstr("Motto"),
        fstr("Utf8StrProperty"),
        (value.len() as i32).to_le_bytes().to_vec(),
        0i32.to_le_bytes().to_vec(),
        vec![0],
        value,
        fstr("None"),
    ]
    .concat();
    let mut c53 = PropertyContext::new(522, 1009);
    c53.strict = true;
    for (bytes, c) in [(v54, ctx(true)), (v53, c53)] {
        let list = round_trip(&bytes, &c);
        let motto = &list.properties[0].value;
        assert_eq!(
            motto,
            &PropertyValue::Utf8Str(unreal::FString::new("Grüße"))
        );
        assert_eq!(motto.as_str(), Some("Grüße"));
    }
    let list = round_trip(&v54_array_only(), &ctx(false));
    let unreal::PropertyValue::Array(a) = &list.properties[0].value else {
        panic!("array");
    };
    let unreal::ArrayValue::Values(items) = a.as_ref() else {
        panic!("{a:?}");
    };
    assert_eq!(items[0], PropertyValue::Utf8Str(unreal::FString::new("a")));
    assert_eq!(items[1], PropertyValue::Utf8Str(unreal::FString::default()));
    // A Str value under a Utf8Str tag would be written in the other form: refused.
    let mut wrong = round_trip(&v54_array_only(), &ctx(false));
    wrong.properties[0].value = PropertyValue::Str(unreal::FString::new("x"));
    assert!(wrong.write(&ctx(false), &mut Vec::new()).is_err());
}

fn v54_array_only() -> Vec<u8> {
    let array = [
        2i32.to_le_bytes().to_vec(),
        utf8("a"),
        0i32.to_le_bytes().to_vec(),
    ]
    .concat();
    [
        fstr("Lines"),
        fstr("ArrayProperty"),
        1i32.to_le_bytes().to_vec(),
        fstr("Utf8StrProperty"),
        0i32.to_le_bytes().to_vec(),
        (array.len() as i32).to_le_bytes().to_vec(),
        vec![0],
        array,
        fstr("None"),
    ]
    .concat()
}
