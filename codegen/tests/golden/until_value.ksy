meta:
  id: until_value
  endian: le
doc: |
  `repeat-until` on a value instance of the element, as vlq_base128_le's `not _.has_next`:
  a boolean one, and an integer one that is undefined for some elements (a shift past `i128`).
seq:
  - {id: groups, type: group, repeat: until, repeat-until: not _.has_next}
  - {id: words, type: word, repeat: until, repeat-until: _.scaled == 0}
types:
  group:
    seq:
      - {id: b, type: u1}
    instances:
      has_next:
        value: (b & 0x80) != 0
  word:
    seq:
      - {id: shift, type: u1}
    instances:
      scaled:
        value: (shift - 1) << 125
