meta:
  id: imported_rgb
doc: A schema imported by imports.ksy (relative import).
seq:
  - {id: r, type: u1}
  - {id: g, type: u1}
  - {id: b, type: u1}
enums:
  channel:
    0: red
    1: green
    2: blue
