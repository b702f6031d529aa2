meta:
  id: if_computed
  endian: be
doc: "An `if` that subtracts (as tcp_segment's `((data_offset * 4) - 20) != 0`), which directives spell only in sizes and counts, or multiplies past the field's type (`words * 64` of a u1): computed just before its field from the fields read (or held) before, as a value instance would be, in checked `i128` arithmetic; a value instance it names is written out in it."
seq:
  - {id: words, type: u1}
  - {id: options, size: (words * 4) - 20, if: ((words * 4) - 20) != 0}
  - {id: low, type: u1, if: words - base > 6}
  - {id: wide, type: u1, if: words * 64 > 500}
  - {id: tail, type: u1}
instances:
  base:
    value: 2
