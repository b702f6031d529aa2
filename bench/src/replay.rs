//! Rocket League: full parse (header, body, footer, every network frame, CRCs checked) and write
//! throughput over all good corpus replays, against boxcars 0.13 parsing the same bytes in the same
//! run (boxcars has no writer, so writing is compared with memcpy and with our own parse).

use crate::harness::{Harness, corpus_files};

/// Benchmarks `rocketleague::read` / `rocketleague::write` over `rocketleague/good`.
pub fn run(h: &mut Harness) {
    let files: Vec<Vec<u8>> = corpus_files("rocketleague/good")
        .iter()
        .filter_map(|path| std::fs::read(path).ok())
        .collect();
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
    let parse_ours = || {
        files
            .iter()
            .map(|d| rocketleague::read(d).is_ok())
            .filter(|ok| *ok)
            .count()
    };
    let parse_boxcars = || {
        files
            .iter()
            .map(|d| {
                boxcars::ParserBuilder::new(d)
                    .always_check_crc()
                    .must_parse_network_data()
                    .parse()
                    .is_ok()
            })
            .filter(|ok| *ok)
            .count()
    };
    println!(
        "{} replays, {} bytes; boxcars parses {}",
        files.len(),
        all.len(),
        parse_boxcars()
    );
    h.report_vs(
        "full parse, all good replays",
        &all,
        parse_ours,
        ("boxcars", parse_boxcars),
    );
    interleaved_best(&all, 5, parse_ours, parse_boxcars);
    let write_all = || {
        replays
            .iter()
            .map(|r| rocketleague::write(r).map_or(0, |b| b.len()))
            .sum::<usize>()
    };
    h.report("write, all good replays", &all, write_all);
    let container_ours = || {
        files
            .iter()
            .filter(|d| {
                rocketleague::ParserBuilder::new(d)
                    .network_parse(rocketleague::NetworkParse::Never)
                    .parse()
                    .is_ok()
            })
            .count()
    };
    let container_boxcars = || {
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
    h.report_vs(
        "parse without network (CRCs checked)",
        &all,
        container_ours,
        ("boxcars", container_boxcars),
    );
    let raw: Vec<rocketleague::Replay> = files
        .iter()
        .filter_map(|d| {
            rocketleague::ParserBuilder::new(d)
                .network_parse(rocketleague::NetworkParse::Never)
                .parse()
                .ok()
        })
        .collect();
    h.report("write without network encoding", &all, || {
        raw.iter()
            .map(|r| rocketleague::write(r).map_or(0, |b| b.len()))
            .sum::<usize>()
    });
    h.report("CRC of every file", &all, || {
        files
            .iter()
            .map(|d| rocketleague::crc::checksum(d))
            .fold(0, |a, c| a ^ c)
    });
    let header_only = || {
        files
            .iter()
            .filter(|d| rocketleague::ParserBuilder::new(d).parse_header().is_ok())
            .count()
    };
    h.report("header-only parse, all good replays", &all, header_only);
    if let Some(largest) = files.iter().max_by_key(|d| d.len()) {
        h.report_peak_memory("full parse of the largest replay", largest.len(), || {
            rocketleague::read(largest)
        });
    }
}

/// Times `ours` and `boxcars` alternately, `rounds` times each, and prints the best of each: on
/// a shared machine the load changes between two back-to-back measurements, so alternating them
/// and keeping the fastest run gives a steadier ratio than two separate medians.
fn interleaved_best<R, S>(
    all: &[u8],
    rounds: usize,
    mut ours: impl FnMut() -> R,
    mut boxcars: impl FnMut() -> S,
) {
    let best = |f: &mut dyn FnMut(), best: &mut f64| {
        let t = std::time::Instant::now();
        f();
        *best = best.min(t.elapsed().as_secs_f64());
    };
    let (mut b_ours, mut b_theirs) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..rounds {
        best(&mut || drop(std::hint::black_box(boxcars())), &mut b_theirs);
        best(&mut || drop(std::hint::black_box(ours())), &mut b_ours);
    }
    let mb = |secs: f64| all.len() as f64 / secs.max(1e-12) / 1e6;
    println!(
        "full parse, interleaved best of {rounds}: {:.1} MB/s, {:.2}x boxcars (boxcars {:.1} MB/s)",
        mb(b_ours),
        b_theirs / b_ours,
        mb(b_theirs),
    );
}
