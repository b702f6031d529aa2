meta:
  id: parent_paths
  endian: le
doc: |
  `_root` and `_parent` paths to what the seq read before, beyond a plain integer field: an
  integer value instance of a user-type field (dbf's `_root.header1.dbase_level`) in an `if`,
  also lifted through a type that does not use it; an element of a list of user types indexed
  by a param (cdb's `_root.pointers[idx].pointer_length`) in a count; `_sizeof` of a fixed-size
  user-type field (git_index's `_root.header._sizeof`) in a value instance that a size reads.
seq:
  - id: header
    type: header
  - id: pointers
    type: pointer
    repeat: expr
    repeat-expr: 2
  - id: body
    type: body
  - id: tables
    type: table(_index)
    repeat: expr
    repeat-expr: header.num_tables
types:
  header:
    seq:
      - id: version
        type: u1
      - id: num_tables
        type: u1
    instances:
      level:
        value: version & 0b111
  pointer:
    seq:
      - id: pos
        type: u1
      - id: len
        type: u1
  body:
    seq:
      - id: extra
        type: u2
        if: _parent.header.level == 3
      - id: entry
        type: entry
  entry:
    seq:
      - id: tag
        type: u1
      - id: more
        type: u1
        if: _root.header.level > 3
      - id: pad
        size: padding
    instances:
      padding:
        value: (_root.header._sizeof + tag) % 4
  table:
    params:
      - id: idx
        type: u4
    seq:
      - id: slots
        type: u1
        repeat: expr
        repeat-expr: _root.pointers[idx].len
