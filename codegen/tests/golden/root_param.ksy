meta:
  id: root_param
  endian: le
doc: >-
  `_root` given whole to the type of a positioned instance, which reads from it an integer field
  and the integer of an enum value instance: the param becomes one param per value read.
seq:
  - {id: count, type: u1}
  - {id: code, type: u2}
enums:
  kind:
    1: small
    9: big
instances:
  default_kind:
    value: 9
    enum: kind
  check:
    pos: 1
    type: checker(_root)
types:
  checker:
    params:
      - {id: top, type: root_param}
    seq:
      - {id: low, type: u1}
    instances:
      sum:
        value: top.count + low
      big:
        value: top.default_kind.to_i == 9
