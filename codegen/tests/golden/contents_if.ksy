meta:
  id: contents_if
  endian: le
doc: Magic bytes under `if` - a padding byte after a name of odd length (as cpio pads), a marker of later versions - and a list of them to the end under `if`.
seq:
  - {id: len_name, type: u1}
  - {id: name, size: len_name}
  - {id: pad, contents: [0], if: len_name % 2 == 1}
  - {id: version, type: u1}
  - {id: marker, contents: V2, if: version >= 2}
  - {id: trailer, size: 1, contents: [0], repeat: eos, if: version == 0}
