meta:
  id: value_parent_root
  endian: le
doc: >-
  Value instances reading `_parent` and `_root` (a string, integers one and two levels up, a cast
  of `_parent`), also in the cases of a sized switch, in a top-level type that contains itself:
  its nested copies see the outermost one as `_root` and the copy around them as `_parent`.
seq:
  - {id: tag, type: strz, encoding: ASCII}
  - {id: more, type: u1}
  - {id: leaf, type: leaf}
  - {id: kind, type: u1}
  - {id: body, size: 2, type: {switch-on: kind, cases: {1: case_a, 2: case_b}}}
  - {id: next, type: value_parent_root, if: more != 0}
types:
  case_a:
    seq:
      - {id: x, type: u1}
      - {id: probe, type: probe}
  case_b:
    seq:
      - {id: probe, type: probe}
  probe:
    instances:
      kind_seen:
        value: _parent._parent.as<value_parent_root>.kind
  leaf:
    seq:
      - {id: code, type: u1}
      - {id: inner, type: inner}
    instances:
      parent_tag:
        value: _parent.tag
  inner:
    instances:
      total:
        value: _parent.code + _parent._parent.as<value_parent_root>.more + _root.more
instances:
  outer_more:
    value: _root.more
  parent_more:
    value: _parent.more
