meta:
  id: switch_nav
  endian: le
doc: |
  Switch cases whose seq expressions read `_root` and `_parent` (png's `bkgd_chunk`, switched
  on `_root.ihdr.color_type`, an enum field of a user-type field read before): a switch's enum
  imports what its cases use and each variant passes it on, in a sized switch and an unsized
  one; a case's `_parent` is the type that holds the switch.
seq:
  - id: header
    type: header
  - id: chunks
    type: chunk
    repeat: eos
types:
  header:
    seq:
      - id: color
        type: u1
        enum: color
      - id: depth
        type: u1
  chunk:
    seq:
      - id: kind
        type: u1
      - id: len
        type: u1
      - id: body
        size: len
        type:
          switch-on: kind
          cases:
            1: background
            2: palette
      - id: tail
        type:
          switch-on: kind
          cases:
            2: trailer
  background:
    seq:
      - id: value
        type:
          switch-on: _root.header.color
          cases:
            color::grey: grey
            color::rgb: rgb
  grey:
    seq:
      - id: level
        type: u2
  rgb:
    seq:
      - {id: r, type: u1}
      - {id: g, type: u1}
      - {id: b, type: u1}
  palette:
    seq:
      - id: entries
        type: u1
        repeat: expr
        repeat-expr: _root.header.depth
  trailer:
    seq:
      - id: data
        size: _parent.len
enums:
  color:
    0: grey
    2: rgb
