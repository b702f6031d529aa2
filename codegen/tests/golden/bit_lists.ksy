meta:
  id: bit_lists
  endian: le
doc: Repeated and conditional bit fields between byte-aligned ones, and positioned instances, one of them conditional.
seq:
  - id: n
    type: u4
  - id: flag
    type: b1
  - id: small
    type: b3
    if: flag
  - id: many
    type: b4
    repeat: expr
    repeat-expr: n
  - id: kind
    type: b2
    enum: animal
  - id: big
    type: u4
  - id: twice
    type: b5
    repeat: expr
    repeat-expr: n * 2
  - id: maybe
    type: b7
    if: n > 3 and n < 9
  - id: rest
    type: b1
    repeat: eos
instances:
  tail:
    pos: _io.size - 4
    type: u2
  tail_if:
    pos: _io.size - 2
    type: u1
    if: n == 2
  here:
    pos: 3
    type: u1
  at_n:
    pos: n + 1
    type: u1
  at_big:
    pos: big * 2 + 1
    type: u1
enums:
  animal:
    1: cat
    2: dog
