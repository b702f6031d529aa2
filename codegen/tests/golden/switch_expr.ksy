meta:
  id: switch_expr
  endian: le
doc: A `switch-on` of an expression of earlier fields (`&`, `? :`), passed to the switch enum as an `i128`.
seq:
  - id: code
    type: u1
  - id: body
    type:
      switch-on: "code > 8 ? 0 : code & 3"
      cases:
        1: u1
        2: u2
        0: empty
types:
  empty:
    seq: []
