meta:
  id: pos_parent_root
  endian: le
doc: |
  Types of positioned instances reading values of the type that holds the instance and of the
  top-level type (`_parent`, `_root`), which they receive as seq fields' types do.
seq:
  - {id: unit, type: u1}
  - {id: ofs_dir, type: u1}
types:
  dir:
    seq:
      - {id: qty, type: u1}
      - {id: entries, type: entry, repeat: expr, repeat-expr: qty}
  entry:
    seq:
      - {id: ofs, type: u1}
      - {id: len, type: u1}
    instances:
      body:
        pos: ofs
        type: chunk
  chunk:
    seq:
      - {id: head, size: _parent.len}
      - {id: units, type: u1, repeat: expr, repeat-expr: _root.unit}
instances:
  dir:
    pos: ofs_dir
    type: dir
