meta:
  id: switch_int_size
  endian: le
doc: A `switch-on` field whose cases are all integers, used as a size and in an `if` through its enum's `ks_int()`; when no case matches, the read fails at the switch, as the later use of its value fails in Kaitai.
seq:
  - {id: code, type: u1}
  - id: len
    type:
      switch-on: code
      cases:
        1: u1
        2: u2
  - {id: body, size: len}
  - {id: extra, type: u1, if: len > 1}
