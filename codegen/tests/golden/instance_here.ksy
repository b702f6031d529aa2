meta:
  id: instance_here
  endian: le
doc: Parse instances without `pos`, read where their stream is after the seq - flags decoded from a param by a type that reads nothing (as ELF decodes a program header's flags), and a byte after the seq of a sized entry.
seq:
  - id: entries
    type: entry
    size: 4
    repeat: expr
    repeat-expr: 2
types:
  entry:
    seq:
      - {id: flags, type: u2}
    instances:
      flags_obj:
        type: flags(flags)
      trailer:
        type: u1
  flags:
    params:
      - {id: value, type: u2}
    instances:
      readable:
        value: value & 0x04 != 0
      writable:
        value: value & 0x02 != 0
