meta:
  id: conditional
  endian: le
doc: Fields present only when a condition on earlier fields holds (`if`), among them lists and bytes their reader returns whole (a counted list of integers, one ended by a terminator, an enum value and a counted list of them, bytes to the end).
seq:
  - {id: flags, type: u1}
  - {id: extra, type: u2, if: flags == 1}
  - {id: big, type: u4, if: flags > 1 and flags < 10}
  - {id: nums, type: u2, repeat: expr, repeat-expr: flags, if: flags == 2}
  - {id: until_zero, type: u1, repeat: until, repeat-until: _ == 0, if: flags == 3}
  - {id: kinds, type: u1, enum: kind, repeat: expr, repeat-expr: flags, if: flags == 4}
  - {id: kind, type: u2, enum: kind, if: flags == 4}
  - {id: rest, size-eos: true, if: flags != 0}
enums:
  kind:
    1: one
    2: two
