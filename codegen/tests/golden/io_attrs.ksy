meta:
  id: io_attrs
  endian: le
doc: "`_io.pos`, `_io.size` and `_io.eof` of the stream being read (a sized type's own substream) in a field's `if` and `size`, and `not`."
seq:
  - {id: block, type: tail_block, size: 6}
  - {id: more, type: u1, if: not _io.eof}
types:
  tail_block:
    seq:
      - {id: head, type: u1}
      - {id: body, size: _io.size - _io.pos - 1}
      - {id: last, type: u1}
      - {id: extra, type: u1, if: _io.pos < _io.size}
