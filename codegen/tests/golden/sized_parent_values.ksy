meta:
  id: sized_parent_values
  endian: le
doc: A sized user-type field whose value instance reads `_parent` (as zip's general purpose flags read the compression method), given it through its substream.
seq:
  - {id: method, type: u1}
  - {id: flags, type: flags, size: 2}
types:
  flags:
    seq:
      - {id: raw, type: u1}
    instances:
      level:
        value: raw & 3
        if: _parent.method == 8
