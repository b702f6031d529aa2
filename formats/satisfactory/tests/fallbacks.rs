//! Which objects and properties of the corpus fall back to raw bytes, by class: printed for the
//! report (`--nocapture`), and held to what is known.

use std::collections::BTreeMap;

use satisfactory::objects::{Fallback, ObjectData};
use satisfactory::{Fallbacks, SatisfactoryFile, SaveObject};
use unreal::{ArrayValue, PropertyList, PropertyValue, StructValue};

fn walk_value(v: &PropertyValue, path: &str, out: &mut BTreeMap<String, usize>) {
    match v {
        PropertyValue::Raw(_) => *out.entry(path.to_owned()).or_default() += 1,
        PropertyValue::Struct(s) => walk_struct(s, path, out),
        PropertyValue::Array(a) => match &**a {
            ArrayValue::Structs { items, .. } => {
                items.iter().for_each(|s| walk_struct(s, path, out))
            }
            ArrayValue::Values(vs) => vs.iter().for_each(|v| walk_value(v, path, out)),
            _ => {}
        },
        PropertyValue::Set(s) => s.elements.iter().for_each(|v| walk_value(v, path, out)),
        PropertyValue::Map(m) => m.entries.iter().for_each(|(k, v)| {
            walk_value(k, &format!("{path}.Key"), out);
            walk_value(v, &format!("{path}.Value"), out);
        }),
        PropertyValue::Optional(Some(v)) => walk_value(v, path, out),
        _ => {}
    }
}

fn walk_struct(s: &StructValue, path: &str, out: &mut BTreeMap<String, usize>) {
    if let StructValue::Properties(list) = s {
        walk_list(list, path, out);
    }
}

fn walk_list(list: &PropertyList, path: &str, out: &mut BTreeMap<String, usize>) {
    for p in &list.properties {
        let path = format!(
            "{path}.{}({})",
            p.tag.name.as_str(),
            p.tag.type_name.name.as_str()
        );
        walk_value(&p.value, &path, out);
    }
}

fn objects(file: &SatisfactoryFile) -> Vec<&SaveObject> {
    match file {
        SatisfactoryFile::Save(s) => s.body.objects().collect(),
        SatisfactoryFile::Blueprint(b) => b.body.objects.iter().collect(),
        SatisfactoryFile::BlueprintConfig(_) => Vec::new(),
    }
}

#[test]
fn corpus_fallbacks_by_class() {
    let Some(dir) = snapshots::corpus_subdir("satisfactory") else {
        return;
    };
    let mut totals: BTreeMap<String, [usize; 4]> = BTreeMap::new();
    let mut raw_properties = BTreeMap::new();
    let mut raw_objects = Vec::new();
    let mut decoder_failures: BTreeMap<String, usize> = BTreeMap::new();
    let mut files = 0;
    for sub in ["saves", "blueprints"] {
        for entry in std::fs::read_dir(dir.join(sub)).expect("corpus") {
            let path = entry.expect("entry").path();
            let data = std::fs::read(&path).expect("file");
            let Ok(file) = SatisfactoryFile::read(&data) else {
                continue;
            };
            files += 1;
            let objects = objects(&file);
            for (class, c) in Fallbacks::of(objects.iter().copied()).by_class {
                let t = totals.entry(class).or_default();
                t[0] += c.objects;
                t[1] += c.decoded_custom;
                t[2] += c.raw_custom;
                t[3] += c.raw_object;
            }
            for o in &objects {
                match &o.data {
                    ObjectData::Raw { reason, .. } => {
                        let reason = reason.split(" at 0x").next().unwrap_or(reason);
                        raw_objects.push(format!(
                            "{}: {}: {reason}",
                            path.file_name().unwrap().to_string_lossy(),
                            o.class_name()
                        ))
                    }
                    ObjectData::Decoded(d) => {
                        walk_list(&d.properties, o.class_name(), &mut raw_properties);
                        if let Some(Fallback::DecoderFailed(e)) = d.custom.fallback() {
                            let e = e.split(" at 0x").next().unwrap_or(e);
                            let key = format!("{}: {e}", o.class_name());
                            *decoder_failures.entry(key).or_default() += 1;
                        }
                    }
                }
            }
        }
    }
    println!(
        "{files} files; classes with class data (objects, decoded, raw class data, raw object):"
    );
    for (class, [n, dec, raw, obj]) in &totals {
        println!("  {class}: {n} {dec} {raw} {obj}");
    }
    println!("decoder failures:");
    for (e, n) in &decoder_failures {
        println!("  {n} x {e}");
    }
    println!(
        "raw property values (class.path(type)): {}",
        raw_properties.len()
    );
    for (path, n) in &raw_properties {
        println!("  {path}: {n}");
    }
    println!("objects kept whole as raw bytes: {}", raw_objects.len());
    let mut grouped: BTreeMap<&str, usize> = BTreeMap::new();
    for line in &raw_objects {
        *grouped.entry(line.as_str()).or_default() += 1;
    }
    for (line, n) in grouped {
        println!("  {n} x {line}");
    }
    assert!(files > 200, "{files} files read");
    // Every object's UObject part decodes; only class data and some property values stay raw.
    assert!(
        raw_objects.is_empty(),
        "{} objects kept whole as raw bytes",
        raw_objects.len()
    );
}
