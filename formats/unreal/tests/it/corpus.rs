//! Property lists of the GVAS corpus: read strictly (no raw fallback), write back byte for byte, and
//! survive a JSON round trip. The GVAS header is skipped with a minimal walk here; the gvas crate owns it.

use std::path::PathBuf;
use unreal::{PropertyContext, PropertyList, PropertyValue};

fn corpus_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/gvas");
    if dir.is_dir() {
        return Some(dir);
    }
    if std::env::var_os("CI").is_some() {
        panic!("corpus missing: {}", dir.display());
    }
    eprintln!("skipped: corpus not found at {}", dir.display());
    None
}

struct Walk<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Walk<'_> {
    fn i32(&mut self) -> i32 {
        let v = i32::from_le_bytes(self.data[self.pos..self.pos + 4].try_into().unwrap());
        self.pos += 4;
        v
    }

    fn skip_fstring(&mut self) {
        let n = self.i32();
        self.pos += if n < 0 { (-n as usize) * 2 } else { n as usize };
    }
}

/// Returns (package UE4, package UE5, offset of the root property list).
fn skip_header(data: &[u8]) -> (u32, u32, usize) {
    let mut w = Walk { data, pos: 4 };
    let save_version = w.i32();
    let ue4 = w.i32() as u32;
    let ue5 = if save_version >= 3 { w.i32() as u32 } else { 0 };
    w.pos += 2 * 3 + 4;
    w.skip_fstring();
    w.i32();
    let n = w.i32() as usize;
    w.pos += n * 20;
    w.skip_fstring();
    (ue4, ue5, w.pos)
}

/// The GVAS bytes of a plain file or of a Palworld "PlZ" wrapper (zlib once or twice).
fn gvas_body(file: Vec<u8>) -> Vec<u8> {
    use std::io::Read;
    if file.len() < 12 || &file[8..11] != b"PlZ" {
        return file;
    }
    let inflate = |b: &[u8]| {
        let mut out = Vec::new();
        flate2::read::ZlibDecoder::new(b)
            .read_to_end(&mut out)
            .unwrap();
        out
    };
    let once = inflate(&file[12..]);
    if file[11] == 0x32 {
        inflate(&once)
    } else {
        once
    }
}

fn count_raw(list: &PropertyList) -> usize {
    list.properties
        .iter()
        .filter(|p| matches!(p.value, PropertyValue::Raw(_)))
        .count()
}

#[test]
fn corpus_property_lists_round_trip() {
    let Some(dir) = corpus_dir() else { return };
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    let mut passed = 0;
    let mut failures = Vec::new();
    for path in names {
        let data = gvas_body(std::fs::read(&path).unwrap());
        if !data.starts_with(b"GVAS") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (ue4, ue5, start) = skip_header(&data);
        let mut ctx = PropertyContext::new(ue4, ue5);
        ctx.strict = true;
        if name == "SaveSlot_03.sav" && std::env::var_os("NO_HINTS").is_none() {
            ctx.hints.insert("PlayerAttributes.Key", "Struct");
        }
        let (list, used) = match PropertyList::read(&data[start..], start, &ctx) {
            Ok(v) => v,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let mut out = Vec::new();
        list.write(&ctx, &mut out).unwrap();
        if out != data[start..start + used] {
            let at = out
                .iter()
                .zip(&data[start..])
                .position(|(a, b)| a != b)
                .unwrap_or(out.len());
            failures.push(format!("{name}: written bytes differ at {:#x}", start + at));
            continue;
        }
        let json = serde_json::to_string(&list).unwrap();
        let back: PropertyList = serde_json::from_str(&json).unwrap();
        assert_eq!(back, list, "{name}: JSON round trip");
        assert_eq!(count_raw(&list), 0, "{name}: strict read kept raw values");
        eprintln!("{name}: ok, {} trailing bytes", data.len() - start - used);
        passed += 1;
    }
    assert!(
        failures.is_empty(),
        "{passed} passed, failures:\n{}",
        failures.join("\n")
    );
}

/// Truncated and corrupted property lists give Ok or Err, never a panic, in both modes.
#[test]
fn corpus_truncated_and_corrupted() {
    let Some(dir) = corpus_dir() else { return };
    for name in [
        "SaveSlot_03.sav",
        "Delegate.sav",
        "string_table_entry.sav",
        "tagcontainer.sav",
        "vector2d.sav",
    ] {
        let data = gvas_body(std::fs::read(dir.join(name)).unwrap());
        let (ue4, ue5, start) = skip_header(&data);
        let body = &data[start..];
        let (_, used) = PropertyList::read(body, start, &PropertyContext::new(ue4, ue5)).unwrap();
        let len = used.min(12_000);
        for strict in [false, true] {
            let mut ctx = PropertyContext::new(ue4, ue5);
            ctx.strict = strict;
            let step = (len / 400).max(1);
            for cut in (0..len).step_by(step) {
                assert!(
                    PropertyList::read(&body[..cut], start, &ctx).is_err(),
                    "{name}: truncated at {cut} parsed"
                );
            }
            let mut copy = body[..len].to_vec();
            for at in (0..len).step_by(step) {
                for flip in [0xffu8, 0x80, 0x01] {
                    let old = copy[at];
                    copy[at] ^= flip;
                    if let Ok((list, used)) = PropertyList::read(&copy, start, &ctx) {
                        let mut out = Vec::new();
                        if list.write(&ctx, &mut out).is_ok() {
                            assert_eq!(
                                out,
                                copy[..used],
                                "{name}: corrupted at {at} did not round trip"
                            );
                        }
                    }
                    copy[at] = old;
                }
            }
        }
    }
}
