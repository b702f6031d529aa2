meta:
  id: list_params
  endian: le
doc: Params that are lists of integers and of strings, given an earlier list field or a value instance that is a list literal (written out in the argument); a list of user types indexed in a size (`items[1].n`), which the writer borrows.
seq:
  - {id: nums, type: u2, repeat: expr, repeat-expr: 2}
  - {id: names, type: str, size: 2, encoding: ASCII, repeat: expr, repeat-expr: 2}
  - id: from_fields
    type: wants(nums, names)
  - id: from_literals
    type: wants(fixed_nums, fixed_names)
  - {id: items, type: item, repeat: expr, repeat-expr: 2}
  - id: sized
    type: sized_by(items)
instances:
  fixed_nums:
    value: '[7, 65535].as<u2[]>'
  fixed_names:
    value: '["x", "yz"]'
types:
  item:
    seq:
      - {id: n, type: u1}
  sized_by:
    params:
      - {id: items, type: 'item[]'}
    seq:
      - id: body
        size: items[1].n
  wants:
    params:
      - {id: ints, type: 'u2[]'}
      - {id: strs, type: 'str[]'}
    instances:
      total:
        value: ints[0] + ints[1]
      first_name:
        value: strs[0]
