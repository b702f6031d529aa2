meta:
  id: custom_process
  endian: le
doc: Bytes stored through routines the user implements - named in the schema, given by Builder::processor.
seq:
  - {id: key, type: u1}
  - {id: shifted, size: 2, process: 'shift(key, true, [0x01])'}
  - {id: framed, size: 2, process: demo.brackets, type: pair}
types:
  pair:
    seq:
      - {id: a, type: u1}
      - {id: b, type: u1}
