//! The editing API: inserted properties get tags that write and read back in every tag form,
//! look-ups by name and path, and the typed accessors.

use unreal::{
    F32, F64, FString, FVector, PropertyContext, PropertyList, PropertyValue, StructValue,
};

/// Package versions: UE4 tags, UE5 tags with the tag extension byte, UE 5.4 complete type names.
const CONTEXTS: [(u32, u32); 3] = [(522, 0), (522, 1011), (522, 1012)];

fn sample() -> PropertyList {
    let mut list = PropertyList::default();
    list.insert("Alive", PropertyValue::Bool(true)).unwrap();
    list.insert("Level", PropertyValue::Int(12)).unwrap();
    list.insert("SteamId", PropertyValue::UInt64(76_561_198_025_655_598))
        .unwrap();
    list.insert("Health", PropertyValue::Float(F32(75.5)))
        .unwrap();
    list.insert("Gold", PropertyValue::Double(F64(1e12)))
        .unwrap();
    list.insert("Slot", PropertyValue::Byte(3)).unwrap();
    list.insert("Name", PropertyValue::Str(FString::new("Ann")))
        .unwrap();
    let at = FVector {
        x: F32(1.0),
        y: F32(-2.0),
        z: F32(0.5),
    };
    list.insert("Position", PropertyValue::Struct(StructValue::Vector(at)))
        .unwrap();
    let mut stats = PropertyList::default();
    stats.insert("Kills", PropertyValue::Int(4)).unwrap();
    list.insert_struct("Stats", "PlayerStats", stats);
    list
}

#[test]
fn inserted_properties_write_and_read_back_in_every_tag_form() {
    let list = sample();
    for (ue4, ue5) in CONTEXTS {
        let ctx = PropertyContext::new(ue4, ue5);
        let mut bytes = Vec::new();
        list.write(&ctx, &mut bytes).unwrap();
        let (back, used) = PropertyList::read(&bytes, 0, &ctx).unwrap();
        assert_eq!(used, bytes.len(), "{ue4}/{ue5}");
        // Names, types and values; the tag extras are each version's defaults (a zero struct
        // GUID before 5.4, the binary-struct flag from 5.4).
        let facts = |l: &PropertyList| {
            l.properties
                .iter()
                .map(|p| match p.value.list(None) {
                    // A nested list's tags carry extras too: compare its values.
                    Some(inner) => (
                        p.tag.name.clone(),
                        p.tag.type_name.clone(),
                        inner.get("Kills").map(|k| k.value.clone()),
                    ),
                    None => (
                        p.tag.name.clone(),
                        p.tag.type_name.clone(),
                        Some(p.value.clone()),
                    ),
                })
                .collect::<Vec<_>>()
        };
        for (a, b) in facts(&back).iter().zip(facts(&list).iter()) {
            assert_eq!(a, b, "{ue4}/{ue5}");
        }
        assert_eq!(back.properties.len(), list.properties.len());
        assert!(
            back.properties
                .iter()
                .all(|p| !matches!(p.value, PropertyValue::Raw(_))),
            "{ue4}/{ue5}: a value fell back to raw bytes"
        );
    }
}

#[test]
fn typed_accessors_and_look_ups() {
    let mut list = sample();
    let value = |list: &PropertyList, name: &str| list.get(name).unwrap().value.clone();
    assert_eq!(value(&list, "Alive").as_bool(), Some(true));
    assert_eq!(value(&list, "Level").as_i32(), Some(12));
    assert_eq!(value(&list, "Level").as_i64(), None);
    assert_eq!(
        value(&list, "SteamId").as_u64(),
        Some(76_561_198_025_655_598)
    );
    assert_eq!(value(&list, "Health").as_f32(), Some(75.5));
    assert_eq!(value(&list, "Gold").as_f64(), Some(1e12));
    assert_eq!(value(&list, "Slot").as_u8(), Some(3));
    assert_eq!(value(&list, "Name").as_str(), Some("Ann"));
    assert!(value(&list, "Position").as_struct().is_some());
    assert_eq!(
        list.get_path("Stats.Kills").unwrap().value.as_i32(),
        Some(4)
    );
    assert!(list.get_path("Stats[0].Kills").is_none());
    assert!(list.get_path("Level.Kills").is_none());

    list.get_mut("Level").unwrap().value = PropertyValue::Int(13);
    list.get_path_mut("Stats.Kills").unwrap().value = PropertyValue::Int(5);
    assert_eq!(list.get("Level").unwrap().value.as_i32(), Some(13));
    assert_eq!(
        list.get_path("Stats.Kills").unwrap().value.as_i32(),
        Some(5)
    );
    assert!(list.get_mut("Nope").is_none());
}

#[test]
fn types_that_do_not_follow_from_the_value_are_errors_naming_the_property() {
    let mut list = PropertyList::default();
    let err = list
        .insert("Blob", PropertyValue::Raw(vec![1, 2]))
        .unwrap_err();
    assert!(err.to_string().contains("Blob"), "{err}");
    let err = list
        .insert(
            "Inner",
            PropertyValue::Struct(StructValue::Properties(PropertyList::default())),
        )
        .unwrap_err();
    assert!(err.to_string().contains("Inner"), "{err}");
    assert!(list.properties.is_empty());
}
