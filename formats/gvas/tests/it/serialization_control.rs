//! The serialization-control byte UE 5.4+ writes before the root property list (FileVersionUE5
//! >= 1011), on real UE 5.3 files raised across the threshold by byte surgery (tests/common).

use crate::common;

use common::{add_tag_extensions, corpus, header_end, with_ue5};
use gvas::{SaveFile, SerializationControl};

/// A UE 5.3 save (FileVersionUE5 1009): a delegate, two nested property-list structs, an int.
const FILE: &str = "vector2d.sav";

/// `file` raised to FileVersionUE5 1011: `control` after the header, and a zero extension byte
/// after every property tag.
fn raised_to_1011(file: &[u8], control: &[u8]) -> Vec<u8> {
    let raised = with_ue5(file, 1011);
    let at = header_end(&raised);
    let (list, end) = add_tag_extensions(&raised, at, &[0]);
    let mut out = raised[..at].to_vec();
    out.extend_from_slice(control);
    out.extend_from_slice(&list);
    out.extend_from_slice(&raised[end..]);
    out
}

fn names(save: &SaveFile) -> Vec<String> {
    let props = &save.properties().properties;
    props
        .iter()
        .map(|p| p.tag.name.as_str().to_owned())
        .collect()
}

/// Reads `bytes` strictly, and checks the write, the JSON round trip and the raw-value count.
fn read_round_trip(bytes: &[u8]) -> SaveFile {
    let strict = gvas::ReadOptions {
        strict: true,
        ..Default::default()
    };
    let save = gvas::read_with(bytes, &strict).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        gvas::write(&save).expect("writes") == bytes,
        "written file differs"
    );
    let json = serde_json::to_string(&save).expect("serializes");
    let back: SaveFile = serde_json::from_str(&json).expect("JSON reads back");
    assert_eq!(back, save);
    assert!(gvas::write(&back).expect("JSON model writes") == bytes);
    assert_eq!(save.body.raw_fallbacks(), 0);
    save
}

#[test]
fn version_1010_has_no_control_byte() {
    let Some(file) = corpus(FILE) else { return };
    let original = gvas::read(&file).expect("corpus file reads");
    let bytes = with_ue5(&file, 1010);
    let save = read_round_trip(&bytes);
    assert_eq!(save.body.header.package_ue5(), 1010);
    assert_eq!(save.body.serialization_control, None);
    assert_eq!(save.body.properties, original.body.properties);
    let json = serde_json::to_string(&save).expect("serializes");
    assert!(
        !json.contains("serialization_control"),
        "absent from JSON below 1011"
    );
}

#[test]
fn version_1011_reads_the_control_byte() {
    let Some(file) = corpus(FILE) else { return };
    let original = gvas::read(&file).expect("corpus file reads");
    let bytes = raised_to_1011(&file, &[0]);
    assert_eq!(bytes[header_end(&bytes)], 0);
    // The control byte and one extension byte per tag (4 at the root, more nested).
    assert!(
        bytes.len() > file.len() + 5,
        "{} -> {}",
        file.len(),
        bytes.len()
    );
    let save = read_round_trip(&bytes);
    assert_eq!(
        save.body.serialization_control,
        Some(SerializationControl::NONE)
    );
    assert_eq!(names(&save), names(&original));
    assert_eq!(
        save.properties().get("HighScore").map(|p| &p.value),
        original.properties().get("HighScore").map(|p| &p.value)
    );
    let line = save
        .summary()
        .into_iter()
        .find(|(k, _)| *k == "serialization_control");
    assert_eq!(line, Some(("serialization_control", "0x00".to_owned())));
}

#[test]
fn overridable_operation_follows_bit_0x02() {
    let Some(file) = corpus(FILE) else { return };
    let bytes = raised_to_1011(&file, &[0x02, 0x01]);
    let save = read_round_trip(&bytes);
    let control = save.body.serialization_control.expect("present at 1011");
    assert_eq!(control.extensions, 0x02);
    assert_eq!(control.overridable_operation, Some(1));
    assert_eq!(names(&save), names(&gvas::read(&file).unwrap()));
}

#[test]
fn missing_control_byte_is_an_error_at_the_list_start() {
    let Some(file) = corpus(FILE) else { return };
    // The property list of a 1011 file without the byte: its first name length is read as flags.
    let bytes = raised_to_1011(&file, &[]);
    let err = gvas::read(&bytes).expect_err("a name length is not a control byte");
    assert!(err.path.contains("serialization_control"), "{err}");
    assert_eq!(err.offset, header_end(&bytes), "{err}");
}

#[test]
fn unknown_extension_bits_are_refused_by_reader_and_writer() {
    let Some(file) = corpus(FILE) else { return };
    for flags in [0x01, 0x04, 0x80] {
        let bytes = raised_to_1011(&file, &[flags]);
        let err = gvas::read(&bytes).expect_err("unknown bits announce unknown data");
        assert!(err.path.contains("serialization_control"), "{err}");
        assert_eq!(err.offset, header_end(&bytes), "{err}");
        assert!(err.message.contains("unknown"), "{err}");
    }
    let mut save = gvas::read(&raised_to_1011(&file, &[0])).unwrap();
    save.body.serialization_control = Some(SerializationControl {
        extensions: 0x05,
        overridable_operation: None,
    });
    let err = gvas::write(&save).expect_err("unknown bits");
    assert!(err.to_string().contains("serialization_control"), "{err}");
}

#[test]
fn writer_checks_presence_against_the_version() {
    let Some(file) = corpus(FILE) else { return };
    let at = header_end(&file);
    let mut new = gvas::read(&raised_to_1011(&file, &[0])).unwrap();
    new.body.serialization_control = None;
    let err = gvas::write(&new).expect_err("1011 needs the control byte");
    assert!(err.path.contains("serialization_control"), "{err}");
    assert_eq!(err.offset, at);

    let mut old = gvas::read(&file).unwrap();
    old.body.serialization_control = Some(SerializationControl::NONE);
    let err = gvas::write(&old).expect_err("1009 has no control byte");
    assert!(err.path.contains("serialization_control"), "{err}");

    let mut half = gvas::read(&raised_to_1011(&file, &[0])).unwrap();
    half.body.serialization_control = Some(SerializationControl {
        extensions: 0x02,
        overridable_operation: None,
    });
    let err = gvas::write(&half).expect_err("bit 0x02 announces an operation byte");
    assert!(err.to_string().contains("overridable_operation"), "{err}");
}

#[test]
fn large_ue53_file_across_the_threshold() {
    let Some(file) = corpus("string_table_entry.sav") else {
        return;
    };
    let original = gvas::read(&file).expect("corpus file reads");
    for bytes in [with_ue5(&file, 1010), raised_to_1011(&file, &[0])] {
        let save = read_round_trip(&bytes);
        assert_eq!(names(&save), names(&original));
    }
}
