//! The Palworld world save (Level.sav sample, corpus/gvas/palworld_zlib_twice.sav) with its RawData
//! decoded: blob counts by path (decoded, decoded with bytes kept raw inside, still raw), players,
//! Pals, guilds, map objects by concrete model class, dynamic items and works by kind.

use std::fmt::Write as _;

use gvas::palworld::{PalworldRawData, RawData};
use unreal::PropertyValue;

fn describe(data: &[u8]) -> String {
    let mut save = gvas::read(data).expect("Level.sav reads");
    let raw = PalworldRawData::take(&mut save.body);
    let mut out = String::new();
    let still_raw = raw.still_raw_by_path();
    let raw_total: usize = still_raw.values().sum();
    let _ = writeln!(out, "raw_data_blobs: {}", raw.blobs.len());
    let _ = writeln!(out, "decoded: {}", raw.blobs.len() - raw_total);
    let _ = writeln!(out, "still raw: {raw_total}");
    let _ = writeln!(out, "by path: decoded, partly raw, raw");
    for (path, [decoded, partly, raw]) in raw.counts_by_path() {
        let _ = writeln!(out, "  {decoded:6} {partly:3} {raw:3} {path}");
    }
    let (players, pals): (Vec<_>, Vec<_>) = raw.characters().partition(|c| c.is_player());
    let _ = writeln!(out, "players: {}", players.len());
    for p in &players {
        let name = p
            .save_parameter()
            .and_then(|s| s.get("NickName"))
            .and_then(|n| match &n.value {
                PropertyValue::Str(s) => Some(s.as_str().to_owned()),
                _ => None,
            })
            .unwrap_or_default();
        let _ = writeln!(out, "  {name:?} level {}", p.level());
    }
    let mut levels: Vec<i64> = pals.iter().map(|c| c.level()).collect();
    levels.sort_unstable();
    let _ = writeln!(
        out,
        "pals: {} (levels {}..={}, median {})",
        pals.len(),
        levels.first().unwrap_or(&0),
        levels.last().unwrap_or(&0),
        levels.get(levels.len() / 2).unwrap_or(&0)
    );
    let mut kinds = std::collections::BTreeMap::new();
    for (_, data) in &raw.blobs {
        if let RawData::Group(g) = data {
            let kind = match (&g.members, &g.independent, &g.organization) {
                (Some(_), _, _) => "guild",
                (None, Some(_), _) => "independent guild",
                (None, None, Some(_)) => "organization",
                _ => "other",
            };
            *kinds.entry(kind).or_insert(0) += 1;
        }
    }
    let _ = writeln!(out, "groups: {kinds:?}");
    for g in raw.groups().filter(|g| g.members.is_some()) {
        let guild = g.guild.as_ref().expect("a guild has its guild part");
        let members = g.members.as_ref().expect("checked");
        let names: Vec<&str> = members
            .players
            .iter()
            .map(|m| m.player_name.as_str())
            .collect();
        let _ = writeln!(
            out,
            "  guild {:?}: base camp level {}, {} base camp points, {} characters, players {names:?}",
            guild.guild_name.as_str(),
            guild.base_camp_level,
            guild.base_camp_points.len(),
            g.character_handles.len()
        );
    }
    let mut classes = std::collections::BTreeMap::new();
    let mut items = std::collections::BTreeMap::new();
    let mut works = std::collections::BTreeMap::new();
    for (_, data) in &raw.blobs {
        let (map, name) = match data {
            RawData::ConcreteModel(c) => (&mut classes, serde_json::to_value(&c.body)),
            RawData::DynamicItem(d) => (&mut items, serde_json::to_value(&d.kind)),
            RawData::Work(w) => (&mut works, serde_json::to_value(&w.workable)),
            _ => continue,
        };
        *map.entry(variant_name(name.expect("serializes")))
            .or_insert(0) += 1;
    }
    let _ = writeln!(out, "concrete models: {classes:?}");
    let _ = writeln!(out, "dynamic items: {items:?}");
    let _ = writeln!(out, "works: {works:?}");
    raw.apply(&mut save.body).expect("applies");
    let same = gvas::write(&save).expect("writes") == data;
    let _ = writeln!(
        out,
        "round trip after decode + apply: {}",
        if same { "identical" } else { "DIFFERS" }
    );
    out
}

/// A value's variant name (and its inner variant's, for a wrapped one): `Data.ConvertItem`.
fn variant_name(mut json: serde_json::Value) -> String {
    let mut names = Vec::new();
    loop {
        match json {
            serde_json::Value::Object(map) => match map.into_iter().next() {
                Some((name, inner)) if name.starts_with(char::is_uppercase) => {
                    names.push(name);
                    json = inner;
                }
                _ => break,
            },
            serde_json::Value::String(name) => {
                names.push(name);
                break;
            }
            _ => break,
        }
    }
    names.join(".")
}

#[test]
fn palworld_level_sav_raw_data_snapshot() {
    let Some(dir) = snapshots::corpus_subdir("gvas") else {
        return;
    };
    let data = std::fs::read(dir.join("palworld_zlib_twice.sav")).expect("corpus file");
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots/palworld");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("level_sav_raw_data", describe(&data)));
}
