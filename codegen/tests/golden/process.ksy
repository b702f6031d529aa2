meta:
  id: process
  endian: le
doc: Bytes stored transformed - xor with a constant key, rotated, and zlib-compressed.
seq:
  - {id: xored, size: 2, process: xor(0xff)}
  - {id: rotated, size: 1, process: rol(1)}
  - {id: len, type: u1}
  - {id: packed, size: len, process: zlib}
  - {id: kind, type: u1}
  - {id: body, size: 2, process: xor(0xff), type: {switch-on: kind, cases: {1: pair}}}
types:
  pair:
    seq:
      - {id: a, type: u1}
      - {id: b, type: u1}
