//! The Astroneer corpus save decoded through the property system: what the objects hold, whether
//! the decoded references point where they should, and edits written back.

use std::collections::HashMap;

use gvas::{
    AstroDatums, AstroNativeData, AstroObjectData, AstroneerWorld, Extra, ReadOptions, SaveFile,
};
use unreal::FAstroDatumRef;
use unreal::{ArrayValue, PropertyList, PropertyValue, StructValue};

const FILE: &str = "A178B110FB374A539EC6A93E49F105DD";

fn load() -> Option<(Vec<u8>, SaveFile)> {
    let path = snapshots::corpus_subdir("astroneer")?.join(FILE);
    let bytes = std::fs::read(&path).expect("corpus file is readable");
    let strict = ReadOptions {
        strict: true,
        ..ReadOptions::default()
    };
    let save = gvas::read_with(&bytes, &strict).expect("strict read");
    Some((bytes, save))
}

fn world(save: &SaveFile) -> &AstroneerWorld {
    match &save.body.extra {
        Extra::Astroneer(world) => world,
        Extra::Bytes(_) => panic!("not read as an Astroneer world"),
    }
}

fn world_mut(save: &mut SaveFile) -> &mut AstroneerWorld {
    match &mut save.body.extra {
        Extra::Astroneer(world) => world,
        Extra::Bytes(_) => panic!("not read as an Astroneer world"),
    }
}

/// Calls `f` on every value in `list`, nested ones included.
fn visit(list: &PropertyList, f: &mut impl FnMut(&PropertyValue)) {
    for p in &list.properties {
        visit_value(&p.value, f);
    }
}

fn visit_value(value: &PropertyValue, f: &mut impl FnMut(&PropertyValue)) {
    f(value);
    match value {
        PropertyValue::Struct(s) => visit_struct(s, f),
        PropertyValue::Array(array) => match &**array {
            ArrayValue::Structs { items, .. } => items.iter().for_each(|s| visit_struct(s, f)),
            ArrayValue::Values(values) => values.iter().for_each(|v| visit_value(v, f)),
            _ => {}
        },
        PropertyValue::Set(set) => set
            .removed
            .iter()
            .chain(&set.elements)
            .for_each(|v| visit_value(v, f)),
        PropertyValue::Map(map) => {
            map.removed.iter().for_each(|v| visit_value(v, f));
            for (k, v) in &map.entries {
                visit_value(k, f);
                visit_value(v, f);
            }
        }
        _ => {}
    }
}

fn visit_struct(s: &StructValue, f: &mut impl FnMut(&PropertyValue)) {
    if let StructValue::Properties(list) = s {
        visit(list, f);
    }
}

/// Every property list of the world with the index of its object: object data and the datums of
/// entity containers.
fn property_lists(world: &AstroneerWorld) -> Vec<(usize, &PropertyList)> {
    let mut lists = Vec::new();
    for (i, o) in world.objects.iter().enumerate() {
        match &o.data {
            AstroObjectData::Properties { properties, .. } => lists.push((i, properties)),
            AstroObjectData::EntityContainer(c) => match &c.datums {
                AstroDatums::Entities(d) => lists.extend(d.iter().map(|d| (i, &d.properties))),
                AstroDatums::Components(d) => lists.extend(d.iter().map(|d| (i, &d.properties))),
            },
            AstroObjectData::Empty => {}
        }
    }
    lists
}

#[test]
fn objects_are_property_lists_except_entity_containers() {
    let Some((_, save)) = load() else { return };
    let world = world(&save);
    let (mut lists, mut empty, mut containers) = (0, 0, 0);
    for o in &world.objects {
        match &o.data {
            AstroObjectData::Properties { guid, .. } => {
                assert_eq!(*guid, None);
                lists += 1;
            }
            AstroObjectData::Empty => empty += 1,
            AstroObjectData::EntityContainer(_) => {
                assert!(o.class_name.as_str().ends_with("Container"));
                containers += 1;
            }
        }
    }
    assert_eq!((lists, empty, containers), (4351, 1115, 20));
    let mut raw = 0;
    let mut binary = 0;
    for (_, list) in property_lists(world) {
        visit(list, &mut |v| match v {
            PropertyValue::Raw(_) => raw += 1,
            PropertyValue::Struct(StructValue::Binary(_)) => binary += 1,
            _ => {}
        });
    }
    assert_eq!(raw, 0, "values kept as raw bytes");
    // AttachmentState, the one binary struct, occurs only as array elements, never as a property.
    assert_eq!(binary, 0);
}

