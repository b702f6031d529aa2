meta:
  id: header
  title: FreeRCT file header ("FCTS")
  endian: le
  imports:
    - primitives
    - scenario
-savepoint-namespace: true
types:
  file_header:
    -savepoint-pattern:
      tag: FCTS
      newest: 12
    doc: File header, file version and, since version 11, save information.
    seq:
      - id: opening_tag
        contents: FCTS
      - id: version
        type: u4
        valid:
          min: 10
          max: 12
        doc: File version; 10 is the oldest this format description reads (OLDEST_FCTS).
      - id: timestamp
        type: u8
        -savepoint-since: 11
        if: version >= 11
        doc: UNIX time the save was created (version 11 and later).
      - id: revision
        type: primitives::text
        -savepoint-since: 11
        if: version >= 11
        doc: FreeRCT version string that wrote the file (version 11 and later).
      - id: scenario_name
        type: primitives::text
        -savepoint-since: 11
        -savepoint-until: 11
        if: version >= 11 and version <= 11
        doc: Scenario name (version 11 only).
      - id: scenario
        type: scenario::scenario
        -savepoint-since: 12
        if: version >= 12
        doc: Scenario data (version 12 and later).
      - id: closing_tag
        contents: STCF
