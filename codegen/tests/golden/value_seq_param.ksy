meta:
  id: value_seq_param
  endian: le
doc: "Value instances of a type's params that its seq fields name (as protocol_body's `protocol`), computed just before the field: each param is kept as a field, which the reader is given and the writer holds. The `enum:` of an integer param as a `switch-on`, `<<` of a param as a size, and an enum param in an `if`."
seq:
  - {id: code, type: u1}
  - {id: mode, type: u1, enum: proto}
  - {id: body, type: 'routed(code, mode)'}
types:
  routed:
    params:
      - {id: num, type: u1}
      - {id: mode, type: u1, enum: proto}
    seq:
      - id: inner
        type:
          switch-on: proto
          cases:
            'proto::small': u1
            'proto::wide': u2
      - {id: blob, size: len}
      - {id: extra, type: u1, if: wide_mode}
    instances:
      proto:
        value: num
        enum: proto
      len:
        value: '(num & 3) << 1'
      wide_mode:
        value: 'mode == proto::wide and num > 0'
enums:
  proto:
    1: small
    2: wide
