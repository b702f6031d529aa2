meta:
  id: vec2
  endian: le
doc: A schema imported by imports.ksy as an absolute import, found in the import folder.
seq:
  - {id: x, type: s2}
  - {id: y, type: s2}
