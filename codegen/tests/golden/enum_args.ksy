meta:
  id: enum_args
  endian: le
-savepoint-namespace: true
doc: A -savepoint-enum type whose cases take its param (the version its caller gives, as Satisfactory's TOC entries take the level's SaveVersion), tagged in JSON by serde-tag; -savepoint-fixed-layout, a slice reader from the same fields as binrw's; and -savepoint-parse-with, binrw reading a field with a function the caller gives (here through that fixed layout).
types:
  entry:
    -savepoint-enum: {name: Entry, tag: kind, variants: {1: Wide, 0: Narrow}, serde-tag: kind}
    params:
      - {id: save_version, type: s4}
    seq:
      - {id: kind, type: u1, valid: {any-of: [0, 1]}}
      - id: body
        type:
          switch-on: kind
          cases:
            1: wide(save_version)
            0: narrow(save_version)
  narrow:
    -savepoint-version: {id: save_version, type: s4, from: save_version}
    params:
      - {id: save_version, type: s4}
    seq:
      - {id: a, type: u1}
      - {id: b, type: u1, if: save_version >= 2}
  wide:
    -savepoint-version: {id: save_version, type: s4, from: save_version}
    params:
      - {id: save_version, type: s4}
    seq:
      - {id: point, type: point, -savepoint-parse-with: crate::parse_fixed}
      - {id: c, type: u2, if: save_version >= 2}
  point:
    -savepoint-fixed-layout: crate::FixedLe
    seq:
      - {id: x, type: u2}
      - {id: y, type: s4}
