meta:
  id: enum_ahead
  endian: le
doc: -savepoint-enum-ahead, a type read ahead whose boolean instance chooses which of two types is read from the same place (as Satisfactory's description is an FString or UTF-8 without its NUL, told apart by the last character).
seq:
  - {id: text, type: counted}
types:
  counted:
    -savepoint-rust-name: CountedAhead
    -savepoint-enum-ahead:
      name: Counted
      on: is_terminated
      variants:
        true: {name: Terminated, type: terminated}
        false: {name: Bare, type: bare}
    doc: A counted text, its NUL counted or not there.
    seq:
      - {id: length, type: u1}
      - {id: chars, size: length}
    instances:
      is_terminated:
        value: length > 0 and chars.last == 0
  terminated:
    seq:
      - {id: length, type: u1, valid: {min: 1}}
      - {id: chars, size: length - 1}
      - {id: nul, contents: [0]}
  bare:
    seq:
      - {id: length, type: u1}
      - {id: chars, size: length}
