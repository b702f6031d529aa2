//! Deterministic mutation of corpus files (seeded, a few thousand cases per format), run by CI:
//! no panic or abort; a refused file gets one error line naming the format and an offset; a
//! mutated file that parses is written back byte-identical, also after a trip through JSON.
//!
//! Mutations go where a parser will see them: replays get their section CRCs recomputed (else
//! nearly every mutation dies at the CRC check), and compressed GVAS files are mutated inside the
//! decompressed body, which is then read as a body and written back through the container.

use savepoint::{AnyFile, Format, ReadOptions};

/// Cases per format, spread over its files.
const CASES_PER_FORMAT: usize = 3000;

/// xorshift64*: small, seeded, the same sequence on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Values that break counts, sizes and indices more often than random ones.
const INTERESTING: [u32; 8] = [0, 1, 0x7f, 0x80, 0xff, 0xffff, 0x7fff_ffff, 0xffff_ffff];

/// One random edit: a bit flip, an interesting byte or word, a deletion, an insertion, a
/// duplicated run or a truncation.
fn mutate(rng: &mut Rng, data: &mut Vec<u8>) {
    if data.is_empty() {
        data.push(rng.next() as u8);
        return;
    }
    let at = rng.below(data.len());
    match rng.below(7) {
        0 => data[at] ^= 1 << rng.below(8),
        1 => data[at] = INTERESTING[rng.below(INTERESTING.len())] as u8,
        2 => {
            let word = INTERESTING[rng.below(INTERESTING.len())].to_le_bytes();
            let end = (at + 4).min(data.len());
            data[at..end].copy_from_slice(&word[..end - at]);
        }
        3 => {
            let end = (at + 1 + rng.below(8)).min(data.len());
            data.drain(at..end);
        }
        4 => data.insert(at, rng.next() as u8),
        5 => {
            let end = (at + 1 + rng.below(16)).min(data.len());
            let run = data[at..end].to_vec();
            data.splice(at..at, run);
        }
        _ => data.truncate(at),
    }
}

/// An error must be one line, start with one of `prefixes` (the format) and give an offset.
fn check_error(text: &str, prefixes: &[&str], case: &str) {
    assert!(
        !text.contains(['\n', '\r', '\x1b']),
        "{case}: error on more than one line or with escapes: {text:?}"
    );
    assert!(
        prefixes.iter().any(|p| text.starts_with(p)),
        "{case}: error does not name the format: {text}"
    );
    assert!(
        text.contains(" at 0x") || text.contains(" offset 0x"),
        "{case}: error without an offset: {text}"
    );
}

/// Reads `bytes` as `format`; parsed, it must write back identically, directly and via JSON.
fn check_file(format: Format, bytes: &[u8], prefixes: &[&str], case: &str) -> bool {
    match AnyFile::read_as(format, bytes, &ReadOptions::default()) {
        Ok(file) => {
            let written = file
                .write()
                .unwrap_or_else(|e| panic!("{case}: read but not written: {e}"));
            assert!(written == bytes, "{case}: round trip differs");
            let json = file
                .to_json()
                .unwrap_or_else(|e| panic!("{case}: to_json: {e}"));
            let back =
                AnyFile::from_json(&json).unwrap_or_else(|e| panic!("{case}: from_json: {e}"));
            assert!(
                back.write().unwrap() == bytes,
                "{case}: JSON round trip differs"
            );
            true
        }
        Err(e) => {
            check_error(&e.to_string(), prefixes, case);
            false
        }
    }
}

fn corpus(paths: &[&str]) -> Option<Vec<(String, Vec<u8>)>> {
    let dir = snapshots::corpus_dir()?;
    Some(
        paths
            .iter()
            .map(|p| {
                (
                    p.to_string(),
                    std::fs::read(dir.join(p)).expect("corpus file"),
                )
            })
            .collect(),
    )
}

/// Mutates each file in turn (1-3 edits per case) and checks it with `check`; returns how many
/// cases parsed, so a run that never gets past the first check is noticed.
fn run(
    seed: u64,
    files: &[(String, Vec<u8>)],
    mut check: impl FnMut(&[u8], &str) -> bool,
) -> usize {
    let mut rng = Rng(seed);
    let mut parsed = 0;
    for case in 0..CASES_PER_FORMAT {
        let (name, original) = &files[case % files.len()];
        let mut data = original.clone();
        for _ in 0..1 + rng.below(3) {
            mutate(&mut rng, &mut data);
        }
        parsed += usize::from(check(&data, &format!("{name} case {case} (seed {seed})")));
    }
    eprintln!("seed {seed:#x}: {parsed} of {CASES_PER_FORMAT} mutated files parsed");
    parsed
}

