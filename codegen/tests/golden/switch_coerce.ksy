meta:
  id: switch_coerce
  endian: le
doc: Two sized switches of one case type, one processed, each under an if - a value instance picks the present one, as that type.
seq:
  - {id: kind, type: u1}
  - {id: flag, type: u1}
  - id: plain
    size: 2
    if: flag == 0
    type: {switch-on: kind, cases: {1: pair}}
  - id: hidden
    size: 2
    process: xor(0xff)
    if: flag != 0
    type: {switch-on: kind, cases: {1: pair}}
instances:
  chosen: {value: 'flag == 0 ? plain : hidden'}
types:
  pair:
    seq:
      - {id: a, type: u1}
      - {id: b, type: u1}
