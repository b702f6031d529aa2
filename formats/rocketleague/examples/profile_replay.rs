//! Runs one replay operation N times, for callgrind instruction counts:
//! `valgrind --tool=callgrind target/release/examples/profile_replay read FILE 3`. The
//! difference between runs of 3 and 1 halved is one operation's count, free of the setup; the
//! calls to `malloc` in callgrind's call tree count the allocations the same way.
//!
//! Modes: `read` (full parse, CRCs, every frame, and dropping the replay), `container` (parse
//! without the network), `write` (encode a parsed replay, network included), `json` (the JSON of a
//! parsed replay). `write` and `json` work on a replay parsed before the counted runs. The
//! program also prints the peak heap of one full parse as a multiple of the file size.

use rocketleague::{NetworkParse, ParserBuilder};
use snapshots::alloc::{Counting, peak_during};

#[global_allocator]
static ALLOCATOR: Counting = Counting::system();

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let [_, mode, path, runs] = args.as_slice() else {
        return Err("usage: profile_replay read|container|write|json FILE RUNS".into());
    };
    let runs: usize = runs.parse()?;
    let data = std::fs::read(path)?;
    let parsed = rocketleague::read(&data)?;
    let mut check = 0usize;
    for _ in 0..runs {
        check += match mode.as_str() {
            "read" => rocketleague::read(&data).map(|r| r.body.keyframes.len())?,
            "container" => ParserBuilder::new(&data)
                .network_parse(NetworkParse::Never)
                .parse()
                .map(|r| r.body.keyframes.len())?,
            "write" => rocketleague::write(&parsed)?.len(),
            "json" => {
                let mut out = Vec::new();
                parsed.write_json(&mut out)?;
                out.len()
            }
            _ => return Err(format!("unknown mode {mode}").into()),
        };
    }
    drop(parsed);
    let (replay, peak) = peak_during(|| rocketleague::read(&data));
    drop(replay?);
    println!(
        "{mode} {path}: {runs} runs (check {check}); peak heap of a full parse {peak} bytes \
         ({:.2}x the file)",
        peak as f64 / data.len() as f64,
    );
    Ok(())
}
