meta:
  id: body
  title: Satisfactory save body framing (the fixed parts around the TOC and data blobs)
  endian: le
  imports:
    - unreal
    - versions
-savepoint-namespace: true
doc: |
  The fixed layouts of a save's decompressed body (satisfactory-save-1.2.md, "Decompressed
  binary data", "FWorldPartitionValidationData", "FWPGridValidationData",
  "FPerStreamingLevelSaveData", "FUnresolvedWorldSaveData"), read with the header's SaveVersion.
  The TOC and data blobs between them (int64-sized byte arrays, whose objects the crate decodes
  as it reads them) and the TOC blob's optional tail stay hand-written (`src/body.rs`,
  `src/blob.rs`); a data blob's entry (`f_object_save_data`) is described whole, its fields
  around the object's bytes generated.
types:
  body_head:
    doc: What the body holds before `mPerLevelDataMap` (after its int64 size).
    -savepoint-version:
      id: save_version
      type: s4
      from: save_version
    params:
      - id: save_version
        type: s4
        doc: The header's SaveVersion.
    seq:
      - id: persistent_level_version_data
        type: versions::f_save_object_version_data
        if: save_version >= 53
        -savepoint-gate-const: crate::versions::SAVE_VERSION_OBJECT_VERSION_DATA
        doc: "`mPersistentLevelSaveObjectVersionData` (SaveVersion 53+)."
      - id: validation_data
        type: f_world_partition_validation_data
        doc: "`SaveGameValidationData`."
  f_world_partition_validation_data:
    doc: "`FWorldPartitionValidationData`."
    seq:
      - id: grids
        type: t_map_fstring_f_w_p_grid_validation_data
        doc: "`Grids`."
  t_map_fstring_f_w_p_grid_validation_data:
    -savepoint-rust-type: unreal::TMap<unreal::FString, FWPGridValidationData>
    doc: "`TMap<FString, FWPGridValidationData>`: an int32 count, then key/value pairs."
    seq:
      - {id: count, type: s4}
      - {id: pairs, type: pair_fstring_f_w_p_grid_validation_data, repeat: expr, repeat-expr: count}
  pair_fstring_f_w_p_grid_validation_data:
    -savepoint-rust-type: (unreal::FString, FWPGridValidationData)
    doc: One key/value pair of a `TMap<FString, FWPGridValidationData>`.
    seq:
      - {id: key, type: unreal::fstring}
      - {id: value, type: f_w_p_grid_validation_data}
  f_w_p_grid_validation_data:
    doc: "`FWPGridValidationData`."
    seq:
      - id: cell_size
        type: s4
        doc: "`CellSize`."
      - id: grid_hash
        type: u4
        doc: "`GridHash`."
      - id: cell_hashes
        type: unreal::t_map_fstring_u4
        doc: "`CellHashes`."
  per_streaming_level_tail:
    doc: |
      The fields of `FPerStreamingLevelSaveData` after its blobs: the level's own SaveVersion
      (which its blobs are read in), `DestroyedActors` and its version data.
    -savepoint-version:
      id: save_version
      type: s4
      from: save_version
    params:
      - id: save_version
        type: s4
        doc: The header's SaveVersion.
    seq:
      - id: level_save_version
        type: s4
        if: save_version >= 51
        -savepoint-gate-const: crate::versions::SAVE_VERSION_PER_LEVEL
        doc: "`SaveVersion` of the level (SaveVersion 51+)."
      - id: destroyed_actors
        type: unreal::t_array_f_object_reference_disc
        doc: "`DestroyedActors`."
      - id: version_data
        type: t_optional_f_save_object_version_data
        if: save_version >= 53
        -savepoint-gate-const: crate::versions::SAVE_VERSION_OBJECT_VERSION_DATA
        doc: "`StreamableLevelObjectVersionData` (SaveVersion 53+)."
  t_optional_f_save_object_version_data:
    -savepoint-rust-type: crate::versions::TOptional<crate::generated::versions::FSaveObjectVersionData>
    doc: "`TOptional<FSaveObjectVersionData>`: a UE bool, then the value when set."
    seq:
      - {id: has_value, type: unreal::bool32}
      - {id: value, type: versions::f_save_object_version_data, if: has_value.value}
  f_object_save_data:
    -savepoint-rust-type: crate::objects::FObjectSaveData
    doc: |
      One entry of a save's DataBlob (`FObjectSaveData`): the object's SaveVersion and migrate
      flag, its bytes (`Data`, a `TArray<uint8>`), then the version data its SaveVersion gates.
      In Rust the entry is the hand-written `FObjectSaveData` of the generated parts before and
      after the bytes (`f_object_save_data_head`, `f_object_save_data_tail`); the bytes are the
      object's data, which `src/blob.rs` skips and records for the lazy and threaded decode.
    seq:
      - id: head
        type: f_object_save_data_head
        doc: The fields before `Data`.
      - id: data_length
        type: s4
        doc: The int32 count of `Data`.
      - id: data
        size: data_length
        doc: "`Data`: the object's bytes."
      - id: tail
        type: f_object_save_data_tail(head.save_version)
        doc: The fields after `Data`, read with the object's SaveVersion.
  f_object_save_data_head:
    doc: The fields of `FObjectSaveData` before its bytes.
    seq:
      - id: save_version
        type: s4
        doc: "`SaveVersion` the object was saved with."
      - id: should_migrate_object_refs_to_persistent
        type: unreal::bool32
        doc: "`ShouldMigrateObjectRefsToPersistent`."
  f_object_save_data_tail:
    doc: The fields of `FObjectSaveData` after its bytes.
    -savepoint-version:
      id: save_version
      type: s4
      from: save_version
    params:
      - id: save_version
        type: s4
        doc: The object's SaveVersion (its entry's `head.save_version`).
    seq:
      - id: per_object_version_data
        type: t_optional_f_save_object_version_data
        -savepoint-rust-type: crate::versions::TOptional<Box<crate::generated::versions::FSaveObjectVersionData>>
        if: save_version >= 53
        -savepoint-gate-const: crate::versions::SAVE_VERSION_OBJECT_VERSION_DATA
        -savepoint-serde-omit-absent: true
        doc: |
          `PerObjectVersionData` behind `ShouldSerializePerObjectVersionData` (SaveVersion 53+);
          boxed, since objects hardly ever carry it (no corpus save does) and every object has
          room for this field.
  f_unresolved_world_save_data:
    doc: "`FUnresolvedWorldSaveData`."
    seq:
      - id: destroyed_actors
        type: unreal::t_array_f_object_reference_disc
        doc: "`DestroyedActors`."
