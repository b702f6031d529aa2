meta:
  id: inventory
  title: Satisfactory inventory items (FInventoryItem) and the dynamic structs they hold
  endian: le
  imports:
    - unreal
-savepoint-namespace: true
doc: |
  An item as belts, chains and item properties store it (satisfactory-save-1.2.md,
  "FInventoryItem", "FFGDynamicStruct"), read with the object's SaveVersion and the property
  context its item state's property list is read with.
types:
  f_inventory_item:
    doc: "`FInventoryItem`."
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
        doc: What the item state's property list is read and written with.
    seq:
      - id: item_class
        type: unreal::f_object_reference_disc
        doc: "`ItemClass`."
      - id: item_state
        type: f_f_g_dynamic_struct(props)
        if: save_version >= 43
        -savepoint-gate-const: crate::objects::custom::types::SAVE_VERSION_ITEM_STATE
        -savepoint-serde-omit-absent: true
        doc: "`ItemState` (SaveVersion 43+)."
      - id: legacy_item_state_actor
        type: unreal::f_object_reference_disc
        if: save_version < 43
        -savepoint-gate-const: crate::objects::custom::types::SAVE_VERSION_ITEM_STATE
        -savepoint-serde-omit-absent: true
        doc: "`LegacyItemStateActor` (before SaveVersion 43)."
  f_f_g_dynamic_struct:
    -savepoint-rust-type: crate::objects::custom::types::FFGDynamicStruct
    doc: |
      `FFGDynamicStruct`: an optional struct of a type named by reference, its properties framed
      by their byte count. Hand-written: the flag is not a field of the model (the writer sets it
      from whether the struct is there) and a payload that is not a property list is kept raw.
    params:
      - id: props
        type: any
        -savepoint-rust-type: '&unreal::PropertyContext'
    seq:
      - id: has_valid_struct
        type: unreal::bool32
        doc: "`bHasValidStruct`."
      - id: script_struct
        type: unreal::f_object_reference_disc
        if: has_valid_struct.value
        doc: "`ScriptStruct`."
      - id: saved_payload_size
        type: s4
        if: has_valid_struct.value
        doc: "`savedPayloadSize`."
      - id: struct_instance
        size: saved_payload_size
        if: has_valid_struct.value
        doc: "`StructInstance`: a property list (tagged properties)."
