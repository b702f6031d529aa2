meta:
  id: struct_params
  endian: le
doc: >-
  Params of type `struct`, typed by the one user type their callers pass (a field, and a param
  passed on), and a cast of one to that type.
seq:
  - {id: header, type: header}
  - {id: body, type: body(header)}
types:
  header:
    seq:
      - {id: len, type: u1}
      - {id: name, type: strz, encoding: ASCII}
  body:
    params:
      - {id: head, type: struct}
    seq:
      - {id: inner, type: inner(head)}
    instances:
      len_plus_one:
        value: head.as<header>.len + 1
  inner:
    params:
      - {id: head, type: struct}
    seq:
      - {id: data, size: 2}
