meta:
  id: lightweight
  title: Satisfactory lightweight buildables' fixed parts (FTransform, FFactoryCustomizationData, FPlayerInfoHandle)
  endian: le
  imports:
    - unreal
-savepoint-namespace: true
doc: |
  The fixed layouts a lightweight buildable instance (satisfactory-save-1.2.md,
  "FRuntimeBuildableInstanceData") is made of: its transform, its customization and, from
  lightweight version 3, who built it ("FPlayerInfoHandle", also a native struct of property
  values). The instance and the subsystem's map of them stay hand-written in
  `src/objects/custom/lightweight.rs`.
types:
  f_transform:
    doc: "`FTransform` with large-world (double) coordinates."
    seq:
      - id: rotation
        type: unreal::f_quat_f8
        doc: "`Rotation`."
      - id: translation
        type: unreal::f_vector_f8
        doc: "`Translation` (centimetres)."
      - id: scale3d
        type: unreal::f_vector_f8
        doc: "`Scale3D`."
  f_factory_customization_data:
    doc: "`FFactoryCustomizationData` as a lightweight instance stores it."
    seq:
      - id: swatch_desc
        type: unreal::f_object_reference_disc
        doc: "`SwatchDesc`."
      - id: material_desc
        type: unreal::f_object_reference_disc
        doc: "`MaterialDesc`."
      - id: pattern_desc
        type: unreal::f_object_reference_disc
        doc: "`PatternDesc`."
      - id: skin_desc
        type: unreal::f_object_reference_disc
        doc: "`SkinDesc`."
      - id: primary_color
        type: unreal::f_linear_color
        doc: "`OverrideColorData.PrimaryColor`."
      - id: secondary_color
        type: unreal::f_linear_color
        doc: "`OverrideColorData.SecondaryColor`."
      - id: paint_finish
        type: unreal::f_object_reference_disc
        doc: "`OverrideColorData.PaintFinish`."
      - id: pattern_rotation
        type: u1
        doc: "`PatternRotation`."
  f_player_info_handle:
    doc: "`FPlayerInfoHandle`: which player built something."
    -savepoint-version:
      id: save_version
      type: s4
      from: save_version
    params:
      - id: save_version
        type: s4
        doc: The object's SaveVersion.
    seq:
      - id: duplicate
        type: player_info_index
        if: save_version == 57
        -savepoint-serde-omit-absent: true
        doc: The first copy of the fields, which SaveVersion 57 wrote twice (a game bug).
      - id: service_provider
        type: u1
        doc: "`ServiceProvider`."
      - id: player_info_table_index
        type: s4
        if: save_version >= 57
        -savepoint-gate-const: crate::objects::custom::types::SAVE_VERSION_PLAYER_INFO_INDEX
        -savepoint-serde-omit-absent: true
        doc: "`PlayerInfoTableIndex` (SaveVersion 57+)."
      - id: legacy_player_info_table_index
        type: u1
        if: save_version < 57
        -savepoint-gate-const: crate::objects::custom::types::SAVE_VERSION_PLAYER_INFO_INDEX
        -savepoint-serde-omit-absent: true
        doc: "`LegacyPlayerInfoTableIndex` (before SaveVersion 57)."
  player_info_index:
    doc: The `ServiceProvider` and `PlayerInfoTableIndex` pair SaveVersion 57 writes first.
    seq:
      - id: service_provider
        type: u1
        doc: "`ServiceProvider`."
      - id: player_info_table_index
        type: s4
        doc: "`PlayerInfoTableIndex`."
