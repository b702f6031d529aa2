meta:
  id: params
  endian: le
doc: A type with parameters (`params`), given by the field that uses it.
seq:
  - {id: count, type: u1}
  - {id: items, type: item_list(count)}
types:
  item_list:
    params:
      - {id: num, type: u1}
    seq:
      - {id: items, type: u1, repeat: expr, repeat-expr: num}
    instances:
      count_matches:
        value: items.size == num
