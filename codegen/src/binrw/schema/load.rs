//! Reading schema files: a folder, one file, or files with the schemas they import.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_yaml::Value;

use super::cx::Cx;
use super::enums::name_clashing_enums;
use super::keys::{TOP_KEYS, bool_key, check_keys, not_ident};
use super::names::name_clashing_types;
use super::{File, Schemas};
use crate::SchemaError;
use crate::yaml::KeySpellings;

impl Schemas {
    /// Reads every `.ksy` file of `dir`.
    pub fn load(dir: &Path) -> Result<Schemas, SchemaError> {
        let io = |e: std::io::Error| SchemaError {
            file: dir.to_path_buf(),
            yaml_path: String::new(),
            message: format!("cannot read the schema folder: {e}"),
        };
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(io)?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .map_err(io)?;
        paths.retain(|p| p.extension().is_some_and(|e| e == "ksy"));
        paths.sort();
        let mut files = BTreeMap::new();
        for path in paths {
            let file = read_file(&path)?;
            files.insert(file.id.clone(), file);
        }
        Ok(Schemas { files })
    }

    /// Reads one `.ksy` file alone (its types can refer only to each other).
    pub fn load_file(path: &Path) -> Result<Schemas, SchemaError> {
        let file = read_file(path)?;
        let mut schemas = Schemas {
            files: BTreeMap::from([(file.id.clone(), file)]),
        };
        crate::binrw::recursion::bound_recursion(&mut schemas);
        crate::binrw::root_const::fold(&mut schemas);
        crate::binrw::root_param::split(&mut schemas);
        crate::binrw::struct_params::infer(&mut schemas);
        crate::binrw::lifted_if::lift(&mut schemas);
        super::type_all(&mut schemas)?;
        Ok(schemas)
    }

    /// Reads `path` and the schemas it imports (`meta/imports`), transitively: a relative import
    /// is looked up next to the importing file, an absolute one (`/common/foo`) in the first of
    /// `import_dirs` that holds it.
    pub fn load_with_imports(path: &Path, import_dirs: &[PathBuf]) -> Result<Schemas, SchemaError> {
        Self::load_all(&[path.to_path_buf()], import_dirs)
    }

    /// Reads `paths` and the schemas they import, as [`Schemas::load_with_imports`] does for one.
    pub fn load_all(paths: &[PathBuf], import_dirs: &[PathBuf]) -> Result<Schemas, SchemaError> {
        let mut files = BTreeMap::new();
        let mut queue: Vec<PathBuf> = paths.iter().rev().cloned().collect();
        let mut seen = std::collections::BTreeSet::new();
        while let Some(path) = queue.pop() {
            let Ok(canonical) = path.canonicalize() else {
                return Err(Cx::new(&path).err("", "cannot read the imported schema"));
            };
            if !seen.insert(canonical) {
                continue;
            }
            let file = read_file(&path)?;
            for import in imports_of(&path)? {
                let next = match import.strip_prefix('/') {
                    Some(abs) => import_dirs
                        .iter()
                        .map(|d| d.join(format!("{abs}.ksy")))
                        .find(|p| p.is_file())
                        .ok_or_else(|| {
                            Cx::new(&path).err(
                                "/meta/imports",
                                format!("absolute import `{import}` is in no import folder"),
                            )
                        })?,
                    None => path
                        .parent()
                        .unwrap_or(Path::new("."))
                        .join(format!("{import}.ksy")),
                };
                queue.push(next);
            }
            if let Some(other) = files
                .get(&file.id)
                .map(|f: &File| f.path.display().to_string())
            {
                return Err(Cx::new(&path).err(
                    "/meta/id",
                    format!("meta/id `{}` is also the id of {other}", file.id),
                ));
            }
            files.insert(file.id.clone(), file);
        }
        let mut schemas = Schemas { files };
        crate::binrw::recursion::bound_recursion(&mut schemas);
        crate::binrw::root_const::fold(&mut schemas);
        crate::binrw::root_param::split(&mut schemas);
        crate::binrw::struct_params::infer(&mut schemas);
        crate::binrw::lifted_if::lift(&mut schemas);
        super::type_all(&mut schemas)?;
        Ok(schemas)
    }
}

/// The `meta/imports` of the schema at `path`.
fn imports_of(path: &Path) -> Result<Vec<String>, SchemaError> {
    let cx = Cx::new(path);
    let text =
        std::fs::read_to_string(path).map_err(|e| cx.err("", format!("cannot read: {e}")))?;
    let doc: Value =
        serde_yaml::from_str(&text).map_err(|e| cx.err("", format!("invalid YAML: {e}")))?;
    let Some(list) = doc.get("meta").and_then(|m| m.get("imports")) else {
        return Ok(Vec::new());
    };
    list.as_sequence()
        .ok_or_else(|| cx.err("/meta/imports", "imports is a list"))?
        .iter()
        .map(|i| {
            i.as_str()
                .map(str::to_string)
                .ok_or_else(|| cx.err("/meta/imports", "an import is a path"))
        })
        .collect()
}

