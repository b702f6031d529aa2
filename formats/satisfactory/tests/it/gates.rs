//! The writer refuses a model whose version-gated fields disagree with the versions they are
//! written at (schema-derive's `#[version]` gates), naming the field, the rule and the version;
//! in particular a blueprint edited in JSON to carry object flags its SaveVersion lacks.

use binrw::BinWrite;
use binrw::io::Cursor;
use satisfactory::objects::custom::component::EmptyArray;
use satisfactory::objects::custom::lightweight::{FRuntimeBuildableInstanceData, InstanceMap};
use satisfactory::objects::custom::types::{
    FFGDynamicStruct, FInventoryItem, FPlayerInfoHandle, PlayerInfoIndex,
};
use satisfactory::objects::custom::{
    AFGBuildableWire, AFGLightweightBuildableSubsystem, UActorComponent,
};
use satisfactory::objects::{CustomData, FObjectBaseSaveHeader, FObjectSaveDataTail};
use satisfactory::{
    Blueprint, BlueprintConfig, Description, FBlueprintHeader, FSaveHeader, LastEditedBy,
    SatisfactoryFile, SaveFile, TOptional, Utf8Text,
};
use serde_json::{Value, json};
use unreal::{FObjectReferenceDisc, FString, PropertyContext};

/// The message of the writer's refusal of `value` at `args`.
fn refused<'a, T: BinWrite>(value: &T, args: T::Args<'a>) -> String {
    let err = value
        .write_le_args(&mut Cursor::new(Vec::new()), args)
        .expect_err("the writer must refuse the value");
    match err.root_cause() {
        binrw::Error::AssertFail { message, .. } => message.clone(),
        other => panic!("expected a failed check, got {other}"),
    }
}

/// Writes `value` at `args`, which must succeed.
fn written<'a, T: BinWrite>(value: &T, args: T::Args<'a>) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    value
        .write_le_args(&mut out, args)
        .unwrap_or_else(|e| panic!("write failed: {e}"));
    out.into_inner()
}

fn reference(path: &str) -> FObjectReferenceDisc {
    FObjectReferenceDisc {
        level_name: FString::new("Persistent_Level"),
        path_name: FString::new(path),
    }
}

fn props() -> PropertyContext {
    PropertyContext::new(522, 1009)
}

#[test]
fn object_flags_follow_the_save_version() {
    let header = |flags| FObjectBaseSaveHeader {
        class_name: FString::new("/Script/FactoryGame.FGFoundation"),
        reference: reference("Persistent_Level:PersistentLevel.Foundation_1"),
        object_flags: flags,
    };
    written(&header(None), (48,));
    written(&header(Some(8)), (49,));
    assert_eq!(
        refused(&header(Some(0)), (46,)),
        "FObjectBaseSaveHeader.object_flags (save_version >= 49) must be absent at save_version 46"
    );
    assert_eq!(
        refused(&header(None), (49,)),
        "FObjectBaseSaveHeader.object_flags (save_version >= 49) must be present at save_version 49"
    );
}

#[test]
fn actor_component_and_wire_data_follow_update_8() {
    let component = |p| UActorComponent {
        ucs_modified_properties: p,
    };
    assert_eq!(
        refused(&component(None), (46,)),
        "UActorComponent.ucs_modified_properties (save_version >= 41) must be present at \
         save_version 46"
    );
    assert_eq!(
        refused(&component(Some(EmptyArray::default())), (36,)),
        "UActorComponent.ucs_modified_properties (save_version >= 41) must be absent at \
         save_version 36"
    );
    let wire = AFGBuildableWire {
        connections: [reference("a"), reference("b")],
        connection_locations: None,
    };
    written(&wire, (46,));
    assert_eq!(
        refused(&wire, (36,)),
        "AFGBuildableWire.connection_locations (save_version < 41) must be present at \
         save_version 36"
    );
}

