meta:
  id: bit_valid
  bit-endian: le
doc: Checks on bit fields (`valid`) - a maximum and a range, as an MS-DOS time and date pack them (little-endian bit order), a value, a set, and an expression on every element of a list.
seq:
  - {id: second_div_2, type: b5, valid: {max: 29}}
  - {id: minute, type: b6, valid: {max: 59}}
  - {id: hour, type: b5, valid: {max: 23}}
  - {id: day, type: b5, valid: {min: 1}}
  - {id: month, type: b4, valid: {min: 1, max: 12}}
  - {id: year_minus_1980, type: b7}
  - {id: version, type: b4, valid: 2}
  - {id: kind, type: b4, valid: {any-of: [1, 3]}}
  - {id: nibbles, type: b4, repeat: expr, repeat-expr: 2, valid: {expr: _ != 0xf}}
