meta:
  id: instances_nav
  endian: le
doc: >-
  Positioned instances whose `pos` and `size` read `_parent`, `_root` and, in the top-level
  type, `_root.` a value instance; the type imports the values it reads, as its seq fields do.
seq:
  - {id: len_block, type: u1}
  - {id: entry, type: entry}
types:
  entry:
    seq:
      - {id: block, type: u1}
    instances:
      data:
        pos: block + _root.len_block
        size: _parent.len_block
instances:
  unit:
    value: 2
  first:
    pos: _root.unit
    size: _root.unit * len_block
