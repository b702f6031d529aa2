meta:
  id: savepoint_version
  endian: le
-savepoint-version: {id: save_version, type: s4, from: save_version}
doc: Named versions - gates that compare a version the type names (-savepoint-version, the gate is the plain `if`), a bound spelled by a Rust constant (-savepoint-gate-const), a gated field holding its default where absent (-savepoint-absent), one left out of JSON where absent (-savepoint-serde-omit-absent), and a path into a hand-written newtype (-savepoint-transparent).
seq:
  - {id: save_version, type: s4}
  - {id: flags, type: u2, if: save_version >= 2 and save_version < 4}
  - {id: level, type: u1, if: save_version >= 5, -savepoint-absent: default}
  - {id: data, type: u4, if: save_version >= 7, -savepoint-gate-const: crate::SAVE_VERSION_DATA, -savepoint-serde-omit-absent: true}
  - {id: is_valid, type: flag32}
  - {id: hash, type: u2, if: is_valid.value}
types:
  flag32:
    -savepoint-rust-type: crate::Flag32
    -savepoint-transparent: value
    seq:
      - {id: raw, type: u4, valid: {any-of: [0, 1]}}
    instances:
      value: {value: raw != 0}
