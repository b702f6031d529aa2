//! Which objects and properties of the corpus fall back to raw bytes, by class: printed for the
//! report (`--nocapture`), and held to what is known.

use std::collections::BTreeMap;

use satisfactory::objects::custom::types::{FInventoryItem, StructInstance};
use satisfactory::objects::{CustomData, Fallback, ObjectData};
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
    match s {
        StructValue::Properties(list) => walk_list(list, path, out),
        StructValue::Native(v) => {
            *out.entry(format!("{NATIVE}{}", v.name())).or_default() += 1;
            let state = v
                .get::<FInventoryItem>()
                .and_then(|i| i.item_state.as_ref());
            if let Some(d) = state.and_then(|s| s.valid_struct.as_ref()) {
                match &d.struct_instance {
                    StructInstance::Properties(list) => walk_list(list, path, out),
                    StructInstance::Raw { .. } => {
                        let path = format!(
                            "{path}.ItemState<{}>(StructInstance)",
                            d.script_struct.path_name.as_str()
                        );
                        *out.entry(path).or_default() += 1;
                    }
                }
            }
        }
        _ => {}
    }
}

fn walk_list(list: &PropertyList, path: &str, out: &mut BTreeMap<String, usize>) {
    for p in &list.properties {
        let ty = &p.tag.type_name;
        let path = match ty.param_name(0) {
            "" => format!("{path}.{}({})", p.tag.name.as_str(), ty.name.as_str()),
            inner => format!(
                "{path}.{}({}<{inner}>)",
                p.tag.name.as_str(),
                ty.name.as_str()
            ),
        };
        walk_value(&p.value, &path, out);
    }
}

/// Raw values by the type of the value that stayed raw: the last `(type)` of each path.
fn raw_by_type(raw: &BTreeMap<String, usize>) -> BTreeMap<&str, usize> {
    let mut by_type = BTreeMap::new();
    for (path, n) in raw {
        let ty = path
            .rsplit_once('(')
            .map_or(path.as_str(), |(_, t)| t.trim_end_matches(')'));
        *by_type.entry(ty).or_default() += n;
    }
    by_type
}

fn objects(file: &SatisfactoryFile) -> Vec<&SaveObject> {
    match file {
        SatisfactoryFile::Save(s) => s.body.objects().collect(),
        SatisfactoryFile::Blueprint(b) => b.body.objects.iter().collect(),
        SatisfactoryFile::BlueprintConfig(_) => Vec::new(),
    }
}

/// Classes of the base game whose class data stays raw, with why.
const KNOWN_RAW: &[&str] = &[
    // Four zero bytes after these objects in EmptySave10WithoutDestroyedActors.sav alone; the document
    // gives none of these classes a layout.
    "/Script/FactoryGame.FGCentralStorageSubsystem",
    "/Script/FactoryGame.FGEmoteShortcut",
    "/Script/FactoryGame.FGFoliageRemovalSubsystem",
    "/Script/FactoryGame.FGGameRulesSubsystem",
    "/Script/FactoryGame.FGItemPickup_Spawnable",
    "/Script/FactoryGame.FGMapManager",
    "/Script/FactoryGame.FGPipeSubsystem",
    "/Script/FactoryGame.FGPlayerHotbar",
    "/Script/FactoryGame.FGPowerCircuit",
    "/Script/FactoryGame.FGRecipeManager",
    "/Script/FactoryGame.FGRecipeShortcut",
    "/Script/FactoryGame.FGResourceSinkSubsystem",
    "/Script/FactoryGame.FGScannableSubsystem",
    "/Script/FactoryGame.FGStatisticsSubsystem",
    "/Script/FactoryGame.FGWorldSettings",
];

/// Most objects with raw class data across the corpus (138,887 before any class decoder).
const RAW_CEILING: usize = 57;

/// Key prefix of the native struct counts gathered with the raw values.
const NATIVE: &str = "native struct ";

