meta:
  id: bytes_left
  endian: le
doc: A -savepoint-enum field switched on the bytes left in its stream (`_io.size - _io.pos`), as Satisfactory's config ends in a player info handle of 5 bytes (1.2) or 2 (1.1.3), told apart only by its size.
seq:
  - {id: kind, type: u1}
  - id: handle
    -savepoint-enum: {name: Handle, variants: {5: WideIndex, 2: NarrowIndex}}
    type:
      switch-on: _io.size - _io.pos
      cases:
        5: wide
        2: narrow
    if: kind == 1
    doc: The handle, its form told by its size.
types:
  wide:
    doc: The 5-byte form.
    seq:
      - {id: provider, type: u1}
      - {id: index, type: s4}
  narrow:
    doc: The 2-byte form.
    seq:
      - {id: provider, type: u1}
      - {id: index, type: u1}
