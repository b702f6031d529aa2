//! Fuzzes Satisfactory blueprint configs (`.sbpcfg`) and file-kind detection: whatever reads must
//! write back the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(config) = satisfactory::BlueprintConfig::read(data) {
        assert_eq!(config.write().expect("writes"), data);
    }
    if let Some(kind) = satisfactory::detect(data) {
        if let Ok(file) = satisfactory::SatisfactoryFile::read_as(kind, data) {
            assert_eq!(file.write().expect("writes"), data);
        }
    }
});
