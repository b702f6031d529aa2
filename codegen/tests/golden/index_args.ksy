meta:
  id: index_args
  endian: le
doc: A list whose elements take their index as a type argument (`block(_index)`, with `repeat` `expr` and `eos`), each sized by the element of a list of the root at that index (`_root.sizes[idx]`, lent as a slice).
seq:
  - {id: qty, type: u1}
  - {id: sizes, type: u1, repeat: expr, repeat-expr: qty}
  - id: counted
    type: block(_index)
    repeat: expr
    repeat-expr: qty
  - id: rest
    type: block(_index)
    repeat: eos
types:
  block:
    params:
      - {id: idx, type: s4}
    seq:
      - id: buf
        size: _root.sizes[idx]
        type: str
        encoding: ASCII