#[test]
fn inventory_items_follow_the_item_state_version() {
    let item = |state: Option<FFGDynamicStruct>, legacy| FInventoryItem {
        item_class: reference("/Game/Desc_IronPlate.Desc_IronPlate_C"),
        item_state: state,
        legacy_item_state_actor: legacy,
    };
    let props = props();
    let empty = || Some(FFGDynamicStruct { valid_struct: None });
    written(&item(empty(), None), (46, &props));
    written(&item(None, Some(reference(""))), (42, &props));
    assert_eq!(
        refused(&item(empty(), Some(reference(""))), (46, &props)),
        "FInventoryItem.legacy_item_state_actor (save_version < 43) must be absent at \
         save_version 46"
    );
    assert_eq!(
        refused(&item(None, Some(reference(""))), (46, &props)),
        "FInventoryItem.item_state (save_version >= 43) must be present at save_version 46"
    );
}

fn handle(duplicate: bool, index: Option<i32>, legacy: Option<u8>) -> FPlayerInfoHandle {
    FPlayerInfoHandle {
        duplicate: duplicate.then_some(PlayerInfoIndex {
            service_provider: 1,
            player_info_table_index: 0,
        }),
        service_provider: 1,
        player_info_table_index: index,
        legacy_player_info_table_index: legacy,
    }
}

#[test]
fn player_info_handles_follow_the_player_info_version() {
    written(&handle(false, None, Some(0)), (56,));
    written(&handle(true, Some(0), None), (57,));
    written(&handle(false, Some(0), None), (58,));
    assert_eq!(
        refused(&handle(false, Some(0), None), (57,)),
        "FPlayerInfoHandle.duplicate (save_version == 57) must be present at save_version 57"
    );
    assert_eq!(
        refused(&handle(true, Some(0), None), (58,)),
        "FPlayerInfoHandle.duplicate (save_version == 57) must be absent at save_version 58"
    );
    assert_eq!(
        refused(&handle(false, Some(0), None), (56,)),
        "FPlayerInfoHandle.player_info_table_index (save_version >= 57) must be absent at \
         save_version 56"
    );
    assert_eq!(
        refused(&handle(false, Some(0), Some(0)), (58,)),
        "FPlayerInfoHandle.legacy_player_info_table_index (save_version < 57) must be absent at \
         save_version 58"
    );
}

#[test]
fn lightweight_buildables_follow_both_versions() {
    let props = props();
    let subsystem = AFGLightweightBuildableSubsystem {
        current_lightweight_version: None,
        buildable_class_to_instance_array: InstanceMap {
            entries: Vec::new(),
        },
    };
    written(&subsystem, (46, &props));
    assert_eq!(
        refused(&subsystem, (48, &props)),
        "AFGLightweightBuildableSubsystem.current_lightweight_version (save_version >= 48) must \
         be present at save_version 48"
    );
    let instance: FRuntimeBuildableInstanceData = serde_json::from_value(json!({
        "transform": {
            "rotation": {"x": 0.0, "y": 0.0, "z": 0.0, "w": 1.0},
            "translation": {"x": 0.0, "y": 0.0, "z": 0.0},
            "scale3d": {"x": 1.0, "y": 1.0, "z": 1.0},
        },
        "customization_data": {
            "swatch_desc": {"level_name": "", "path_name": ""},
            "material_desc": {"level_name": "", "path_name": ""},
            "pattern_desc": {"level_name": "", "path_name": ""},
            "skin_desc": {"level_name": "", "path_name": ""},
            "primary_color": {"r": 0.0, "g": 0.0, "b": 0.0, "a": 1.0},
            "secondary_color": {"r": 0.0, "g": 0.0, "b": 0.0, "a": 1.0},
            "paint_finish": {"level_name": "", "path_name": ""},
            "pattern_rotation": 0,
        },
        "built_with_recipe": {"level_name": "", "path_name": ""},
        "blueprint_proxy": {"level_name": "", "path_name": ""},
        "type_specific_data": {"valid_struct": null},
    }))
    .expect("instance JSON");
    written(&instance, (52, 2, &props));
    assert_eq!(
        refused(&instance, (52, 1, &props)),
        "FRuntimeBuildableInstanceData.type_specific_data (lightweight_version >= 2) must be \
         absent at lightweight_version 1"
    );
    assert_eq!(
        refused(&instance, (58, 3, &props)),
        "FRuntimeBuildableInstanceData.built_by (lightweight_version >= 3) must be present at \
         lightweight_version 3"
    );
}

fn corpus_file(path: &str) -> Option<SatisfactoryFile> {
    let dir = snapshots::corpus_subdir("satisfactory")?;
    let data = std::fs::read(dir.join(path)).expect("corpus file");
    Some(SatisfactoryFile::read(&data).expect("corpus file reads"))
}

