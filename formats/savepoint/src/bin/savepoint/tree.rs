//! Paths over a file's JSON form: `get`, `set`, `diff`, and walks over Unreal property lists (hint
//! paths, raw fallbacks).
//!
//! A path is names and `[index]` steps: `properties.PlayerAttributes[3].Value`. Over the plain JSON
//! a name is an object member and an index an array element; on top of that, so that paths read like
//! the format rather than its JSON encoding:
//! - in a property list (objects with `tag.name` and `value`) a name picks the property's value;
//! - a one-member object (an enum variant such as `{"Int": 3}` or `{"Map": {...}}`) is stepped
//!   through when it lacks the name;
//! - an object's `data` and `body` members are stepped through when it lacks the name;
//! - an index on a map or set steps into its `entries`, `elements` or `items`;
//! - `Key` and `Value` name the halves of a map entry (`[key, value]`).

use std::collections::BTreeSet;
use std::fmt::Write;

use serde_json::{Map, Value};

/// Members stepped through when a name is not found (the file-level wrappers).
const TRANSPARENT: &[&str] = &["data", "body"];
/// Members an index steps into (map entries, set elements, struct array items).
const COLLECTIONS: &[&str] = &["entries", "elements", "items"];
/// Longest value text printed by `diff` before it is shortened.
const SHOWN_VALUE: usize = 72;

/// One step of a user path.
#[derive(Debug, Clone, PartialEq)]
enum Segment {
    Name(String),
    Index(usize),
}

/// One concrete step in the JSON.
#[derive(Debug, Clone)]
enum Step {
    Member(String),
    Element(usize),
}

fn parse(path: &str) -> Result<Vec<Segment>, String> {
    let mut segments = Vec::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (name, mut rest) = match part.find('[') {
            Some(at) => part.split_at(at),
            None => (part, ""),
        };
        if !name.is_empty() {
            segments.push(Segment::Name(name.to_owned()));
        }
        while !rest.is_empty() {
            let close = rest
                .find(']')
                .ok_or_else(|| format!("path {path:?}: unclosed '['"))?;
            let index = rest[1..close]
                .parse()
                .map_err(|_| format!("path {path:?}: {:?} is not an index", &rest[1..close]))?;
            segments.push(Segment::Index(index));
            rest = &rest[close + 1..];
            if !rest.is_empty() && !rest.starts_with('[') {
                return Err(format!("path {path:?}: expected '.' or '[' after ']'"));
            }
        }
    }
    Ok(segments)
}

/// The property name of a property-list element.
fn property_name(v: &Value) -> Option<&str> {
    v.get("tag")?
        .get("name")?
        .as_str()
        .filter(|_| v.get("value").is_some())
}

/// The member of a one-member object.
fn only_member(o: &Map<String, Value>) -> Option<(&String, &Value)> {
    let mut members = o.iter();
    let first = members.next()?;
    members.next().is_none().then_some(first)
}

/// The concrete steps one segment takes from `v`, or `None` if it matches nothing.
fn step(v: &Value, segment: &Segment) -> Option<Vec<Step>> {
    match (v, segment) {
        (Value::Object(o), Segment::Name(n)) if o.contains_key(n) => {
            return Some(vec![Step::member(n)]);
        }
        (Value::Array(a), Segment::Name(n)) => {
            let found = a.iter().position(|e| property_name(e) == Some(n));
            return match (found, n.as_str(), a.len()) {
                (Some(i), _, _) => Some(vec![Step::Element(i), Step::member("value")]),
                (None, "Key", 2) => Some(vec![Step::Element(0)]),
                (None, "Value", 2) => Some(vec![Step::Element(1)]),
                _ => None,
            };
        }
        (Value::Array(a), Segment::Index(i)) => {
            return (*i < a.len()).then(|| vec![Step::Element(*i)]);
        }
        _ => {}
    }
    let Value::Object(o) = v else { return None };
    let candidates: Vec<&str> = match segment {
        Segment::Name(_) => TRANSPARENT.to_vec(),
        Segment::Index(_) => COLLECTIONS.to_vec(),
    };
    let through = only_member(o)
        .map(|(k, _)| k.as_str())
        .into_iter()
        .chain(candidates.into_iter().filter(|k| o.contains_key(*k)));
    for key in through {
        if let Some(rest) = step(&o[key], segment) {
            let mut steps = vec![Step::member(key)];
            steps.extend(rest);
            return Some(steps);
        }
    }
    None
}

