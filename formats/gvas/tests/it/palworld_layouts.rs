//! Palworld RawData layouts the Level.sav sample does not exercise, on blobs built here byte by
//! byte from the layouts palworld-save-tools documents: each decodes to the values put in and
//! encodes back to the same bytes.

use gvas::palworld::foliage::{PackedComponents, PackedVector};
use gvas::palworld::map_object::ConcreteModule;
use gvas::palworld::work::{WorkTransform, Workable};
use gvas::palworld::{
    CONCRETE_MODULE_PATH, DYNAMIC_ITEM_PATH, FOLIAGE_INSTANCE_PATH, RawData, WORK_ASSIGN_PATH,
    WORK_PATH,
};
use unreal::PropertyContext;

fn ctx() -> PropertyContext {
    PropertyContext::new(522, 1009)
}

fn guid(byte: u8) -> [u8; 16] {
    [byte; 16]
}

/// An ASCII FString: length with NUL, bytes, NUL.
fn fstring(s: &str) -> Vec<u8> {
    let mut out = (s.len() as i32 + 1).to_le_bytes().to_vec();
    out.extend_from_slice(s.as_bytes());
    out.push(0);
    out
}

fn decode(path: &str, discriminator: &str, bytes: &[u8]) -> RawData {
    let data = RawData::decode(path, Some(discriminator), bytes, &ctx());
    assert_eq!(data.encode(&ctx()).unwrap(), bytes, "{path}: encodes back");
    data
}

/// A foliage instance: GUID, rotator (yaw only), packed location, scale, hp.
fn foliage_instance(location: &[u8]) -> Vec<u8> {
    let mut b = guid(7).to_vec();
    b.extend_from_slice(&[0, 1, 0x00, 0x40, 0]); // pitch absent, yaw 0x4000 (90 degrees), roll absent
    b.extend_from_slice(location);
    b.extend_from_slice(&1.5f32.to_le_bytes());
    b.extend_from_slice(&250i32.to_le_bytes());
    b
}

fn location_of(data: &RawData) -> &PackedVector {
    match data {
        RawData::FoliageInstance(f) => {
            assert_eq!(f.rotator[1].degrees(), 90.0);
            assert_eq!(f.rotator[0].value, None);
            assert_eq!(f.hp, 250);
            &f.location
        }
        other => panic!("not a foliage instance: {other:?}"),
    }
}

#[test]
fn packed_vectors_of_every_form() {
    // 20 bits per component (3 bytes each), scaled flag set: -5, 300000, -1.
    let mut quantized = (20u32 | 1 << 6).to_le_bytes().to_vec();
    quantized.extend_from_slice(&[0xFB, 0xFF, 0xFF, 0xE0, 0x93, 0x04, 0xFF, 0xFF, 0xFF]);
    let bytes = foliage_instance(&quantized);
    let data = decode(FOLIAGE_INSTANCE_PATH, "", &bytes);
    assert_eq!(location_of(&data).value(), [-5.0, 300000.0, -1.0]);

    // The engine masks each component to its bit count: bits above bit 19 of a 3-byte component
    // do not count (0x0F_FFFB is -5 in 20 bits) but are written back as stored.
    let mut stray = (20u32).to_le_bytes().to_vec();
    stray.extend_from_slice(&[0xFB, 0xFF, 0x0F, 1, 0, 0, 2, 0, 0]);
    let bytes = foliage_instance(&stray);
    let data = decode(FOLIAGE_INSTANCE_PATH, "", &bytes);
    assert_eq!(location_of(&data).value(), [-5.0, 1.0, 2.0]);

    // Bit count 0: three doubles when the extra info is set, else three floats.
    let mut doubles = (1u32 << 6).to_le_bytes().to_vec();
    for v in [1.25f64, -2.5, 1e20] {
        doubles.extend_from_slice(&v.to_le_bytes());
    }
    let data = decode(FOLIAGE_INSTANCE_PATH, "", &foliage_instance(&doubles));
    assert!(matches!(
        location_of(&data).components,
        PackedComponents::Doubles(_)
    ));
    assert_eq!(location_of(&data).value(), [1.25, -2.5, 1e20]);
    let mut floats = 0u32.to_le_bytes().to_vec();
    for v in [0.5f32, 8.0, -3.0] {
        floats.extend_from_slice(&v.to_le_bytes());
    }
    let data = decode(FOLIAGE_INSTANCE_PATH, "", &foliage_instance(&floats));
    assert_eq!(location_of(&data).value(), [0.5, 8.0, -3.0]);
}

