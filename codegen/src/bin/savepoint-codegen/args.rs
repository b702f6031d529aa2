//! The command line, declared with clap (as the `savepoint` command's): paths are `PathBuf`s, so
//! names that are not UTF-8 reach the commands intact.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// Kaitai Struct schemas (.ksy) to Rust types that read and write, byte-exact.
#[derive(Debug, Parser)]
#[command(
    name = "savepoint-codegen",
    version,
    max_term_width = 100,
    after_help = "Exit status: 0 success, 1 a schema or file failed (or --check found stale \
                  files), 2 usage error."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Write one #[binrw] Rust module per schema into DIR.
    ///
    /// DIR/<meta id>.rs per schema and nothing else: the schemas they import are read for their
    /// types, but get a module only when listed too.
    Generate {
        /// The schemas.
        #[arg(required = true, value_name = "SCHEMA.ksy")]
        schemas: Vec<PathBuf>,
        /// The folder the modules are written to.
        #[arg(short, long, value_name = "DIR")]
        output: PathBuf,
        /// Write nothing; list each stale file and exit 1 when DIR differs from what the schemas
        /// generate.
        #[arg(long)]
        check: bool,
        #[command(flatten)]
        imports: ImportArgs,
    },
    /// Read each FILE with SCHEMA, write it back and compare the bytes.
    ///
    /// One line per file (`ok`, `ok (parsed N of M bytes)` when the schema describes a prefix,
    /// `differs at offset N` or `error: ...`), then `N passed, M failed`. The generated code is
    /// built in a scratch crate under target/savepoint-codegen, cached between runs.
    #[command(name = "roundtrip")]
    RoundTrip {
        /// The schema.
        #[arg(value_name = "SCHEMA.ksy")]
        schema: PathBuf,
        /// The files to read.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        #[command(flatten)]
        imports: ImportArgs,
    },
    /// Print FILE parsed with SCHEMA as JSON.
    Dump {
        /// The schema.
        #[arg(value_name = "SCHEMA.ksy")]
        schema: PathBuf,
        /// The file to read.
        file: PathBuf,
        #[command(flatten)]
        imports: ImportArgs,
    },
}

/// Where absolute imports are looked up.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// A folder searched for absolute imports such as /common/riff (repeatable); relative
    /// imports are found beside the schema.
    #[arg(short = 'I', long = "import-path", value_name = "IMPORT_DIR")]
    pub import_paths: Vec<PathBuf>,
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
            std::iter::once("savepoint-codegen")
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
        let cli = parse_str("generate a.ksy b.ksy -o out --check -I x -I y").unwrap();
        let Command::Generate {
            schemas,
            output,
            check,
            imports,
        } = cli.command
        else {
            panic!("not generate: {cli:?}");
        };
        assert_eq!(schemas, [PathBuf::from("a.ksy"), PathBuf::from("b.ksy")]);
        assert_eq!(output, PathBuf::from("out"));
        assert!(check);
        assert_eq!(imports.import_paths, [PathBuf::from("x"), "y".into()]);
        let Command::Generate { check, .. } = parse_str("generate a.ksy -o o").unwrap().command
        else {
            panic!("not generate");
        };
        assert!(!check);
        let Command::RoundTrip { schema, files, .. } =
            parse_str("roundtrip s.ksy f1 f2").unwrap().command
        else {
            panic!("not roundtrip");
        };
        assert_eq!((schema, files.len()), (PathBuf::from("s.ksy"), 2));
    }

    #[test]
    fn usage_errors() {
        for bad in [
            "",
            "frobnicate x",
            "generate",
            "generate a.ksy",
            "generate -o out",
            "generate a.ksy -o out --backend binrw",
            "generate a.ksy -o out -I",
            "roundtrip s.ksy",
            "roundtrip s.ksy f --check",
            "dump s.ksy",
            "dump s.ksy f g",
            "dump s.ksy f --backend binrw",
        ] {
            assert!(parse_str(bad).is_err(), "{bad:?} should be a usage error");
        }
    }
}
