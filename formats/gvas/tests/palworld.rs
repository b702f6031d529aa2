//! Palworld RawData on the Level.sav sample (palworld_zlib_twice.sav): decoded, written back
//! byte-exact, edited.

use gvas::palworld::{
    BASE_CAMP_MODULE_PATH, BASE_CAMP_PATH, BUILD_PROCESS_PATH, CHARACTER_CONTAINER_PATH,
    CHARACTER_CONTAINER_SLOT_PATH, CHARACTER_PATH, CONCRETE_MODEL_PATH, CONCRETE_MODULE_PATH,
    CONNECTOR_PATH, DYNAMIC_ITEM_PATH, FOLIAGE_INSTANCE_PATH, FOLIAGE_MODEL_PATH, GROUP_PATH,
    ITEM_CONTAINER_PATH, ITEM_SLOT_PATH, MAP_MODEL_PATH, PalworldRawData, RawData,
    WORK_COLLECTION_PATH, WORK_PATH, WORKER_DIRECTOR_PATH,
};

/// Every decoded path that has blobs in the Level.sav sample (work assignments have none there).
const PATHS: [&str; 20] = [
    CHARACTER_PATH,
    GROUP_PATH,
    ITEM_CONTAINER_PATH,
    ITEM_SLOT_PATH,
    BASE_CAMP_PATH,
    BASE_CAMP_MODULE_PATH,
    WORKER_DIRECTOR_PATH,
    WORK_COLLECTION_PATH,
    CHARACTER_CONTAINER_PATH,
    CHARACTER_CONTAINER_SLOT_PATH,
    DYNAMIC_ITEM_PATH,
    FOLIAGE_MODEL_PATH,
    FOLIAGE_INSTANCE_PATH,
    MAP_MODEL_PATH,
    CONNECTOR_PATH,
    BUILD_PROCESS_PATH,
    CONCRETE_MODEL_PATH,
    CONCRETE_MODULE_PATH,
    WORK_PATH,
    gvas::palworld::WORK_ASSIGN_PATH,
];

/// Discriminators of every layout that depends on one (group types, workable types, map object
/// IDs, module types), for decoding mutated blobs whatever their path.
const DISCRIMINATORS: [&str; 16] = [
    "EPalGroupType::Guild",
    "EPalGroupType::IndependentGuild",
    "EPalGroupType::Organization",
    "EPalWorkableType::Progress",
    "EPalWorkableType::Assign",
    "EPalWorkableType::Defense",
    "EPalWorkableType::ReviveCharacter",
    "EPalWorkableType::Repair",
    "PalBoxV2",
    "HatchingPalEgg",
    "DamagableRock0001",
    "FarmBlockV2_Wheet",
    "EPalMapObjectConcreteModelModuleType::ItemContainer",
    "EPalMapObjectConcreteModelModuleType::PasswordLock",
    "EPalBaseCampModuleType::TransportItemDirector",
    "EPalBaseCampModuleType::PassiveEffect",
];

#[global_allocator]
static ALLOCATOR: snapshots::alloc::Counting = snapshots::alloc::Counting::system();

fn level_sav() -> Option<Vec<u8>> {
    let dir = snapshots::corpus_subdir("gvas")?;
    Some(std::fs::read(dir.join("palworld_zlib_twice.sav")).expect("corpus file is readable"))
}

#[test]
fn level_sav_raw_data_decodes_and_writes_back_byte_exact() {
    let _serial = snapshots::alloc::serial();
    let Some(file) = level_sav() else {
        return;
    };
    let mut save = gvas::read(&file).unwrap();
    let raw = PalworldRawData::take(&mut save.body);
    let still_raw = raw.still_raw_by_path();
    eprintln!("{} RawData blobs; still raw by path:", raw.blobs.len());
    for (path, n) in &still_raw {
        eprintln!("  {n:6} {path}");
    }
    assert!(still_raw.is_empty(), "{still_raw:?}");
    for path in &PATHS[..19] {
        assert!(raw.blobs.iter().any(|(p, _)| p == path), "no {path}");
    }
    // Nothing is kept as bytes inside the decoded blobs either.
    let partial: Vec<_> = raw
        .blobs
        .iter()
        .filter(|(_, d)| d.kept_raw_len() > 0)
        .map(|(p, _)| p)
        .collect();
    assert!(
        partial.is_empty(),
        "{} partly raw: {:?}",
        partial.len(),
        &partial[..partial.len().min(5)]
    );
    let characters = raw.characters().count();
    let groups = raw.groups().count();
    assert!(
        characters > 0 && groups > 0,
        "{characters} characters, {groups} groups"
    );
    // Every character has a SaveParameter; JSON of the decoded blobs reads back.
    assert!(raw.characters().all(|c| c.save_parameter().is_some()));
    let json = serde_json::to_string(&raw).unwrap();
    assert_eq!(serde_json::from_str::<PalworldRawData>(&json).unwrap(), raw);
    raw.apply(&mut save.body).unwrap();
    assert!(
        gvas::write(&save).unwrap() == file,
        "not byte-exact after apply"
    );
}

