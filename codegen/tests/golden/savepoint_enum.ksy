meta:
  id: savepoint_enum
  endian: le
-savepoint-namespace: true
doc: Rust enums from switch-on - selected by a tag inside (-savepoint-enum on a type, the tag in its own byte order where it names one) or by a field before (-savepoint-enum on a field), and a recursive type bounded by -savepoint-max-depth.
types:
  shape:
    -savepoint-enum: {name: Shape, tag: kind, variants: {1: Circle, 2: Square}}
    seq:
      - {id: kind, type: u1, valid: {any-of: [1, 2]}}
      - id: body
        type:
          switch-on: kind
          cases:
            1: circle
            2: square
  big_tag:
    -savepoint-enum: {name: BigTag, tag: code, variants: {258: Circle}}
    doc: A type enum whose tag names its own byte order, big-endian in a little-endian file.
    seq:
      - {id: code, type: u2be}
      - id: body
        type:
          switch-on: code
          cases:
            258: circle
  circle:
    seq:
      - {id: radius, type: u1}
  square:
    seq:
      - {id: side, type: u2}
  drawing:
    seq:
      - {id: kind, type: u1}
      - id: item
        -savepoint-enum: {name: Item, variants: {1: Circle, 2: Square, 3: Square}}
        type:
          switch-on: kind
          cases:
            1: circle
            2: square
            3: square
  tree:
    -savepoint-max-depth: 4
    -savepoint-max-depth-const: MAX_TREE_DEPTH
    seq:
      - {id: count, type: u1, -savepoint-count-of: kids}
      - {id: kids, type: node, repeat: expr, repeat-expr: count}
  node:
    -savepoint-enum: {name: Node, tag: kind, variants: {0: Leaf, 1: Tree}}
    seq:
      - {id: kind, type: u1, valid: {any-of: [0, 1]}}
      - id: body
        type:
          switch-on: kind
          cases:
            0: leaf
            1: tree
  leaf:
    seq:
      - {id: value, type: u1}
