//! Rocket League network frames from arbitrary bits: decoding must never panic, and whatever
//! decodes must encode back to exactly the input bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rocketleague::network::{self, NetworkContext, VersionTriple};
use rocketleague::{ClassNetCacheEntry, String16};

/// A small class set covering common and complex attribute kinds.
const OBJECTS: &[&str] = &[
    "Engine.Actor",
    "TAGame.RBActor_TA",
    "TAGame.Ball_TA",
    "Archetypes.Ball.Ball_Default",
    "TAGame.RBActor_TA:ReplicatedRBState",
    "Engine.PlayerReplicationInfo:PlayerName",
    "Engine.PlayerReplicationInfo:UniqueId",
    "TAGame.PRI_TA:ClientLoadouts",
    "TAGame.PRI_TA:ClientLoadoutsOnline",
    "ProjectX.GRI_X:Reservations",
    "TAGame.Car_TA:ReplicatedDemolishExtended",
    "TAGame.PRI_TA",
    "TAGame.Default__PRI_TA",
    "TAGame.ProductAttribute_Painted_TA",
    "TAGame.ProductAttribute_TitleID_TA",
    "TAGame.CameraSettingsActor_TA:ProfileSettings",
    "TAGame.GameEvent_TA:GameMode",
    "ProjectX.PRI_X",
    "Engine.PlayerReplicationInfo",
];

fuzz_target!(|data: &[u8]| {
    let Some((&[minor, net, frames], stream)) = data.split_first_chunk::<3>() else {
        return;
    };
    let objects: Vec<String16> = OBJECTS.iter().map(|s| String16::new(s)).collect();
    let cache = vec![
        ClassNetCacheEntry::new(0, 0, 1, &[]),
        ClassNetCacheEntry::new(1, 1, 2, &[(4, 3)]),
        ClassNetCacheEntry::new(2, 2, 3, &[(10, 5), (16, 6), (15, 7)]),
        ClassNetCacheEntry::new(18, 0, 4, &[(5, 2), (6, 4)]),
        ClassNetCacheEntry::new(17, 4, 5, &[(9, 9)]),
        ClassNetCacheEntry::new(11, 5, 6, &[(7, 11), (8, 12)]),
    ];
    let ctx = NetworkContext {
        version: VersionTriple::new(868, u32::from(minor % 40), u32::from(net % 12)),
        num_frames: usize::from(frames % 8),
        max_channels: 1023,
        is_lan: minor & 0x80 != 0,
        is_rl_223: net & 0x80 != 0,
        objects: &objects,
        net_cache: &cache,
    };
    if let Ok(decoded) = network::read_frames(&ctx, stream) {
        let bytes = network::write_frames(&ctx, &decoded).expect("decoded frames encode");
        assert_eq!(bytes, stream, "rewrite differs");
    }
});
