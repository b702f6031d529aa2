meta:
  id: io_instances
  endian: le
doc: |
  Positioned instances at `_io.pos + N` (N bytes on from where they are read: before the first
  seq field that uses them, else after the seq) and `_io` in value instances (as at the end of
  the seq), `io: _root._io` in a type read from the root's stream, and `_io.eof` in
  `repeat-until`.
seq:
  - id: items
    type: u1
    repeat: expr
    repeat-expr: count
  - id: entry
    type: entry
  - id: block
    size: 6
    type: block
  - id: marks
    type: u1
    repeat: until
    repeat-until: _ == 0 or _io.eof
instances:
  count:
    pos: _io.pos + 9
    type: u1
types:
  entry:
    seq:
      - id: ofs
        type: u1
    instances:
      at_ofs:
        io: _root._io
        pos: ofs
        type: u1
  block:
    seq:
      - id: head
        type: u1
    instances:
      marker:
        pos: _io.pos + 2
        type: u1
      done:
        value: _io.eof
      end_pos:
        value: _io.pos
