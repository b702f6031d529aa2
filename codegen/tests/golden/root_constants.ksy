meta:
  id: root_constants
  endian: le
doc: |
  `_root.x` of a value instance of the top-level type whose value is an integer literal: read
  as that literal everywhere (no import), also in a distance from the end of the stream.
seq:
  - {id: ofs_head, type: u1}
instances:
  block:
    value: 2
  head:
    pos: ofs_head
    type: head
  tail:
    pos: _io.size - _root.block
    size: _root.block
types:
  head:
    seq:
      - {id: blocks, type: u1}
      - {id: data, size: blocks * _root.block}
