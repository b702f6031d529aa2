meta:
  id: random
  title: FreeRCT Random block ("RAND")
  endian: le
-savepoint-namespace: true
types:
  random:
    -savepoint-pattern:
      tag: RAND
      newest: 1
    doc: Random block, the current random seed. It is the last pattern in a file.
    seq:
      - id: opening_tag
        contents: RAND
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: seed
        type: u4
        doc: Current random number.
      - id: closing_tag
        contents: DNAR
