meta:
  id: ride_instance
  title: FreeRCT ride instance ("ride"), data common to every ride
  endian: le
  imports:
    - primitives
    - recolouring
-savepoint-namespace: true
types:
  ride_instance:
    -savepoint-pattern:
      tag: ride
      newest: 2
    doc: Ride instance, name, state, prices, statistics and ratings of a ride.
    seq:
      - id: opening_tag
        contents: ride
      - id: version
        type: u4
        valid:
          min: 1
          max: 2
      - id: name
        type: primitives::text
        doc: Ride name.
      - id: state_flags
        type: u2
        doc: Ride state << 8 | flags.
      - id: entrance_id
        type: u2
        -savepoint-until: 1
        if: version <= 1
        doc: Entrance type id (version 1).
      - id: exit_id
        type: u2
        -savepoint-until: 1
        if: version <= 1
        doc: Exit type id (version 1).
      - id: entrance_name
        type: primitives::text
        -savepoint-since: 2
        if: version >= 2
        doc: Entrance type internal name (version 2 and later).
      - id: exit_name
        type: primitives::text
        -savepoint-since: 2
        if: version >= 2
        doc: Exit type internal name (version 2 and later).
      - id: recolours
        type: recolouring::recolouring
        repeat: expr
        repeat-expr: 3
        doc: Ride, entrance and exit recolouring.
      - id: item_prices
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        repeat: expr
        repeat-expr: 2
        doc: Price of each sold item.
      - id: item_counts
        type: s8
        repeat: expr
        repeat-expr: 2
        doc: Count of each sold item.
      - id: total_profit
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Total profit of the ride.
      - id: total_sell_profit
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Total profit of selling items.
      - id: reliability
        type: s2
        doc: Current reliability.
      - id: max_reliability
        type: s2
        doc: Current maximum reliability.
      - id: maintenance_interval
        type: u4
        doc: Maintenance interval.
      - id: time_since_maintenance
        type: u4
        doc: Time since last maintenance.
      - id: broken
        type: u1
        -savepoint-rust-type: crate::primitives::Bool
        doc: Whether the ride is broken.
      - id: mechanic_pending
        type: u1
        -savepoint-rust-type: crate::primitives::Bool
        doc: Whether a mechanic has been requested.
      - id: queue_message_timer
        type: u4
        doc: Time since the long-queue message was last sent.
      - id: excitement
        type: u4
        doc: Excitement rating.
      - id: intensity
        type: u4
        doc: Intensity rating.
      - id: nausea
        type: u4
        doc: Nausea rating.
      - id: closing_tag
        contents: edir
