meta:
  id: version_param
  endian: le
-savepoint-version: {id: save_version, type: s4, from: save_version}
doc: A named version the caller gives (-savepoint-version from the type's first param, not a field), as Satisfactory's class data is read with the object's SaveVersion - schema-derive imports it for the reader and the writer.
params:
  - {id: save_version, type: s4}
seq:
  - {id: ends, type: u2, repeat: expr, repeat-expr: 2}
  - {id: legacy, type: u1, if: save_version < 41, -savepoint-serde-omit-absent: true}
  - {id: state, type: u4, if: save_version >= 43}
