meta:
  id: instances
  endian: le
doc: Value instances (computed from fields and from a positioned instance) and a parsed instance at a position.
seq:
  - {id: width, type: u1}
  - {id: height, type: u1}
  - {id: ofs, type: u1}
instances:
  area:
    value: width * height
  is_square:
    value: width == height
  shifted:
    value: width << height
  at_ofs:
    pos: ofs
    type: u2
  at_ofs_high:
    value: at_ofs >> 8