#[test]
fn a_pal_level_edit_reads_back() {
    let _serial = snapshots::alloc::serial();
    let Some(file) = level_sav() else {
        return;
    };
    let mut save = gvas::read(&file).unwrap();
    let mut raw = PalworldRawData::take(&mut save.body);
    let (index, before) = raw
        .blobs
        .iter()
        .enumerate()
        .find_map(|(i, (_, d))| match d {
            RawData::Character(c) if !c.is_player() => Some((i, c.level())),
            _ => None,
        })
        .expect("a Pal");
    let RawData::Character(pal) = &mut raw.blobs[index].1 else {
        unreachable!()
    };
    let params = pal.save_parameter_mut().unwrap();
    let level = params
        .properties
        .iter_mut()
        .find(|p| p.tag.name.is("Level"))
        .expect("a Level property");
    let after = before + 1;
    level.value = match level.value {
        unreal::PropertyValue::Byte(_) => unreal::PropertyValue::Byte(after as u8),
        unreal::PropertyValue::Int(_) => unreal::PropertyValue::Int(after as i32),
        ref other => panic!("Level is {other:?}"),
    };
    raw.apply(&mut save.body).unwrap();
    let written = gvas::write(&save).unwrap();
    let mut again = gvas::read(&written).unwrap();
    let raw_again = PalworldRawData::take(&mut again.body);
    let RawData::Character(pal) = &raw_again.blobs[index].1 else {
        panic!("still a character");
    };
    assert_eq!(pal.level(), after);
}

#[test]
fn hostile_counts_in_blobs_do_not_allocate_or_panic() {
    let _serial = snapshots::alloc::serial();
    let ctx = unreal::PropertyContext::new(522, 1009);
    for count in [i32::MAX, -1, 1 << 20] {
        let mut bytes = count.to_le_bytes().to_vec();
        bytes.extend_from_slice(&[1, 2, 3, 4]);
        for path in PATHS {
            for discriminator in DISCRIMINATORS {
                let (data, peak) = snapshots::alloc::peak_during(|| {
                    RawData::decode(path, Some(discriminator), &bytes, &ctx)
                });
                assert!(peak < 1 << 20, "{path}: count {count}: peak heap {peak}");
                assert_eq!(data.encode(&ctx).unwrap(), bytes, "{path}");
            }
        }
    }
}

/// Deterministic mutations of real blobs of every decoded kind (bytes flipped, counts and lengths
/// altered, truncated), decoded with every discriminator: decoding never panics and always
/// encodes back to the mutated bytes.
#[test]
fn mutated_blobs_decode_to_themselves() {
    let _serial = snapshots::alloc::serial();
    let Some(file) = level_sav() else {
        return;
    };
    let mut save = gvas::read(&file).unwrap();
    let ctx = unreal::PropertyContext::new(
        save.body.header.package_file_version_ue4,
        save.body.header.package_ue5(),
    );
    let raw = PalworldRawData::take(&mut save.body);
    let mut seen = std::collections::BTreeMap::new();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for (path, data) in &raw.blobs {
        // Three blobs per path and variant (per class for concrete models).
        let variant = match data {
            RawData::ConcreteModel(c) => format!("{:?}", c.body).chars().take(24).collect(),
            other => format!("{:?}", std::mem::discriminant(other)),
        };
        let count = seen.entry((path.clone(), variant)).or_insert(0);
        if *count >= 3 || matches!(data, RawData::Undecoded(_)) {
            continue;
        }
        *count += 1;
        let bytes = data.encode(&ctx).unwrap();
        for round in 0..60 {
            let mut m = bytes.clone();
            if m.is_empty() {
                break;
            }
            let at = (next() as usize) % m.len();
            match round % 4 {
                0 => m[at] ^= 1 << (next() % 8),
                1 => m[at] = 0xFF,
                2 => m.truncate(at),
                _ => {
                    let end = (at + 4).min(m.len());
                    m[at..end].fill(0x7F);
                }
            }
            for discriminator in DISCRIMINATORS {
                let decoded = RawData::decode(path, Some(discriminator), &m, &ctx);
                assert_eq!(decoded.encode(&ctx).unwrap(), m, "{path} round {round}");
            }
        }
    }
    assert!(seen.len() >= 25, "{seen:?}");
}
