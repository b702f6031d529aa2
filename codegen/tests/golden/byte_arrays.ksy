meta:
  id: byte_arrays
  endian: le
doc: Byte arrays of a constant size, of a size read before, up to a terminator, and to the end of the stream.
seq:
  - {id: fixed, size: 3}
  - {id: len, type: u1}
  - {id: sized, size: len}
  - {id: terminated, terminator: 0}
  - {id: rest, size-eos: true}
