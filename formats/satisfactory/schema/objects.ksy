meta:
  id: objects
  title: Satisfactory object headers (the entries of a TOCBlob)
  endian: le
  imports:
    - unreal
-savepoint-namespace: true
doc: |
  The object headers a TOCBlob holds, one per object of its level (satisfactory-save-1.2.md,
  "TOCBlob", "FObjectBaseSaveHeader", "FObjectSaveHeader", "FActorSaveHeader"), read with the
  level's SaveVersion.
types:
  object_header:
    doc: "One TOC entry: `isActor` then the matching header."
    -savepoint-enum:
      name: ObjectHeader
      tag: is_actor
      variants: {1: Actor, 0: Object}
      serde-tag: kind
    params:
      - id: save_version
        type: s4
        doc: The level's SaveVersion.
    seq:
      - id: is_actor
        type: u4
        valid:
          any-of: [0, 1]
        doc: "`isActor`."
      - id: object_header
        type:
          switch-on: is_actor
          cases:
            1: f_actor_save_header(save_version)
            0: f_object_save_header(save_version)
        doc: "`objectHeader`."
  f_object_base_save_header:
    doc: "`FObjectBaseSaveHeader`: class, reference and (SaveVersion 49+) object flags."
    -savepoint-version:
      id: save_version
      type: s4
      from: save_version
    params:
      - id: save_version
        type: s4
        doc: The level's SaveVersion.
    seq:
      - id: class_name
        type: unreal::fstring
        doc: "`ClassName`, the class path."
      - id: reference
        type: unreal::f_object_reference_disc
        -savepoint-parse-with: unreal::FObjectReferenceDisc::parse_own
        doc: |
          `Reference`: the object's level and path name (its path name, which no other header
          repeats, read outside the shared-text table).
      - id: object_flags
        type: u4
        if: save_version >= 49
        -savepoint-gate-const: crate::versions::SAVE_VERSION_OBJECT_FLAGS
        doc: "`ObjectFlags` (SaveVersion 49+)."
  f_object_save_header:
    doc: "`FObjectSaveHeader`: a UObject's header."
    -savepoint-version:
      id: save_version
      type: s4
      from: save_version
    params:
      - id: save_version
        type: s4
        doc: The level's SaveVersion.
    seq:
      - id: base_header
        type: f_object_base_save_header(save_version)
        doc: "`BaseHeader`."
      - id: outer_path_name
        type: unreal::fstring
        doc: "`OuterPathName`."
  f_transform3f:
    doc: |
      `FTransform3f`: rotation quaternion, translation and scale as 32-bit floats (read with one
      bounds check, see `-savepoint-fixed-layout` in the README).
    -savepoint-fixed-layout: unreal::layout::FixedLe
    seq:
      - id: rotation
        type: unreal::f_quat_f4
        doc: "`Rotation`."
      - id: translation
        type: unreal::f_vector_f4
        doc: "`Translation` (centimetres)."
      - id: scale3d
        type: unreal::f_vector_f4
        doc: "`Scale3D`."
  f_actor_save_header:
    doc: "`FActorSaveHeader`: an actor's header."
    -savepoint-version:
      id: save_version
      type: s4
      from: save_version
    params:
      - id: save_version
        type: s4
        doc: The level's SaveVersion.
    seq:
      - id: object_header
        type: f_object_base_save_header(save_version)
        doc: "`ObjectHeader`."
      - id: need_transform
        type: unreal::bool32
        doc: "`NeedTransform`."
      - id: transform
        type: f_transform3f
        -savepoint-parse-with: unreal::layout::parse_fixed
        doc: "`Transform` (read by its `-savepoint-fixed-layout`, with one bounds check)."
      - id: was_placed_in_level
        type: unreal::bool32
        doc: "`WasPlacedInLevel`."