#[test]
fn references_point_into_the_object_table() {
    let Some((_, save)) = load() else { return };
    let world = world(&save);
    let count = world.objects.len() as i32;
    let (mut objects, mut by_path, mut datums) = (0, 0, 0);
    for (_, list) in property_lists(world) {
        visit(list, &mut |v| match v {
            PropertyValue::ObjectIndex { index, path } => {
                assert!((-3..count).contains(index), "object index {index}");
                if *index == -3 {
                    let path = path.as_ref().expect("index -3 carries a path");
                    assert!(path.as_str().starts_with('/'), "{path:?}");
                    by_path += 1;
                }
                objects += 1;
            }
            // A null reference is all -1.
            PropertyValue::Struct(StructValue::AstroDatumRef(r)) if r.container == -1 => {
                assert_eq!((r.index, r.id), (-1, -1));
            }
            PropertyValue::Struct(StructValue::AstroDatumRef(r)) => {
                let container = &world.objects[r.container as usize];
                assert!(
                    matches!(container.data, AstroObjectData::EntityContainer(_)),
                    "datum ref into {:?}",
                    container.class_name
                );
                datums += 1;
            }
            _ => {}
        });
    }
    assert!(objects > 1000 && by_path > 300 && datums > 900);
}

#[test]
fn entity_container_links_agree() {
    let Some((_, save)) = load() else { return };
    let world = world(&save);
    let key = |r: &FAstroDatumRef| (r.container, r.id);
    let none = |r: &FAstroDatumRef| r.index == -1;
    let mut entities = HashMap::new();
    let mut components = Vec::new();
    for (i, o) in world.objects.iter().enumerate() {
        let AstroObjectData::EntityContainer(c) = &o.data else {
            continue;
        };
        assert!(c.header.slots.len() >= c.len());
        match &c.datums {
            AstroDatums::Entities(datums) => {
                for d in datums {
                    assert_eq!(d.reference.container as usize, i);
                    entities.insert(key(&d.reference), &d.links);
                }
            }
            AstroDatums::Components(datums) => {
                for d in datums {
                    assert_eq!(d.reference.container as usize, i);
                    components.push((d.reference, d.links));
                }
            }
        }
    }
    assert_eq!(entities.len(), 604);
    assert_eq!(components.len(), 1371);
    let mut attached = 0;
    for (me, links) in &entities {
        if !none(&links.parent) {
            let parent = entities.get(&key(&links.parent)).expect("parent entity");
            assert!(parent.children.iter().any(|c| key(c) == *me));
            attached += 1;
        }
        for child in &links.children {
            assert_eq!(key(&entities[&key(child)].parent), *me);
        }
    }
    assert!(attached > 0);
    for (component, owner) in &components {
        let entity = entities.get(&key(owner)).expect("owning entity");
        assert!(entity.components.iter().any(|c| key(c) == key(component)));
    }
}

#[test]
fn slots_components_hold_decoded_slots() {
    let Some((_, save)) = load() else { return };
    let world = world(&save);
    let (mut components, mut items, mut undecoded) = (0, 0, 0);
    for o in &world.objects {
        let AstroObjectData::Properties { native, .. } = &o.data else {
            continue;
        };
        match native {
            AstroNativeData::Slots(slots) => {
                assert!(o.class_name.as_str().ends_with(".SlotsComponent"));
                for slot in slots {
                    let name = world.string(slot.name).expect("slot name in the pool");
                    assert!(!name.as_str().is_empty());
                    assert_eq!(slot.items.len(), slot.item_flags.len());
                    assert_eq!(slot.items.len(), slot.item_values.len());
                    for &item in &slot.items {
                        assert!(item >= 0 && (item as usize) < world.objects.len());
                        items += 1;
                    }
                }
                components += 1;
            }
            AstroNativeData::Bytes(bytes) => undecoded += bytes.len(),
            AstroNativeData::None => {}
        }
    }
    assert_eq!(components, 571);
    assert_eq!(items, 278);
    // VoxelVolumeComponent (2612), the skybox (216), the game state (8), the controller and seven
    // planets (4 each).
    assert_eq!(undecoded, 2868);
}