impl Step {
    fn member(name: &str) -> Step {
        Step::Member(name.to_owned())
    }
}

/// Resolves `path` in `root` to concrete steps; the error names the first segment that matched nothing.
fn resolve(root: &Value, path: &str) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut at = root;
    let mut done = String::new();
    for segment in parse(path)? {
        let taken = step(at, &segment).ok_or_else(|| {
            let shown = match &segment {
                Segment::Name(n) => format!("{n:?}"),
                Segment::Index(i) => format!("index {i}"),
            };
            let place = if done.is_empty() {
                "the top level".to_owned()
            } else {
                done.clone()
            };
            format!("path {path:?}: no {shown} at {place}")
        })?;
        for s in &taken {
            at = match s {
                Step::Member(m) => &at[m.as_str()],
                Step::Element(i) => &at[*i],
            };
        }
        steps.extend(taken);
        match segment {
            Segment::Name(n) => {
                if !done.is_empty() {
                    done.push('.');
                }
                done.push_str(&n);
            }
            Segment::Index(i) => {
                let _ = write!(done, "[{i}]");
            }
        }
    }
    Ok(steps)
}

/// The value at `path`.
pub fn get<'v>(root: &'v Value, path: &str) -> Result<&'v Value, String> {
    let mut at = root;
    for s in resolve(root, path)? {
        at = match s {
            Step::Member(m) => &at[m.as_str()],
            Step::Element(i) => &at[i],
        };
    }
    Ok(at)
}

/// Replaces the value at `path`. A new value that is not an object replaces the scalar inside
/// one-member wrappers (`{"Int": 3}` set to 4 is `{"Int": 4}`), so the value keeps its type tag.
pub fn set(root: &mut Value, path: &str, new: Value) -> Result<(), String> {
    let steps = resolve(root, path)?;
    let mut at = root;
    for s in steps {
        at = match s {
            Step::Member(m) => &mut at[m.as_str()],
            Step::Element(i) => &mut at[i],
        };
    }
    if !new.is_object() {
        while at.as_object().is_some_and(|o| o.len() == 1) {
            at = at
                .as_object_mut()
                .and_then(|o| o.values_mut().next())
                .expect("a one-member object");
        }
    }
    *at = new;
    Ok(())
}

/// A value as `diff` prints it: compact JSON, shortened with an ellipsis.
fn shown(v: Option<&Value>) -> String {
    let Some(v) = v else {
        return "(absent)".to_owned();
    };
    let text = v.to_string();
    if text.chars().count() <= SHOWN_VALUE {
        return text;
    }
    let mut short: String = text.chars().take(SHOWN_VALUE - 1).collect();
    short.push('…');
    short
}

fn join(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_owned()
    } else {
        format!("{path}.{name}")
    }
}

/// Lines `PATH: A -> B` for every value that differs, in document order.
pub fn diff(a: &Value, b: &Value) -> Vec<String> {
    let mut lines = Vec::new();
    diff_at(a, b, "", &mut lines);
    lines
}

fn diff_at(a: &Value, b: &Value, path: &str, out: &mut Vec<String>) {
    if a == b {
        return;
    }
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => match (only_member(x), only_member(y)) {
            (Some((kx, vx)), Some((ky, vy))) if kx == ky && is_variant(kx) => {
                diff_at(vx, vy, path, out)
            }
            _ => diff_objects(x, y, path, out),
        },
        (Value::Array(x), Value::Array(y)) if is_property_list(x) && is_property_list(y) => {
            diff_properties(x, y, path, out);
        }
        (Value::Array(x), Value::Array(y)) => {
            for i in 0..x.len().max(y.len()) {
                let p = format!("{path}[{i}]");
                match (x.get(i), y.get(i)) {
                    (Some(u), Some(v)) => diff_at(u, v, &p, out),
                    (u, v) => out.push(format!("{p}: {} -> {}", shown(u), shown(v))),
                }
            }
        }
        _ => out.push(format!(
            "{}: {} -> {}",
            if path.is_empty() { "(top)" } else { path },
            shown(Some(a)),
            shown(Some(b))
        )),
    }
}