/// Flips `field` of `value` between null and 0 (present fields become null).
fn toggled<T: serde::Serialize + serde::de::DeserializeOwned>(value: &T, field: &str) -> T {
    let mut json = serde_json::to_value(value).unwrap();
    let slot = json.get_mut(field).unwrap_or_else(|| panic!("no {field}"));
    *slot = match slot {
        Value::Null => json!(0),
        _ => Value::Null,
    };
    serde_json::from_value(json).unwrap_or_else(|e| panic!("{field}: {e}"))
}

#[test]
fn every_optional_save_header_field_follows_the_header_version() {
    let Some(SatisfactoryFile::Save(save)) = corpus_file("saves/1.0_autosave_0.sav") else {
        return;
    };
    let header: &FSaveHeader = &save.header;
    assert_eq!(header.save_header_version, 13);
    written(header, ());
    let fields = [
        (
            "session_id_int",
            "save_header_version >= 2 and save_header_version < 4",
            "absent",
        ),
        (
            "play_duration_seconds",
            "save_header_version >= 3",
            "present",
        ),
        ("save_date_time", "save_header_version >= 4", "present"),
        ("session_visibility", "save_header_version >= 5", "present"),
        (
            "editor_object_version",
            "save_header_version >= 7",
            "present",
        ),
        ("is_modded_save", "save_header_version >= 8", "present"),
        (
            "is_partitioned_world",
            "save_header_version >= 11",
            "present",
        ),
        ("save_data_hash", "save_header_version >= 12", "present"),
        (
            "is_creative_mode_enabled",
            "save_header_version >= 13",
            "present",
        ),
    ];
    for (field, rule, should) in fields {
        let edited = toggled(header, field);
        assert_eq!(
            refused(&edited, ()),
            format!("FSaveHeader.{field} ({rule}) must be {should} at save_header_version 13")
        );
    }
}

#[test]
fn blueprint_header_version_data_follows_the_save_version() {
    let Some(SatisfactoryFile::Blueprint(new)) = corpus_file("blueprints/two-foundations-1-2.sbp")
    else {
        return;
    };
    assert!(new.header.save_version >= 53, "{}", new.header.save_version);
    let missing = FBlueprintHeader {
        save_object_version_data: None,
        ..new.header.clone()
    };
    assert_eq!(
        refused(&missing, ()),
        format!(
            "FBlueprintHeader.save_object_version_data (save_version >= 53) must be present at \
             save_version {}",
            new.header.save_version
        )
    );
    let old = FBlueprintHeader {
        save_version: 46,
        ..new.header.clone()
    };
    assert_eq!(
        refused(&old, ()),
        "FBlueprintHeader.save_object_version_data (save_version >= 53) must be absent at \
         save_version 46"
    );
}

/// Issue 20's case: in the JSON of a blueprint whose SaveVersion has no object flags, an object's
/// `object_flags` set from null to 0 used to be written as a file that could not be read back.
#[test]
fn object_flags_added_in_json_at_an_old_save_version_are_refused() {
    let Some(SatisfactoryFile::Blueprint(blueprint)) =
        corpus_file("blueprints/6x6 rail test straight.sbp")
    else {
        return;
    };
    assert_eq!(blueprint.header.save_version, 46);
    let mut json = serde_json::to_value(&blueprint).unwrap();
    let header = &mut json["body"]["objects"][3]["header"];
    let base = match header["kind"].as_str() {
        Some("actor") => &mut header["object_header"],
        _ => &mut header["base_header"],
    };
    let flags = &mut base["object_flags"];
    assert_eq!(*flags, Value::Null);
    *flags = json!(0);
    let edited: Blueprint = serde_json::from_value(json).expect("the JSON is well-formed");
    let err = edited
        .write()
        .expect_err("the writer must refuse the flags");
    assert!(
        err.message
            .contains("FObjectBaseSaveHeader.object_flags (save_version >= 49) must be absent at save_version 46"),
        "{err}"
    );
    assert_eq!(err.path, "body.objects[3].header", "{err}");
}

