//! The command line, declared with clap: every path is an `OsString`-backed `PathBuf`, so names
//! that are not UTF-8 reach the commands intact.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use savepoint::{ReadOptions, StructHint};

use crate::input::{DEFAULT_MAX_SIZE, parse_size};

/// Inspect, check, convert and edit game saves and replays.
#[derive(Debug, Parser)]
#[command(
    name = "savepoint",
    version,
    max_term_width = 100,
    after_help = "A FILE of '-' is standard input; -o - is standard output.\n\
                  Exit status: 0 success, 1 a file failed (or `diff` found differences), 2 usage error."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Format, versions and summary of each FILE (directories recursively).
    Info {
        /// Files or directories ('-': standard input).
        #[arg(required = true, value_name = "FILE|DIR")]
        paths: Vec<PathBuf>,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// Read and rewrite each file in memory and compare the bytes.
    ///
    /// Directories are walked recursively in sorted order (MANIFEST* and README* skipped, anything
    /// that is not a regular file skipped with a note). Without paths: a built-in FreeRCT save. A
    /// file the nearest MANIFEST.tsv says must fail passes if it fails to read; formats recognised
    /// but not supported yet are skipped.
    #[command(name = "roundtrip")]
    RoundTrip {
        /// Files or directories (none: the built-in save).
        #[arg(value_name = "FILE|DIR")]
        paths: Vec<PathBuf>,
        /// Ignore corpus manifests: every error is a failure.
        #[arg(long)]
        no_manifest: bool,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// The parsed model as JSON, tagged with its format.
    ///
    /// Several files (or a directory) need --json-lines: one object per file, in sorted order, each
    /// with the file's "path" first.
    #[command(name = "to-json")]
    ToJson {
        /// Files or directories ('-': standard input).
        #[arg(required = true, value_name = "FILE|DIR")]
        paths: Vec<PathBuf>,
        #[command(flatten)]
        out: OutArgs,
        /// Indent the JSON.
        #[arg(long, conflicts_with = "json_lines")]
        pretty: bool,
        /// One JSON object per line and file, each with a "path" member.
        #[arg(long, short = 'j')]
        json_lines: bool,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// Write the file a JSON model (from to-json) describes.
    #[command(name = "from-json")]
    FromJson {
        /// The JSON ('-': standard input).
        file: PathBuf,
        #[command(flatten)]
        out: RequiredOutArgs,
        #[command(flatten)]
        limit: LimitArgs,
    },
    /// Open FILE's JSON in $EDITOR (or $VISUAL, else vi) and write FILE back if it changed.
    Edit {
        /// The file to edit in place ('-': standard input to standard output).
        file: PathBuf,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// Print one value of FILE, by a path like properties.PlayerAttributes[3].Value.
    ///
    /// A path is names and [index] steps over the JSON form; a property is named by its name, and
    /// one-member wrappers such as {"Int": 3} and the "data"/"body" levels may be left out.
    Get {
        /// The file ('-': standard input).
        file: PathBuf,
        /// The value's path; empty for the whole model.
        path: String,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// Change one value of FILE and write the result to OUT.
    ///
    /// VALUE is JSON (3, "text", [1,2], {"a":1}); text that is not JSON is taken as a string.
    Set {
        /// The file ('-': standard input).
        file: PathBuf,
        /// The value's path, as for `get`.
        path: String,
        /// The new value (may start with '-', as in -5).
        #[arg(allow_hyphen_values = true)]
        value: String,
        #[command(flatten)]
        out: RequiredOutArgs,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// List the values that differ between two files of the same format (exit 1 if any).
    Diff {
        /// The first file ('-': standard input).
        a: PathBuf,
        /// The second file.
        b: PathBuf,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// Options of every command that reads game files.
#[derive(Debug, Args)]
pub struct ReadArgs {
    /// Struct type of an Unreal map/set element the file does not record, e.g.
    /// PlayerAttributes.Key=Struct (repeatable). Type: Struct or a native struct such as Guid
    /// or Vector; the path must name a map's Key/Value or a set in the file.
    #[arg(long, value_name = "PATH=Type", value_parser = parse_hint)]
    pub hint: Vec<StructHint>,
    /// Fail on values the reader would keep as raw bytes instead of decoding.
    #[arg(long)]
    pub strict: bool,
    /// Palworld: decode the RawData byte arrays (in JSON, the "raw_data" list after the body;
    /// from-json writes them back).
    #[arg(long)]
    pub decode_raw_data: bool,
    #[command(flatten)]
    pub limit: LimitArgs,
}

impl ReadArgs {
    /// The library's read options.
    pub fn options(&self) -> ReadOptions {
        ReadOptions {
            hints: self.hint.clone(),
            strict: self.strict,
            decode_raw_data: self.decode_raw_data,
        }
    }
}

/// The input size limit.
#[derive(Debug, Args)]
pub struct LimitArgs {
    /// Refuse inputs larger than SIZE bytes (suffixes K, M, G: powers of 1024; `none`: no limit).
    #[arg(long, value_name = "SIZE", default_value = DEFAULT_MAX_SIZE, value_parser = parse_size)]
    pub max_size: u64,
}

/// An optional `-o` with `--force`.
#[derive(Debug, Args)]
pub struct OutArgs {
    /// Write here instead of standard output ('-': standard output).
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Replace OUT if it exists (never the input file itself).
    #[arg(long, short = 'f', requires = "output")]
    pub force: bool,
}

/// A required `-o` with `--force`.
#[derive(Debug, Args)]
pub struct RequiredOutArgs {
    /// Where to write the file ('-': standard output).
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,
    /// Replace OUT if it exists (never the input file itself).
    #[arg(long, short = 'f')]
    pub force: bool,
}

/// `PATH=Type` with a known type.
fn parse_hint(text: &str) -> Result<StructHint, String> {
    let hint: StructHint = text.parse().map_err(|e: savepoint::Error| e.to_string())?;
    if hint.type_name != "Struct" && !unreal::NATIVE_STRUCT_NAMES.contains(&hint.type_name.as_str())
    {
        return Err(format!(
            "unknown struct type {:?}: expected Struct (a property list) or one of {}",
            hint.type_name,
            unreal::NATIVE_STRUCT_NAMES.join(", ")
        ));
    }
    Ok(hint)
}

/// Parses the whole command line (program name first).
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli, clap::Error> {
    Cli::try_parse_from(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(line: &str) -> Result<Cli, clap::Error> {
        parse(
            std::iter::once("savepoint")
                .chain(line.split_whitespace())
                .map(OsString::from),
        )
    }

    #[test]
    fn the_declaration_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn commands_and_options() {
        let cli = parse_str("to-json a.sav -o a.json --hint A.Key=Struct --max-size 2K").unwrap();
        let Command::ToJson {
            paths, out, read, ..
        } = cli.command
        else {
            panic!("not to-json: {cli:?}");
        };
        assert_eq!(paths, [PathBuf::from("a.sav")]);
        assert_eq!(out.output, Some("a.json".into()));
        assert_eq!(read.options().hints[0].path, "A.Key");
        assert_eq!(read.limit.max_size, 2048);
        let Command::RoundTrip { paths, .. } = parse_str("roundtrip").unwrap().command else {
            panic!("not roundtrip");
        };
        assert!(paths.is_empty());
    }

    #[test]
    fn usage_errors() {
        for bad in [
            "",
            "frobnicate x",
            "info",
            "from-json a.json",
            "to-json a --hint nothing",
            "to-json a --hint A.Key=Vectr",
            "roundtrip --bogus",
            "to-json a -o",
            "to-json a -o x -o y",
            "to-json a --force",
            "to-json a --pretty --json-lines",
            "info a --no-manifest",
            "info a --max-size 12Q",
            "set a b",
            "completions tcsh",
        ] {
            assert!(parse_str(bad).is_err(), "{bad:?} should be a usage error");
        }
    }
}
