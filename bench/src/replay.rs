//! Rocket League over all good corpus replays, against boxcars 0.13 on the same bytes in the same
//! run: full parse (header, body, footer, every network frame, CRCs checked), the parse without the
//! network stream, writing (boxcars has none: compared with memcpy), and peak heap per file.

use std::process::ExitCode;

use crate::harness::{Harness, Throughput, corpus_files};
use rocketleague::{NetworkParse, ParserBuilder};

/// How many times ours and boxcars' medians are taken in turn.
const ALTERNATIONS: usize = 3;

/// The corpus bound on peak heap reported here, in multiples of the file size on top of
/// [`FIXED_ALLOWANCE`] (the rocketleague memory test holds the full parse to 3x).
const MEMORY_BOUND: usize = 5;

/// Heap any parse may use whatever the file size (tables, small buffers): it dominates the ratio
/// of the few tiny replays, so the largest ratio is reported over files bigger than this.
const FIXED_ALLOWANCE: usize = 64 * 1024;

/// Benchmarks `rocketleague::read` / `rocketleague::write` over `rocketleague/good`.
pub fn run(h: &mut Harness) {
    let named: Vec<(String, Vec<u8>)> = corpus_files("rocketleague/good")
        .iter()
        .filter_map(|path| {
            let name = path.file_name()?.to_string_lossy().into_owned();
            Some((name, std::fs::read(path).ok()?))
        })
        .collect();
    let files: Vec<&[u8]> = named.iter().map(|(_, data)| data.as_slice()).collect();
    let replays: Vec<rocketleague::Replay> = files
        .iter()
        .filter_map(|data| rocketleague::read(data).ok())
        .collect();
    if replays.len() != files.len() || files.is_empty() {
        println!(
            "skipped: {} of {} replays parse",
            replays.len(),
            files.len()
        );
        return;
    }
    let all: Vec<u8> = files.concat();
    println!("{} replays, {} bytes", files.len(), all.len());
    full_parse(h, &files, &all);
    container_parse(h, &files, &all);
    write(h, &files, &replays, &all);
    let header_only = || {
        files
            .iter()
            .filter(|d| ParserBuilder::new(d).parse_header().is_ok())
            .count()
    };
    h.report("header-only parse", &all, header_only);
    h.report("CRC of every file", &all, || {
        files
            .iter()
            .map(|d| rocketleague::crc::checksum(d))
            .fold(0, |a, c| a ^ c)
    });
    peak_memory(&named);
}

fn full_parse(h: &Harness, files: &[&[u8]], all: &[u8]) {
    let ours = || {
        files
            .iter()
            .filter(|d| rocketleague::read(d).is_ok())
            .count()
    };
    let boxcars = || files.iter().filter(|d| parse_boxcars(d)).count();
    alternated(h, "full parse (CRCs, network)", all, ours, boxcars);
}

fn container_parse(h: &Harness, files: &[&[u8]], all: &[u8]) {
    let ours = || {
        files
            .iter()
            .filter(|d| {
                ParserBuilder::new(d)
                    .network_parse(NetworkParse::Never)
                    .parse()
                    .is_ok()
            })
            .count()
    };
    let boxcars = || {
        files
            .iter()
            .filter(|d| {
                boxcars::ParserBuilder::new(d)
                    .always_check_crc()
                    .never_parse_network_data()
                    .parse()
                    .is_ok()
            })
            .count()
    };
    alternated(h, "parse without network (CRCs)", all, ours, boxcars);
}

fn write(h: &Harness, files: &[&[u8]], replays: &[rocketleague::Replay], all: &[u8]) {
    h.report("write (network encoded)", all, || {
        replays
            .iter()
            .map(|r| rocketleague::write(r).map_or(0, |b| b.len()))
            .sum::<usize>()
    });
    let raw: Vec<rocketleague::Replay> = files
        .iter()
        .filter_map(|d| {
            ParserBuilder::new(d)
                .network_parse(NetworkParse::Never)
                .parse()
                .ok()
        })
        .collect();
    h.report("write (network kept raw)", all, || {
        raw.iter()
            .map(|r| rocketleague::write(r).map_or(0, |b| b.len()))
            .sum::<usize>()
    });
}