/// A data blob entry's `PerObjectVersionData` follows the object's own SaveVersion (the gate of
/// the generated `FObjectSaveDataTail`): in the JSON of a 1.2 save, an object moved back to
/// SaveVersion 52 with its version data kept is refused, naming the object; without it, it writes.
#[test]
fn object_version_data_follows_the_object_save_version() {
    let tail = |data| FObjectSaveDataTail {
        per_object_version_data: data,
    };
    let unset = || Some(TOptional { value: None });
    assert_eq!(written(&tail(None), (52,)), b"");
    assert_eq!(written(&tail(unset()), (53,)), 0u32.to_le_bytes());
    assert_eq!(
        refused(&tail(None), (58,)),
        "FObjectSaveDataTail.per_object_version_data (save_version >= 53) must be present at \
         save_version 58"
    );
    let Some(SatisfactoryFile::Save(save)) = corpus_file("saves/Another-1-2.sav") else {
        return;
    };
    let mut json = serde_json::to_value(&save).unwrap();
    let object = &mut json["body"]["levels"][17]["objects"][0];
    // Bytes that need no versions to write (its properties would take the older UE version).
    object["data"] = json!({"raw": {"bytes": "0102", "reason": "edited"}});
    let entry = &mut object["save_data"];
    assert_eq!(entry["per_object_version_data"], json!({"value": null}));
    entry["save_version"] = json!(52);
    let edited: SaveFile = serde_json::from_value(json.clone()).expect("well-formed JSON");
    let err = edited
        .write()
        .expect_err("the writer must refuse the version data");
    assert!(
        err.message.contains(
            "FObjectSaveDataTail.per_object_version_data (save_version >= 53) must be absent at \
             save_version 52"
        ),
        "{err}"
    );
    assert_eq!(err.path, "body.levels[17][0].save_data", "{err}");
    let entry = json["body"]["levels"][17]["objects"][0]["save_data"]
        .as_object_mut()
        .unwrap();
    entry.remove("per_object_version_data");
    let edited: SaveFile = serde_json::from_value(json).expect("well-formed JSON");
    edited
        .write()
        .expect("an object of SaveVersion 52 without version data writes");
}

/// The header's strings that older header versions lack read as empty; a text put there is
/// refused rather than silently dropped.
#[test]
fn header_strings_the_header_version_lacks_must_stay_empty() {
    let Some(SatisfactoryFile::Save(save)) = corpus_file("saves/1.0_autosave_0.sav") else {
        return;
    };
    let header = FSaveHeader {
        save_name: FString::new("renamed"),
        ..save.header.clone()
    };
    assert_eq!(
        refused(&header, ()),
        "FSaveHeader.save_name (save_header_version >= 14) must be absent at save_header_version 13"
    );
}

/// An FString of `text` (ASCII, NUL-terminated, length-prefixed).
fn fstring(text: &str) -> Vec<u8> {
    let mut out = (text.len() as i32 + 1).to_le_bytes().to_vec();
    out.extend_from_slice(text.as_bytes());
    out.push(0);
    out
}

/// A config of `config_version` up to its icon library, which follows at the returned length.
fn config_start(config_version: i32) -> Vec<u8> {
    let mut out = config_version.to_le_bytes().to_vec();
    out.extend(fstring("a"));
    out.extend_from_slice(&7i32.to_le_bytes());
    for channel in [0.25f32, 0.5, 0.75, 1.0] {
        out.extend_from_slice(&channel.to_le_bytes());
    }
    out
}

/// The icon library exists from config version 3 on: read so, and a config whose library
/// disagrees with its version is refused by the writer, naming the field and the versions.
#[test]
fn the_config_icon_library_follows_the_config_version() {
    let old = config_start(2);
    let config = BlueprintConfig::read(&old).expect("version 2 config");
    assert_eq!(config.icon_library, None);
    assert_eq!(config.write().expect("version 2 writes"), old);

    let mut new = config_start(3);
    new.extend(fstring("/Game/FactoryGame/IconLibrary"));
    new.extend(fstring("IconLibrary"));
    let config = BlueprintConfig::read(&new).expect("version 3 config");
    let library = config
        .icon_library
        .as_ref()
        .expect("version 3 has a library");
    assert_eq!(library.asset_name.as_str(), "IconLibrary");
    assert_eq!(config.write().expect("version 3 writes"), new);

    let cases = [
        (
            BlueprintConfig {
                config_version: 2,
                ..config.clone()
            },
            "BlueprintConfig.icon_library (config_version >= 3) must be absent at config_version 2",
        ),
        (
            BlueprintConfig {
                icon_library: None,
                ..config
            },
            "BlueprintConfig.icon_library (config_version >= 3) must be present at config_version 3",
        ),
    ];
    for (edited, message) in cases {
        let err = edited
            .write()
            .expect_err("the writer must refuse the library");
        // The generated writer checks the gates before writing the config, at its start.
        assert_eq!(
            (err.path.as_str(), err.offset),
            ("blueprint_config", 0),
            "{err}"
        );
        assert_eq!(err.message, message, "{err}");
    }
}

