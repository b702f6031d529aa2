meta:
  id: calculated_endian
doc: A type whose endianness depends on a field read before it (meta/endian with switch-on), as TIFF's byte-order mark decides.
seq:
  - {id: order, type: str, size: 2, encoding: ASCII}
  - {id: body, type: body}
types:
  body:
    meta:
      endian:
        switch-on: _parent.order
        cases:
          '"II"': le
          '"MM"': be
    seq:
      - {id: value, type: u2}