#[test]
fn freerct_mutations() {
    let Some(files) = corpus(&[
        "freerct/bundled/main_menu.fct",
        "freerct/played/s1_y1_05.fct",
    ]) else {
        return;
    };
    let parsed = run(0x5eed_0001, &files, |data, case| {
        check_file(Format::FreeRct, data, &["freerct: "], case)
    });
    assert!(parsed > 0, "no mutated FreeRCT file parsed");
}

#[test]
fn gvas_mutations() {
    let Some(files) = corpus(&[
        "gvas/Slot1.sav",
        "gvas/Options.sav",
        "gvas/Delegate.sav",
        "gvas/tagcontainer.sav",
        "gvas/regression_01.bin",
        "gvas/package_version_525.sav",
        "gvas/vector2d.sav",
    ]) else {
        return;
    };
    let parsed = run(0x5eed_0002, &files, |data, case| {
        check_file(Format::Gvas, data, &["gvas: "], case)
    });
    assert!(parsed > 0, "no mutated GVAS file parsed");
}

/// Mutations inside the decompressed body of a Palworld save, recompressed on write.
#[test]
fn compressed_gvas_body_mutations() {
    let Some(files) = corpus(&["gvas/palworld_zlib.sav"]) else {
        return;
    };
    let options = gvas::ReadOptions::default();
    let save = gvas::read(&files[0].1).expect("palworld_zlib.sav reads");
    let body = vec![(
        "palworld_zlib.sav body".to_owned(),
        save.body.write().unwrap(),
    )];
    let parsed = run(
        0x5eed_0003,
        &body,
        |data, case| match gvas::GvasBody::read(data, &options) {
            Ok(read) => {
                assert!(
                    read.write().unwrap() == data,
                    "{case}: body round trip differs"
                );
                let mut file = save.clone();
                file.body = read;
                let written = gvas::write(&file).unwrap_or_else(|e| panic!("{case}: {e}"));
                let back = gvas::read(&written).unwrap_or_else(|e| panic!("{case}: {e}"));
                assert!(
                    back.body.write().unwrap() == data,
                    "{case}: recompressed body differs"
                );
                let json = serde_json::to_string(&back).unwrap();
                let from_json: gvas::SaveFile = savepoint::AnyFile::from_json(&format!(
                    "{{\"format\":\"gvas\",\"data\":{json}}}"
                ))
                .map(|file| match file {
                    AnyFile::Gvas(save) => *save,
                    _ => unreachable!("tagged gvas"),
                })
                .unwrap_or_else(|e| panic!("{case}: {e}"));
                assert!(
                    gvas::write(&from_json).unwrap() == written,
                    "{case}: JSON differs"
                );
                true
            }
            Err(e) => {
                check_error(&e.to_string(), &["gvas: "], case);
                false
            }
        },
    );
    assert!(parsed > 0, "no mutated body parsed");
}

/// Recomputes both section CRCs where the section sizes still fit the file.
fn fix_crcs(data: &mut [u8]) {
    let mut at = 0;
    for _ in 0..2 {
        let Some(size) = data.get(at..at + 4) else {
            return;
        };
        let size = u32::from_le_bytes(size.try_into().unwrap()) as usize;
        let Some(section) = data.get(at + 8..).and_then(|rest| rest.get(..size)) else {
            return;
        };
        let crc = rocketleague::crc::checksum(section);
        data[at + 4..at + 8].copy_from_slice(&crc.to_le_bytes());
        at += 8 + size;
    }
}

#[test]
fn replay_mutations() {
    let Some(files) = corpus(&[
        "rocketleague/good/6688.replay",
        "rocketleague/good/no-frames.replay",
        "rocketleague/good/small-frames.replay",
    ]) else {
        return;
    };
    let parsed = run(0x5eed_0004, &files, |data, case| {
        let mut data = data.to_vec();
        fix_crcs(&mut data);
        check_file(Format::RocketLeague, &data, &["rocketleague: "], case)
    });
    assert!(parsed > 0, "no mutated replay parsed");
}
