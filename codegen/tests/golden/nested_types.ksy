meta:
  id: nested_types
  endian: le
doc: >-
  Nested user types, a type inside a type, and a user type read from a sized substream, whose
  fields later counts and conditions read.
seq:
  - {id: header, type: header}
  - {id: framed, type: header, size: 4}
  - {id: items, type: u1, repeat: expr, repeat-expr: framed.version}
  - {id: flag, type: u1, if: framed.inner.value == 4}
types:
  header:
    seq:
      - {id: version, type: u1}
      - {id: inner, type: inner}
    types:
      inner:
        seq:
          - {id: value, type: u2}
