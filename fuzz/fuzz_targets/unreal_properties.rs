//! Fuzzes the Unreal property-list reader in every tag format, lenient and strict; whatever parses
//! must pass the writer's checks (value shapes, nesting bounds) and write back to the bytes it was
//! read from.
#![no_main]

use libfuzzer_sys::fuzz_target;
use unreal::{PropertyContext, PropertyList};

fuzz_target!(|data: &[u8]| {
    let Some((&mode, body)) = data.split_first() else {
        return;
    };
    let package_ue5 = [0, 1009, 1011, 1012][(mode & 3) as usize];
    let mut ctx = PropertyContext::new(522, package_ue5);
    ctx.strict = mode & 4 != 0;
    if let Ok((list, used)) = PropertyList::read(body, 0, &ctx) {
        let mut out = Vec::new();
        if let Err(e) = list.write(&ctx, &mut out) {
            panic!("the writer refuses what the reader took: {e}");
        }
        assert_eq!(out, body[..used]);
    }
});
