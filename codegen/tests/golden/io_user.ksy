meta:
  id: io_user
  endian: be
doc: |
  Instances in another object's substream (`io: _root.<field>._io`): each symbol locates its
  name and flags by offsets into the `pool` area read after the symbols. Each instance is a
  method that reads it from the root when asked; the writer writes `pool` as it holds it.
seq:
  - id: num_symbols
    type: u1
  - id: symbols
    type: symbol
    repeat: expr
    repeat-expr: num_symbols
  - id: pool_len
    type: u2
  - id: pool
    type: pool
    size: pool_len
types:
  symbol:
    seq:
      - id: name_ofs
        type: u1
      - id: flags_ofs
        type: u4
    instances:
      name:
        io: _root.pool._io
        pos: name_ofs
        type: strz
        encoding: ASCII
      flags:
        io: _root.pool._io
        pos: flags_ofs
        type: u2
  pool:
    seq:
      - id: first
        type: u1