/// Enum variants are capitalised in the JSON form (`Int`, `Map`, `Properties`); struct fields are not.
fn is_variant(key: &str) -> bool {
    key.starts_with(|c: char| c.is_ascii_uppercase())
}

fn diff_objects(x: &Map<String, Value>, y: &Map<String, Value>, path: &str, out: &mut Vec<String>) {
    let keys = x.keys().chain(y.keys().filter(|k| !x.contains_key(*k)));
    for key in keys {
        let p = if TRANSPARENT.contains(&key.as_str()) {
            path.to_owned()
        } else {
            join(path, key)
        };
        match (x.get(key), y.get(key)) {
            (Some(u), Some(v)) => diff_at(u, v, &p, out),
            (u, v) => out.push(format!("{p}: {} -> {}", shown(u), shown(v))),
        }
    }
}

fn is_property_list(a: &[Value]) -> bool {
    !a.is_empty() && a.iter().all(|e| property_name(e).is_some())
}

/// Property lists pair up by name (the first property of each name, as paths find them).
fn diff_properties(x: &[Value], y: &[Value], path: &str, out: &mut Vec<String>) {
    let first = |list: &[Value], name: &str| {
        list.iter()
            .find(|e| property_name(e) == Some(name))
            .cloned()
    };
    let mut names: Vec<&str> = Vec::new();
    for name in x.iter().chain(y).filter_map(property_name) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    for name in names {
        let p = join(path, name);
        match (first(x, name), first(y, name)) {
            (Some(u), Some(v)) if u["tag"] == v["tag"] => {
                diff_at(&u["value"], &v["value"], &p, out)
            }
            (u, v) => out.push(format!(
                "{p}: {} -> {}",
                shown(u.as_ref().map(|e| &e["value"])),
                shown(v.as_ref().map(|e| &e["value"]))
            )),
        }
    }
}

/// Calls `visit` with the hint-style path (property names joined by '.', `Key`/`Value` for map
/// halves) and value of every property in `v`, depth first.
pub fn walk_properties(v: &Value, visit: &mut impl FnMut(&str, &Value)) {
    walk(v, "", visit);
}

fn walk(v: &Value, path: &str, visit: &mut impl FnMut(&str, &Value)) {
    match v {
        Value::Object(o) => {
            if let Some(name) = property_name(v) {
                let p = join(path, name);
                visit(&p, &v["value"]);
                return walk(&v["value"], &p, visit);
            }
            if let Some(Value::Object(map)) = o.get("Map").filter(|_| o.len() == 1) {
                for pair in map
                    .get("entries")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    walk(&pair[0], &join(path, "Key"), visit);
                    walk(&pair[1], &join(path, "Value"), visit);
                }
                for key in map
                    .get("removed")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    walk(key, &join(path, "Key"), visit);
                }
                return;
            }
            o.values().for_each(|child| walk(child, path, visit));
        }
        Value::Array(a) => a.iter().for_each(|child| walk(child, path, visit)),
        _ => {}
    }
}

/// Every path a struct hint can name in `v`: `P.Key` and `P.Value` of each map, `P` of each set.
pub fn hint_paths(v: &Value) -> BTreeSet<String> {
    let mut paths = BTreeSet::new();
    walk_properties(v, &mut |path, value| {
        if value.get("Map").is_some() {
            paths.insert(join(path, "Key"));
            paths.insert(join(path, "Value"));
        } else if value.get("Set").is_some() {
            paths.insert(path.to_owned());
        }
    });
    paths
}

