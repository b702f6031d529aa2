//! Mapping keys as the schema's text spells them, for the YAML paths of errors.
//!
//! A parsed `serde_yaml::Value` keeps what a key means (`0x10` is the number 16, `false` a
//! boolean), not how it was written; an error inside `cases: {0x10: ...}` should name
//! `.../cases/0x10`, the text the user searches for. serde_yaml hands a scalar's text as written
//! to `deserialize_str`, so one extra pass over the text records every mapping's keys that way,
//! by the YAML path of the mapping and in document order (the order `Value` keeps as well).

use std::collections::HashMap;
use std::fmt;

use serde::Deserializer;
use serde::de::{DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_yaml::Value;

/// The keys of every mapping of one document as written, by the mapping's YAML path (`""` for
/// the top level, `/seq/1/type/cases` for a switch's cases).
#[derive(Debug, Default)]
pub struct KeySpellings(HashMap<String, Vec<String>>);

impl KeySpellings {
    /// The spellings in `text`; none (each key then named by [`key_text`]) when the document
    /// holds something the pass does not follow, such as a key that is itself a mapping.
    pub fn of(text: &str) -> Self {
        let mut keys = HashMap::new();
        let walker = Walker {
            path: String::new(),
            keys: &mut keys,
        };
        match walker.deserialize(serde_yaml::Deserializer::from_str(text)) {
            Ok(()) => KeySpellings(keys),
            Err(_) => KeySpellings::default(),
        }
    }

    /// The path step of `key`, the `index`-th key of the mapping at `mapping_path`: as written
    /// when known, else [`key_text`].
    pub fn step(&self, mapping_path: &str, index: usize, key: &Value) -> String {
        self.0
            .get(mapping_path)
            .and_then(|keys| keys.get(index))
            .cloned()
            .unwrap_or_else(|| key_text(key))
    }
}

/// A key as YAML would print it: a string as its text, `false`, `16`, `null`; a list or mapping
/// as one line of JSON (which is flow YAML).
pub fn key_text(key: &Value) -> String {
    match key {
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::Null => "null".to_string(),
        other => serde_json::to_string(other).unwrap_or_else(|_| "?".to_string()),
    }
}

/// Walks one node, recording the keys of the mappings in it.
struct Walker<'a> {
    path: String,
    keys: &'a mut HashMap<String, Vec<String>>,
}

impl<'de> DeserializeSeed<'de> for Walker<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walker<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a YAML node")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut index = 0;
        loop {
            let item = Walker {
                path: format!("{}/{index}", self.path),
                keys: &mut *self.keys,
            };
            if seq.next_element_seed(item)?.is_none() {
                return Ok(());
            }
            index += 1;
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut spelled = Vec::new();
        while let Some(key) = map.next_key_seed(Spelling)? {
            map.next_value_seed(Walker {
                path: format!("{}/{key}", self.path),
                keys: &mut *self.keys,
            })?;
            spelled.push(key);
        }
        self.keys.insert(self.path, spelled);
        Ok(())
    }
}

/// A scalar key's text as written.
struct Spelling;

impl<'de> DeserializeSeed<'de> for Spelling {
    type Value = String;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for Spelling {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a scalar key")
    }

    fn visit_str<E>(self, text: &str) -> Result<String, E> {
        Ok(text.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "seq:\n  - id: body\n    type:\n      switch-on: code\n      cases:\n        \
                       0x10: a\n        false: b\n        '7': c\n        \"str\": d\n        ~: e\n";

    #[test]
    fn keys_are_named_as_written() {
        let doc: Value = serde_yaml::from_str(DOC).unwrap();
        let cases = doc["seq"][0]["type"]["cases"].as_mapping().unwrap();
        let spellings = KeySpellings::of(DOC);
        let steps: Vec<String> = cases
            .keys()
            .enumerate()
            .map(|(i, k)| spellings.step("/seq/0/type/cases", i, k))
            .collect();
        assert_eq!(steps, ["0x10", "false", "7", "str", "~"]);
        assert_eq!(spellings.step("/seq/0", 1, &Value::from("type")), "type");
    }

    #[test]
    fn without_spellings_keys_are_printed_as_yaml() {
        let doc: Value = serde_yaml::from_str(DOC).unwrap();
        let cases = doc["seq"][0]["type"]["cases"].as_mapping().unwrap();
        let none = KeySpellings::of("? {a: 1}\n: complex key\n");
        let steps: Vec<String> = cases
            .keys()
            .enumerate()
            .map(|(i, k)| none.step("/seq/0/type/cases", i, k))
            .collect();
        assert_eq!(steps, ["16", "false", "7", "str", "null"]);
        assert_eq!(key_text(&serde_yaml::from_str("[1, 2]").unwrap()), "[1,2]");
    }
}
