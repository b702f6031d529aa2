//! Summaries for `savepoint info` and the snapshots: versions, names, counts, and which objects fell
//! back to raw bytes.

use std::collections::BTreeMap;

use unreal::FString;

use crate::objects::{CustomData, Fallback, ObjectData, SaveObject};
use crate::{Blueprint, BlueprintConfig, FPlayerInfoHandle, LastEditedBy, SaveFile};

/// `FDateTime` ticks per second.
const TICKS_PER_SECOND: i64 = 10_000_000;
/// Days from 0001-01-01 to 1970-01-01.
const DAYS_TO_UNIX_EPOCH: i64 = 719_162;

/// Objects of one class: how many, and how many kept (part of) their bytes raw.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClassCount {
    /// Objects of the class.
    pub objects: usize,
    /// Objects whose class data is decoded (not `None`, not raw).
    pub decoded_custom: usize,
    /// Objects whose class data was kept raw.
    pub raw_custom: usize,
    /// Objects kept entirely raw (their UObject part did not decode).
    pub raw_object: usize,
}

/// Per-class counts of objects with class data or raw bytes, by class path.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fallbacks {
    /// Classes with class data or raw bytes.
    pub by_class: BTreeMap<String, ClassCount>,
}

impl Fallbacks {
    /// Counts over `objects`.
    pub fn of<'a>(objects: impl IntoIterator<Item = &'a SaveObject>) -> Self {
        let mut by_class: BTreeMap<String, ClassCount> = BTreeMap::new();
        for o in objects {
            let custom = match &o.data {
                ObjectData::Raw { .. } => None,
                ObjectData::Decoded(d) => Some(&d.custom),
            };
            if matches!(custom, Some(CustomData::None)) {
                continue;
            }
            let count = by_class.entry(o.class_name().to_owned()).or_default();
            count.objects += 1;
            match custom {
                None => count.raw_object += 1,
                Some(c) if c.fallback().is_some() => count.raw_custom += 1,
                Some(_) => count.decoded_custom += 1,
            }
        }
        Fallbacks { by_class }
    }

    /// Objects with any raw bytes.
    pub fn raw_total(&self) -> usize {
        self.by_class
            .values()
            .map(|c| c.raw_custom + c.raw_object)
            .sum()
    }

    /// One line per class: `class objects decoded/raw-custom/raw-object`.
    pub fn lines(&self) -> Vec<String> {
        self.by_class
            .iter()
            .map(|(class, c)| {
                format!(
                    "{class}: {} (decoded {}, raw class data {}, raw object {})",
                    c.objects, c.decoded_custom, c.raw_custom, c.raw_object
                )
            })
            .collect()
    }
}

/// Reasons objects fell back, with counts (for reports).
pub(crate) fn reasons<'a>(
    objects: impl IntoIterator<Item = &'a SaveObject>,
) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for o in objects {
        let reason = match &o.data {
            ObjectData::Raw { reason, .. } => format!("object: {reason}"),
            ObjectData::Decoded(d) => match d.custom.fallback() {
                Some(Fallback::NoDecoder) => continue,
                Some(Fallback::DecoderFailed(e)) => format!("class data: {e}"),
                None => continue,
            },
        };
        *out.entry(reason).or_insert(0) += 1;
    }
    out
}

