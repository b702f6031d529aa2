meta:
  id: rides
  title: FreeRCT Rides block ("RIDS")
  endian: le
  imports:
    - primitives
    - fixed_ride
    - coaster
-savepoint-namespace: true
types:
  ride_entry:
    -savepoint-versioned: true
    doc: One ride of the Rides block.
    params:
      - id: version
        type: u4
    seq:
      - id: instance
        type: u2
        -savepoint-since: 3
        if: version >= 3
        doc: Unique ride instance key (Rides version 3 and later).
      - id: kind
        type: u1
        valid:
          max: 4
        doc: Ride type kind (0 shop, 1 gentle, 2 thrill, 3 wet, 4 coaster).
      - id: type_name
        type: primitives::text
        -savepoint-until: 1
        if: version <= 1
        doc: Ride type name (Rides version 1).
      - id: type_index
        type: u2
        -savepoint-since: 2
        -savepoint-until: 3
        if: version >= 2 and version <= 3
        doc: Ride type index (Rides versions 2-3).
      - id: internal_name
        type: primitives::text
        -savepoint-since: 4
        if: version >= 4
        doc: Ride type internal name (Rides version 4 and later).
      - id: data
        -savepoint-enum:
          name: RideData
          variants:
            0: Shop
            1: GentleThrill
            2: GentleThrill
            3: GentleThrill
            4: Coaster
        type:
          switch-on: kind
          cases:
            0: fixed_ride::shop_instance
            1: fixed_ride::gentle_thrill_ride_instance
            2: fixed_ride::gentle_thrill_ride_instance
            3: fixed_ride::gentle_thrill_ride_instance
            4: coaster::coaster
        doc: The ride pattern.
  rides:
    -savepoint-pattern:
      tag: RIDS
      newest: 4
    doc: Rides block, all rides.
    seq:
      - id: opening_tag
        contents: RIDS
      - id: version
        type: u4
        valid:
          min: 1
          max: 4
      - id: count
        type: u2
        -savepoint-count-of: rides
      - id: rides
        type: ride_entry(version)
        -savepoint-with-version: true
        repeat: expr
        repeat-expr: count
        doc: The rides.
      - id: closing_tag
        contents: SDIR
