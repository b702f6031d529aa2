meta:
  id: params
  endian: le
doc: A type with parameters (`params`), given by the field that uses it.
seq:
  - {id: count, type: u1}
  - {id: items, type: item_list(count)}
  - {id: kind, type: u1, enum: kind}
  - {id: tagged, type: tagged(kind)}
  - {id: shaped, type: shaped(shape_width)}
instances:
  shape_width:
    doc: A value instance as a type argument, written out in place.
    value: count
enums:
  kind: {1: one, 2: two}
types:
  tagged:
    params:
      - {id: tag, type: u1, enum: kind}
    instances:
      is_two:
        value: tag == kind::two
  item_list:
    params:
      - {id: num, type: u1}
    seq:
      - {id: items, type: u1, repeat: expr, repeat-expr: num}
    instances:
      count_matches:
        value: items.size == num
  shaped:
    params:
      - {id: width, type: u1}
    seq:
      - id: body
        type:
          switch-on: width
          cases:
            1: u1
            2: u2
