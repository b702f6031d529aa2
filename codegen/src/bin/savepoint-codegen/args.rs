//! The command line, declared with clap (as the `savepoint` command's): paths are `PathBuf`s, so
//! names that are not UTF-8 reach the commands intact.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

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
    /// Write one Rust module per schema into DIR.
    ///
    /// The kaitai backend also writes DIR/ks_runtime.rs (the support code) and DIR/mod.rs. The
    /// binrw backend writes DIR/<meta id>.rs per schema and nothing else (the schemas they
    /// import are read for their types, but get a module only when listed too).
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
        /// The emitter.
        #[arg(long, value_enum, default_value_t = Backend::Kaitai)]
        backend: Backend,
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

/// Which emitter `generate` uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Backend {
    /// Any supported Kaitai schema, as types over the ks_runtime.rs support module.
    Kaitai,
    /// Plain #[binrw] types for the -savepoint-* subset.
    Binrw,
}

/// Where absolute imports are looked up.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// A folder searched for absolute imports such as /common/riff (repeatable); relative
    /// imports are found beside the schema.
    #[arg(short = 'I', long = "import-path", value_name = "IMPORT_DIR")]
    pub import_paths: Vec<PathBuf>,
}

impl ImportArgs {
    /// The generator's options.
    pub fn options(&self) -> savepoint_codegen::Options {
        savepoint_codegen::Options {
            import_paths: self.import_paths.clone(),
        }
    }
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
        let cli =
            parse_str("generate a.ksy b.ksy -o out --check -I x -I y --backend binrw").unwrap();
        let Command::Generate {
            schemas,
            output,
            check,
            backend,
            imports,
        } = cli.command
        else {
            panic!("not generate: {cli:?}");
        };
        assert_eq!(schemas, [PathBuf::from("a.ksy"), PathBuf::from("b.ksy")]);
        assert_eq!(output, PathBuf::from("out"));
        assert!(check);
        assert_eq!(backend, Backend::Binrw);
        assert_eq!(
            imports.options().import_paths,
            [PathBuf::from("x"), "y".into()]
        );
        let Command::Generate { backend, check, .. } =
            parse_str("generate a.ksy -o o").unwrap().command
        else {
            panic!("not generate");
        };
        assert_eq!((backend, check), (Backend::Kaitai, false));
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
            "generate a.ksy -o out --backend rust",
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
