//! Fuzzes `gvas::read` on raw bytes (any container); whatever reads must write back identically.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(save) = gvas::read(data) {
        let written = gvas::write(&save).expect("a save that was read can be written");
        assert_eq!(written, data);
    }
});
