meta:
  id: io_bits
  bit-endian: be
doc: "`_io.pos` in the `if` of a bit field: the bytes the bit cursor has taken from the stream so far."
seq:
  - {id: head, type: b3}
  - {id: rest, type: b5, if: _io.pos == 1}
  - {id: next, type: b4, if: _io.pos == 1}
  - {id: last, type: b4, if: _io.pos == 1}
