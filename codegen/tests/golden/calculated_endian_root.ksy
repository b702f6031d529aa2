meta:
  id: calculated_endian_root
doc: "A calculated meta/endian switched on `_root.<field>` (as gettext_mo's magic decides): the type is read by a field of the root, so `_root` is the type's `_parent`; a byte-array selector, and no byte order where the magic is neither."
seq:
  - {id: magic, size: 2}
  - {id: body, type: body}
types:
  body:
    meta:
      endian:
        switch-on: _root.magic
        cases:
          '[0x49, 0x49]': le
          '[0x4d, 0x4d]': be
    seq:
      - {id: value, type: u2}
      - {id: inner, type: inner}
    types:
      inner:
        seq:
          - {id: more, type: u4}
