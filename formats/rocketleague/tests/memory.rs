//! Peak heap while reading a replay, as a multiple of the file size: under 3x for the full
//! parse (network frames included) and under 2x without the network stream, on every good replay
//! (plus a fixed allowance); and
//! hostile input does not make the container layer reserve memory the input does not justify.
//! The counters are process-wide, so the tests here run one at a time.

mod common;

use rocketleague::{CrcCheck, NetworkParse, ParserBuilder};
use snapshots::alloc::{Counting, peak_during, serial};

#[global_allocator]
static ALLOCATOR: Counting = Counting::system();

/// Heap any parse may need whatever the file size (tables, small buffers); it dominates only for
/// the few replays of a few kilobytes.
const FIXED_ALLOWANCE: usize = 64 * 1024;

/// Bound on the full parse (CRCs, header, body, footer and every decoded frame), in quarters of
/// the file size: 3x. The corpus peaks at 2.93x (51235.replay, whose start is denser than the
/// rest, so its lists grow past their final size; every other replay over 64 KiB is at 2.90x or
/// below).
const FULL_PARSE_QUARTERS: usize = 12;

/// Bound on the parse that keeps the network stream raw, in quarters of the file size (2x): the
/// container model is the stream bytes plus small lists, so anything near 2x means the container
/// layer copies or over-reserves.
const CONTAINER_QUARTERS: usize = 8;

/// Replays below this size are truncated and corrupted at many offsets.
const HOSTILE_SAMPLE_SIZE: usize = 60_000;

fn peak_of(data: &[u8], network: NetworkParse) -> usize {
    let (replay, peak) = peak_during(|| ParserBuilder::new(data).network_parse(network).parse());
    assert!(replay.is_ok(), "good replay parses");
    drop(replay);
    peak
}

#[test]
fn peak_memory_is_bounded_by_file_size() {
    let _serial = serial();
    let Some(files) = common::corpus("good") else {
        return;
    };
    let mut over = Vec::new();
    for (name, data) in &files {
        let full = peak_of(data, NetworkParse::Always);
        let raw = peak_of(data, NetworkParse::Never);
        let ratio = |peak: usize| peak as f64 / data.len() as f64;
        eprintln!(
            "{name}: {} bytes, peak {full} full ({:.2}x), {raw} without network ({:.2}x)",
            data.len(),
            ratio(full),
            ratio(raw),
        );
        for (what, peak, quarters) in [
            ("full parse", full, FULL_PARSE_QUARTERS),
            ("parse without network", raw, CONTAINER_QUARTERS),
        ] {
            if 4 * peak >= quarters * data.len() + 4 * FIXED_ALLOWANCE {
                over.push(format!(
                    "{name}: {what} peak {peak} bytes ({:.2}x) for a {} byte file, bound {:.2}x",
                    ratio(peak),
                    data.len(),
                    quarters as f64 / 4.0
                ));
            }
        }
    }
    assert!(over.is_empty(), "{}", over.join("\n"));
}

/// Truncated and corrupted small replays parsed without the network stream (CRCs skipped, so the
/// damage reaches the decoders): the container layer never reserves more than the input justifies.
#[test]
fn hostile_input_allocates_in_proportion() {
    let _serial = serial();
    let Some(files) = common::corpus("good") else {
        return;
    };
    let mut over = Vec::new();
    for (name, data) in files.iter().filter(|(_, d)| d.len() < HOSTILE_SAMPLE_SIZE) {
        let step = (data.len() / 200).max(1);
        for at in (0..data.len()).step_by(step) {
            let mut variants = vec![(format!("truncated to {at}"), data[..at].to_vec())];
            for pattern in [0xFF, 0x80, 0x00] {
                let mut corrupt = data.clone();
                corrupt[at] ^= pattern | 1;
                variants.push((format!("byte {at} ^ {:#04x}", pattern | 1), corrupt));
            }
            for (what, input) in variants {
                let (_, peak) = peak_during(|| {
                    ParserBuilder::new(&input)
                        .crc_check(CrcCheck::Never)
                        .network_parse(NetworkParse::Never)
                        .parse()
                });
                if 4 * peak >= CONTAINER_QUARTERS * data.len() + 4 * FIXED_ALLOWANCE {
                    over.push(format!("{name} {what}: peak {peak} bytes"));
                }
            }
        }
    }
    assert!(over.is_empty(), "{}", over.join("\n"));
}

/// Dropping a replay returns every byte its parse allocated: the frame lists forget the attribute
/// updates and actor segments that own no heap data instead of dropping them, and a value owning
/// heap data that were forgotten too would leak on every parse. Three parses and drops in a row
/// then peak higher than one.
#[test]
fn dropping_a_replay_frees_everything_it_allocated() {
    let _serial = serial();
    let Some(files) = common::corpus("good") else {
        return;
    };
    let parse_and_drop = |data: &[u8], times: usize| {
        peak_during(|| {
            for _ in 0..times {
                drop(
                    ParserBuilder::new(data)
                        .parse()
                        .expect("good replay parses"),
                );
            }
        })
        .1
    };
    let mut leaking = Vec::new();
    for (name, data) in &files {
        let (once, thrice) = (parse_and_drop(data, 1), parse_and_drop(data, 3));
        if thrice > once {
            leaking.push(format!(
                "{name}: peak {once} bytes once, {thrice} three times"
            ));
        }
    }
    assert!(leaking.is_empty(), "{}", leaking.join("\n"));
}
