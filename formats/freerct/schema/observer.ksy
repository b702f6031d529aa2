meta:
  id: observer
  title: FreeRCT Game observer block ("GOBS", FCTS 12 and later)
  endian: le
  imports:
    - primitives
-savepoint-namespace: true
types:
  game_observer:
    -savepoint-pattern:
      tag: GOBS
      newest: 1
    doc: Game observer, park name, rating, guest counts and their history.
    seq:
      - id: opening_tag
        contents: GOBS
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: won_lost
        type: u1
        doc: Won-lost state (0 running, 1 won, 2 lost).
      - id: park_open
        type: u1
        -savepoint-rust-type: crate::primitives::Bool
        doc: Whether the park is open.
      - id: park_name
        type: primitives::text
        doc: Park name.
      - id: entrance_fee
        type: u4
        doc: Park entrance fee.
      - id: rating
        type: u2
        doc: Current park rating.
      - id: guests
        type: u4
        doc: Current number of guests.
      - id: max_guests
        type: u4
        doc: Highest-ever number of guests.
      - id: rating_count
        type: u4
        -savepoint-count-of: rating_history
      - id: rating_history
        type: u2
        repeat: expr
        repeat-expr: rating_count
        doc: Park rating history, most recent first.
      - id: guest_count
        type: u4
        -savepoint-count-of: guest_history
      - id: guest_history
        type: u4
        repeat: expr
        repeat-expr: guest_count
        doc: Guest count history, most recent first.
      - id: closing_tag
        contents: SBOG
