meta:
  id: conditional
  endian: le
doc: Fields present only when a condition on earlier fields holds (`if`).
seq:
  - {id: flags, type: u1}
  - {id: extra, type: u2, if: flags == 1}
  - {id: big, type: u4, if: flags > 1 and flags < 10}
