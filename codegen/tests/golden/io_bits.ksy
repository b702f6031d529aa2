meta:
  id: io_bits
  bit-endian: be
doc: |
  `_io.pos` in the `if` of a bit field: the bytes the bit cursor has taken from the stream so
  far; `_io.eof`: no byte left and no bit left in the cursor.
seq:
  - {id: head, type: b3}
  - {id: rest, type: b5, if: _io.pos == 1}
  - {id: next, type: b4, if: _io.pos == 1}
  - {id: last, type: b4, if: _io.pos == 1}
  - {id: more, type: b4, if: not _io.eof}
  - {id: after, type: b8, if: not _io.eof}
