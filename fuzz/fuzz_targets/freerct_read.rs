//! Fuzzes `freerct::read`; whatever reads must write back byte for byte.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(save) = freerct::read(data) {
        let written = freerct::write(&save).expect("a save that was read can be written");
        assert_eq!(written, data);
    }
});
