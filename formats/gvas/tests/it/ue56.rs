//! A UE 5.6 SaveGame: the header of a real UE 5.3 save raised by byte surgery to FileVersionUE5
//! 1017, engine 5.6.1 and a FFortniteMainBranchObjectVersion past SoftObjectPathUtf8SubPaths, then
//! the serialization-control byte and a root list of complete-type-name tags assembled by hand.

use crate::common;

use common::{corpus, header_end, with_ue5};
use gvas::{PropertyValue, SaveFile, SerializationControl};

/// `FFortniteMainBranchObjectVersion`'s key as stored (four little-endian u32).
const FORTNITE_MAIN: [u32; 4] = [0x601D_1886, 0xAC64_4F84, 0xAA16_D3DE, 0x0DEA_C7D6];

fn fstr(s: &str) -> Vec<u8> {
    let mut out = ((s.len() + 1) as i32).to_le_bytes().to_vec();
    out.extend_from_slice(s.as_bytes());
    out.push(0);
    out
}

fn int(v: i32) -> Vec<u8> {
    v.to_le_bytes().to_vec()
}

/// A type-name tree node.
fn tree(name: &str, params: &[Vec<u8>]) -> Vec<u8> {
    [fstr(name), int(params.len() as i32), params.concat()].concat()
}

/// A UE 5.4+ tag and its value.
fn prop(name: &str, ty: Vec<u8>, flags: u8, value: Vec<u8>) -> Vec<u8> {
    [fstr(name), ty, int(value.len() as i32), vec![flags], value].concat()
}

fn none() -> Vec<u8> {
    fstr("None")
}

/// The header of `file` as a UE 5.6.1 save with FortniteMain version 200.
fn header_56(file: &[u8]) -> Vec<u8> {
    let mut h = with_ue5(file, 1017)[..header_end(file)].to_vec();
    h[18..20].copy_from_slice(&6u16.to_le_bytes());
    h[20..22].copy_from_slice(&1u16.to_le_bytes());
    let branch = b"++UE5+Release-5.";
    let at = h
        .windows(branch.len())
        .position(|w| w == branch)
        .expect("branch");
    h[at + branch.len()] = b'6';
    let key: Vec<u8> = FORTNITE_MAIN.iter().flat_map(|v| v.to_le_bytes()).collect();
    let at = h
        .windows(16)
        .position(|w| w == key)
        .expect("FortniteMain key")
        + 16;
    h[at..at + 4].copy_from_slice(&200i32.to_le_bytes());
    h
}

/// The root list: values of most kinds a 5.6 save holds, nested lists without control bytes.
fn root_list() -> Vec<u8> {
    let core = tree("/Script/CoreUObject", &[]);
    let game = tree("/Script/Game", &[]);
    let doubles: Vec<u8> = [1.5f64, -2.0, 3.25]
        .iter()
        .flat_map(|f| f.to_le_bytes())
        .collect();
    let stats = [prop("Kills", tree("IntProperty", &[]), 0, int(4)), none()].concat();
    let item = [prop("Count", tree("IntProperty", &[]), 0, int(2)), none()].concat();
    let map = [int(0), int(1), fstr("Sword"), item].concat();
    let soft = [
        fstr("/Game/Items/Sword"),
        fstr("Sword"),
        int(5),
        b"Blade".to_vec(),
    ]
    .concat();
    [
        prop("SlotName", tree("StrProperty", &[]), 0, fstr("Slot1")),
        prop("Level", tree("IntProperty", &[]), 0, int(12)),
        prop("Alive", tree("BoolProperty", &[]), 0x10, vec![]),
        prop(
            "Position",
            tree("StructProperty", &[tree("Vector", &[core])]),
            0x08,
            doubles,
        ),
        prop("Weapon", tree("SoftObjectProperty", &[]), 0, soft),
        prop(
            "Stats",
            tree(
                "StructProperty",
                &[tree("PlayerStats", std::slice::from_ref(&game))],
            ),
            0,
            stats,
        ),
        prop(
            "Inventory",
            tree(
                "MapProperty",
                &[
                    tree("NameProperty", &[]),
                    tree("StructProperty", &[tree("ItemData", &[game])]),
                ],
            ),
            0,
            map,
        ),
        prop("Unsaved", tree("IntProperty", &[]), 0x20, vec![]),
        none(),
    ]
    .concat()
}

fn file_56() -> Option<Vec<u8>> {
    let file = corpus("vector2d.sav")?;
    Some([header_56(&file), vec![0], root_list(), int(0)].concat())
}

