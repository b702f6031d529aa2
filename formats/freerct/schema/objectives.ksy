meta:
  id: objectives
  title: FreeRCT scenario objectives ("OJAO", "OJCN", "OJ00", "OJGU", "OJRT", "OJPV")
  endian: le
  imports:
    - primitives
-savepoint-namespace: true
types:
  abstract_objective:
    -savepoint-pattern:
      tag: OJAO
      newest: 1
    doc: Abstract objective, data common to every objective type.
    seq:
      - id: opening_tag
        contents: OJAO
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: fulfilled
        type: u1
        -savepoint-rust-type: crate::primitives::Bool
        doc: Whether the objective is currently fulfilled.
      - id: drop_days
        type: u4
        doc: Drop policy in days.
      - id: drop_counter
        type: u4
        doc: Current drop policy counter.
      - id: closing_tag
        contents: OAJO
  objective_container:
    -savepoint-pattern:
      tag: OJCN
      newest: 1
    -savepoint-max-depth: 16
    -savepoint-max-depth-const: MAX_OBJECTIVE_DEPTH
    doc: Objective container, groups other objectives.
    seq:
      - id: opening_tag
        contents: OJCN
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: base
        type: abstract_objective
        doc: Common objective data.
      - id: timeout_policy
        type: u1
        doc: Timeout policy.
      - id: timeout
        type: primitives::pattern_date
        doc: Timeout date.
      - id: count
        type: u4
        -savepoint-count-of: children
      - id: children
        type: objective
        repeat: expr
        repeat-expr: count
        doc: The sub-objectives, each preceded by its type byte.
      - id: closing_tag
        contents: NCJO
  objective:
    -savepoint-enum:
      name: Objective
      tag: objective_type
      variants:
        0: Container
        1: Empty
        2: Guests
        3: Rating
        4: ParkValue
    doc: One sub-objective of a container, selected by its type byte.
    seq:
      - id: objective_type
        type: u1
        valid:
          max: 4
        doc: 0 container, 1 empty, 2 guests, 3 rating, 4 park value.
      - id: body
        type:
          switch-on: objective_type
          cases:
            0: objective_container
            1: empty_objective
            2: guests_objective
            3: rating_objective
            4: park_value_objective
  empty_objective:
    -savepoint-pattern:
      tag: OJ00
      newest: 1
    doc: Empty objective.
    seq:
      - id: opening_tag
        contents: OJ00
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: base
        type: abstract_objective
        doc: Common objective data.
      - id: closing_tag
        contents: 00JO
  guests_objective:
    -savepoint-pattern:
      tag: OJGU
      newest: 1
    doc: Guests objective, reach a number of guests.
    seq:
      - id: opening_tag
        contents: OJGU
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: base
        type: abstract_objective
        doc: Common objective data.
      - id: guests
        type: u4
        doc: Guest count to achieve.
      - id: closing_tag
        contents: UGJO
  rating_objective:
    -savepoint-pattern:
      tag: OJRT
      newest: 1
    doc: Rating objective, reach a park rating.
    seq:
      - id: opening_tag
        contents: OJRT
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: base
        type: abstract_objective
        doc: Common objective data.
      - id: rating
        type: u2
        doc: Rating to achieve.
      - id: closing_tag
        contents: TRJO
  park_value_objective:
    -savepoint-pattern:
      tag: OJPV
      newest: 1
    doc: Park value objective, reach a park value.
    seq:
      - id: opening_tag
        contents: OJPV
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: base
        type: abstract_objective
        doc: Common objective data.
      - id: value
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Park value to achieve.
      - id: closing_tag
        contents: VPJO
