meta:
  id: valid_enum
  endian: le
doc: |
  `valid` on enum fields (webassembly's `eq: types::function`, aiff's `any-of`), checked as the
  integers the values are read from and written as; also on each element of an enum list.
seq:
  - {id: kind, type: u1, enum: types, valid: {eq: types::function}}
  - {id: form, type: u2, enum: types, valid: {any-of: [types::function, types::element]}}
  - {id: codes, type: u1, enum: types, repeat: expr, repeat-expr: 2, valid: {expr: _ != types::unused}}
enums:
  types:
    0x60: function
    0x70: element
    0x7f: unused
