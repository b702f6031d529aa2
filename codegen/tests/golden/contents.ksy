meta:
  id: contents
doc: Magic bytes (`contents`), as a string and as a byte list; `_sizeof` of fixed-size fields in a size.
seq:
  - {id: magic, contents: PNG}
  - {id: version, contents: [1, 0]}
  - {id: body, type: u1}
  - {id: tail, size: magic._sizeof + body._sizeof - version._sizeof}
