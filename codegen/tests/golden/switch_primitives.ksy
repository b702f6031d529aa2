meta:
  id: switch_primitives
  endian: le
  encoding: UTF-8
doc: Switch cases of primitive types, each read as a field of its type with the switch field's keys - strings framed by its terminator, size and encoding, floats and integers of other widths than the selector.
seq:
  - {id: tag, type: u1}
  - id: value
    type:
      switch-on: tag
      cases:
        1: strz
        2: f4
        3: f8be
        4: s2
        _: u8
  - {id: len, type: u1}
  - id: sized
    size: len
    encoding: ASCII
    type:
      switch-on: tag
      cases:
        1: strz
        2: str
  - id: terminated
    terminator: 0x2c
    type:
      switch-on: tag
      cases:
        1: str
        2: s1
  - id: utf16
    encoding: UTF-16LE
    type:
      switch-on: tag
      cases:
        1: strz