#[test]
fn edited_property_is_written_and_read_back() {
    let Some((bytes, mut save)) = load() else {
        return;
    };
    let world = world_mut(&mut save);
    let object = world
        .objects
        .iter_mut()
        .position(|o| {
            o.class_name
                .as_str()
                .ends_with("Astro_Gates_GameState_Instance_C")
        })
        .expect("game state object");
    let AstroObjectData::Properties { properties, .. } = &mut world.objects[object].data else {
        panic!("game state has properties");
    };
    let scale = properties
        .properties
        .iter_mut()
        .find(|p| p.tag.name.is("SolarTimeScaleMultiplierCreative"))
        .expect("time scale property");
    scale.value = PropertyValue::Float(unreal::F32(2.5));
    let written = gvas::write(&save).expect("edited save writes");
    assert_ne!(written, bytes);
    let again = gvas::read(&written).expect("edited save reads");
    assert_eq!(again.body, save.body);
}

#[test]
fn names_missing_from_the_pool_are_write_errors() {
    let Some((_, mut save)) = load() else { return };
    let world = world_mut(&mut save);
    let (i, _) = property_lists(world)[0];
    let AstroObjectData::Properties { properties, .. } = &mut world.objects[i].data else {
        unreachable!()
    };
    properties.properties[0].tag.name = "NotInThePool".into();
    let error = gvas::write(&save).expect_err("unknown name");
    let text = error.to_string();
    assert!(text.contains("not in the string pool"), "{text}");
    assert!(text.contains(&format!("objects[{i}]")), "{text}");
}

#[test]
fn corrupt_object_data_errors_name_object_property_and_offset() {
    let Some((_, save)) = load() else { return };
    let body = save.body.write().expect("body writes");
    let strict = ReadOptions {
        strict: true,
        ..ReadOptions::default()
    };
    // Inside object 713's property list (an AstroDatumRef's first name) and inside datum 514 of
    // the scene component container.
    for (at, path) in [
        (200_000, "objects[713].properties.EntityRef: name index"),
        (
            900_000,
            "objects[3946].datums[514].properties.WorldTransform.",
        ),
    ] {
        let mut bad = body.clone();
        bad[at..at + 4].copy_from_slice(&[0xff, 0xff, 0x7f, 0x7f]);
        let error = gvas::GvasBody::read(&bad, &strict).expect_err("corrupt name index");
        let text = error.to_string();
        assert!(text.starts_with("gvas: SaveFile.astroneer"), "{text}");
        assert!(text.contains(path), "{text}");
        assert!(error.offset.abs_diff(at) <= 64, "{text}");
    }
}

/// A streamed body whose root property list is longer than the first window the reader lends it
/// (a plain GVAS save of another game in an Astroneer frame) is read from the rest of the stream,
/// and the file round-trips.
#[test]
fn a_root_list_longer_than_the_stream_window_reads_and_round_trips() {
    let Some(dir) = snapshots::corpus_subdir("gvas") else {
        return;
    };
    let body = std::fs::read(dir.join("Slot3.sav")).expect("corpus file is readable");
    let plain = gvas::read(&body).expect("plain save reads");
    assert!(
        plain.body.properties.properties.len() > 1,
        "a real root list"
    );
    let params = unreal::chunked::DeflateParams {
        level: 6,
        window_bits: 12,
    };
    let stream = unreal::chunked::ZlibStream::deflate(&body, params).expect("deflates");
    let mut file = vec![0xBE, 0x40, 0x37, 0x4A, 0xEE, 0x0B, 0x74, 0xA3, 1, 0, 0, 0];
    file.extend_from_slice(&(body.len() as u32).to_le_bytes());
    file.extend_from_slice(&stream.compressed);
    let save = gvas::read(&file).expect("framed save reads");
    assert_eq!(save.container.name(), "Astroneer");
    assert_eq!(save.body, plain.body);
    assert_eq!(gvas::write(&save).expect("writes"), file);
}
