//! Corpus `MANIFEST.tsv` files: which files a corpus says must fail to read.
//!
//! A manifest is a tab-separated table whose header names the columns; its first column is a
//! file's path relative to the manifest's folder, or prefixed with that folder's name
//! (`gvas/Delegate.sav`). Which column marks a must-fail file differs per corpus, so the rules are a
//! table of column name and predicate, applied to whichever of those columns a manifest has.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The manifest file looked for in a file's folder and each folder above it.
const MANIFEST: &str = "MANIFEST.tsv";

/// A column name and a test of its value.
type ColumnTest = (&'static str, fn(&str) -> bool);

/// A column and the values in it that mark a file the readers must reject (only in rows whose
/// `only_if` column, when given, passes its test).
struct MustFailRule {
    column: &'static str,
    must_fail: fn(&str) -> bool,
    only_if: Option<ColumnTest>,
}

const MUST_FAIL_RULES: &[MustFailRule] = &[
    // FreeRCT: "ok", or "error: <expected message>".
    MustFailRule {
        column: "expected",
        must_fail: |value| value.starts_with("error"),
        only_if: None,
    },
    // Rocket League: the frame count, -1 for replays that must not parse (bad/, most of partial/).
    MustFailRule {
        column: "frames",
        must_fail: |value| value == "-1",
        only_if: None,
    },
    // Satisfactory: saves from before Update 8 must be rejected cleanly (older blueprints are read).
    MustFailRule {
        column: "era",
        must_fail: |value| matches!(value, "U6/U7" | "<=U5"),
        only_if: Some(("kind", |kind| kind == "sav")),
    },
];

/// The must-fail entries of one manifest, as written in its first column.
#[derive(Default)]
struct Manifest {
    must_fail: HashSet<String>,
}

impl Manifest {
    /// Parses a manifest; the warnings describe rows or a header it could not use.
    fn parse(text: &str) -> (Self, Vec<String>) {
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        let Some((_, header)) = lines.next() else {
            return (Self::default(), vec!["empty, no header row".to_owned()]);
        };
        let columns: Vec<&str> = header.split('\t').map(str::trim).collect();
        let position = |name: &str| columns.iter().position(|c| *c == name);
        let rules: Vec<(usize, &MustFailRule)> = MUST_FAIL_RULES
            .iter()
            .filter_map(|rule| Some((position(rule.column)?, rule)))
            .collect();
        let mut manifest = Self::default();
        let mut warnings = Vec::new();
        for (index, line) in lines {
            let cells: Vec<&str> = line.split('\t').map(str::trim).collect();
            let mut marked = false;
            for &(column, rule) in &rules {
                let applies = rule.only_if.is_none_or(|(name, test)| {
                    position(name)
                        .and_then(|i| cells.get(i))
                        .is_some_and(|v| test(v))
                });
                match cells.get(column) {
                    Some(value) => marked |= applies && (rule.must_fail)(value),
                    None => warnings.push(format!(
                        "line {}: no {:?} column ({} of {} cells)",
                        index + 1,
                        rule.column,
                        cells.len(),
                        columns.len()
                    )),
                }
            }
            if marked {
                manifest.must_fail.insert(cells[0].to_owned());
            }
        }
        (manifest, warnings)
    }

    /// Whether `relative` (a path below `dir`, the manifest's folder) is listed as must-fail.
    fn lists_as_must_fail(&self, dir: &Path, relative: &Path) -> bool {
        let relative = slash_path(relative);
        let prefixed = dir
            .file_name()
            .and_then(|name| name.to_str())
            .map(|name| format!("{name}/{relative}"));
        self.must_fail.contains(&relative) || prefixed.is_some_and(|p| self.must_fail.contains(&p))
    }
}

/// A relative path with `/` separators, as manifests write them.
fn slash_path(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Manifests found so far, parsed once per folder (`None`: the folder has no manifest).
#[derive(Default)]
pub struct Manifests {
    by_dir: HashMap<PathBuf, Option<Manifest>>,
}

impl Manifests {
    /// Whether the manifest nearest to `file` (in its folder or the closest one above) lists it
    /// as a file that must fail. Problems with a manifest are warned about on stderr once.
    pub fn must_fail(&mut self, file: &Path) -> bool {
        let file = std::fs::canonicalize(file)
            .or_else(|_| std::path::absolute(file))
            .unwrap_or_else(|_| file.to_path_buf());
        for dir in file.ancestors().skip(1) {
            if let Some(manifest) = self.load(dir) {
                return file
                    .strip_prefix(dir)
                    .is_ok_and(|relative| manifest.lists_as_must_fail(dir, relative));
            }
        }
        false
    }

    fn load(&mut self, dir: &Path) -> Option<&Manifest> {
        self.by_dir
            .entry(dir.to_path_buf())
            .or_insert_with(|| read_manifest(&dir.join(MANIFEST)))
            .as_ref()
    }
}

/// Reads and parses one manifest; `None` if there is none. An unreadable one counts as empty.
fn read_manifest(path: &Path) -> Option<Manifest> {
    if !path.is_file() {
        return None;
    }
    let (manifest, warnings) = match std::fs::read_to_string(path) {
        Ok(text) => Manifest::parse(&text),
        Err(e) => (Manifest::default(), vec![e.to_string()]),
    };
    for warning in warnings {
        eprintln!("savepoint: warning: {}: {warning}", path.display());
    }
    Some(manifest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_marks_its_corpus_rows() {
        let freerct = "path\texpected\na.fct\tok\nb.fct\terror: unsupported FCTS version 9\n";
        let rl = "file\tframes\ngood/a.replay\t10\nbad/b.replay\t-1\npartial/c.replay\t0\n";
        let sat = "path\tkind\tera\nx.sav\tsav\t1.0\ny.sav\tsav\tU6/U7\nz.sav\tsav\t<=U5\nw.sav\tsav\tU8\nv.sbp\tsbp\tU6/U7\n";
        let marked = |text| {
            let (manifest, warnings) = Manifest::parse(text);
            assert!(warnings.is_empty(), "{warnings:?}");
            let mut files: Vec<String> = manifest.must_fail.into_iter().collect();
            files.sort();
            files
        };
        assert_eq!(marked(freerct), ["b.fct"]);
        assert_eq!(marked(rl), ["bad/b.replay"]);
        assert_eq!(marked(sat), ["y.sav", "z.sav"]);
    }

    #[test]
    fn malformed_manifests_warn_instead_of_failing() {
        let (manifest, warnings) = Manifest::parse("");
        assert!(manifest.must_fail.is_empty());
        assert_eq!(warnings.len(), 1);
        let (manifest, warnings) = Manifest::parse("path\texpected\nshort\nb\terror: x\n");
        assert_eq!(manifest.must_fail.len(), 1);
        assert_eq!(warnings, ["line 2: no \"expected\" column (1 of 2 cells)"]);
    }

    #[test]
    fn paths_match_plain_or_prefixed_with_the_folder_name() {
        let (manifest, _) = Manifest::parse("file\tframes\ngvas/A.sav\t-1\nsub/B.sav\t-1\n");
        let dir = Path::new("/corpus/gvas");
        assert!(manifest.lists_as_must_fail(dir, Path::new("A.sav")));
        assert!(manifest.lists_as_must_fail(dir, Path::new("sub/B.sav")));
        assert!(!manifest.lists_as_must_fail(dir, Path::new("C.sav")));
        assert!(!manifest.lists_as_must_fail(Path::new("/corpus/other"), Path::new("A.sav")));
    }
}
