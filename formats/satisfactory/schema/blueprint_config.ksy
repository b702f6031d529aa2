meta:
  id: blueprint_config
  title: Satisfactory blueprint config (.sbpcfg)
  endian: le
  imports:
    - unreal
    - blueprint_config_parts
-savepoint-rust-type: crate::BlueprintConfig
doc: |
  A blueprint config file: `ConfigVersion`, then `FBlueprintRecord` (satisfactory-save-1.2.md,
  "BlueprintCfg File"), every config version. Described, not generated: the crate's reader
  (`src/config.rs`) tells two forms of `BlueprintDescription` and of `FPlayerInfoHandle` apart by
  their bytes, which the binrw backend cannot express yet; the differential test checks this
  description against it on every corpus config. Its fixed layouts are generated from
  `blueprint_config_parts.ksy`.
seq:
  - id: config_version
    type: s4
    doc: "`ConfigVersion` (0, 2, 3, 4 and 6 are known)."
  - id: blueprint_description
    type: description
    doc: "`BlueprintDescription`."
  - id: icon_id
    type: s4
    doc: "`IconID.IconID`."
  - id: color
    type: unreal::f_linear_color
    doc: "`Color`."
  - id: icon_library
    type: blueprint_config_parts::f_top_level_asset_path
    if: config_version >= 3
    doc: "`IconID.IconLibrary` (config version 3+)."
  - id: last_edited_by_bundles
    type: blueprint_config_parts::t_array_f_local_user_net_id_bundle
    if: config_version == 4
    doc: "`LastEditedBy` of config version 4: `TArray<FLocalUserNetIdBundle>`."
  - id: last_edited_by_handle
    type:
      switch-on: _io.size - _io.pos
      cases:
        5: blueprint_config_parts::f_player_info_handle_current
        2: blueprint_config_parts::f_player_info_handle_legacy
    if: config_version >= 6
    doc: |
      `LastEditedBy` of config version 6+: `FPlayerInfoHandle`, whose form follows the SaveVersion
      of the game that wrote it, which the config does not store: 5 bytes left are the 1.2 form,
      2 the legacy (1.1.3) one.
  - id: trailing
    size-eos: true
    doc: Bytes after the known fields (config version 5, whose layout is unknown, or newer ones).
types:
  description:
    doc: |
      `BlueprintDescription`: an `FString`, or in Update 6/7 configs UTF-8 bytes counted by an
      int32 without a terminating NUL (`is_fstring` false).
    seq:
      - id: length
        type: s4
      - id: raw
        size: 'length >= 0 ? length : -length * 2'
    instances:
      is_fstring:
        value: 'length == 0 or (length > 0 and raw.last == 0) or (length < 0 and raw[raw.size - 1] == 0 and raw[raw.size - 2] == 0)'
