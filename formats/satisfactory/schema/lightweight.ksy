meta:
  id: lightweight
  title: Satisfactory lightweight buildables (AFGLightweightBuildableSubsystem, FRuntimeBuildableInstanceData)
  endian: le
  imports:
    - unreal
    - inventory
-savepoint-namespace: true
doc: |
  The lightweight buildable subsystem (satisfactory-save-1.2.md,
  "AFGLightweightBuildableSubsystem"): foundations, walls and other buildables stored as
  instances per class rather than as actors, each instance ("FRuntimeBuildableInstanceData")
  laid out by the subsystem's `currentLightweightVersion` and the object's SaveVersion; and the
  fixed layouts an instance is made of: its transform, its customization and, from lightweight
  version 3, who built it ("FPlayerInfoHandle", also a native struct of property values).
types:
  afg_lightweight_buildable_subsystem:
    -savepoint-rust-name: AFGLightweightBuildableSubsystem
    doc: "`AFGLightweightBuildableSubsystem` data."
    -savepoint-version:
      id: save_version
      type: s4
      from: save_version
    params:
      - id: save_version
        type: s4
        doc: The object's SaveVersion.
      - id: props
        type: any
        -savepoint-rust-type: '&unreal::PropertyContext'
        doc: What the instances' type-specific data is read and written with.
    seq:
      - id: current_lightweight_version
        type: s4
        if: save_version >= 48
        -savepoint-gate-const: crate::objects::custom::lightweight::SAVE_VERSION_LIGHTWEIGHT_VERSION
        -savepoint-serde-omit-absent: true
        doc: "`currentLightweightVersion` (SaveVersion 48+; 1 before)."
      - id: buildable_class_to_instance_array
        type: 't_map_f_object_reference_disc_t_array_f_runtime_buildable_instance_data(save_version, save_version >= 48 ? current_lightweight_version : 1, props)'
        doc: "`mBuildableClassToInstanceArray` (its instances at lightweight version 1 where the SaveVersion has no `currentLightweightVersion`)."
  t_map_f_object_reference_disc_t_array_f_runtime_buildable_instance_data:
    -savepoint-rust-type: crate::objects::custom::lightweight::InstanceMap
    doc: |
      `TMap<FObjectReferenceDisc, TArray<FRuntimeBuildableInstanceData>>`: an int32 count, then
      each buildable class and its instances. Hand-written (`unreal::TMap` takes no arguments
      for its values).
    params:
      - id: save_version
        type: s4
      - id: lightweight_version
        type: s4
      - id: props
        type: any
        -savepoint-rust-type: '&unreal::PropertyContext'
    seq:
      - {id: count, type: s4}
      - id: pairs
        type: pair(save_version, lightweight_version, props)
        repeat: expr
        repeat-expr: count
    types:
      pair:
        doc: A buildable class and its instances.
        params:
          - {id: save_version, type: s4}
          - {id: lightweight_version, type: s4}
          - {id: props, type: any, -savepoint-rust-type: '&unreal::PropertyContext'}
        seq:
          - {id: key, type: unreal::f_object_reference_disc}
          - id: value
            type: t_array_f_runtime_buildable_instance_data(save_version, lightweight_version, props)
  t_array_f_runtime_buildable_instance_data:
    -savepoint-rust-type: crate::objects::custom::types::VArray<FRuntimeBuildableInstanceData>
    -savepoint-transparent: items
    doc: |
      `TArray<FRuntimeBuildableInstanceData>`: an int32 count, then the elements, each read with
      both versions and the property context (the hand-written `VArray`).
    params:
      - id: save_version
        type: s4
      - id: lightweight_version
        type: s4
      - id: props
        type: any
        -savepoint-rust-type: '&unreal::PropertyContext'
    seq:
      - {id: count, type: s4, -savepoint-count-of: items}
      - id: items
        type: f_runtime_buildable_instance_data(save_version, lightweight_version, props)
        repeat: expr
        repeat-expr: count
  f_runtime_buildable_instance_data:
    doc: "`FRuntimeBuildableInstanceData`: one lightweight buildable."
    -savepoint-version:
      - {id: save_version, type: s4, from: save_version}
      - {id: lightweight_version, type: s4, from: lightweight_version}
    params:
      - id: save_version
        type: s4
        doc: The object's SaveVersion.
      - id: lightweight_version
        type: s4
        doc: The subsystem's `currentLightweightVersion`.
      - id: props
        type: any
        -savepoint-rust-type: '&unreal::PropertyContext'
        doc: What `TypeSpecificData` is read and written with.
    seq:
      - id: transform
        type: f_transform
        doc: "`Transform`."
      - id: customization_data
        type: f_factory_customization_data
        doc: "`CustomizationData`."
      - id: built_with_recipe
        type: unreal::f_object_reference_disc
        doc: "`BuiltWithRecipe`."
      - id: blueprint_proxy
        type: unreal::f_object_reference_disc
        doc: "`BlueprintProxy`."
      - id: type_specific_data
        type: inventory::f_f_g_dynamic_struct(props)
        if: lightweight_version >= 2
        -savepoint-gate-const: crate::objects::custom::lightweight::LIGHTWEIGHT_TYPE_SPECIFIC_DATA
        -savepoint-serde-omit-absent: true
        doc: "`TypeSpecificData` (lightweight version 2+)."
      - id: built_by
        type: f_player_info_handle(save_version)
        if: lightweight_version >= 3
        -savepoint-gate-const: crate::objects::custom::lightweight::LIGHTWEIGHT_BUILT_BY
        -savepoint-serde-omit-absent: true
        doc: "`BuiltBy` (lightweight version 3+)."
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
