//! Every class layout on real corpus objects (decode, write, decode again, and the whole file
//! byte-identical), then hostile variants of those objects' class data: every truncation and huge
//! or negative counts at every offset must give an error (so the object falls back to raw bytes),
//! never a panic or an allocation sized by the count.

use std::collections::BTreeMap;

use snapshots::alloc::{Counting, peak_during_on_this_thread, serial};

use super::{ClassContext, CustomData, DECODERS, Fallback, decoder, read};
use crate::SatisfactoryFile;
use crate::objects::properties::Contexts;
use crate::objects::{ObjectData, ObjectHeader, SaveObject};
use crate::reader::Reader;
use crate::versions::Scope;

#[global_allocator]
static ALLOC: Counting = Counting::system();

/// Files that together hold every layout (the test checks that they do).
const FILES: &[&str] = &[
    "saves/FreshStartU8001-vehicles-2.sav",
    "saves/structuralsolutions-1.sav",
    "saves/Another-1-2.sav",
    "saves/Ported-11-to-12-Exp.sav",
    "saves/Unlock-1.1.sav",
    "blueprints/BlueprintWithHeaderV1.sbp",
];

/// A decoded object's class data as written, with what is needed to decode it again.
struct Sample {
    class: String,
    header: ObjectHeader,
    scope: Scope,
    bytes: Vec<u8>,
}

fn objects(file: &SatisfactoryFile) -> Vec<(&SaveObject, Scope)> {
    match file {
        SatisfactoryFile::Save(s) => s
            .body
            .objects()
            .map(|o| {
                let sv = o
                    .save_data
                    .as_ref()
                    .map_or(s.header.save_version, |d| d.head.save_version);
                (o, Scope::file(sv))
            })
            .collect(),
        SatisfactoryFile::Blueprint(b) => b
            .body
            .objects
            .iter()
            .map(|o| (o, Scope::file(b.header.save_version)))
            .collect(),
        SatisfactoryFile::BlueprintConfig(_) => Vec::new(),
    }
}

/// The decoded class data of `FILES` by layout, each checked to decode back from its own bytes.
fn corpus_samples() -> Option<BTreeMap<&'static str, Vec<Sample>>> {
    let dir = snapshots::corpus_subdir("satisfactory")?;
    let mut by_layout: BTreeMap<&'static str, Vec<Sample>> = BTreeMap::new();
    for name in FILES {
        let data = std::fs::read(dir.join(name)).expect("corpus file");
        let file = SatisfactoryFile::read(&data).expect("reads");
        assert!(
            file.write().expect("writes") == data,
            "{name}: not byte-identical"
        );
        for (o, scope) in objects(&file) {
            let ObjectData::Decoded(d) = &o.data else {
                continue;
            };
            let Some(layout) = decoder(o.class_name()) else {
                continue;
            };
            if let CustomData::Raw { fallback, .. } = &d.custom {
                panic!("{name}: {}: {fallback:?}", o.class_name());
            }
            let bytes = write(&d.custom, scope).expect("writes");
            let again = reread(&o.header, &bytes, scope);
            assert_eq!(again, d.custom, "{name}: {}", o.class_name());
            by_layout.entry(layout.layout).or_default().push(Sample {
                class: o.class_name().to_owned(),
                header: o.header.clone(),
                scope,
                bytes,
            });
        }
    }
    Some(by_layout)
}

/// Class data as the framework reads it (falling back to raw bytes).
fn reread(header: &ObjectHeader, bytes: &[u8], scope: Scope) -> CustomData {
    let contexts = Contexts::for_scopes([scope]);
    read(
        header,
        &mut Reader::new(bytes, 0),
        scope,
        &mut contexts.readers(),
    )
}

/// Class data as written.
fn write(data: &CustomData, scope: Scope) -> Result<Vec<u8>, crate::Error> {
    let mut out = Vec::new();
    data.put(scope, &Contexts::for_scopes([scope]), &mut out)?;
    Ok(out)
}

/// Decodes `bytes` as `class` data: the layout's error, or `Ok` when it consumed exactly all.
fn decode(class: &str, bytes: &[u8], scope: Scope) -> Result<(), String> {
    let d = decoder(class).expect("decoder");
    let mut r = Reader::new(bytes, 0);
    let contexts = Contexts::for_scopes([scope]);
    let mut readers = contexts.readers();
    let mut cx = ClassContext {
        scope,
        readers: &mut readers,
    };
    match (d.read)(&mut r, &mut cx) {
        Ok(_) if r.is_empty() => Ok(()),
        Ok(_) => Err(format!("{} bytes left", r.remaining())),
        Err(e) => Err(e.to_string()),
    }
}

/// Largest sample of at most 2 KiB per layout, the richest one a byte-by-byte test can afford.
fn hostile_inputs<'a>(samples: &'a BTreeMap<&'static str, Vec<Sample>>) -> Vec<&'a Sample> {
    samples
        .values()
        .filter_map(|v| {
            v.iter()
                .filter(|s| s.bytes.len() <= 2048)
                .max_by_key(|s| s.bytes.len())
        })
        .collect()
}

