meta:
  id: switch
  endian: le
doc: A field whose type depends on an earlier field (`switch-on`), with a default case, and a sized one that keeps unmatched bytes.
seq:
  - {id: kind, type: u1}
  - id: body
    type:
      switch-on: kind
      cases:
        1: point
        2: u4
        _: empty
  - id: sized
    size: 2
    type:
      switch-on: kind
      cases:
        1: point
types:
  point:
    seq:
      - {id: x, type: u1}
      - {id: y, type: u1}
  empty:
    seq: []
instances:
  body_point:
    value: body.as<point>
  body_x_plus_one:
    value: body.as<point>.x + 1