fn read_file(path: &Path) -> Result<File, SchemaError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Cx::new(path).err("", format!("cannot read: {e}")))?;
    let cx = Cx {
        path,
        keys: KeySpellings::of(&text),
    };
    let doc: Value =
        serde_yaml::from_str(&text).map_err(|e| cx.err("", format!("invalid YAML: {e}")))?;
    let map = doc
        .as_mapping()
        .ok_or_else(|| cx.err("", "a schema is a YAML mapping"))?;
    let id = doc
        .get("meta")
        .and_then(|m| m.get("id"))
        .and_then(Value::as_str)
        .ok_or_else(|| cx.err("/meta/id", "a schema needs meta/id"))?
        .to_string();
    // The id names the schema's module, in other modules' paths too.
    if !crate::binrw::tokens::is_ident(&id) {
        return Err(cx.err("/meta/id", not_ident(&id)));
    }
    let endian = match doc.get("meta").and_then(|m| m.get("endian")) {
        None => None,
        Some(e) if e.as_str() == Some("le") => Some("little"),
        Some(e) if e.as_str() == Some("be") => Some("big"),
        Some(_) => {
            return Err(cx.err(
                "/meta/endian",
                "calculated endianness is not supported by the binrw backend",
            ));
        }
    };
    let namespace = bool_key(map, "-savepoint-namespace") == Some(true);
    let mut types = Vec::new();
    if namespace {
        for key in ["seq", "params", "instances"] {
            if map.contains_key(key) {
                return Err(cx.err(
                    &format!("/{key}"),
                    "a -savepoint-namespace file reads nothing",
                ));
            }
        }
        check_keys(&cx, "", map, TOP_KEYS)?;
    } else {
        let mut root = cx.type_def(&id, "", map)?;
        root.endian = endian;
        types.push(root);
    }
    cx.nested_types("", map, endian, &mut types)?;
    name_clashing_types(&cx, &mut types)?;
    crate::binrw::bits::bit_endians(&doc, &mut types).map_err(|(p, m)| cx.err(&p, m))?;
    let mut enums = Vec::new();
    cx.enums("", map, &mut enums)?;
    name_clashing_enums(&cx, &id, &mut enums)?;
    let encoding = doc
        .get("meta")
        .and_then(|m| m.get("encoding"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let opaque_types = doc
        .get("meta")
        .and_then(|m| m.get("ks-opaque-types"))
        .and_then(Value::as_bool)
        == Some(true);
    Ok(File {
        id,
        path: path.to_path_buf(),
        endian,
        encoding,
        enums,
        types,
        opaque_types,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imports_resolve_top_level_and_nested_types() {
        let dir = std::env::temp_dir().join(format!("savepoint-imports-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        let a = "meta: {id: a, imports: [sub/b], -webide-x: 1}\ndoc-ref: somewhere\nseq:\n  - {id: one, type: b}\n  - {id: two, type: b::outer::inner}\n";
        let b = "meta: {id: b}\nseq:\n  - {id: x, type: u1}\ntypes:\n  outer:\n    types:\n      inner:\n        seq:\n          - {id: y, type: u1}\n";
        std::fs::write(dir.join("a.ksy"), a).unwrap();
        std::fs::write(dir.join("sub/b.ksy"), b).unwrap();
        let schemas = Schemas::load_with_imports(&dir.join("a.ksy"), &[]);
        let absolute = a.replace("[sub/b]", "[/sub/b]");
        std::fs::write(dir.join("a.ksy"), absolute).unwrap();
        let refused = Schemas::load_with_imports(&dir.join("a.ksy"), &[]);
        let found =
            Schemas::load_with_imports(&dir.join("a.ksy"), &[dir.join("none"), dir.clone()]);
        let _ = std::fs::remove_dir_all(&dir);
        let schemas = schemas.unwrap();
        let (file, t) = schemas.resolve("a", "b").unwrap();
        assert_eq!((file, t.id.as_str()), ("b", "b"));
        let (file, t) = schemas.resolve("a", "b::outer::inner").unwrap();
        assert_eq!((file, t.id.as_str()), ("b", "inner"));
        assert!(schemas.resolve("a", "c").is_none());
        let err = refused.unwrap_err();
        assert_eq!(err.yaml_path, "/meta/imports");
        assert!(err.message.contains("/sub/b"), "{err}");
        let found = found.unwrap();
        let (file, t) = found.resolve("a", "b::outer::inner").unwrap();
        assert_eq!((file, t.id.as_str()), ("b", "inner"));
    }
}
