meta:
  id: one_of
  endian: le
doc: -savepoint-one-of, gated fields of which at most one is stored as one enum with a unit variant (Satisfactory's config keeps LastEditedBy as bundles at version 4, a handle of 5 or 2 bytes from 6 on, nothing before).
seq:
  - {id: version, type: s4}
  - id: names
    -savepoint-one-of:
      id: edited_by
      name: EditedBy
      variants: {names: Names, handle: Handle}
      else: Nobody
      doc: Who edited it last.
    type: pair
    if: version == 4
    doc: Version 4's pair of names.
  - id: handle
    -savepoint-enum: {name: Handle, variants: {5: Wide, 2: Narrow}}
    type:
      switch-on: _io.size - _io.pos
      cases:
        5: wide
        2: narrow
    if: version >= 6
    doc: A handle of 5 or 2 bytes, from version 6.
types:
  pair:
    seq:
      - {id: a, type: u1}
      - {id: b, type: u1}
  wide:
    seq:
      - {id: provider, type: u1}
      - {id: index, type: s4}
  narrow:
    seq:
      - {id: provider, type: u1}
      - {id: index, type: u1}
