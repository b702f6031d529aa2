meta:
  id: rust_params
  endian: le
-savepoint-namespace: true
doc: |
  Params of a Rust type (-savepoint-rust-type on a param): a context the caller lends, imported by
  the reader and the writer alike and passed on to nested types, generated (`reading`) and
  hand-written (`scaled`, `counted_reading`), on both sides, with the named version the caller
  gives (-savepoint-version from a param).
types:
  log:
    doc: Readings taken at a scale; SaveVersion 2 added a tag to each.
    -savepoint-version: {id: save_version, type: s4, from: save_version}
    params:
      - {id: save_version, type: s4}
      - {id: scale, type: any, -savepoint-rust-type: '&crate::Scale'}
    seq:
      - id: first
        type: reading(save_version, scale)
      - id: rest
        type: counted_reading(save_version, scale)
  reading:
    -savepoint-version: {id: save_version, type: s4, from: save_version}
    params:
      - {id: save_version, type: s4}
      - {id: scale, type: any, -savepoint-rust-type: '&crate::Scale'}
    seq:
      - {id: tag, type: u1, if: save_version >= 2}
      - {id: value, type: scaled(scale)}
  scaled:
    -savepoint-rust-type: crate::Scaled
    doc: A byte times the scale's factor.
    params:
      - {id: scale, type: any, -savepoint-rust-type: '&crate::Scale'}
    seq:
      - {id: raw, type: u1}
  counted_reading:
    -savepoint-rust-type: crate::Counted<Reading>
    doc: A u1 count, then the readings.
    params:
      - {id: save_version, type: s4}
      - {id: scale, type: any, -savepoint-rust-type: '&crate::Scale'}
    seq:
      - {id: count, type: u1}
      - id: items
        type: reading(save_version, scale)
        repeat: expr
        repeat-expr: count
