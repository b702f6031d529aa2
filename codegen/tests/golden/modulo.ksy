meta:
  id: modulo
  endian: le
doc: |
  `%` by a positive literal in seq expressions (Kaitai's remainder, never negative): a padding
  byte present when a length is odd, as cpio's, and a size that is a remainder.
seq:
  - {id: len_name, type: u1}
  - {id: name, size: len_name}
  - {id: pad, type: u1, if: len_name % 2 == 1}
  - {id: tail, size: len_name % 3}
