meta:
  id: contents
doc: Magic bytes (`contents`), as a string and as a byte list.
seq:
  - {id: magic, contents: PNG}
  - {id: version, contents: [1, 0]}
  - {id: body, type: u1}
