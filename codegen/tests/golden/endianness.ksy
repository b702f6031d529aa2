meta:
  id: endianness
  endian: be
doc: Big-endian by meta/endian, a field with its own endianness, a nested type with its own meta/endian.
seq:
  - {id: big, type: u2}
  - {id: little, type: u2le}
  - {id: inner, type: le_record}
types:
  le_record:
    meta:
      endian: le
    seq:
      - {id: value, type: u4}
