meta:
  id: switch_recursive
  endian: le
doc: A `switch-on` whose case type contains itself through the switch, so it gets the default depth bound; the switch enum imports the depth and hands it to that case, boxed.
seq:
  - {id: tag, type: u1}
  - id: next
    type:
      switch-on: tag
      cases:
        1: switch_recursive
        0: leaf
types:
  leaf:
    seq:
      - {id: value, type: u1}
