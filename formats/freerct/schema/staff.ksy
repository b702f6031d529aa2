meta:
  id: staff
  title: FreeRCT Staff block ("STAF") and staff members ("stfm", "mchc", "hndy", "gard", "etai")
  endian: le
  imports:
    - person
-savepoint-namespace: true
types:
  staff_member:
    -savepoint-pattern:
      tag: stfm
      newest: 2
    doc: Staff member, data common to all staff.
    seq:
      - id: opening_tag
        contents: stfm
      - id: version
        type: u4
        valid:
          min: 1
          max: 2
      - id: person
        type: person::person
        doc: Person data.
      - id: status
        type: u2
        -savepoint-until: 1
        if: version <= 1
        doc: Current status (version 1; later in the person data).
      - id: closing_tag
        contents: mfts
  mechanic:
    -savepoint-pattern:
      tag: mchc
      newest: 2
    doc: Mechanic.
    seq:
      - id: opening_tag
        contents: mchc
      - id: version
        type: u4
        valid:
          min: 1
          max: 2
      - id: person
        type: person::person
        -savepoint-until: 1
        if: version <= 1
        doc: Person data (version 1).
      - id: staff
        type: staff_member
        -savepoint-since: 2
        if: version >= 2
        doc: Staff member data (version 2 and later).
      - id: ride
        type: u2
        -savepoint-until: 1
        if: version <= 1
        doc: Ride index (version 1; later in the person data).
      - id: closing_tag
        contents: chcm
  handyman:
    -savepoint-pattern:
      tag: hndy
      newest: 1
    doc: Handyman.
    seq:
      - id: opening_tag
        contents: hndy
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: staff
        type: staff_member
        doc: Staff member data.
      - id: activity
        type: u1
        doc: Current activity.
      - id: closing_tag
        contents: ydnh
  guard:
    -savepoint-pattern:
      tag: gard
      newest: 1
    doc: Guard (security guard).
    seq:
      - id: opening_tag
        contents: gard
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: staff
        type: staff_member
        doc: Staff member data.
      - id: closing_tag
        contents: drag
  entertainer:
    -savepoint-pattern:
      tag: etai
      newest: 1
    doc: Entertainer.
    seq:
      - id: opening_tag
        contents: etai
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: staff
        type: staff_member
        doc: Staff member data.
      - id: closing_tag
        contents: iate
  list32_u2:
    -savepoint-rust-type: crate::lists::List32<u16>
    -savepoint-transparent: items
    doc: A u32 count, then that many u16.
    seq:
      - id: count
        type: u4
        -savepoint-count-of: items
      - id: items
        type: u2
        repeat: expr
        repeat-expr: count
  list32_mechanic:
    -savepoint-rust-type: crate::lists::List32<Mechanic>
    -savepoint-transparent: items
    doc: A u32 count, then that many mechanics.
    seq:
      - id: count
        type: u4
        -savepoint-count-of: items
      - id: items
        type: mechanic
        repeat: expr
        repeat-expr: count
  list32_handyman:
    -savepoint-rust-type: crate::lists::List32<Handyman>
    -savepoint-transparent: items
    doc: A u32 count, then that many handymen.
    seq:
      - id: count
        type: u4
        -savepoint-count-of: items
      - id: items
        type: handyman
        repeat: expr
        repeat-expr: count
  list32_guard:
    -savepoint-rust-type: crate::lists::List32<Guard>
    -savepoint-transparent: items
    doc: A u32 count, then that many guards.
    seq:
      - id: count
        type: u4
        -savepoint-count-of: items
      - id: items
        type: guard
        repeat: expr
        repeat-expr: count
  list32_entertainer:
    -savepoint-rust-type: crate::lists::List32<Entertainer>
    -savepoint-transparent: items
    doc: A u32 count, then that many entertainers.
    seq:
      - id: count
        type: u4
        -savepoint-count-of: items
      - id: items
        type: entertainer
        repeat: expr
        repeat-expr: count
  staff:
    -savepoint-pattern:
      tag: STAF
      newest: 3
    doc: Staff block, all staff and pending mechanic requests.
    seq:
      - id: opening_tag
        contents: STAF
      - id: version
        type: u4
        valid:
          min: 1
          max: 3
      - id: last_id
        type: u2
        -savepoint-since: 3
        if: version >= 3
        doc: Last unique staff member id (version 3 and later).
      - id: mechanic_requests
        type: list32_u2
        doc: Ride numbers of pending mechanic requests.
      - id: mechanics
        type: list32_mechanic
        -savepoint-since: 2
        if: version >= 2
        doc: Mechanics (version 2 and later).
      - id: handymen
        type: list32_handyman
        -savepoint-since: 3
        if: version >= 3
        doc: Handymen (version 3 and later).
      - id: guards
        type: list32_guard
        -savepoint-since: 3
        if: version >= 3
        doc: Guards (version 3 and later).
      - id: entertainers
        type: list32_entertainer
        -savepoint-since: 3
        if: version >= 3
        doc: Entertainers (version 3 and later).
      - id: closing_tag
        contents: FATS
