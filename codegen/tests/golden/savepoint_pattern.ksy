meta:
  id: savepoint_pattern
  endian: le
-savepoint-namespace: true
doc: FreeRCT-style patterns (tag, version, body, reversed tag) with version-gated fields, and a versioned record.
types:
  block:
    -savepoint-pattern: {tag: BLCK, newest: 3}
    seq:
      - {id: opening_tag, contents: BLCK}
      - {id: version, type: u4, valid: {min: 1, max: 3}}
      - {id: size, type: u2, doc: Always present.}
      - {id: extra, type: u4, -savepoint-since: 2, if: version >= 2, doc: From version 2 on.}
      - {id: legacy, type: u1, -savepoint-until: 1, if: version <= 1, doc: Up to version 1.}
      - {id: entry, type: entry(version), -savepoint-with-version: true}
      - {id: closing_tag, contents: KCLB}
  entry:
    -savepoint-versioned: true
    params:
      - {id: version, type: u4}
    seq:
      - {id: id, type: u1}
      - {id: weight, type: u2, -savepoint-since: 3, if: version >= 3}
