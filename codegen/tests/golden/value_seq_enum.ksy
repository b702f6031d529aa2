meta:
  id: value_seq_enum
  endian: be
doc: "An enum value instance that a seq field's `switch-on` names (as ethernet_frame's `ether_type`), computed just before the field from the fields read before and held as its integer: the first enum field, or the conditional second one where the first says a tag follows. The case keys are values of the enum; a value it does not name matches no case."
seq:
  - {id: outer, type: u2, enum: ether}
  - {id: inner, type: u2, enum: ether, if: outer == ether::tagged}
  - id: body
    size: 2
    type:
      switch-on: kind
      cases:
        'ether::ipv4': word
        'ether::ipv6': halves
  - id: tail
    type:
      switch-on: kind
      cases:
        'ether::ipv6': word
instances:
  kind:
    value: 'outer == ether::tagged ? inner : outer'
types:
  word:
    seq:
      - {id: w, type: u2}
  halves:
    seq:
      - {id: hi, type: u1}
      - {id: lo, type: u1}
enums:
  ether:
    0x0800: ipv4
    0x8100: tagged
    0x86dd: ipv6
