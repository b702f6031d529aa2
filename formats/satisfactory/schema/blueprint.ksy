meta:
  id: blueprint
  title: Satisfactory blueprint header (.sbp)
  endian: le
  imports:
    - unreal
    - versions
-savepoint-namespace: true
doc: The header of a blueprint file, in front of its compressed body (satisfactory-save-1.2.md, "Blueprint Header").
types:
  f_blueprint_item_amount:
    doc: "`FBlueprintItemAmount`."
    seq:
      - id: item_class
        type: unreal::f_object_reference_disc
        doc: "`ItemClass`."
      - id: amount
        type: s4
        doc: "`Amount`."
  t_array_f_blueprint_item_amount:
    -savepoint-rust-type: unreal::TArray<FBlueprintItemAmount>
    -savepoint-transparent: items
    doc: "`TArray<FBlueprintItemAmount>`: an int32 count, then the elements."
    seq:
      - {id: count, type: s4, -savepoint-count-of: items}
      - {id: items, type: f_blueprint_item_amount, repeat: expr, repeat-expr: count}
  f_blueprint_header:
    doc: The blueprint header (`HeaderVersion` plus `FBlueprintHeader`).
    -savepoint-version:
      id: save_version
      type: s4
      from: save_version
    seq:
      - id: header_version
        type: s4
        doc: "`HeaderVersion` (2 in every known file)."
      - id: save_version
        type: s4
        doc: "`SaveVersion`."
      - id: build_version
        type: s4
        doc: "`BuildVersion`."
      - id: dimensions
        type: unreal::f_int_vector
        doc: "`Dimensions`."
      - id: cost
        type: t_array_f_blueprint_item_amount
        doc: "`Cost`."
      - id: recipe_refs
        type: unreal::t_array_f_object_reference_disc
        doc: "`RecipeRefs`."
      - id: save_object_version_data
        type: versions::f_save_object_version_data
        if: save_version >= 53
        -savepoint-gate-const: crate::versions::SAVE_VERSION_OBJECT_VERSION_DATA
        -savepoint-serde-omit-absent: true
        doc: "`SaveObjectVersionData` (SaveVersion 53+)."
