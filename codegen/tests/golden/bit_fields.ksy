meta:
  id: bit_fields
  bit-endian: be
doc: Bit-sized integers (big-endian bit order), a one-bit flag, an enum on bits, then a byte-aligned field.
seq:
  - {id: flag, type: b1}
  - {id: mode, type: b3, enum: mode}
  - {id: level, type: b12}
  - {id: after, type: u1}
enums:
  mode:
    0: off
    5: on
