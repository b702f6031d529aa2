meta:
  id: lifted_if
  endian: le
  encoding: ASCII
doc: A field's `if` that compares a string or reads a child's value instance (as cpio's padding and trailer are), computed before the field.
seq:
  - {id: len, type: split_len}
  - {id: name, type: str, size: 4}
  - {id: data, size: len.value}
  - {id: pad, type: u1, if: len.value % 2 == 1}
  - {id: end_marker, type: u2, if: name == "END!" and len.value == 0}
types:
  split_len:
    seq:
      - {id: hi, type: u1}
      - {id: lo, type: u1}
    instances:
      value:
        value: lo + (hi << 8)
