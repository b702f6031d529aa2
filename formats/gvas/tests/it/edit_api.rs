//! The editing API on a real save, as the README shows it: a path into a struct, an inserted
//! property, and a string that changes length, written and read back (only `gvas` imported).

use gvas::PropertyValue;

#[test]
fn readme_edit_of_slot1() {
    let Some(dir) = snapshots::corpus_subdir("gvas") else {
        return;
    };
    let bytes = std::fs::read(dir.join("Slot1.sav")).expect("Slot1.sav");
    let mut save = gvas::read(&bytes).expect("reads");
    let list = save.properties_mut();
    let field = list
        .get_path_mut("struct_property.test_field")
        .expect("struct_property.test_field");
    assert_eq!(field.value.as_u64(), Some(12345));
    field.value = PropertyValue::UInt64(54321);
    list.get_mut("str_property").expect("str_property").value =
        PropertyValue::Str(gvas::FString::new("Hello from savepoint"));
    list.insert("Edited", PropertyValue::Bool(true))
        .expect("a bool's tag follows from it");

    let written = gvas::write(&save).expect("writes");
    // The string grew by 9 bytes; the new UE4 tag is its name and type as FStrings (length,
    // text, NUL), size and array index, the bool byte and the property-GUID flag.
    let fstring = |s: &str| 4 + s.len() + 1;
    let tag = fstring("Edited") + fstring("BoolProperty") + 4 + 4 + 1 + 1;
    assert_eq!(written.len(), bytes.len() + 9 + tag);
    let back = gvas::read(&written).expect("reads back");
    let list = back.properties();
    assert_eq!(
        list.get_path("struct_property.test_field")
            .and_then(|p| p.value.as_u64()),
        Some(54321)
    );
    assert_eq!(
        list.get("str_property").and_then(|p| p.value.as_str()),
        Some("Hello from savepoint")
    );
    assert_eq!(
        list.get("Edited").and_then(|p| p.value.as_bool()),
        Some(true)
    );
    assert_eq!(back.body, save.body);
}
