meta:
  id: enum_unknown
doc: A Kaitai enum with a value named `unknown` (gzip's `oses`) - its catch-all for unnamed values becomes `UnknownValue`.
seq:
  - {id: os, type: u1, enum: oses}
  - {id: checked, type: u1, enum: oses, valid: {in-enum: true}}
enums:
  oses:
    0: fat
    255: unknown