/// An assignment: handle, location index, type, player UID, instance ID, state, fixed.
fn assign_bytes() -> Vec<u8> {
    let mut b = guid(1).to_vec();
    b.extend_from_slice(&3i32.to_le_bytes());
    b.push(2);
    b.extend_from_slice(&guid(4));
    b.extend_from_slice(&guid(5));
    b.push(1);
    b.extend_from_slice(&1u32.to_le_bytes());
    b
}

#[test]
fn work_assignments_and_assign_works_with_a_character_transform() {
    let bytes = assign_bytes();
    match decode(WORK_ASSIGN_PATH, "", &bytes) {
        RawData::WorkAssign(a) => {
            assert_eq!(a.assign.location_index, 3);
            assert_eq!((a.assign.assign_type, a.assign.state), (2, 1));
            assert!(a.trailing.is_empty());
        }
        other => panic!("{other:?}"),
    }
    // An Assign work has no common part: the assignment, then transform type 3 (two GUIDs).
    let mut work = assign_bytes();
    work.push(3);
    work.extend_from_slice(&guid(8));
    work.extend_from_slice(&guid(9));
    match decode(WORK_PATH, "EPalWorkableType::Assign", &work) {
        RawData::Work(w) => {
            assert!(matches!(w.workable, Workable::Assign(_)));
            assert!(matches!(w.transform, WorkTransform::Character { .. }));
            assert!(w.trailing.is_empty());
        }
        other => panic!("{other:?}"),
    }
    // An unknown transform type keeps the rest as bytes.
    let mut odd = assign_bytes();
    odd.extend_from_slice(&[9, 1, 2, 3]);
    match decode(WORK_PATH, "EPalWorkableType::Assign", &odd) {
        RawData::Work(w) => match &w.transform {
            WorkTransform::Other { kind: 9, rest } => assert_eq!(rest, &[1, 2, 3]),
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
    // The same bytes as a workable type with a common part do not decode.
    assert!(matches!(
        decode(WORK_PATH, "EPalWorkableType::Progress", &work),
        RawData::Undecoded(_)
    ));
}

#[test]
fn password_lock_module() {
    let mut b = vec![1];
    b.extend_from_slice(&fstring("1234"));
    b.extend_from_slice(&1i32.to_le_bytes());
    b.extend_from_slice(&guid(6));
    b.extend_from_slice(&2i32.to_le_bytes());
    b.extend_from_slice(&0u32.to_le_bytes());
    let data = decode(
        CONCRETE_MODULE_PATH,
        "EPalMapObjectConcreteModelModuleType::PasswordLock",
        &b,
    );
    match data {
        RawData::ConcreteModule(m) => match &m.module {
            ConcreteModule::PasswordLock {
                lock_state,
                password,
                player_infos,
            } => {
                assert_eq!(*lock_state, 1);
                assert_eq!(password.as_str(), "1234");
                assert_eq!(player_infos.len(), 1);
                assert_eq!(player_infos[0].try_failed_count, 2);
            }
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
}

#[test]
fn dynamic_items_unknown_layout_keeps_the_rest() {
    let mut b = guid(1).to_vec();
    b.extend_from_slice(&guid(2));
    b.extend_from_slice(&fstring("Sword"));
    // Weapon: durability, bullets, one passive skill.
    let mut weapon = b.clone();
    weapon.extend_from_slice(&90.0f32.to_le_bytes());
    weapon.extend_from_slice(&0i32.to_le_bytes());
    weapon.extend_from_slice(&1i32.to_le_bytes());
    weapon.extend_from_slice(&fstring("PAL_ALLAttack_up1"));
    match decode(DYNAMIC_ITEM_PATH, "", &weapon) {
        RawData::DynamicItem(d) => assert_eq!(
            serde_json::to_value(&d.kind).unwrap()["Weapon"]["passive_skill_list"][0],
            "PAL_ALLAttack_up1"
        ),
        other => panic!("{other:?}"),
    }
    // Three bytes fit no layout: kept after the ID.
    let mut odd = b.clone();
    odd.extend_from_slice(&[1, 2, 3]);
    match decode(DYNAMIC_ITEM_PATH, "", &odd) {
        RawData::DynamicItem(d) => assert_eq!(d.id.static_id.as_str(), "Sword"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        RawData::decode(DYNAMIC_ITEM_PATH, None, &odd, &ctx()).kept_raw_len(),
        3
    );
}
