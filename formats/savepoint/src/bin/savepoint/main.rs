//! The `savepoint` command-line tool: inspect, round-trip, convert and edit game files.
//! Run `savepoint --help` for usage.

mod args;
mod batch;
mod commands;
mod edit;
mod input;
mod manifest;
mod output;
mod tree;
mod walk;

use std::io::Write;
use std::process::ExitCode;

use args::Command;
use commands::Stop;

/// Reads allocate many small values (a Satisfactory save makes ~130K allocations), which mimalloc
/// serves faster than the system allocator.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Exit status of a usage error.
const EXIT_USAGE: u8 = 2;

fn main() -> ExitCode {
    let cli = match args::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    match run(cli.command) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(Stop::Failed(message)) => {
            output::warn(&message);
            ExitCode::FAILURE
        }
        Err(Stop::Usage(message)) => {
            output::warn(&format!("{message}\n\nFor more information, try '--help'."));
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// Prints clap's help, version or usage error (help and version on stdout, which may be a
/// closed pipe; errors on stderr, which may be closed) and returns its exit status.
fn clap_exit(e: &clap::Error) -> ExitCode {
    let text = e.render().to_string();
    if e.use_stderr() {
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
        return ExitCode::from(EXIT_USAGE);
    }
    match output::print(&text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            output::warn(&message);
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> commands::Outcome {
    match command {
        Command::Info { paths, read } => commands::info(&paths, &read),
        Command::RoundTrip {
            paths,
            no_manifest,
            read,
        } => commands::round_trip(&paths, &read, !no_manifest),
        Command::ToJson {
            paths,
            out,
            pretty,
            json_lines,
            read,
        } => commands::to_json(&paths, &out, pretty, json_lines, &read),
        Command::FromJson { file, out, limit } => commands::from_json(&file, &out, limit.max_size),
        Command::Edit { file, read } => commands::edit(&file, &read),
        Command::Get { file, path, read } => commands::get(&file, &path, &read),
        Command::Set {
            file,
            path,
            value,
            out,
            read,
        } => commands::set(&file, &path, &value, &out, &read),
        Command::Diff { a, b, read } => commands::diff(&a, &b, &read),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut args::Cli::command(), "savepoint", &mut script);
            output::print_bytes(&script)?;
            Ok(true)
        }
    }
}
