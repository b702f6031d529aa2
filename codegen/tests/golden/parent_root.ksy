meta:
  id: parent_root
  endian: le
doc: Nested types using values of their parent and of the top-level type (`_parent`, `_root`).
seq:
  - {id: unit, type: u1}
  - {id: body, type: body}
types:
  body:
    seq:
      - {id: len, type: u1}
      - {id: entry, type: entry}
  entry:
    seq:
      - {id: data, size: _parent.len}
      - {id: units, type: u1, repeat: expr, repeat-expr: _root.unit}
