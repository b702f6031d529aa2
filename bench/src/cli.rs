//! The `savepoint to-json --json-lines` pipeline over the good corpus replays, in files per second,
//! against rrrocket's pipeline built the same way from boxcars 0.13 (rrrocket itself is not on
//! crates.io): parse with network data, one serde_json line per replay, parallel over files
//! (the CLI's [`savepoint::ordered`]), lines written in file order to /dev/null, each side's lines written into buffers
//! reused across files as the CLI's are (savepoint's `Buffers`); boxcars is also timed with a
//! new buffer per line, as rrrocket allocates one. Parse and JSON writing are also timed apart.

use std::io::Write;
use std::time::Duration;

use savepoint::{AnyFile, Buffers, ReadOptions};

use crate::harness::{Harness, corpus_files};

/// A corpus file: its name and bytes.
type Named = (String, Vec<u8>);
/// One side's work on a file: its JSON line, appended to the buffer given.
type LineFn<'a> = &'a (dyn Fn(&Named, &mut Vec<u8>) + Sync);

/// Benchmarks the JSON-lines pipeline of both sides.
pub fn run(h: &mut Harness) {
    let files: Vec<Named> = corpus_files("rocketleague/good")
        .iter()
        .filter_map(|path| {
            let name = path.file_name()?.to_str()?.to_owned();
            Some((name, std::fs::read(path).ok()?))
        })
        .collect();
    if files.is_empty() {
        return;
    }
    let total: usize = files.iter().map(|(_, b)| b.len()).sum();
    println!(
        "{} replays, {total} bytes, {} threads",
        files.len(),
        rayon::current_num_threads()
    );
    let options = ReadOptions::default();
    let ours = |(name, bytes): &Named, line: &mut Vec<u8>| {
        let file = AnyFile::read(bytes, Some(name), &options).expect("a good replay");
        file.write_json(line).expect("JSON");
        line.push(b'\n');
    };
    let boxcars = |(_, bytes): &Named, line: &mut Vec<u8>| {
        let replay = boxcars::ParserBuilder::new(bytes)
            .must_parse_network_data()
            .parse()
            .expect("a good replay");
        serde_json::to_writer(&mut *line, &replay).expect("JSON");
        line.push(b'\n');
    };
    let json_bytes = |f: LineFn<'_>| -> usize {
        let mut line = Vec::new();
        files
            .iter()
            .map(|file| {
                line.clear();
                f(file, &mut line);
                line.len()
            })
            .sum()
    };
    println!(
        "JSON written: savepoint {} bytes ({:.1}x input), boxcars {} bytes ({:.1}x input)",
        json_bytes(&ours),
        json_bytes(&ours) as f64 / total as f64,
        json_bytes(&boxcars),
        json_bytes(&boxcars) as f64 / total as f64
    );
    let theirs = h.time(total, || pipeline(&files, &boxcars, true));
    let theirs_new = h.time(total, || pipeline(&files, &boxcars, false));
    let mine = h.time(total, || pipeline(&files, &ours, true));
    let per_second = |d: Duration| files.len() as f64 / d.as_secs_f64().max(1e-12);
    let ratio = |d: Duration| d.as_secs_f64() / mine.median.as_secs_f64().max(1e-12);
    println!(
        "to-json --json-lines, every frame: {:.1} files/s, {:.2}x boxcars + serde_json ({:.1} files/s), \
         {:.2}x boxcars with a new buffer per line ({:.1} files/s)",
        per_second(mine.median),
        ratio(theirs.median),
        per_second(theirs.median),
        ratio(theirs_new.median),
        per_second(theirs_new.median),
    );
    breakdown(h, &files, total, &options);
}

/// Runs `line` over every file on every thread and writes the lines in order to /dev/null, as
/// the CLI does; with `reuse`, a line's buffer is handed back for a later file once written (the
/// CLI's [`Buffers`]), else dropped.
fn pipeline(files: &[Named], line: LineFn<'_>, reuse: bool) -> usize {
    let mut sink = std::fs::File::create("/dev/null").expect("/dev/null");
    let buffers = Buffers::default();
    let mut written = 0;
    let threads = rayon::current_num_threads();
    let work = |file: &Named| {
        let mut buffer = buffers.take();
        line(file, &mut buffer);
        buffer
    };
    let outcome = savepoint::ordered(files, threads, work, |_, l: Vec<u8>| {
        sink.write_all(&l)?;
        written += l.len();
        if reuse {
            buffers.give(l);
        }
        Ok::<(), std::io::Error>(())
    });
    outcome.expect("write to /dev/null");
    written
}

/// Parse alone and JSON writing alone, single-threaded, for both sides: which one dominates.
fn breakdown(h: &Harness, files: &[Named], total: usize, options: &ReadOptions) {
    let ours: Vec<AnyFile> = files
        .iter()
        .map(|(name, b)| AnyFile::read(b, Some(name), options).expect("a good replay"))
        .collect();
    let theirs: Vec<boxcars::Replay> = files
        .iter()
        .map(|(_, b)| {
            boxcars::ParserBuilder::new(b)
                .must_parse_network_data()
                .parse()
                .expect("a good replay")
        })
        .collect();
    let parse_ours = h.time(total, || {
        files
            .iter()
            .filter(|(name, b)| AnyFile::read(b, Some(name), options).is_ok())
            .count()
    });
    let parse_theirs = h.time(total, || {
        files
            .iter()
            .filter(|(_, b)| {
                boxcars::ParserBuilder::new(b)
                    .must_parse_network_data()
                    .parse()
                    .is_ok()
            })
            .count()
    });
    let json_ours = h.time(total, || {
        ours.iter()
            .map(|f| {
                let mut json = Vec::new();
                f.write_json(&mut json).map_or(0, |()| json.len())
            })
            .sum::<usize>()
    });
    let json_theirs = h.time(total, || {
        theirs
            .iter()
            .map(|r| serde_json::to_vec(r).map_or(0, |j| j.len()))
            .sum::<usize>()
    });
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "one thread, all replays: savepoint parse {:.0} ms + JSON {:.0} ms; boxcars parse {:.0} ms + serde_json {:.0} ms",
        ms(parse_ours.median),
        ms(json_ours.median),
        ms(parse_theirs.median),
        ms(json_theirs.median),
    );
}
