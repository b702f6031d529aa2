meta:
  id: list_params
  endian: le
doc: Params that are lists of integers and of strings, given an earlier list field or a value instance that is a list literal (written out in the argument).
seq:
  - {id: nums, type: u2, repeat: expr, repeat-expr: 2}
  - {id: names, type: str, size: 2, encoding: ASCII, repeat: expr, repeat-expr: 2}
  - id: from_fields
    type: wants(nums, names)
  - id: from_literals
    type: wants(fixed_nums, fixed_names)
instances:
  fixed_nums:
    value: '[7, 65535].as<u2[]>'
  fixed_names:
    value: '["x", "yz"]'
types:
  wants:
    params:
      - {id: ints, type: 'u2[]'}
      - {id: strs, type: 'str[]'}
    instances:
      total:
        value: ints[0] + ints[1]
      first_name:
        value: strs[0]
