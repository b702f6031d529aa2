meta:
  id: until_stream
  endian: le
doc: |
  `repeat-until` conditions on the stream after the element: `_io.pos` compared with a field of
  an element of a list read before (the writer checks it as it writes each element), and a
  string value instance of the element or `_io.eof`.
seq:
  - id: heads
    type: head
    repeat: expr
    repeat-expr: 2
  - id: records
    type: record
    repeat: until
    repeat-until: _io.pos == heads[0].records_end
  - id: chunks
    type: chunk
    repeat: until
    repeat-until: _.kind == "END" or _io.eof
types:
  head:
    seq:
      - id: records_end
        type: u1
  record:
    seq:
      - id: len
        type: u1
      - id: body
        size: len
  chunk:
    seq:
      - id: kind_raw
        size: 3
      - id: value
        type: u1
    instances:
      kind:
        value: kind_raw.to_s('ASCII')
