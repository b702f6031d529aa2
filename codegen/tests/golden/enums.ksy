meta:
  id: enums
  endian: le
doc: A Kaitai enum on an integer field, and on a repeated one.
seq:
  - {id: animal, type: u1, enum: animal}
  - {id: pets, type: u2, enum: animal, repeat: expr, repeat-expr: 2}
enums:
  animal:
    1: cat
    2: dog
    0x10: chicken
