meta:
  id: date
  title: FreeRCT Date block ("DATE")
  endian: le
  imports:
    - primitives
-savepoint-namespace: true
types:
  date:
    -savepoint-pattern:
      tag: DATE
      newest: 1
    doc: Date block, the current game date.
    seq:
      - id: opening_tag
        contents: DATE
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: date
        type: primitives::pattern_date
        doc: Current date in compressed format.
      - id: closing_tag
        contents: ETAD
