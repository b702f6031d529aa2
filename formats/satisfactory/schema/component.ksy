meta:
  id: component
  title: Satisfactory actor component class data (UActorComponent)
  endian: le
-savepoint-namespace: true
doc: |
  What an actor component writes after its UObject part (satisfactory-save-1.2.md,
  "UActorComponent"), read with the object's SaveVersion.
types:
  u_actor_component:
    doc: "`UActorComponent` data."
    -savepoint-version:
      id: save_version
      type: s4
      from: save_version
    params:
      - id: save_version
        type: s4
        doc: The object's SaveVersion.
    seq:
      - id: ucs_modified_properties
        type: empty_array
        if: save_version >= 41
        -savepoint-gate-const: crate::versions::SAVE_VERSION_UPDATE_8
        -savepoint-serde-omit-absent: true
        doc: "`UCSModifiedProperties` (Update 8+; Update 6/7 blueprints lack it)."
  empty_array:
    -savepoint-rust-type: crate::objects::custom::component::EmptyArray
    doc: |
      `TArray<FSimpleMemberReference>` that must be empty: the element type has never been seen in
      a save, so only the count 0 is read (hand-written: the count is not a field of the model).
    seq:
      - id: count
        type: s4
        valid: 0
