meta:
  id: recolouring
  title: FreeRCT recolouring ("rcol")
  endian: le
-savepoint-namespace: true
types:
  recolouring:
    -savepoint-pattern:
      tag: rcol
      newest: 1
    doc: Recolouring, palette indices of the four recolourable colours.
    seq:
      - id: opening_tag
        contents: rcol
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: colours
        type: u1
        repeat: expr
        repeat-expr: 4
        doc: Palette index of each colour.
      - id: closing_tag
        contents: locr
