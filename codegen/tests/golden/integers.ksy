meta:
  id: integers
  endian: le
doc: Fixed-size integers and floats, little-endian by meta/endian.
seq:
  - {id: a_u1, type: u1}
  - {id: a_s1, type: s1}
  - {id: a_u2, type: u2}
  - {id: a_s2, type: s2}
  - {id: a_u4, type: u4}
  - {id: a_s4, type: s4}
  - {id: a_u8, type: u8}
  - {id: a_s8, type: s8}
  - {id: a_f4, type: f4}
  - {id: a_f8, type: f8}
