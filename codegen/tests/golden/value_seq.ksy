meta:
  id: value_seq
  endian: le
doc: "Value instances a seq field names where a directive cannot spell them, each computed just before the field from the fields read before: `<<` of conditional fields (and an enum in its `if`) as a size, a ternary of conditional fields as a count (undefined, an error, where the field is read and the chosen field is absent), and a `switch-on` of an integer and of a string instance."
seq:
  - {id: kind, type: u1, enum: kind}
  - {id: len_lo, type: u1, if: kind != kind::stop}
  - {id: len_hi, type: u1, if: kind != kind::stop}
  - {id: body, size: body_len, if: kind != kind::stop}
  - {id: wide, type: u1}
  - {id: n8, type: u1, if: wide == 0}
  - {id: n16, type: u2, if: wide == 1}
  - {id: nums, type: u1, repeat: expr, repeat-expr: num, if: wide < 3}
  - {id: header, type: u1}
  - id: event
    type:
      switch-on: event_type
      cases:
        0x80: note
        0x90: note
  - {id: tag_raw, size: 2}
  - id: tagged
    size: 1
    type:
      switch-on: tag
      cases:
        '"on"': note
instances:
  body_len:
    value: len_lo + (len_hi << 8)
    if: kind != kind::stop
  num:
    value: 'wide == 0 ? n8 : n16'
  event_type:
    value: header & 0xf0
  tag:
    value: tag_raw.to_s('ASCII')
types:
  note:
    seq:
      - {id: key, type: u1}
enums:
  kind:
    0: stop
    1: data
