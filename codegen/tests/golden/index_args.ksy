meta:
  id: index_args
  endian: le
doc: Lists whose elements take their index as a type argument (`block(_index)`, with `repeat` `expr`, `eos` and `until` `_io.eof`), each sized by the element of a list of the root at that index (`_root.sizes[idx]`, lent as a slice, also to a type in a sized area).
seq:
  - {id: qty, type: u1}
  - {id: sizes, type: u1, repeat: expr, repeat-expr: qty}
  - id: counted
    type: block(_index)
    repeat: expr
    repeat-expr: qty
  - id: middle
    size: 3
    type: until_end
  - id: rest
    type: block(_index)
    repeat: eos
types:
  until_end:
    seq:
      - id: blocks
        type: block(_index)
        repeat: until
        repeat-until: _io.eof
  block:
    params:
      - {id: idx, type: s4}
    seq:
      - id: buf
        size: _root.sizes[idx]
        type: str
        encoding: ASCII