/// `FDateTime` ticks as `YYYY-MM-DD hh:mm:ss` (UTC).
fn date_time(ticks: i64) -> String {
    let seconds = ticks.div_euclid(TICKS_PER_SECOND);
    let days = seconds.div_euclid(86_400) - DAYS_TO_UNIX_EPOCH;
    let secs = seconds.rem_euclid(86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

fn duration(seconds: i32) -> String {
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

/// The mods listed in a save header's `ModMetadata` JSON (`Mods[].Reference` and `Version`).
fn mods(metadata: &str) -> String {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(metadata) else {
        return if metadata.is_empty() {
            "none".to_owned()
        } else {
            "unreadable metadata".to_owned()
        };
    };
    let list: Vec<String> = value
        .get("Mods")
        .and_then(|m| m.as_array())
        .map(|mods| {
            mods.iter()
                .map(|m| {
                    let name = m.get("Reference").and_then(|r| r.as_str()).unwrap_or("?");
                    match m.get("Version").and_then(|v| v.as_str()) {
                        Some(v) => format!("{name} {v}"),
                        None => name.to_owned(),
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    if list.is_empty() {
        "none".to_owned()
    } else {
        list.join(", ")
    }
}

fn text(v: &FString) -> String {
    v.as_str().to_owned()
}

fn object_lines(lines: &mut Vec<(&'static str, String)>, objects: &[&SaveObject]) {
    let actors = objects.iter().filter(|o| o.header.is_actor()).count();
    let fallbacks = Fallbacks::of(objects.iter().copied());
    let raw_objects: usize = fallbacks.by_class.values().map(|c| c.raw_object).sum();
    let raw_custom: usize = fallbacks.by_class.values().map(|c| c.raw_custom).sum();
    let decoded: usize = fallbacks.by_class.values().map(|c| c.decoded_custom).sum();
    lines.push(("objects", objects.len().to_string()));
    lines.push(("actors", actors.to_string()));
    lines.push(("class_data_decoded", decoded.to_string()));
    lines.push(("class_data_raw", raw_custom.to_string()));
    lines.push(("objects_raw", raw_objects.to_string()));
}

impl SaveFile {
    /// Short key/value lines describing the save.
    pub fn summary(&self) -> Vec<(&'static str, String)> {
        let h = &self.header;
        let mut lines = vec![
            ("kind", "save".to_owned()),
            ("save_header_version", h.save_header_version.to_string()),
            ("save_version", h.save_version.to_string()),
            ("build_version", h.build_version.to_string()),
            ("save_name", text(&h.save_name)),
            ("map_name", h.map_name.as_str().to_owned()),
            ("session_name", text(&h.session_name)),
            (
                "play_time",
                h.play_duration_seconds.map_or("-".to_owned(), duration),
            ),
            (
                "saved_at",
                h.save_date_time.map_or("-".to_owned(), date_time),
            ),
            (
                "modded",
                h.is_modded_save.map_or("-".to_owned(), |b| b.0.to_string()),
            ),
            ("mods", mods(h.mod_metadata.as_str())),
            (
                "creative_mode",
                h.is_creative_mode_enabled
                    .map_or("-".to_owned(), |b| b.0.to_string()),
            ),
            ("chunks", self.chunks.chunks.len().to_string()),
            (
                "body_bytes",
                self.chunks
                    .chunks
                    .iter()
                    .map(|c| c.uncompressed_len)
                    .sum::<u64>()
                    .to_string(),
            ),
            ("levels", self.body.levels.len().to_string()),
            (
                "persistent_objects",
                self.body.persistent.objects.len().to_string(),
            ),
        ];
        let objects: Vec<&SaveObject> = self.body.objects().collect();
        object_lines(&mut lines, &objects);
        let destroyed: usize = self
            .body
            .levels
            .iter()
            .map(|l| l.destroyed_actors.items.len())
            .sum();
        lines.push(("destroyed_actors", destroyed.to_string()));
        lines.push((
            "unresolved_destroyed_actors",
            self.body
                .unresolved
                .as_ref()
                .map_or("absent".to_owned(), |u| {
                    u.destroyed_actors.items.len().to_string()
                }),
        ));
        lines
    }

    /// Per-class counts of objects with class data or raw bytes.
    pub fn fallbacks(&self) -> Fallbacks {
        Fallbacks::of(self.body.objects())
    }

    /// Why objects fell back to raw bytes (decoder failures and undecodable objects), with counts.
    pub fn fallback_reasons(&self) -> BTreeMap<String, usize> {
        reasons(self.body.objects())
    }
}

impl Blueprint {
    /// Short key/value lines describing the blueprint.
    pub fn summary(&self) -> Vec<(&'static str, String)> {
        let h = &self.header;
        let d = h.dimensions;
        let mut lines = vec![
            ("kind", "blueprint".to_owned()),
            ("header_version", h.header_version.to_string()),
            ("save_version", h.save_version.to_string()),
            ("build_version", h.build_version.to_string()),
            ("dimensions", format!("{}x{}x{}", d.x, d.y, d.z)),
            ("cost_items", h.cost.items.len().to_string()),
            ("recipes", h.recipe_refs.items.len().to_string()),
            (
                "chunk_headers",
                if self.chunks.header.v2_compressor.is_some() {
                    "v2"
                } else {
                    "v1"
                }
                .to_owned(),
            ),
            ("chunks", self.chunks.chunks.len().to_string()),
        ];
        let objects: Vec<&SaveObject> = self.body.objects.iter().collect();
        object_lines(&mut lines, &objects);
        lines
    }

    /// Per-class counts of objects with class data or raw bytes.
    pub fn fallbacks(&self) -> Fallbacks {
        Fallbacks::of(&self.body.objects)
    }
}

impl BlueprintConfig {
    /// Short key/value lines describing the config.
    pub fn summary(&self) -> Vec<(&'static str, String)> {
        let edited = match &self.last_edited_by {
            LastEditedBy::None => "-".to_owned(),
            LastEditedBy::Bundles(b) => format!("{} account bundle(s)", b.items.len()),
            LastEditedBy::PlayerInfo(FPlayerInfoHandle::Current(h)) => format!(
                "Current {{ service_provider: {}, player_info_table_index: {} }}",
                h.service_provider, h.player_info_table_index
            ),
            LastEditedBy::PlayerInfo(FPlayerInfoHandle::Legacy(h)) => format!(
                "Legacy {{ service_provider: {}, legacy_player_info_table_index: {} }}",
                h.service_provider, h.legacy_player_info_table_index
            ),
        };
        vec![
            ("kind", "blueprint config".to_owned()),
            ("config_version", self.config_version.to_string()),
            (
                "description_chars",
                self.blueprint_description
                    .as_str()
                    .chars()
                    .count()
                    .to_string(),
            ),
            ("icon_id", self.icon_id.to_string()),
            (
                "icon_library",
                self.icon_library
                    .as_ref()
                    .map_or("-".to_owned(), |l| l.asset_name.as_str().to_owned()),
            ),
            ("last_edited_by", edited),
            ("trailing_bytes", self.trailing.len().to_string()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_become_utc_dates() {
        // 1970-01-01 00:00:00 is 621355968000000000 ticks after 0001-01-01.
        assert_eq!(date_time(621_355_968_000_000_000), "1970-01-01 00:00:00");
        // 2000-02-29 12:34:56
        let t = 621_355_968_000_000_000 + (951_827_696 * TICKS_PER_SECOND);
        assert_eq!(date_time(t), "2000-02-29 12:34:56");
    }

    #[test]
    fn mod_list_from_metadata() {
        let m = r#"{"Version":1,"Mods":[{"Reference":"FicsItNetworks","Name":"FIN","Version":"0.3.19"}]}"#;
        assert_eq!(mods(m), "FicsItNetworks 0.3.19");
        assert_eq!(mods(""), "none");
    }
}
