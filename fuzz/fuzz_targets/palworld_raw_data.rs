//! Fuzzes the Palworld RawData decoders: the input (after two mode bytes choosing the path, the
//! discriminator and the package versions) decoded as one RawData blob must encode back to
//! itself, whatever it decodes to; and a GVAS file read from the input with its blobs decoded
//! writes the bytes a plain read writes (directly, after JSON, and once restored into the body).
#![no_main]

use gvas::palworld::{
    BASE_CAMP_MODULE_PATH, BASE_CAMP_PATH, BUILD_PROCESS_PATH, CHARACTER_CONTAINER_SLOT_PATH,
    CHARACTER_PATH, CONCRETE_MODEL_PATH, CONCRETE_MODULE_PATH, CONNECTOR_PATH, DYNAMIC_ITEM_PATH,
    FOLIAGE_INSTANCE_PATH, FOLIAGE_MODEL_PATH, GROUP_PATH, ITEM_CONTAINER_PATH, ITEM_SLOT_PATH,
    MAP_MODEL_PATH, RawData, WORK_ASSIGN_PATH, WORK_COLLECTION_PATH, WORK_PATH,
    WORKER_DIRECTOR_PATH,
};
use libfuzzer_sys::fuzz_target;
use unreal::PropertyContext;

const PATHS: [&str; 19] = [
    CHARACTER_PATH,
    GROUP_PATH,
    ITEM_CONTAINER_PATH,
    ITEM_SLOT_PATH,
    BASE_CAMP_PATH,
    BASE_CAMP_MODULE_PATH,
    WORKER_DIRECTOR_PATH,
    WORK_COLLECTION_PATH,
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
    WORK_ASSIGN_PATH,
];

/// One discriminator per layout that depends on one.
const DISCRIMINATORS: [&str; 24] = [
    "EPalGroupType::Guild",
    "EPalGroupType::IndependentGuild",
    "EPalGroupType::Organization",
    "EPalGroupType::Neutral",
    "EPalWorkableType::Progress",
    "EPalWorkableType::Assign",
    "EPalWorkableType::Defense",
    "EPalWorkableType::ReviveCharacter",
    "EPalWorkableType::Repair",
    "PalBoxV2",
    "HatchingPalEgg",
    "DamagableRock0001",
    "FarmBlockV2_Wheet",
    "ShippingItemBox",
    "DroppedCharacter",
    "CommonDropItem3D",
    "Signboard",
    "EPalMapObjectConcreteModelModuleType::ItemContainer",
    "EPalMapObjectConcreteModelModuleType::PasswordLock",
    "EPalMapObjectConcreteModelModuleType::Switch",
    "EPalBaseCampModuleType::TransportItemDirector",
    "EPalBaseCampModuleType::PassiveEffect",
    "Stone_Wall",
    "Unknown",
];

fuzz_target!(|data: &[u8]| {
    let Some((&[mode, pick], bytes)) = data.split_first_chunk::<2>() else {
        return;
    };
    let ctx = PropertyContext::new(522, if mode & 1 != 0 { 1009 } else { 0 });
    let path = PATHS[usize::from(mode >> 1) % PATHS.len()];
    let discriminator = DISCRIMINATORS[usize::from(pick) % DISCRIMINATORS.len()];
    let raw = RawData::decode(path, Some(discriminator), bytes, &ctx);
    assert_eq!(raw.encode(&ctx).expect("a decoded blob encodes"), bytes);

    // The whole-file entry point: a read that decodes the blobs writes what a plain read writes,
    // also after its blobs went through JSON.
    let decoding = gvas::ReadOptions {
        decode_raw_data: true,
        ..gvas::ReadOptions::default()
    };
    if let Ok(mut save) = gvas::read_with(data, &decoding) {
        let plain = gvas::read(data).expect("reads without decoding too");
        let Ok(original) = gvas::write(&plain) else {
            return;
        };
        assert_eq!(
            gvas::write(&save).expect("writes from decoded blobs"),
            original
        );
        let json = serde_json::to_string(&save.raw_data).expect("serializes");
        save.raw_data = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(gvas::write(&save).expect("writes from JSON"), original);
        save.restore_raw_data().expect("the blobs go back");
        assert!(save.body == plain.body);
    }
});
