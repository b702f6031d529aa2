meta:
  id: value_strings
  encoding: ASCII
doc: String value instances - f-strings, and .to_s in an encoding the generator does not know (undefined, as Kaitai fails on access).
seq:
  - {id: name, type: str, size: 3}
  - {id: level, type: u1}
  - {id: raw, size: 2}
instances:
  empty: {value: 'f""'}
  label: {value: 'f"{name} is level {level}!"'}
  in_unknown_encoding: {value: 'raw.to_s("x-no-such-encoding")'}
