meta:
  id: named_versions
  endian: le
-savepoint-namespace: true
doc: |
  Two named versions on one type (-savepoint-version as a list, each given by the caller as a
  param, in order), and an argument that is a gated field or, where its gate is false, a number
  (`save_version >= 3 ? level : 1`), as Satisfactory's lightweight buildables pass the
  subsystem's lightweight version on with the SaveVersion.
types:
  subsystem:
    doc: A level from SaveVersion 3 (1 before), then an instance laid out by both.
    -savepoint-version: {id: save_version, type: s4, from: save_version}
    params:
      - {id: save_version, type: s4}
    seq:
      - {id: level, type: u1, if: save_version >= 3, -savepoint-serde-omit-absent: true}
      - id: instance
        type: 'instance(save_version, save_version >= 3 ? level : 1)'
  instance:
    doc: An `extra` byte from level 2, a `stamp` from SaveVersion 4.
    -savepoint-version:
      - {id: save_version, type: s4, from: save_version}
      - {id: level, type: u1, from: level}
    params:
      - {id: save_version, type: s4}
      - {id: level, type: u1}
    seq:
      - {id: base, type: u1}
      - {id: extra, type: u1, if: level >= 2}
      - {id: stamp, type: u2, if: save_version >= 4}
