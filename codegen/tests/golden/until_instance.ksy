meta:
  id: until_instance
  endian: le
doc: |
  Positioned integer instances in `repeat-until` conditions: at `_io.pos + N` (Kaitai reads it
  when the condition first asks, after the list's first element) and at a fixed position.
seq:
  - {id: head, type: u1}
  - id: words
    type: u2
    repeat: until
    repeat-until: _ == stop
  - id: tail
    type: u1
    repeat: until
    repeat-until: _ == fixed
instances:
  stop:
    pos: _io.pos + 3
    type: u2
  fixed:
    pos: 0
    type: u1
