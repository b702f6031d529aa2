meta:
  id: flag_of
  endian: le
doc: |
  Flags that say whether a later field is there (-savepoint-flag-of): not kept in the model, the
  writer writes whether the field holds a value. One an integer (`if: has_name != 0`), one a
  hand-written boolean newtype (`if: has_extra.value`).
seq:
  - {id: has_name, type: u1, -savepoint-flag-of: name}
  - {id: name, type: u2, if: has_name != 0}
  - {id: has_extra, type: flag32, -savepoint-flag-of: extra}
  - {id: extra, type: u1, if: has_extra.value}
types:
  flag32:
    -savepoint-rust-type: crate::Flag32
    -savepoint-transparent: value
    seq:
      - {id: raw, type: u4, valid: {any-of: [0, 1]}}
    instances:
      value: {value: raw != 0}
