meta:
  id: fixed_ride
  title: FreeRCT fixed rides ("fxri"), on-ride guests ("onrg", "gstb", "gstd"), shops ("shop") and gentle/thrill rides ("gtri")
  endian: le
  imports:
    - primitives
    - ride_instance
-savepoint-namespace: true
types:
  onride_guests_data:
    -savepoint-pattern:
      tag: gstd
      newest: 1
    doc: Onride guests data, one guest on a ride.
    seq:
      - id: opening_tag
        contents: gstd
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: guest
        type: s4
        doc: Guest id (-1 for an empty place).
      - id: entry
        type: u1
        doc: Entry information.
      - id: closing_tag
        contents: dtsg
  onride_guests_batch:
    -savepoint-pattern:
      tag: gstb
      newest: 1
    doc: Onride guests batch, one batch of guests; its size comes from the enclosing "onrg".
    params:
      - id: batch_size
        type: u2
    seq:
      - id: opening_tag
        contents: gstb
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: state
        type: u1
        doc: Batch state.
      - id: remaining
        type: u4
        doc: Remaining running time.
      - id: entry
        type: u2
        doc: Entry information.
      - id: guests
        type: onride_guests_data
        repeat: expr
        repeat-expr: batch_size
        doc: Every place in the batch.
      - id: closing_tag
        contents: btsg
  onride_guests:
    -savepoint-pattern:
      tag: onrg
      newest: 1
    doc: Onride guests, all guests on a ride, in batches.
    seq:
      - id: opening_tag
        contents: onrg
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: batch_size
        type: u2
        doc: Size of a batch.
      - id: count
        type: u2
        -savepoint-count-of: batches
      - id: batches
        type: onride_guests_batch(batch_size)
        repeat: expr
        repeat-expr: count
        doc: The batches.
      - id: closing_tag
        contents: grno
  fixed_ride_instance:
    -savepoint-pattern:
      tag: fxri
      newest: 2
    doc: Fixed ride instance, data common to shops and gentle/thrill rides.
    seq:
      - id: opening_tag
        contents: fxri
      - id: version
        type: u4
        valid:
          min: 1
          max: 2
      - id: ride
        type: ride_instance::ride_instance
        doc: Ride instance data.
      - id: orientation
        type: u1
        doc: Orientation.
      - id: position
        type: primitives::xyz_u16
        doc: Base position.
      - id: working_cycles
        type: u2
        doc: Number of working cycles.
      - id: max_idle
        type: u4
        doc: Maximum idle duration.
      - id: min_idle
        type: u4
        doc: Minimum idle duration.
      - id: time_left
        type: u4
        doc: Time left in the current working phase.
      - id: working
        type: u1
        -savepoint-rust-type: crate::primitives::Bool
        doc: Whether the ride is working.
      - id: onride_guests
        type: onride_guests
        doc: Guests on the ride.
      - id: return_cost
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        -savepoint-since: 2
        if: version >= 2
        doc: Return cost when removing the ride (version 2 and later).
      - id: closing_tag
        contents: irxf
  shop_instance:
    -savepoint-pattern:
      tag: shop
      newest: 1
    doc: Shop instance.
    seq:
      - id: opening_tag
        contents: shop
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: fixed
        type: fixed_ride_instance
        doc: Fixed ride data.
      - id: closing_tag
        contents: pohs
  gentle_thrill_ride_instance:
    -savepoint-pattern:
      tag: gtri
      newest: 1
    doc: Gentle/thrill ride instance.
    seq:
      - id: opening_tag
        contents: gtri
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: fixed
        type: fixed_ride_instance
        doc: Fixed ride data.
      - id: entrance
        type: primitives::xyz_u16
        doc: Entrance position.
      - id: exit
        type: primitives::xyz_u16
        doc: Exit position.
      - id: closing_tag
        contents: irtg
