//! `cargo run --release -p savepoint-bench -- [format...]`: throughput benchmarks over the corpus.
//! With no arguments every format runs; `--list` prints the names.

use std::process::ExitCode;

use savepoint_bench::{FORMATS, harness::Harness};
use snapshots::alloc;

#[global_allocator]
static ALLOCATOR: alloc::Counting = alloc::Counting;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        for (name, _) in FORMATS {
            println!("{name}");
        }
        return ExitCode::SUCCESS;
    }
    if let Some(unknown) = args.iter().find(|a| !FORMATS.iter().any(|(n, _)| n == a)) {
        let names: Vec<&str> = FORMATS.iter().map(|(n, _)| *n).collect();
        eprintln!(
            "unknown format {unknown:?}; available: {}",
            names.join(", ")
        );
        return ExitCode::from(2);
    }
    let mut harness = Harness::from_env();
    for (name, run) in FORMATS {
        if args.is_empty() || args.iter().any(|a| a == name) {
            println!("== {name}");
            run(&mut harness);
        }
    }
    ExitCode::SUCCESS
}
