//! Hand-rolled argument parsing: four subcommands with a few options do not need a framework.

use std::path::PathBuf;

use savepoint::{ReadOptions, StructHint};

/// Printed for `--help` and after every usage error.
pub const USAGE: &str = "\
usage:
  savepoint info FILE [--hint PATH=Type]...
      format, versions and summary of FILE
  savepoint roundtrip [FILE|DIR]... [--no-manifest] [--hint PATH=Type]...
      read and rewrite each file in memory, compare bytes (directories recursively,
      MANIFEST* and README* skipped); without paths: a built-in FreeRCT save.
      A file the nearest MANIFEST.tsv says must fail passes if it fails to read;
      formats recognised but not supported yet are skipped. --no-manifest: every
      error is a failure
  savepoint to-json FILE [-o OUT.json] [--pretty] [--hint PATH=Type]...
      the parsed model as JSON, tagged with its format (stdout without -o)
  savepoint from-json FILE.json -o OUT
      write the file a JSON model describes

--hint PATH=Type   struct type of an Unreal container element the file does not record,
                   e.g. --hint PlayerAttributes.Key=Struct (repeatable)
exit status: 0 success, 1 a file failed, 2 usage error";

/// A parsed command line.
#[derive(Debug, PartialEq)]
pub enum Command {
    /// `--help`
    Help,
    /// `info FILE`
    Info { file: PathBuf, options: ReadOptions },
    /// `roundtrip PATH...` (empty: the built-in default)
    RoundTrip {
        paths: Vec<PathBuf>,
        options: ReadOptions,
        /// `--no-manifest`: ignore corpus manifests, every error is a failure.
        no_manifest: bool,
    },
    /// `to-json FILE [-o OUT]`
    ToJson {
        file: PathBuf,
        out: Option<PathBuf>,
        pretty: bool,
        options: ReadOptions,
    },
    /// `from-json FILE -o OUT`
    FromJson { file: PathBuf, out: PathBuf },
}

/// Flags and positional arguments after the subcommand.
#[derive(Default)]
struct Parsed {
    positional: Vec<PathBuf>,
    out: Option<PathBuf>,
    pretty: bool,
    no_manifest: bool,
    options: ReadOptions,
}

/// Parses the arguments after the program name; `Err` is a usage message.
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut args = args.into_iter();
    let command = args.next().ok_or("missing command")?;
    if matches!(command.as_str(), "-h" | "--help" | "help") {
        return Ok(Command::Help);
    }
    let parsed = parse_rest(args)?;
    reject(
        parsed.no_manifest && command != "roundtrip",
        &command,
        "--no-manifest",
    )?;
    match command.as_str() {
        "info" => {
            let file = single_file(&command, parsed.positional)?;
            reject(
                parsed.out.is_some() || parsed.pretty,
                &command,
                "-o/--pretty",
            )?;
            Ok(Command::Info {
                file,
                options: parsed.options,
            })
        }
        "roundtrip" => {
            reject(
                parsed.out.is_some() || parsed.pretty,
                &command,
                "-o/--pretty",
            )?;
            Ok(Command::RoundTrip {
                paths: parsed.positional,
                options: parsed.options,
                no_manifest: parsed.no_manifest,
            })
        }
        "to-json" => Ok(Command::ToJson {
            file: single_file(&command, parsed.positional)?,
            out: parsed.out,
            pretty: parsed.pretty,
            options: parsed.options,
        }),
        "from-json" => {
            reject(
                !parsed.options.hints.is_empty() || parsed.pretty,
                &command,
                "--hint/--pretty",
            )?;
            let out = parsed.out.ok_or("from-json needs -o OUT")?;
            Ok(Command::FromJson {
                file: single_file(&command, parsed.positional)?,
                out,
            })
        }
        other => Err(format!("unknown command {other:?}")),
    }
}

fn parse_rest(mut args: impl Iterator<Item = String>) -> Result<Parsed, String> {
    let mut parsed = Parsed::default();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-o" | "--output" => {
                let out = args.next().ok_or("-o needs a file name")?;
                if parsed.out.replace(out.into()).is_some() {
                    return Err("-o given twice".into());
                }
            }
            "--pretty" => parsed.pretty = true,
            "--no-manifest" => parsed.no_manifest = true,
            "--hint" => {
                let hint = args.next().ok_or("--hint needs PATH=Type")?;
                parsed.options.hints.push(parse_hint(&hint)?);
            }
            "--" => parsed.positional.extend(args.by_ref().map(PathBuf::from)),
            flag if flag.starts_with("--hint=") => {
                parsed
                    .options
                    .hints
                    .push(parse_hint(&flag["--hint=".len()..])?);
            }
            flag if flag.starts_with('-') && flag.len() > 1 => {
                return Err(format!("unknown option {flag:?}"));
            }
            _ => parsed.positional.push(arg.into()),
        }
    }
    Ok(parsed)
}

fn parse_hint(text: &str) -> Result<StructHint, String> {
    text.parse().map_err(|e: savepoint::Error| e.to_string())
}

fn single_file(command: &str, mut positional: Vec<PathBuf>) -> Result<PathBuf, String> {
    match positional.len() {
        1 => Ok(positional.remove(0)),
        0 => Err(format!("{command} needs a FILE")),
        _ => Err(format!("{command} takes one FILE")),
    }
}

fn reject(present: bool, command: &str, what: &str) -> Result<(), String> {
    if present {
        Err(format!("{command} does not take {what}"))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(line: &str) -> Result<Command, String> {
        parse(line.split_whitespace().map(String::from))
    }

    #[test]
    fn commands_and_options() {
        assert_eq!(
            parse_str("to-json a.sav -o a.json --hint A.Key=Struct"),
            Ok(Command::ToJson {
                file: "a.sav".into(),
                out: Some("a.json".into()),
                pretty: false,
                options: ReadOptions {
                    hints: vec![StructHint {
                        path: "A.Key".into(),
                        type_name: "Struct".into()
                    }],
                },
            })
        );
        assert_eq!(
            parse_str("roundtrip"),
            Ok(Command::RoundTrip {
                paths: vec![],
                options: ReadOptions::default(),
                no_manifest: false,
            })
        );
        assert_eq!(
            parse_str("roundtrip dir --no-manifest"),
            Ok(Command::RoundTrip {
                paths: vec!["dir".into()],
                options: ReadOptions::default(),
                no_manifest: true,
            })
        );
        assert_eq!(parse_str("--help"), Ok(Command::Help));
    }

    #[test]
    fn usage_errors() {
        for bad in [
            "",
            "frobnicate x",
            "info",
            "info a b",
            "info a -o b",
            "from-json a.json",
            "to-json a --hint nothing",
            "roundtrip --bogus",
            "to-json a -o",
            "to-json a -o x -o y",
            "info a --no-manifest",
        ] {
            assert!(parse_str(bad).is_err(), "{bad:?} should be a usage error");
        }
    }
}
