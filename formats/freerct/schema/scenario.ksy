meta:
  id: scenario
  title: FreeRCT Scenario ("SCNO"), nested in the file header since FCTS 12
  endian: le
  imports:
    - primitives
    - objectives
-savepoint-namespace: true
types:
  scenario:
    -savepoint-pattern:
      tag: SCNO
      newest: 3
    doc: Scenario, name, objectives and parameters.
    seq:
      - id: opening_tag
        contents: SCNO
      - id: version
        type: u4
        valid:
          min: 1
          max: 3
      - id: name
        type: primitives::text
        doc: Name of the scenario.
      - id: description
        type: primitives::text
        -savepoint-since: 2
        if: version >= 2
        doc: Description (version 2 and later).
      - id: objective
        type: objectives::objective_container
        doc: The objective container.
      - id: spawn_low
        type: u2
        doc: Lowest guest spawn probability.
      - id: spawn_high
        type: u2
        doc: Highest guest spawn probability.
      - id: max_guests
        type: u4
        doc: Maximum guest count.
      - id: initial_money
        type: u4
        -savepoint-until: 2
        if: version <= 2
        doc: Initial amount of money (versions 1-2).
      - id: initial_loan
        type: u4
        -savepoint-until: 2
        if: version <= 2
        doc: Initial loan (versions 1-2).
      - id: max_loan
        type: u4
        doc: Maximum loan.
      - id: interest
        type: u2
        doc: Interest rate.
      - id: entrance_fee
        type: u1
        -savepoint-rust-type: crate::primitives::Bool
        -savepoint-since: 2
        if: version >= 2
        doc: Whether the park charges an entrance fee (version 2 and later).
      - id: mission
        type: primitives::text
        -savepoint-since: 3
        if: version >= 3
        doc: Internal name of the mission (version 3 and later).
      - id: closing_tag
        contents: ONCS
