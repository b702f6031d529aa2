meta:
  id: writer_params
  endian: le
doc: Params in the `size` and `if` of fields, which the writer gets too (`#[bw(import(..))]`), also when passed on to a type inside, and to a sized user type (inside its `args_raw`).
seq:
  - {id: len, type: u1}
  - id: named
    type: name_with_tail(len, true)
  - {id: fixed, type: wrapped(2)}
  - id: boxed
    size: 4
    type: name_with_tail(len, false)
types:
  name_with_tail:
    params:
      - {id: name_len, type: u1}
      - {id: has_tail, type: bool}
    seq:
      - {id: name, type: str, size: name_len, encoding: ASCII}
      - {id: tail, type: u1, if: has_tail}
  wrapped:
    params:
      - {id: n, type: u1}
    seq:
      - id: inner
        type: name_with_tail(n, false)