#[test]
fn every_layout_round_trips_on_corpus_objects() {
    let _guard = serial();
    let Some(samples) = corpus_samples() else {
        return;
    };
    let mut layouts: Vec<&str> = DECODERS.iter().map(|(_, d)| d.layout).collect();
    layouts.sort_unstable();
    layouts.dedup();
    let missing: Vec<&&str> = layouts
        .iter()
        .filter(|l| !samples.contains_key(**l))
        .collect();
    assert!(
        missing.is_empty(),
        "layouts without a corpus object: {missing:?}"
    );
    for (layout, v) in &samples {
        assert!(
            v.iter()
                .all(|s| decode(&s.class, &s.bytes, s.scope).is_ok()),
            "{layout}"
        );
    }
    // Dynamic structs with a property list (beams' TypeSpecificData) are among them.
    let with_struct = samples["AFGLightweightBuildableSubsystem"]
        .iter()
        .filter_map(|s| match reread(&s.header, &s.bytes, s.scope) {
            CustomData::LightweightBuildableSubsystem(l) => Some(l),
            _ => None,
        })
        .flat_map(|l| l.buildable_class_to_instance_array.entries)
        .flat_map(|(_, instances)| instances.items)
        .filter_map(|i| i.type_specific_data?.valid_struct)
        .filter(|v| {
            v.struct_instance
                .properties()
                .is_some_and(|l| !l.properties.is_empty())
        })
        .count();
    assert!(with_struct > 0, "no dynamic struct with properties");
}

#[test]
fn truncated_class_data_is_an_error() {
    let _guard = serial();
    let Some(samples) = corpus_samples() else {
        return;
    };
    for s in hostile_inputs(&samples) {
        for len in 0..s.bytes.len() {
            let prefix = &s.bytes[..len];
            assert!(
                decode(&s.class, prefix, s.scope).is_err(),
                "{}: {len} bytes",
                s.class
            );
            match reread(&s.header, prefix, s.scope) {
                CustomData::Raw {
                    bytes,
                    fallback: Fallback::DecoderFailed(_),
                } => {
                    assert_eq!(bytes, prefix)
                }
                CustomData::None if len == 0 => {}
                other => panic!("{}: {len} bytes gave {other:?}", s.class),
            }
        }
    }
}

#[test]
fn huge_and_negative_counts_are_errors_without_large_allocations() {
    let _guard = serial();
    let Some(samples) = corpus_samples() else {
        return;
    };
    let (_, probe) = peak_during_on_this_thread(|| std::hint::black_box(vec![1u8; 1 << 20]));
    assert!(probe >= 1 << 20, "the counting allocator is not installed");
    let mut count_errors = 0;
    for s in hostile_inputs(&samples) {
        for at in 0..s.bytes.len().saturating_sub(3) {
            for value in [i32::MAX, i32::MIN, -1, 0x0100_0000] {
                let mut bytes = s.bytes.clone();
                bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
                let (result, peak) =
                    peak_during_on_this_thread(|| decode(&s.class, &bytes, s.scope));
                assert!(
                    peak < 1 << 20,
                    "{}: {value} at {at}: {peak} bytes allocated",
                    s.class
                );
                if let Err(e) = result {
                    count_errors += usize::from(e.contains("exceeds the"));
                }
            }
        }
    }
    // The count checks themselves fired (not only later reads running out of data).
    assert!(count_errors > 100, "{count_errors} count errors");
}

#[test]
fn writing_fields_that_disagree_with_the_save_version_is_an_error() {
    let Some(samples) = corpus_samples() else {
        return;
    };
    let mut checked = 0;
    for s in samples.values().flatten() {
        let data = reread(&s.header, &s.bytes, s.scope);
        // The same data under the SaveVersion on the other side of each gate it depends on.
        for other in [40, 42, 47, 56, 57, 58] {
            let scope = Scope::file(other);
            if let Ok(out) = write(&data, scope) {
                // Written without complaint: then it reads back the same under that version.
                assert_eq!(reread(&s.header, &out, scope), data, "{}", s.class);
            } else {
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "no gate was ever violated");
}

#[test]
fn player_info_handle_follows_the_save_version_gates() {
    use super::types::{FPlayerInfoHandle, PlayerInfoIndex};
    use binrw::{BinRead, BinWrite, io::Cursor};
    // The document's three layouts: u8 + u8 before 57, the u8 + i32 pair twice at 57, once after.
    let cases: [(i32, &[u8]); 3] = [
        (56, &[2, 7]),
        (57, &[1, 5, 0, 0, 0, 2, 9, 0, 0, 0]),
        (58, &[3, 0x10, 0x20, 0, 0]),
    ];
    for (sv, bytes) in cases {
        let handle =
            FPlayerInfoHandle::read_le_args(&mut Cursor::new(bytes), (sv,)).expect("reads");
        let mut out = Cursor::new(Vec::new());
        handle.write_le_args(&mut out, (sv,)).expect("writes");
        assert_eq!(out.into_inner(), bytes, "SaveVersion {sv}");
        match sv {
            56 => assert_eq!(handle.legacy_player_info_table_index, Some(7)),
            57 => {
                let first = PlayerInfoIndex {
                    service_provider: 1,
                    player_info_table_index: 5,
                };
                assert_eq!(handle.duplicate, Some(first));
                assert_eq!(handle.player_info_table_index, Some(9));
            }
            _ => assert_eq!(handle.player_info_table_index, Some(0x2010)),
        }
        // One byte short is an error under every version.
        let short = &bytes[..bytes.len() - 1];
        assert!(FPlayerInfoHandle::read_le_args(&mut Cursor::new(short), (sv,)).is_err());
    }
}
