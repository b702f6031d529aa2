//! Fuzzes the Palworld RawData decoders: the input (after a mode byte choosing the path, the
//! group type and the package versions) decoded as one RawData blob must encode back to itself,
//! whatever it decodes to; and a GVAS file read from the input keeps its bytes through
//! take + apply.
#![no_main]

use gvas::palworld::{CHARACTER_PATH, GROUP_PATH, PalworldRawData, RawData};
use libfuzzer_sys::fuzz_target;
use unreal::PropertyContext;

const GROUP_TYPES: [&str; 4] = [
    "EPalGroupType::Guild",
    "EPalGroupType::IndependentGuild",
    "EPalGroupType::Organization",
    "EPalGroupType::Neutral",
];

fuzz_target!(|data: &[u8]| {
    let Some((&mode, bytes)) = data.split_first() else {
        return;
    };
    let ctx = PropertyContext::new(522, if mode & 1 != 0 { 1009 } else { 0 });
    let (path, group_type) = match (mode >> 1) % 5 {
        0 => (CHARACTER_PATH, None),
        k => (GROUP_PATH, Some(GROUP_TYPES[usize::from(k - 1)])),
    };
    let raw = RawData::decode(path, group_type, bytes, &ctx);
    assert_eq!(raw.encode(&ctx).expect("a decoded blob encodes"), bytes);

    if let Ok(mut save) = gvas::read(data) {
        let Ok(original) = gvas::write(&save) else {
            return;
        };
        let raw = PalworldRawData::take(&mut save.body);
        raw.apply(&mut save.body).expect("the blobs go back");
        assert_eq!(gvas::write(&save).expect("writes"), original);
    }
});
