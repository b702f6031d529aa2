//! `cargo run --profile dist -p savepoint-bench -- [format...]`: throughput benchmarks over the corpus.
//! With no arguments every format runs; `--list` prints the names. `profile-replay ours|boxcars
//! FILE RUNS` parses one replay RUNS times, for callgrind instruction counts of both parsers;
//! `profile-gvas RUNS [FILE...]` reads decompressed GVAS bodies RUNS times, for callgrind
//! instruction counts of two builds.

use std::process::ExitCode;

use savepoint_bench::{FORMATS, harness::Harness};
use snapshots::alloc;

/// The allocator the savepoint CLI ships with, under the heap counter.
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOCATOR: alloc::Counting<mimalloc::MiMalloc> = alloc::Counting::over(mimalloc::MiMalloc);

/// `--features system-alloc`: the system allocator, for comparison.
#[cfg(feature = "system-alloc")]
#[global_allocator]
static ALLOCATOR: alloc::Counting = alloc::Counting::system();

/// The allocator timed, printed first so figures from two builds are not confused.
const ALLOCATOR_NAME: &str = if cfg!(feature = "system-alloc") {
    "system (glibc malloc)"
} else {
    "mimalloc (as the savepoint CLI)"
};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [command, rest @ ..] = args.as_slice() {
        match command.as_str() {
            "profile-replay" => return savepoint_bench::replay::profile(rest),
            "profile-gvas" => return savepoint_bench::gvas::profile(rest),
            _ => {}
        }
    }
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
    println!("allocator: {ALLOCATOR_NAME}");
    for (name, run) in FORMATS {
        if args.is_empty() || args.iter().any(|a| a == name) {
            println!("== {name}");
            run(&mut harness);
        }
    }
    ExitCode::SUCCESS
}
