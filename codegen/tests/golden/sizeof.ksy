meta:
  id: sizeof
  endian: le
doc: sizeof and bitsizeof of integers, floats, bit types and fixed-size user types, as constants in seq sizes, counts and conditions and in value instances.
seq:
  - {id: header, type: header}
  - {id: body, size: sizeof<header> - 1}
  - {id: words, type: u2, repeat: expr, repeat-expr: sizeof<u2be>}
  - {id: tail, size: bitsizeof<u1> / 8, if: header.count < sizeof<f8>}
types:
  header:
    seq:
      - {id: magic, size: 2}
      - {id: count, type: u2}
instances:
  header_size:
    value: sizeof<header>
  header_bits:
    value: bitsizeof<header>
  u4_size:
    value: sizeof<u4be>
  b3_bits:
    value: bitsizeof<b3>
  f8_bits:
    value: bitsizeof<f8>
