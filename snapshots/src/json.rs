//! Comparing two JSON trees, for the differential tests that read a file with a format crate and
//! with a parser the official Kaitai Struct compiler generated, and compare what both found.

use std::collections::HashMap;
use std::path::Path;

use serde_json::Value;

/// The `status.tsv` a Kaitai dump script writes into `dumps`: corpus path, then `ok` or
/// `error: ...`.
pub fn read_status(dumps: &Path) -> HashMap<String, String> {
    let text = std::fs::read_to_string(dumps.join("status.tsv"))
        .unwrap_or_else(|e| panic!("{}: {e}", dumps.display()));
    text.lines()
        .filter_map(|line| line.split_once('\t'))
        .map(|(path, result)| (path.to_owned(), result.to_owned()))
        .collect()
}

/// The JSON tree a Kaitai dump script wrote for the corpus file `path`.
pub fn read_dump(dumps: &Path, path: &str) -> Value {
    let file = dumps.join(format!("{path}.json"));
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// The first place where the two trees differ, as `path: ours vs theirs` (`path` is the root's
/// name, extended with `.field` and `[index]`), or `None` when they are equal.
pub fn first_difference(ours: &Value, theirs: &Value, path: &str) -> Option<String> {
    match (ours, theirs) {
        (Value::Object(a), Value::Object(b)) => {
            let keys_a: Vec<&String> = a.keys().collect();
            let keys_b: Vec<&String> = b.keys().collect();
            if keys_a != keys_b {
                return Some(format!("{path}: fields {keys_a:?} vs {keys_b:?}"));
            }
            a.iter()
                .find_map(|(k, v)| first_difference(v, &b[k], &format!("{path}.{k}")))
        }
        (Value::Array(a), Value::Array(b)) => {
            if a.len() != b.len() {
                return Some(format!("{path}: {} vs {} elements", a.len(), b.len()));
            }
            a.iter()
                .zip(b)
                .enumerate()
                .find_map(|(i, (x, y))| first_difference(x, y, &format!("{path}[{i}]")))
        }
        _ if ours == theirs => None,
        _ => Some(format!("{path}: {ours} vs {theirs}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn names_the_first_differing_path() {
        let a = json!({"h": {"v": 13, "list": [1, 2]}});
        assert_eq!(first_difference(&a, &a.clone(), "H"), None);
        let b = json!({"h": {"v": 13, "list": [1, 3]}});
        assert_eq!(
            first_difference(&a, &b, "H").as_deref(),
            Some("H.h.list[1]: 2 vs 3")
        );
        let c = json!({"h": {"v": 13}});
        assert!(first_difference(&a, &c, "H").unwrap().contains("fields"));
    }
}
