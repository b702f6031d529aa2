meta:
  id: switch_params
  endian: le
doc: Switch cases of user types that take params - the parent computes the arguments, the switch enum imports them and each case's variant passes them on; a case whose writer needs its params (a size) gets them on the writer's side too, also in a sized switch.
seq:
  - {id: tag, type: u1}
  - {id: factor, type: u1}
  - id: body
    type:
      switch-on: tag
      cases:
        1: scaled(factor, 300)
        2: labelled(tag == 2)
        3: scaled(factor, 300)
        4: counted(factor)
        _: plain
  - id: sized
    size: 2
    type:
      switch-on: tag
      cases:
        4: counted(factor)
types:
  scaled:
    params:
      - {id: times, type: u1}
      - {id: offset, type: u2}
    seq:
      - {id: raw, type: u1}
    instances:
      scaled_value:
        value: raw * times + offset
  labelled:
    params:
      - {id: doubled, type: bool}
    seq:
      - {id: v, type: u1}
    instances:
      shown:
        value: 'doubled ? v * 2 : v'
  plain:
    seq:
      - {id: v, type: u2}
  counted:
    params:
      - {id: n, type: u1}
    seq:
      - {id: name, type: str, size: n, encoding: ASCII}