fn read_strict(bytes: &[u8]) -> SaveFile {
    let strict = gvas::ReadOptions {
        strict: true,
        ..Default::default()
    };
    gvas::read_with(bytes, &strict).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn ue56_save_reads_and_writes_byte_exact() {
    let Some(bytes) = file_56() else { return };
    let save = read_strict(&bytes);
    assert!(gvas::write(&save).unwrap() == bytes, "written file differs");
    let json = serde_json::to_string(&save).unwrap();
    let back: SaveFile = serde_json::from_str(&json).unwrap();
    assert_eq!(back, save);
    assert!(gvas::write(&back).unwrap() == bytes);
    assert_eq!(save.body.raw_fallbacks(), 0);
    let summary = save.summary();
    let line = |k: &str| {
        summary
            .iter()
            .find(|(key, _)| *key == k)
            .map(|(_, v)| v.clone())
    };
    assert_eq!(line("package_ue5").as_deref(), Some("1017"));
    assert_eq!(line("raw_fallbacks").as_deref(), Some("0"));
    assert_eq!(line("root_properties").as_deref(), Some("8"));
    assert!(line("engine").unwrap().starts_with("5.6.1 "), "{summary:?}");
    assert_eq!(
        save.body.serialization_control,
        Some(SerializationControl::NONE)
    );
}

#[test]
fn ue56_values_decode() {
    let Some(bytes) = file_56() else { return };
    let save = read_strict(&bytes);
    let p = save.properties();
    let value = |name: &str| &p.get(name).unwrap_or_else(|| panic!("{name}")).value;
    assert_eq!(
        value("SlotName"),
        &PropertyValue::Str(gvas::FString::new("Slot1"))
    );
    assert_eq!(value("Level"), &PropertyValue::Int(12));
    assert_eq!(value("Alive"), &PropertyValue::Bool(true));
    let PropertyValue::SoftObject(weapon) = value("Weapon") else {
        panic!("{:?}", value("Weapon"));
    };
    assert_eq!(weapon.sub_path.as_str(), "Blade");
    assert_eq!(weapon.asset.as_ref().map(|a| a.as_str()), Some("Sword"));
    let PropertyValue::Map(inventory) = value("Inventory") else {
        panic!("{:?}", value("Inventory"));
    };
    assert_eq!(inventory.entries.len(), 1);
    assert_eq!(
        inventory.entries[0].0,
        PropertyValue::Name(gvas::FName::from("Sword"))
    );
    assert!(p.get("Unsaved").unwrap().tag.is_skipped());
    assert_eq!(value("Unsaved"), &PropertyValue::Skipped);
}

#[test]
fn ue56_edit_writes_the_expected_bytes() {
    let Some(bytes) = file_56() else { return };
    let mut save = read_strict(&bytes);
    save.properties_mut().properties[1].value = PropertyValue::Int(0x0102_0304);
    let written = gvas::write(&save).unwrap();
    let expected = {
        let tag = [fstr("Level"), tree("IntProperty", &[]), int(4), vec![0]].concat();
        let at = bytes
            .windows(tag.len())
            .position(|w| w == tag)
            .expect("Level tag")
            + tag.len();
        assert_eq!(bytes[at..at + 4], int(12));
        let mut e = bytes.clone();
        e[at..at + 4].copy_from_slice(&0x0102_0304i32.to_le_bytes());
        e
    };
    assert!(written == expected, "only the Level value changes");
}

#[test]
fn before_utf8_sub_paths_the_same_bytes_are_refused() {
    let Some(mut bytes) = file_56() else { return };
    // FortniteMain 191: sub-paths are FStrings, and "Blade" without its NUL is not one.
    let key: Vec<u8> = FORTNITE_MAIN.iter().flat_map(|v| v.to_le_bytes()).collect();
    let at = bytes.windows(16).position(|w| w == key).unwrap() + 16;
    bytes[at..at + 4].copy_from_slice(&191i32.to_le_bytes());
    let strict = gvas::ReadOptions {
        strict: true,
        ..Default::default()
    };
    let err = gvas::read_with(&bytes, &strict).expect_err("FString form");
    assert!(err.path.contains("Weapon"), "{err}");
    // Lenient: the value is kept as raw bytes and the file still writes back unchanged.
    let save = gvas::read(&bytes).unwrap();
    assert_eq!(save.body.raw_fallbacks(), 1);
    assert!(gvas::write(&save).unwrap() == bytes);
}

/// The file as the game stores it: UE compressed chunks (v2 header, zlib) around a `u32`
/// length and the GVAS bytes.
#[test]
fn ue56_save_in_compressed_chunks() {
    use unreal::chunked::{ArchiveHeader, ChunkLayout, ChunkedArchive, DeflateParams};
    let Some(body) = file_56() else { return };
    let payload = [int(body.len() as i32), body.clone()].concat();
    let header = ArchiveHeader {
        v2_compressor: Some(3),
        max_chunk_size: 0x20000,
    };
    let params = DeflateParams::default();
    let archive =
        ChunkedArchive::new(header, ChunkLayout::SingleArchive, &payload, params).unwrap();
    let mut file = Vec::new();
    archive.write(&payload, params, &mut file).unwrap();
    let save = read_strict(&file);
    assert_eq!(save.body, read_strict(&body).body);
    assert!(gvas::write(&save).unwrap() == file);
}

/// Every truncation and every single-byte corruption of the UE 5.6 file (control byte, complete
/// type names, flags, extensions, UTF-8 lengths) gives a value or an error with an offset, and
/// whatever reads writes back the same bytes.
#[test]
fn ue56_hostile_bytes_never_panic() {
    let Some(bytes) = file_56() else { return };
    let check = |data: &[u8]| match gvas::read(data) {
        Ok(save) => assert!(gvas::write(&save).is_ok_and(|w| w == data), "round trip"),
        Err(e) => assert!(e.to_string().contains(" offset 0x"), "{e}"),
    };
    for len in 0..bytes.len() {
        check(&bytes[..len]);
    }
    for at in header_end(&bytes)..bytes.len() {
        for value in [0x00, 0x01, 0x7F, 0x80, 0xFF] {
            let mut data = bytes.clone();
            data[at] = value;
            check(&data);
        }
    }
}
