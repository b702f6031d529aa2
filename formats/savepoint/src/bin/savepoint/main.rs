//! The `savepoint` command-line tool: inspect, round-trip and convert game files.
//! Run `savepoint --help` for usage.

mod args;
mod commands;
mod manifest;
mod walk;

use std::process::ExitCode;

use args::Command;

fn main() -> ExitCode {
    let command = match args::parse(std::env::args().skip(1)) {
        Ok(command) => command,
        Err(message) => {
            eprintln!("savepoint: {message}\n\n{}", args::USAGE);
            return ExitCode::from(2);
        }
    };
    let result = match command {
        Command::Help => {
            println!("{}", args::USAGE);
            Ok(true)
        }
        Command::Info { file, options } => commands::info(&file, &options),
        Command::RoundTrip {
            paths,
            options,
            no_manifest,
        } => commands::round_trip(&paths, &options, !no_manifest),
        Command::ToJson {
            file,
            out,
            pretty,
            options,
        } => commands::to_json(&file, out.as_deref(), pretty, &options),
        Command::FromJson { file, out } => commands::from_json(&file, &out),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("savepoint: {message}");
            ExitCode::FAILURE
        }
    }
}
