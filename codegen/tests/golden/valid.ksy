meta:
  id: valid
  endian: le
doc: Checks on values read (`valid`) - equality, a range, a set, an expression, an enum value, a string.
seq:
  - {id: eq, type: u1, valid: 7}
  - {id: range, type: u1, valid: {min: 1, max: 10}}
  - {id: one_of, type: u1, valid: {any-of: [2, 4, 8]}}
  - {id: not_three, type: u1, valid: {expr: _ != 3}}
  - {id: colour, type: u1, enum: colour, valid: {in-enum: true}}
  - {id: name, type: str, size: 2, encoding: ASCII, valid: '"OK"'}
enums:
  colour:
    1: red
    2: green