/// `profile-replay ours|boxcars FILE RUNS`: the full parse of the bench (CRCs, every frame) of
/// one file, RUNS times, by either parser, for callgrind: the difference between counts of 3 runs
/// and of 1, halved, is one parse without the setup, the same way on both sides.
pub fn profile(args: &[String]) -> ExitCode {
    let [parser, path, runs] = args else {
        eprintln!("usage: savepoint-bench profile-replay ours|boxcars FILE RUNS");
        return ExitCode::from(2);
    };
    let (Ok(data), Ok(runs)) = (std::fs::read(path), runs.parse::<usize>()) else {
        eprintln!("cannot read {path:?} or RUNS {runs:?} is not a count");
        return ExitCode::from(2);
    };
    let parse: Parse = match parser.as_str() {
        "ours" => |d| rocketleague::read(d).is_ok(),
        "boxcars" => parse_boxcars,
        _ => {
            eprintln!("unknown parser {parser:?}: ours or boxcars");
            return ExitCode::from(2);
        }
    };
    let parsed = (0..runs).filter(|_| parse(&data)).count();
    println!("{parser} {path}: {parsed} of {runs} parses succeeded");
    if parsed == runs {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// boxcars' full parse as the bench times it: CRCs checked, every network frame.
fn parse_boxcars(data: &[u8]) -> bool {
    boxcars::ParserBuilder::new(data)
        .always_check_crc()
        .must_parse_network_data()
        .parse()
        .is_ok()
}

/// Takes the median time of boxcars and of ours in turn, [`ALTERNATIONS`] times, and prints the
/// best median of each: on a shared machine the load drifts, so alternating keeps both sides
/// exposed to the same conditions, and the best median drops rounds another process disturbed.
fn alternated<R, S>(
    h: &Harness,
    label: &str,
    all: &[u8],
    mut ours: impl FnMut() -> R,
    mut boxcars: impl FnMut() -> S,
) {
    let faster = |a: Option<Throughput>, b: Throughput| match a {
        Some(a) if a.median <= b.median => Some(a),
        _ => Some(b),
    };
    let (mut best_ours, mut best_theirs) = (None, None);
    for _ in 0..ALTERNATIONS {
        best_theirs = faster(best_theirs, h.time(all.len(), &mut boxcars));
        best_ours = faster(best_ours, h.time(all.len(), &mut ours));
    }
    if let (Some(ours), Some(theirs)) = (best_ours, best_theirs) {
        println!(
            "{label}: {:.1} MB/s, {:.2}x boxcars (boxcars {:.1} MB/s; best of {ALTERNATIONS} \
             alternated medians; {} bytes)",
            ours.mb_per_s(),
            ours.mb_per_s() / theirs.mb_per_s(),
            theirs.mb_per_s(),
            all.len(),
        );
    }
}

/// A parse whose peak heap is measured; true when it succeeds.
type Parse = fn(&[u8]) -> bool;

/// Peak heap of one parse of each file, as a multiple of the file size: the largest ratio with
/// its file, for the full parse, the parse without network, and boxcars' full parse.
fn peak_memory(named: &[(String, Vec<u8>)]) {
    let parsers: [(&str, Parse); 3] = [
        ("full parse", |d| rocketleague::read(d).is_ok()),
        ("parse without network", |d| {
            ParserBuilder::new(d)
                .network_parse(NetworkParse::Never)
                .parse()
                .is_ok()
        }),
        ("boxcars full parse", |d| {
            boxcars::ParserBuilder::new(d)
                .must_parse_network_data()
                .parse()
                .is_ok()
        }),
    ];
    for (label, parse) in parsers {
        let peaks: Vec<(&str, usize, usize)> = named
            .iter()
            .filter_map(|(name, data)| {
                let (ok, peak) = snapshots::alloc::peak_during(|| parse(data));
                ok.then_some((name.as_str(), data.len(), peak))
            })
            .collect();
        let over = peaks
            .iter()
            .filter(|(_, len, peak)| *peak >= MEMORY_BOUND * len + FIXED_ALLOWANCE)
            .count();
        let ratio = |len: usize, peak: usize| peak as f64 / len as f64;
        let largest = peaks
            .iter()
            .filter(|(_, len, _)| *len > FIXED_ALLOWANCE)
            .max_by(|a, b| ratio(a.1, a.2).total_cmp(&ratio(b.1, b.2)));
        if let Some((name, len, peak)) = largest {
            println!(
                "peak heap, {label}: max {:.2}x file size ({name}, {len} bytes); {over} of {} \
                 files over {MEMORY_BOUND}x + {} KiB",
                ratio(*len, *peak),
                peaks.len(),
                FIXED_ALLOWANCE / 1024,
            );
        }
    }
}
