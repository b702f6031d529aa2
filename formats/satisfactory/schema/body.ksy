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
  as it reads them), the per-object entries of a data blob and the TOC blob's optional tail stay
  hand-written (`src/body.rs`, `src/blob.rs`).
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
  f_unresolved_world_save_data:
    doc: "`FUnresolvedWorldSaveData`."
    seq:
      - id: destroyed_actors
        type: unreal::t_array_f_object_reference_disc
        doc: "`DestroyedActors`."
