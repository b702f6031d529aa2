meta:
  id: switch_indexed
  endian: le
doc: Each element of a repeated `switch-on` field switched on the element of an earlier list at its index (`codes[_index]`), in a sized area and not.
seq:
  - id: codes
    type: u1
    repeat: expr
    repeat-expr: 2
  - id: sized
    size: 2
    repeat: expr
    repeat-expr: 2
    type:
      switch-on: codes[_index]
      cases:
        1: u2
        2: pair
  - id: plain
    repeat: expr
    repeat-expr: 2
    type:
      switch-on: codes[_index]
      cases:
        1: u2
        2: pair
types:
  pair:
    seq:
      - {id: a, type: u1}
      - {id: b, type: u1}
