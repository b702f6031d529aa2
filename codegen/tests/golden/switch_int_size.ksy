meta:
  id: switch_int_size
  endian: le
doc: A `switch-on` field whose cases are all integers, used as a size and in an `if` (also through a value instance) through its enum's `ks_int()`; when no case matches, the read fails at the switch, as the later use of its value fails in Kaitai.
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
  - {id: tail, size: len_plus_one}
instances:
  len_plus_one:
    doc: A value instance of the switch, written out in the size that names it.
    value: len + 1
