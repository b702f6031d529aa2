meta:
  id: unreal
  title: Unreal types the Satisfactory schemas name, implemented by hand in Rust
  endian: le
-savepoint-namespace: true
doc: |
  External types: each has a -savepoint-rust-type, so the binrw backend generates nothing for
  them and fields of these types get the Rust type named; the Kaitai description is complete so
  that the official compiler and the Web IDE read the same bytes.
types:
  fstring:
    -savepoint-rust-type: unreal::FString
    doc: |
      `FString`: an int32 length, then for length > 0 that many Latin-1 bytes (the last one NUL),
      for length < 0 -length UTF-16LE code units (the last one NUL), for 0 nothing.
    seq:
      - id: length
        type: s4
      - id: latin1
        type: strz
        size: length
        encoding: ISO-8859-1
        if: length > 0
      - id: utf16
        type: strz
        size: -length * 2
        encoding: UTF-16LE
        if: length < 0
  bool32:
    -savepoint-rust-type: crate::reader::Bool32
    -savepoint-transparent: value
    doc: A UE `bool` as stored in saves - 32 bits, 0 or 1.
    seq:
      - id: raw
        type: u4
        valid:
          any-of: [0, 1]
    instances:
      value:
        value: raw != 0
  f_guid:
    -savepoint-rust-type: unreal::FGuid
    doc: "`FGuid`: four uint32 words."
    seq:
      - {id: a, type: u4}
      - {id: b, type: u4}
      - {id: c, type: u4}
      - {id: d, type: u4}
  f_int_vector:
    -savepoint-rust-type: unreal::FIntVector
    doc: "`FIntVector`: three int32."
    seq:
      - {id: x, type: s4}
      - {id: y, type: s4}
      - {id: z, type: s4}
  f_object_reference_disc:
    -savepoint-rust-type: unreal::FObjectReferenceDisc
    doc: "`FObjectReferenceDisc`: a level name and a path name."
    seq:
      - {id: level_name, type: fstring}
      - {id: path_name, type: fstring}
  t_array_f_object_reference_disc:
    -savepoint-rust-type: unreal::TArray<unreal::FObjectReferenceDisc>
    -savepoint-transparent: items
    doc: "`TArray<FObjectReferenceDisc>`: an int32 count, then the elements."
    seq:
      - {id: count, type: s4, -savepoint-count-of: items}
      - {id: items, type: f_object_reference_disc, repeat: expr, repeat-expr: count}
  f_engine_version:
    -savepoint-rust-type: unreal::FEngineVersion
    doc: "`FEngineVersion`."
    seq:
      - id: major
        type: u2
        doc: Major version.
      - id: minor
        type: u2
        doc: Minor version.
      - id: patch
        type: u2
        doc: Patch version.
      - id: changelist
        type: u4
        doc: Changelist.
      - id: branch
        type: fstring
        doc: Branch name.
  f_custom_version:
    -savepoint-rust-type: unreal::FCustomVersion
    doc: "`FCustomVersion`: a GUID and a version."
    seq:
      - id: key
        type: f_guid
        doc: The subsystem's GUID.
      - id: version
        type: s4
        doc: Its version.
  f_name:
    -savepoint-rust-type: unreal::FName
    doc: "`FName` as saves store it: an `FString`."
    seq:
      - {id: name, type: fstring}
  f_vector_f4:
    -savepoint-rust-type: unreal::FVector<unreal::F32>
    doc: "`FVector` in single precision (Update 6/7): three float."
    seq:
      - {id: x, type: f4}
      - {id: y, type: f4}
      - {id: z, type: f4}
  f_vector_f8:
    -savepoint-rust-type: unreal::FVector<unreal::F64>
    doc: "`FVector` with large-world coordinates: three double."
    seq:
      - {id: x, type: f8}
      - {id: y, type: f8}
      - {id: z, type: f8}
  f_quat_f4:
    -savepoint-rust-type: unreal::FQuat<unreal::F32>
    doc: "`FQuat` in single precision (`FTransform3f`'s rotation): four float."
    seq:
      - {id: x, type: f4}
      - {id: y, type: f4}
      - {id: z, type: f4}
      - {id: w, type: f4}
  f_quat_f8:
    -savepoint-rust-type: unreal::FQuat<unreal::F64>
    doc: "`FQuat` with large-world coordinates: four double."
    seq:
      - {id: x, type: f8}
      - {id: y, type: f8}
      - {id: z, type: f8}
      - {id: w, type: f8}
  f_linear_color:
    -savepoint-rust-type: unreal::FLinearColor
    doc: "`FLinearColor`: four float (R, G, B, A)."
    seq:
      - {id: r, type: f4}
      - {id: g, type: f4}
      - {id: b, type: f4}
      - {id: a, type: f4}
  t_map_s4_f_object_reference_disc:
    -savepoint-rust-type: unreal::TMap<i32, unreal::FObjectReferenceDisc>
    doc: "`TMap<int32, FObjectReferenceDisc>`: an int32 count, then key/value pairs."
    seq:
      - {id: count, type: s4}
      - {id: pairs, type: pair_s4_f_object_reference_disc, repeat: expr, repeat-expr: count}
  pair_s4_f_object_reference_disc:
    doc: One key/value pair of a `TMap<int32, FObjectReferenceDisc>`.
    seq:
      - {id: key, type: s4}
      - {id: value, type: f_object_reference_disc}
  t_map_fstring_u4:
    -savepoint-rust-type: unreal::TMap<unreal::FString, u32>
    doc: "`TMap<FString, uint32>`: an int32 count, then key/value pairs."
    seq:
      - {id: count, type: s4}
      - {id: pairs, type: pair_fstring_u4, repeat: expr, repeat-expr: count}
  pair_fstring_u4:
    doc: One key/value pair of a `TMap<FString, uint32>`.
    seq:
      - {id: key, type: fstring}
      - {id: value, type: u4}
  f_unique_net_id_repl:
    -savepoint-rust-type: crate::objects::custom::game::FUniqueNetIdRepl
    doc: |
      `FUniqueNetIdRepl`: an `EncodingFlags` byte (bit 0 encoded, bit 1 empty, bits 3-7 the type
      index) and the form it selects. Hand-written in Rust as an enum of the forms, which the
      binrw backend has no construct for (a variant chosen by bit tests of an earlier byte).
    seq:
      - id: encoding_flags
        type: u1
      - id: online_services_type
        type: u1
        if: is_encoded and not is_empty and type_index == 30
      - id: replication_data_size
        type: s4
        if: is_encoded and not is_empty and type_index == 30
      - id: replication_data
        size: replication_data_size
        if: is_encoded and not is_empty and type_index == 30
      - id: type_string
        type: fstring
        if: not (is_encoded and is_empty) and type_index == 31
      - id: encoded_size
        type: u1
        if: is_encoded and not is_empty and type_index != 30 and type_index != 0
      - id: temp_bytes
        size: encoded_size
        if: is_encoded and not is_empty and type_index != 30 and type_index != 0
      - id: contents
        type: fstring
        if: not is_encoded and type_index != 0
    instances:
      is_encoded:
        value: (encoding_flags & 1) != 0
      is_empty:
        value: (encoding_flags & 2) != 0
      type_index:
        value: encoding_flags >> 3
  property_list:
    -savepoint-rust-type: unreal::PropertyList
    doc: |
      A list of properties ("List of Properties"): tagged values up to the tag named "None",
      read and written by the `unreal` crate with the property context the caller lends (its
      engine versions select the tag form and the struct layouts). Kaitai cannot see that
      context, so this description reads the tag form before UE5 version 1012 (saves up to 1.1);
      1.2's tags name their type with an `FPropertyTypeName` tree instead.
    params:
      - id: props
        type: any
        -savepoint-rust-type: '&unreal::PropertyContext'
        doc: The property context (engine versions, struct hints) the list is stored with.
    seq:
      - id: properties
        type: f_property_tag
        repeat: until
        repeat-until: _.is_none
  f_property_tag:
    doc: "`FPropertyTag` (before UE5 version 1012) and the value's bytes after it."
    seq:
      - id: name
        type: fstring
      - id: type
        type: fstring
        if: not is_none
      - id: size
        type: s4
        if: not is_none
      - id: array_index
        type: s4
        if: not is_none
      - id: struct_name
        type: fstring
        if: not is_none and type.latin1 == "StructProperty"
      - id: struct_guid
        type: f_guid
        if: not is_none and type.latin1 == "StructProperty"
      - id: bool_val
        type: s1
        if: not is_none and type.latin1 == "BoolProperty"
      - id: enum_name
        type: fstring
        if: not is_none and (type.latin1 == "ByteProperty" or type.latin1 == "EnumProperty")
      - id: inner_type
        type: fstring
        if: not is_none and (type.latin1 == "ArrayProperty" or type.latin1 == "SetProperty" or type.latin1 == "MapProperty")
      - id: value_type
        type: fstring
        if: not is_none and type.latin1 == "MapProperty"
      - id: has_property_guid
        type: u1
        if: not is_none
      - id: property_guid
        type: f_guid
        if: not is_none and has_property_guid != 0
      - id: value
        size: size
        if: not is_none
    instances:
      is_none:
        value: name.latin1 == "None"
