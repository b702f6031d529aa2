meta:
  id: blueprint_config
  title: Satisfactory blueprint config (.sbpcfg)
  endian: le
  imports:
    - unreal
    - blueprint_config_parts
-savepoint-version: {id: config_version, type: s4, from: config_version}
doc: |
  A blueprint config file: `ConfigVersion`, then `FBlueprintRecord` (satisfactory-save-1.2.md,
  "BlueprintCfg File"), every config version. Its fixed layouts are in
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
    -savepoint-serde-omit-absent: true
    doc: "`IconID.IconLibrary` (config version 3+)."
  - id: last_edited_by_bundles
    -savepoint-one-of:
      id: last_edited_by
      name: LastEditedBy
      variants: {last_edited_by_bundles: Bundles, last_edited_by_handle: PlayerInfo}
      else: None
      doc: "`LastEditedBy`, whose type depends on the config version (none before 4)."
    type: blueprint_config_parts::t_array_f_local_user_net_id_bundle
    if: config_version == 4
    doc: "`LastEditedBy` of config version 4: `TArray<FLocalUserNetIdBundle>`."
  - id: last_edited_by_handle
    -savepoint-enum: {name: FPlayerInfoHandle, variants: {5: Current, 2: Legacy}}
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
    if: config_version < 6
    -savepoint-absent: default
    -savepoint-serde-with: unreal::chunked::hex_bytes
    doc: |
      Bytes after the known fields (config version 5, whose layout is unknown, or older ones
      with more): none from 6 on, where the player info handle ends the file.
types:
  description:
    -savepoint-rust-name: DescriptionAhead
    -savepoint-enum-ahead:
      name: Description
      on: is_fstring
      variants:
        true: {name: Text, type: unreal::fstring}
        false: {name: Unterminated, type: utf8_text}
    doc: |
      `BlueprintDescription`: an `FString`, or in Update 6/7 configs UTF-8 bytes counted by an
      int32 without a terminating NUL (`is_fstring` false). Read ahead to tell them apart: the
      int32 count is read as its unsigned bits (2^31 and up are negative, UTF-16 units), as sizes
      are unsigned; `tail` is the last character, the NUL of an `FString`.
    seq:
      - id: length
        type: u4
      - id: head
        size: 'length < 0x80000000 ? (length > 0 ? length - 1 : 0) : (0x100000000 - length) * 2 - 2'
      - id: tail
        size: 'length == 0 ? 0 : (length < 0x80000000 ? 1 : 2)'
    instances:
      is_fstring:
        value: length == 0 or (tail.first == 0 and tail.last == 0)
  utf8_text:
    -savepoint-rust-type: crate::config::Utf8Text
    doc: Update 6/7's description, UTF-8 counted by an int32 without a NUL.
    seq:
      - id: length
        type: s4
      - id: text
        type: str
        size: length
        encoding: UTF-8
