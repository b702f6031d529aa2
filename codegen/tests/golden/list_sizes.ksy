meta:
  id: list_sizes
  endian: le
doc: "`.size` of a list field and of a positioned list instance in seq expressions."
seq:
  - {id: n, type: u1}
  - {id: items, type: u1, repeat: expr, repeat-expr: n}
  - {id: tail, size: items.size}
  - {id: flag, type: u1, if: marks.size == 2}
instances:
  marks:
    pos: 1 + n + items.size
    type: u1
    repeat: eos
