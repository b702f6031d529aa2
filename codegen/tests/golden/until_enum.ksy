meta:
  id: until_enum
  endian: le
doc: "`repeat-until` on an enum field of the element (`_.kind == kind::end`, as zip ends its sections), compared as the integer it is read from."
seq:
  - id: records
    type: record
    repeat: until
    repeat-until: _.kind == kind::end
types:
  record:
    seq:
      - {id: kind, type: u1, enum: kind}
      - {id: value, type: u1}
enums:
  kind:
    0: end
    1: data
