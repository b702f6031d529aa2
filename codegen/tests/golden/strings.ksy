meta:
  id: strings
  endian: le
  encoding: UTF-8
doc: Strings of a fixed size, zero-terminated, with a custom terminator and padding, in other encodings.
seq:
  - {id: len, type: u1}
  - {id: sized, type: str, size: len}
  - {id: zero_terminated, type: strz}
  - {id: padded, type: str, size: 6, pad-right: 0x20, encoding: ASCII}
  - {id: comma_terminated, type: str, terminator: 0x2c, size: 5}
  - {id: utf16, type: strz, encoding: UTF-16LE}
  - {id: latin, type: str, size: 1, encoding: ISO-8859-1}
