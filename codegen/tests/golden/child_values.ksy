meta:
  id: child_values
  endian: le
doc: |
  Integer value instances of user-type fields read earlier, in sizes and counts: a length
  encoded in one or three bytes (asn1_der's `len.result`), a count two fields deep
  (`header.counts.total`), a child read from a sized area, and arithmetic on them.
seq:
  - id: len
    type: len_encoded
  - id: body
    size: len.result
  - id: header
    type: header
  - id: items
    type: u2
    repeat: expr
    repeat-expr: header.counts.total - 1
  - id: framed
    type: len_encoded
    size: 3
  - id: tail
    size: header.len_body + framed.result % 4
types:
  len_encoded:
    seq:
      - id: b1
        type: u1
      - id: int2
        type: u2
        if: b1 == 0x82
    instances:
      result:
        value: 'b1 == 0x82 ? int2 : b1'
  header:
    seq:
      - id: counts
        type: counts
      - id: units
        type: u1
    instances:
      len_body:
        value: units * 2
  counts:
    seq:
      - id: a
        type: u1
      - id: b
        type: u1
    instances:
      total:
        value: a + b
