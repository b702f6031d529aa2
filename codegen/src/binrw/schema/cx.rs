//! The loader's context: the schema file being read and its keys as written, for errors at
//! their YAML path, and the expressions parsed once at their key.

use std::path::Path;

use serde_yaml::{Mapping, Value};

use super::Process;
use super::keys::str_key;
use crate::SchemaError;
use crate::expr::{CallError, Source};
use crate::yaml::KeySpellings;

pub(super) struct Cx<'a> {
    pub(super) path: &'a Path,
    /// Mapping keys as written, for error paths.
    pub(super) keys: KeySpellings,
}

impl<'a> Cx<'a> {
    /// Errors in `path`, before its text is read.
    pub(super) fn new(path: &'a Path) -> Self {
        Cx {
            path,
            keys: KeySpellings::default(),
        }
    }

    /// The YAML path of the `index`-th key of the mapping at `mapping_path`.
    pub(super) fn key_path(&self, mapping_path: &str, index: usize, key: &Value) -> String {
        format!(
            "{mapping_path}/{}",
            self.keys.step(mapping_path, index, key)
        )
    }

    /// The expression at `key` of the mapping at `ypath`, parsed.
    pub(super) fn expr_key(
        &self,
        ypath: &str,
        map: &Mapping,
        key: &str,
    ) -> Result<Option<Source>, SchemaError> {
        str_key(map, key)
            .map(|text| self.expression(ypath, key, &text))
            .transpose()
    }

    /// `text`, the expression at `key` of the mapping at `ypath`, parsed: a syntax error is
    /// reported once, here, at its path.
    pub(super) fn expression(
        &self,
        ypath: &str,
        key: &str,
        text: &str,
    ) -> Result<Source, SchemaError> {
        self.expression_at(&format!("{ypath}/{key}"), text)
    }

    /// `text`, the expression at the YAML path `at` (a key's own, as a case key's), parsed.
    pub(super) fn expression_at(&self, at: &str, text: &str) -> Result<Source, SchemaError> {
        Source::parse(text).map_err(|e| self.err(at, format!("expression `{text}`: {e}")))
    }

    /// `text`, the `process:` of the field at `ypath`, split into its routine's name and its
    /// parsed arguments: a syntax error is reported here, at its path.
    pub(super) fn process(&self, ypath: &str, text: &str) -> Result<Process, SchemaError> {
        let at = format!("{ypath}/process");
        let (name, args) = crate::expr::parse_call(text.trim_end()).map_err(|e| match e {
            CallError::Unbalanced => {
                self.err(&at, format!("process `{text}`: unbalanced parentheses"))
            }
            CallError::Args { inner, error } => self.err(
                &at,
                format!("process `{text}`: arguments `{inner}`: {error}"),
            ),
        })?;
        Ok(Process {
            text: text.to_string(),
            name: name.trim().to_string(),
            args,
        })
    }

    pub(super) fn err(&self, yaml_path: &str, message: impl Into<String>) -> SchemaError {
        SchemaError {
            file: self.path.to_path_buf(),
            yaml_path: yaml_path.to_string(),
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::binrw::Schemas;

    #[test]
    fn expressions_are_parsed_once_at_load_with_their_path() {
        for (field, path) in [
            ("{id: x, type: u1, if: 'a +'}", "/seq/1/if"),
            ("{id: x, size: '(n'}", "/seq/1/size"),
            (
                "{id: x, type: u1, repeat: expr, repeat-expr: 'n n'}",
                "/seq/1/repeat-expr",
            ),
            (
                "{id: x, type: u1, repeat: until, repeat-until: '_ =='}",
                "/seq/1/repeat-until",
            ),
            (
                "{id: x, type: {switch-on: 'n ?', cases: {1: u1}}}",
                "/seq/1/type/switch-on",
            ),
        ] {
            let ksy = format!("meta: {{id: i}}\nseq:\n  - {{id: n, type: u1}}\n  - {field}\n");
            let err = crate::binrw::generate_from("syntax", &[("i.ksy", &ksy)], "i").unwrap_err();
            assert_eq!(err.yaml_path, path, "{err}");
            assert!(err.message.starts_with("expression `"), "{err}");
        }
        let ksy = "meta: {id: i}\nseq:\n  - {id: n, type: u1}\n  - {id: x, type: 't(n, n +)'}\n";
        let err = crate::binrw::generate_from("syntax", &[("i.ksy", ksy)], "i").unwrap_err();
        assert_eq!(err.yaml_path, "/seq/1/type", "{err}");
        assert!(err.message.starts_with("type arguments `n, n +`"), "{err}");
        for (instance, path) in [
            ("{value: 'n +'}", "/instances/v/value"),
            ("{value: n, if: 'n =='}", "/instances/v/if"),
            ("{pos: 'n *', type: u1}", "/instances/v/pos"),
        ] {
            let ksy = format!(
                "meta: {{id: i}}\nseq:\n  - {{id: n, type: u1}}\ninstances:\n  v: {instance}\n"
            );
            let err = crate::binrw::generate_from("syntax", &[("i.ksy", &ksy)], "i").unwrap_err();
            assert_eq!(err.yaml_path, path, "{err}");
        }
        let ksy = "meta: {id: i}\nseq:\n  - {id: n, type: u1}\n  - {id: x, type: u1, if: n > 1, repeat: expr, repeat-expr: n * 2}\n";
        let dir = std::env::temp_dir().join(format!("savepoint-parsed-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("i.ksy"), ksy).unwrap();
        let schemas = Schemas::load_file(&dir.join("i.ksy"));
        let _ = std::fs::remove_dir_all(&dir);
        let field = &schemas.unwrap().files["i"].types[0].seq[1];
        let cond = field.cond.as_ref().unwrap();
        assert_eq!(cond.text(), "n > 1");
        assert!(matches!(cond.tree(), crate::expr::Expr::Binary(">", ..)));
        let count = field.repeat_expr.as_ref().unwrap().tree();
        assert!(matches!(count, crate::expr::Expr::Binary("*", ..)));
    }
}
