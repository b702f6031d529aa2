meta:
  id: savepoint_rust
  endian: le
-savepoint-rust-name: Record
doc: Rust-side names and types - the type's own name (-savepoint-rust-name), a field of a hand-written Rust type (-savepoint-rust-type on a field), a type implemented by hand (-savepoint-rust-type on a type).
seq:
  - {id: money, type: s8, -savepoint-rust-type: crate::Money}
  - {id: tags, type: tag_list}
types:
  tag_list:
    -savepoint-rust-type: crate::TagList
    seq:
      - {id: count, type: u1}
      - {id: items, type: u1, repeat: expr, repeat-expr: count}
