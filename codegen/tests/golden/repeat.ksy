meta:
  id: repeat
  endian: le
doc: Repeated fields - a constant count, a count field, a count kept only as the list's length, until a condition, to the end of the stream.
seq:
  - {id: constant, type: u1, repeat: expr, repeat-expr: 2}
  - {id: count, type: u1}
  - {id: counted, type: u2, repeat: expr, repeat-expr: count}
  - {id: len_of, type: u1, -savepoint-count-of: derived}
  - {id: derived, type: u1, repeat: expr, repeat-expr: len_of}
  - {id: until_zero, type: u1, repeat: until, repeat-until: _ == 0}
  - {id: to_end, type: u2, repeat: eos}
