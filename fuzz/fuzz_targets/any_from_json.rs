//! `from_json` on arbitrary text (best seeded with `to-json` output of small files): it never
//! overflows the stack or panics, and whatever model it accepts and writes is a file savepoint
//! reads back to the same bytes (the writers refuse what their readers would not take).
#![no_main]

use libfuzzer_sys::fuzz_target;
use savepoint::{AnyFile, ReadOptions};

fuzz_target!(|data: &[u8]| {
    let Ok(json) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = AnyFile::from_json(json) else {
        return;
    };
    let Ok(bytes) = file.write() else {
        return;
    };
    let back = AnyFile::read_as(file.format(), &bytes, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("a file savepoint wrote does not read back: {e}"));
    assert_eq!(back.write().expect("writes again"), bytes);
});