/// The root README's worked example for class data: `UCSModifiedProperties`, a field SaveVersion
/// 41 (Update 8) added to `schema/component.ksy`'s `u_actor_component`, is absent from every actor
/// component of an Update 6/7 blueprint (SaveVersion 36) and present in every one of a 1.0
/// blueprint (SaveVersion 52); both files write back byte for byte.
#[test]
fn actor_component_data_follows_the_object_save_version() {
    let Some(dir) = snapshots::corpus_subdir("satisfactory") else {
        return;
    };
    let cases = [
        ("blueprints/BlueprintWithHeaderV1.sbp", 36, 1279, false),
        ("blueprints/Motor Tower.sbp", 52, 430, true),
    ];
    for (path, save_version, components, present) in cases {
        let bytes = std::fs::read(dir.join(path)).expect("corpus file");
        let blueprint = Blueprint::read(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(blueprint.header.save_version, save_version, "{path}");
        let fields: Vec<bool> = blueprint
            .body
            .objects
            .iter()
            .filter_map(|o| match &o.decoded()?.custom {
                CustomData::ActorComponent(c) => Some(c.ucs_modified_properties.is_some()),
                _ => None,
            })
            .collect();
        assert_eq!(fields.len(), components, "{path}");
        assert!(fields.iter().all(|f| *f == present), "{path}");
        assert_eq!(blueprint.write().expect("writes"), bytes, "{path}");
    }
}

/// A config of version 6 ends in a player info handle whose form only its size tells: 5 bytes
/// are the 1.2 form, 2 the 1.1.3 one, any other count is refused naming both.
#[test]
fn the_config_player_info_handle_is_told_by_the_bytes_left() {
    let mut base = config_start(6);
    base.extend(fstring("/Game/FactoryGame/IconLibrary"));
    base.extend(fstring("IconLibrary"));
    let current = [base.clone(), vec![1, 7, 0, 0, 0]].concat();
    let config = BlueprintConfig::read(&current).expect("1.2 handle");
    let Some(LastEditedBy::PlayerInfo(satisfactory::FPlayerInfoHandle::Current(handle))) =
        Some(&config.last_edited_by)
    else {
        panic!("{:?}", config.last_edited_by);
    };
    assert_eq!(
        (handle.service_provider, handle.player_info_table_index),
        (1, 7)
    );
    assert_eq!(config.write().expect("writes"), current);
    let legacy = [base.clone(), vec![1, 7]].concat();
    let config = BlueprintConfig::read(&legacy).expect("1.1.3 handle");
    assert!(matches!(
        config.last_edited_by,
        LastEditedBy::PlayerInfo(satisfactory::FPlayerInfoHandle::Legacy(_))
    ));
    assert_eq!(config.write().expect("writes"), legacy);
    let err = BlueprintConfig::read(&[base.clone(), vec![1, 7, 0]].concat()).unwrap_err();
    assert_eq!(err.offset, base.len(), "{err}");
    assert!(
        err.message
            .contains("3 bytes left, the forms take 5 (current) or 2 (legacy)"),
        "{err}"
    );
}

/// What the reader tells by the version or the bytes, the writer refuses where they disagree:
/// a `LastEditedBy` the version does not store, bytes after the handle (which would change its
/// form), and a description whose bytes read back as the other form.
#[test]
fn the_config_writer_refuses_what_would_not_read_back() {
    let mut bytes = config_start(6);
    bytes.extend(fstring("/Game/FactoryGame/IconLibrary"));
    bytes.extend(fstring("IconLibrary"));
    bytes.extend([1, 7]);
    let config = BlueprintConfig::read(&bytes).expect("version 6 config");
    let refused = |edited: BlueprintConfig| edited.write().unwrap_err().message;
    let at_4 = refused(BlueprintConfig {
        config_version: 4,
        ..config.clone()
    });
    assert_eq!(
        at_4,
        "BlueprintConfig.last_edited_by: the variant is not the one config_version 4 stores"
    );
    let none = refused(BlueprintConfig {
        last_edited_by: LastEditedBy::None,
        ..config.clone()
    });
    assert!(none.contains("config_version 6 stores"), "{none}");
    let trailing = refused(BlueprintConfig {
        trailing: vec![0],
        ..config.clone()
    });
    assert!(
        trailing.contains("BlueprintConfig.trailing (config_version < 6)"),
        "{trailing}"
    );
    for text in ["", "ends in NUL\0"] {
        let message = refused(BlueprintConfig {
            blueprint_description: Description::Unterminated(Utf8Text(text.to_owned())),
            ..config.clone()
        });
        assert!(
            message.contains("read back as `is_fstring` Some(true)"),
            "{text:?}: {message}"
        );
    }
}

/// The first decoded object of `save`'s JSON (level, index) for which `pick` holds.
fn find_object(json: &Value, pick: impl Fn(&Value) -> bool) -> Option<(usize, usize)> {
    let levels = json["body"]["levels"].as_array()?;
    levels.iter().enumerate().find_map(|(l, level)| {
        let objects = level["objects"].as_array()?;
        let i = objects.iter().position(|o| pick(&o["data"]["decoded"]))?;
        Some((l, i))
    })
}

/// `SerializationControl` follows the object's package version (FileVersionUE5 >= 1011), and
/// only 0 is decoded: a JSON edit that adds it where the version lacks it, removes it where the
/// version has it, or sets another value is refused naming the object's field, where it used to
/// be written as an object that reads back as undecoded bytes.
#[test]
fn serialization_control_follows_the_package_version() {
    for (file, present) in [
        ("saves/Another-1-2.sav", true),
        ("saves/1.0_autosave_0.sav", false),
    ] {
        let Some(SatisfactoryFile::Save(save)) = corpus_file(file) else {
            return;
        };
        let json = serde_json::to_value(&save).unwrap();
        let (l, i) = find_object(&json, |d| {
            d.is_object() && d["serialization_control"].is_null() != present
        })
        .unwrap_or_else(|| panic!("{file}: no decoded object"));
        let edits = match present {
            true => vec![
                (Value::Null, "must be present at FileVersionUE5"),
                (json!(2), "SerializationControl 2 is not decoded (only 0)"),
            ],
            false => vec![(json!(0), "must be absent at FileVersionUE5")],
        };
        for (value, expected) in edits {
            let mut edited = json.clone();
            edited["body"]["levels"][l]["objects"][i]["data"]["decoded"]["serialization_control"] =
                value;
            let edited: SaveFile = serde_json::from_value(edited).expect("well-formed JSON");
            let err = edited
                .write()
                .expect_err("the writer must refuse the control byte");
            assert!(err.message.contains(expected), "{file}: {err}");
            let at = format!("body.levels[{l}][{i}].serialization_control");
            assert_eq!(err.path, at, "{file}: {err}");
        }
    }
}

/// The reader refuses saves from before Update 8 and saves in v1 chunk headers: a JSON edit to
/// either is refused by the writer, naming the field, instead of written as a file that is not
/// read back.
#[test]
fn what_the_save_reader_refuses_is_not_written() {
    let Some(SatisfactoryFile::Save(save)) = corpus_file("saves/Another-1-2.sav") else {
        return;
    };
    let mut old = save.clone();
    old.header.save_version = 40;
    let err = old.write().expect_err("SaveVersion 40 is refused");
    assert_eq!(err.path, "header.save_version", "{err}");
    assert!(
        err.message.contains("before Update 8 (SaveVersion 40"),
        "{err}"
    );
    let mut v1 = save.clone();
    v1.chunks.header.v2_compressor = None;
    let err = v1.write().expect_err("v1 chunk headers are refused");
    assert_eq!(err.path, "chunks.header.v2_compressor", "{err}");
}
