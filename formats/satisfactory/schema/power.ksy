meta:
  id: power
  title: Satisfactory power class data (AFGBuildableWire, AFGCircuitSubsystem)
  endian: le
  imports:
    - unreal
-savepoint-namespace: true
doc: |
  What power lines and the circuit subsystem write after their AActor part
  (satisfactory-save-1.2.md, "AFGBuildableWire", "AFGCircuitSubsystem").
types:
  afg_buildable_wire:
    -savepoint-rust-name: AFGBuildableWire
    doc: "`AFGBuildableWire` data: the two connections a power line joins."
    -savepoint-version:
      id: save_version
      type: s4
      from: save_version
    params:
      - id: save_version
        type: s4
    seq:
      - id: connections
        type: unreal::f_object_reference_disc
        repeat: expr
        repeat-expr: 2
        doc: "`mConnections` (a fixed array of two)."
      - id: connection_locations
        type: unreal::f_vector_f4
        repeat: expr
        repeat-expr: 2
        if: save_version < 41
        -savepoint-gate-const: crate::versions::SAVE_VERSION_UPDATE_8
        -savepoint-serde-omit-absent: true
        doc: |
          The two connections' locations, which Update 6/7 blueprints (SaveVersion < 41, single
          precision) store after them; the document does not list them, the bytes show two vectors.
  afg_circuit_subsystem:
    -savepoint-rust-name: AFGCircuitSubsystem
    doc: "`AFGCircuitSubsystem` data: circuit ids and their circuit objects."
    seq:
      - id: circuits
        type: unreal::t_map_s4_f_object_reference_disc
        doc: "`mCircuits`."
