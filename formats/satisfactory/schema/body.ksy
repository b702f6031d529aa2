meta:
  id: body
  title: Satisfactory save body framing (the fixed parts around the TOC and data blobs)
  endian: le
  imports:
    - objects
    - unreal
    - versions
-savepoint-namespace: true
doc: |
  The fixed layouts of a save's decompressed body (satisfactory-save-1.2.md, "Decompressed
  binary data", "FWorldPartitionValidationData", "FWPGridValidationData",
  "FPerStreamingLevelSaveData", "FUnresolvedWorldSaveData"), read with the header's SaveVersion.
  The body as a whole (`save_body`: its levels, their int64-sized TOC and data blobs, the
  persistent level) is described for Kaitai and read and written by hand in Rust (`src/body.rs`,
  `src/blob.rs`: the blobs are skipped and recorded, their objects decoded later or on another
  thread); a data blob's entry (`f_object_save_data`) is described whole, its fields around the
  object's bytes generated.
types:
  save_body:
    -savepoint-rust-type: crate::SaveBody
    doc: |
      The decompressed body after its int64 size, read with the header's SaveVersion. Described
      for Kaitai readers of the whole body; the crate's `SaveBody` is hand-written (see the
      schema folder's README), so the binrw backend generates nothing for it or the types inside.
    params:
      - id: save_version
        type: s4
        doc: The header's SaveVersion.
    seq:
      - id: head
        type: body_head(save_version)
        doc: The version data and `SaveGameValidationData`.
      - id: level_count
        type: s4
        doc: The int32 count of `mPerLevelDataMap`.
      - id: levels
        type: f_per_streaming_level_save_data(save_version)
        repeat: expr
        repeat-expr: level_count
        doc: "`mPerLevelDataMap`: each level's name, then its `FPerStreamingLevelSaveData`."
      - id: persistent
        type: f_persistent_and_runtime_save_data(save_version)
        doc: "`mPersistentAndRuntimeData`."
      - id: unresolved
        type: f_unresolved_world_save_data
        if: not _io.eof
        doc: "`mUnresolvedWorldSaveData`; absent in some 1.0 saves, whose body ends before it."
    types:
      f_per_streaming_level_save_data:
        doc: |
          A level's name and `FPerStreamingLevelSaveData`. Its TOC blob's headers are read in the
          level's own SaveVersion, stored after the blobs: the blob is kept as a substream
          (`toc_blob`) and its headers read from it once the tail is read (`toc`).
        params:
          - id: save_version
            type: s4
            doc: The header's SaveVersion.
        seq:
          - id: level_name
            type: unreal::fstring
            doc: The level's name (the key of `mPerLevelDataMap`).
          - id: toc_blob_length
            type: s8
            doc: The int64 length of `TOCBlob64`.
          - id: toc_blob
            type: blob
            size: toc_blob_length
            doc: "`TOCBlob64`, read as `toc`."
          - id: data_blob_length
            type: s8
            doc: The int64 length of `DataBlob64`.
          - id: data_blob
            type: data_blob
            size: data_blob_length
            doc: "`DataBlob64`."
          - id: tail
            type: per_streaming_level_tail(save_version)
            doc: The level's SaveVersion, `DestroyedActors` and version data.
        instances:
          objects_save_version:
            value: "save_version >= 51 ? tail.level_save_version : save_version"
            doc: The SaveVersion the level's objects are read in.
          toc:
            io: toc_blob._io
            pos: 0
            type: toc_blob(objects_save_version, false)
            doc: "`TOCBlob64`'s headers, read in the level's SaveVersion."
      f_persistent_and_runtime_save_data:
        doc: "`FPersistentAndRuntimeSaveData`, read in the header's SaveVersion."
        params:
          - id: save_version
            type: s4
            doc: The header's SaveVersion.
        seq:
          - id: toc_blob_length
            type: s8
            doc: The int64 length of `TOCBlob64`.
          - id: toc
            type: toc_blob(save_version, true)
            size: toc_blob_length
            doc: "`TOCBlob64`."
          - id: data_blob_length
            type: s8
            doc: The int64 length of `DataBlob64`.
          - id: data_blob
            type: data_blob
            size: data_blob_length
            doc: "`DataBlob64`."
          - id: level_to_destroyed_actors
            type: t_map_fstring_t_array_f_object_reference_disc
            doc: "`LevelToDestroyedActorsMap`."
      blob:
        doc: A blob's bytes, kept as a substream to be read later.
        seq: []
      toc_blob:
        doc: "A `TOCBlob`: its object headers, then, when bytes are left, the level's tail."
        params:
          - id: save_version
            type: s4
            doc: The SaveVersion of the level's objects.
          - id: persistent
            type: bool
            doc: Whether this is the persistent level's blob.
        seq:
          - id: object_count
            type: s4
            doc: "`numObjects`."
          - id: headers
            type: objects::object_header(save_version)
            repeat: expr
            repeat-expr: object_count
            doc: Each object's `isActor` and header.
          - id: destroyed_actors
            type: unreal::t_array_f_object_reference_disc
            if: not persistent and not _io.eof
            doc: A level's `DestroyedActors`, when bytes are left.
          - id: level_to_destroyed_actors
            type: t_map_fstring_t_array_f_object_reference_disc
            if: persistent and not _io.eof
            doc: The persistent level's `LevelToDestroyedActorsMap`, when bytes are left.
      data_blob:
        doc: "A `DataBlob`: one entry per object of its TOC blob, then any bytes left."
        seq:
          - id: object_count
            type: s4
            doc: The int32 count of the entries (the TOC blob's `numObjects`).
          - id: entries
            type: f_object_save_data
            repeat: expr
            repeat-expr: object_count
            doc: Each object's `FObjectSaveData`.
          - id: rest
            size-eos: true
            doc: Bytes after the entries (none in known files).
      t_map_fstring_t_array_f_object_reference_disc:
        doc: "`TMap<FString, TArray<FObjectReferenceDisc>>`: an int32 count, then key/value pairs."
        seq:
          - {id: count, type: s4}
          - {id: pairs, type: pair, repeat: expr, repeat-expr: count}
        types:
          pair:
            seq:
              - {id: key, type: unreal::fstring}
              - {id: value, type: unreal::t_array_f_object_reference_disc}
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
