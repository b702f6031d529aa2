meta:
  id: opaque
  endian: le
  ks-opaque-types: true
doc: Types no schema declares (meta/ks-opaque-types) - Rust types the user implements, given by Builder::opaque_type; also as a switch case.
seq:
  - {id: color, type: packed_rgb}
  - {id: sized, size: 3, type: packed_rgb}
  - {id: hidden, size: 2, type: packed_rgb, process: xor(0xff)}
  - {id: count, type: u1}
  - {id: many, type: packed_rgb, repeat: expr, repeat-expr: count}
  - id: either
    type:
      switch-on: count
      cases:
        2: packed_rgb
        _: u1