/// Paths of the property values kept as raw bytes because the reader could not decode them.
pub fn raw_values(v: &Value) -> Vec<String> {
    let mut found = Vec::new();
    walk_properties(v, &mut |path, value| {
        if value
            .as_object()
            .is_some_and(|o| o.len() == 1 && o.contains_key("Raw"))
        {
            found.push(path.to_owned());
        }
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn prop(name: &str, value: Value) -> Value {
        json!({"tag": {"name": name, "type_name": {"name": "X"}}, "value": value})
    }

    fn sample() -> Value {
        json!({"format": "gvas", "data": {"body": {"properties": [
            prop("Version", json!({"Int": 3})),
            prop("Attrs", json!({"Map": {"removed": [], "entries": [
                [{"Name": "a"}, {"Struct": {"Properties": [prop("Level", json!({"Int": 1}))]}}],
                [{"Name": "b"}, {"Struct": {"Properties": [prop("Odd", json!({"Raw": "00ff"}))]}}],
            ]}})),
            prop("Tags", json!({"Set": {"removed": [], "elements": [{"Name": "t"}]}})),
        ]}}})
    }

    #[test]
    fn paths_use_property_names_and_step_through_wrappers() {
        let v = sample();
        assert_eq!(get(&v, "properties.Version").unwrap(), &json!({"Int": 3}));
        assert_eq!(
            get(&v, "properties.Attrs[1].Key").unwrap(),
            &json!({"Name": "b"})
        );
        assert_eq!(
            get(&v, "properties.Attrs[0].Value.Level.Int").unwrap(),
            &json!(1)
        );
        assert_eq!(get(&v, "properties.Tags[0].Name").unwrap(), &json!("t"));
        assert_eq!(
            get(&v, "data.body.properties[0].tag.name").unwrap(),
            &json!("Version")
        );
        assert_eq!(get(&v, "format").unwrap(), &json!("gvas"));
        assert_eq!(get(&v, "").unwrap(), &v);
    }

    #[test]
    fn unmatched_and_malformed_paths_are_errors() {
        let v = sample();
        let e = get(&v, "properties.Attrs[7]").unwrap_err();
        assert!(e.contains("no index 7 at properties.Attrs"), "{e}");
        assert!(
            get(&v, "properties.Nope")
                .unwrap_err()
                .contains("no \"Nope\"")
        );
        assert!(get(&v, "properties.Attrs[x]").is_err());
        assert!(get(&v, "properties.Attrs[1").is_err());
        assert!(get(&v, "properties.Attrs[1]x").is_err());
    }

    #[test]
    fn set_keeps_the_type_tag_of_a_scalar() {
        let mut v = sample();
        set(&mut v, "properties.Version", json!(4)).unwrap();
        assert_eq!(get(&v, "properties.Version").unwrap(), &json!({"Int": 4}));
        set(&mut v, "properties.Version", json!({"Int64": 5})).unwrap();
        assert_eq!(get(&v, "properties.Version").unwrap(), &json!({"Int64": 5}));
        assert!(set(&mut v, "properties.Missing", json!(1)).is_err());
    }

    #[test]
    fn diff_names_changed_values_by_path() {
        let a = sample();
        let mut b = sample();
        set(&mut b, "properties.Version", json!(9)).unwrap();
        set(&mut b, "properties.Attrs[0].Value.Level", json!(2)).unwrap();
        assert_eq!(
            diff(&a, &b),
            [
                "properties.Version: 3 -> 9",
                "properties.Attrs.entries[0][1].Level: 1 -> 2",
            ]
        );
        for line in diff(&a, &b) {
            let path = line.split(": ").next().unwrap();
            assert!(get(&b, path).is_ok(), "{path} printed by diff must resolve");
        }
        assert!(diff(&a, &a).is_empty());
    }

    #[test]
    fn walks_find_hint_paths_and_raw_values() {
        let v = sample();
        let paths: Vec<String> = hint_paths(&v).into_iter().collect();
        assert_eq!(paths, ["Attrs.Key", "Attrs.Value", "Tags"]);
        assert_eq!(raw_values(&v), ["Attrs.Value.Odd"]);
    }
}
