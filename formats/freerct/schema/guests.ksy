meta:
  id: guests
  title: FreeRCT Guests block ("GSTS")
  endian: le
  imports:
    - person
-savepoint-namespace: true
types:
  complaints:
    doc: Complaint counters and notification timers (Guests version 2 and later).
    seq:
      - id: counters
        type: u2
        repeat: expr
        repeat-expr: 5
        doc: Hunger, thirst, waste, litter and vandalism complaint counters.
      - id: timers
        type: u4
        repeat: expr
        repeat-expr: 5
        doc: Time since the last notification of each complaint kind.
  guest_entry:
    doc: A guest with its unique id.
    seq:
      - id: id
        type: u2
        doc: Unique guest id.
      - id: guest
        type: person::guest
        doc: The guest.
  guests:
    -savepoint-pattern:
      tag: GSTS
      newest: 2
    doc: Guests block, all guests in the park.
    seq:
      - id: opening_tag
        contents: GSTS
      - id: version
        type: u4
        valid:
          min: 1
          max: 2
      - id: start_x
        type: u2
        doc: Start voxel x coordinate.
      - id: start_y
        type: u2
        doc: Start voxel y coordinate.
      - id: frame_counter
        type: u2
        doc: Frame counter.
      - id: next_guest
        type: u2
        doc: Next guest to animate (unused, 0).
      - id: free_index
        type: u4
        doc: Lowest free index (unused, 0).
      - id: complaints
        type: complaints
        -savepoint-since: 2
        if: version >= 2
        doc: Complaint state (version 2 and later).
      - id: count
        type: u4
        -savepoint-count-of: guests
      - id: guests
        type: guest_entry
        repeat: expr
        repeat-expr: count
        doc: Active guests.
      - id: closing_tag
        contents: STSG
