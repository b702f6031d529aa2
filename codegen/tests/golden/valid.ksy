meta:
  id: valid
  endian: le
doc: Checks on values read (`valid`) - equality, a range, a set, an expression (also ranges of a byte array's bytes by index), an enum value, a string.
seq:
  - {id: eq, type: u1, valid: 7}
  - {id: range, type: u1, valid: {min: 1, max: 10}}
  - {id: one_of, type: u1, valid: {any-of: [2, 4, 8]}}
  - {id: not_three, type: u1, valid: {expr: _ != 3}}
  - {id: colour, type: u1, enum: colour, valid: {in-enum: true}}
  - {id: name, type: str, size: 2, encoding: ASCII, valid: '"OK"'}
  - {id: letters, size: 2, valid: {expr: '_[0] >= 0x41 and _[0] <= 0x5a and _[1] > 0x60'}}
enums:
  colour:
    1: red
    2: green
