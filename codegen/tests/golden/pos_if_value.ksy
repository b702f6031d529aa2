meta:
  id: pos_if_value
  endian: le
doc: |
  A positioned instance read after the seq whose `if` names a value instance that a directive
  cannot spell (tga's `ext_area`, `if: is_valid`, a byte array compared with a byte-list
  literal): the value is computed just before the instance from the seq fields read.
seq:
  - id: ofs
    type: u1
  - id: magic
    size: 2
instances:
  is_valid:
    value: magic == [0x4f, 0x4b]
  extra:
    pos: ofs
    type: u1
    if: is_valid
