meta:
  id: io_params
  endian: le
doc: |
  A param of type `io` (its `.size`), given a sized sibling's substream or the top-level
  type's own stream (`_root._io`, also in a `? :`).
seq:
  - id: len_head
    type: u1
  - id: head
    size: len_head
    type: head
  - id: small
    type: body(head._io)
  - id: picked
    type: 'body(head.flag == 1 ? head._io : _root._io)'
types:
  head:
    seq:
      - id: flag
        type: u1
  body:
    params:
      - id: stream
        type: io
    seq:
      - id: data
        size: stream.size
