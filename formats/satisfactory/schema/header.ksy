meta:
  id: header
  title: Satisfactory save header (FSaveHeader)
  endian: le
  imports:
    - unreal
-savepoint-namespace: true
doc: The save header in front of the compressed body of a .sav file (satisfactory-save-1.2.md, "Save header").
types:
  f_m_d5_hash:
    doc: "`FMD5Hash`: a validity flag and, when valid, 16 bytes."
    seq:
      - id: is_valid
        type: unreal::bool32
        doc: "`bIsValid`."
      - id: bytes
        size: 16
        if: is_valid.value
        doc: The hash bytes, present when valid.
  f_save_header:
    doc: |
      `FSaveHeader` (`FGSaveManagerInterface.h`); fields newer than the file's `SaveHeaderVersion` are `None`
      (strings: empty, and not written).
    -savepoint-version:
      id: save_header_version
      type: s4
      from: save_header_version
    seq:
      - id: save_header_version
        type: s4
        doc: "`SaveHeaderVersion`: 13 for Update 8 and 1.0, 14 from 1.1 on."
      - id: save_version
        type: s4
        doc: "`SaveVersion` (41-45 Update 8, 46-50 1.0, 51-57 1.1, 58+ 1.2)."
      - id: build_version
        type: s4
        doc: "`BuildVersion` (the game's changelist)."
      - id: save_name
        type: unreal::fstring
        if: save_header_version >= 14
        -savepoint-absent: default
        doc: "`SaveName` (header version 14+)."
      - id: map_name
        type: unreal::fstring
        doc: "`MapName`."
      - id: map_options
        type: unreal::fstring
        doc: "`MapOptions`."
      - id: session_id_int
        type: s4
        if: save_header_version >= 2 and save_header_version < 4
        doc: "`sessionIDInt` (header versions 2 and 3)."
      - id: session_name
        type: unreal::fstring
        if: save_header_version >= 4
        -savepoint-absent: default
        doc: "`SessionName` (4+)."
      - id: play_duration_seconds
        type: s4
        if: save_header_version >= 3
        doc: "`PlayDurationSeconds` (3+)."
      - id: save_date_time
        type: s8
        if: save_header_version >= 4
        doc: "`SaveDateTime`, `FDateTime` ticks (4+)."
      - id: session_visibility
        type: s1
        if: save_header_version >= 5
        doc: "`SessionVisibility` (5+, unused by the game)."
      - id: editor_object_version
        type: s4
        if: save_header_version >= 7
        doc: "`EditorObjectVersion` (7+)."
      - id: mod_metadata
        type: unreal::fstring
        if: save_header_version >= 8
        -savepoint-absent: default
        doc: "`ModMetadata`, JSON text (8+)."
      - id: is_modded_save
        type: unreal::bool32
        if: save_header_version >= 8
        doc: "`IsModdedSave` (8+)."
      - id: save_identifier
        type: unreal::fstring
        if: save_header_version >= 10
        -savepoint-absent: default
        doc: "`SaveIdentifier` (10+)."
      - id: is_partitioned_world
        type: unreal::bool32
        if: save_header_version >= 11
        doc: "`IsPartitionedWorld` (11+)."
      - id: save_data_hash
        type: f_m_d5_hash
        if: save_header_version >= 12
        doc: "`SaveDataHash` (12+)."
      - id: is_creative_mode_enabled
        type: unreal::bool32
        if: save_header_version >= 13
        doc: "`IsCreativeModeEnabled` (13+)."
