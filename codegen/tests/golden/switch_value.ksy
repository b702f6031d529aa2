meta:
  id: switch_value
  endian: le
doc: A value instance of a `switch-on` field whose cases are all integers (no case matching is undefined).
seq:
  - {id: code, type: u1}
  - id: len
    type:
      switch-on: code
      cases:
        1: u1
        2: u2
instances:
  len_plus_one:
    value: len + 1