/// Path parts naming mod classes or mod structs.
const MOD_MARKERS: &[&str] = &["/FicsItNetworks", "/LoadBalancers/"];

/// Most raw property values across the corpus (mod data: FicsIt-Networks, Modular Load Balancers).
const RAW_VALUE_CEILING: usize = 6;

/// A class from a mod rather than the base game.
fn is_mod_class(class: &str) -> bool {
    !class.starts_with("/Game/FactoryGame/") && !class.starts_with("/Script/FactoryGame.")
}

#[test]
fn corpus_fallbacks_by_class() {
    let Some(dir) = snapshots::corpus_subdir("satisfactory") else {
        return;
    };
    let mut totals: BTreeMap<String, [usize; 4]> = BTreeMap::new();
    let mut raw_properties = BTreeMap::new();
    let mut raw_objects = Vec::new();
    let mut raw_class_bytes: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut decoder_failures = Vec::new();
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
                        if let CustomData::Raw { bytes, fallback } = &d.custom {
                            let e = raw_class_bytes
                                .entry(o.class_name().to_owned())
                                .or_default();
                            e.0 += 1;
                            e.1 += bytes.len();
                            if let Fallback::DecoderFailed(why) = fallback {
                                decoder_failures.push(format!("{}: {why}", o.class_name()));
                            }
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
    let raw_total: usize = raw_class_bytes.values().map(|c| c.0).sum();
    let raw_bytes: usize = raw_class_bytes.values().map(|c| c.1).sum();
    println!("raw class data: {raw_total} objects, {raw_bytes} bytes (objects, bytes by class):");
    for (class, (n, bytes)) in &raw_class_bytes {
        println!("  {class}: {n} {bytes}");
    }
    let natives: BTreeMap<String, usize> = raw_properties
        .extract_if(.., |path, _| path.starts_with(NATIVE))
        .collect();
    println!("native struct values decoded:");
    for (name, n) in &natives {
        println!("  {}: {n}", &name[NATIVE.len()..]);
    }
    println!(
        "raw property values (class.path(type)): {}",
        raw_properties.len()
    );
    for (path, n) in &raw_properties {
        println!("  {path}: {n}");
    }
    let by_type = raw_by_type(&raw_properties);
    println!(
        "raw property values by type: {} in all",
        by_type.values().sum::<usize>()
    );
    for (ty, n) in &by_type {
        println!("  {ty}: {n}");
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
    // Property values stay raw in mod data alone (91,478 before the native-struct hooks, almost
    // all InventoryItem); the base game's binary structs all decode.
    let unexplained: Vec<&String> = raw_properties
        .keys()
        .filter(|path| !MOD_MARKERS.iter().any(|m| path.contains(m)))
        .collect();
    assert!(
        unexplained.is_empty(),
        "raw property values: {unexplained:?}"
    );
    let raw_values: usize = raw_properties.values().sum();
    assert!(
        raw_values <= RAW_VALUE_CEILING,
        "{raw_values} raw property values"
    );
    assert!(natives.len() >= 5, "native structs decoded: {natives:?}");
    // Every class the document gives a layout decodes on every corpus object.
    assert!(
        decoder_failures.is_empty(),
        "{} decoder failures, first: {:?}",
        decoder_failures.len(),
        decoder_failures.first()
    );
    // Raw class data is left to classes without a decoder: mods, and the few classes listed in
    // KNOWN_RAW (what they hold is not in the document).
    let unexpected: Vec<&String> = raw_class_bytes
        .keys()
        .filter(|c| !is_mod_class(c) && !KNOWN_RAW.contains(&c.as_str()))
        .collect();
    assert!(unexpected.is_empty(), "raw class data: {unexpected:?}");
    assert!(
        raw_total <= RAW_CEILING,
        "{raw_total} objects with raw class data"
    );
    // Every object's UObject part decodes; only class data and some property values stay raw.
    assert!(
        raw_objects.is_empty(),
        "{} objects kept whole as raw bytes",
        raw_objects.len()
    );
}
