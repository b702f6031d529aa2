meta:
  id: value_parent_root
  endian: le
doc: >-
  Value instances reading `_parent` and `_root` (a string, integers one and two levels up, a cast
  of `_parent`), in a top-level type that contains itself: its nested copies see the outermost
  one as `_root` and the copy around them as `_parent`.
seq:
  - {id: tag, type: strz, encoding: ASCII}
  - {id: more, type: u1}
  - {id: leaf, type: leaf}
  - {id: next, type: value_parent_root, if: more != 0}
types:
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
