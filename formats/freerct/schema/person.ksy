meta:
  id: person
  title: FreeRCT voxel objects ("vxoj"), persons ("prsn") and guests ("gues")
  endian: le
  imports:
    - primitives
    - recolouring
-savepoint-namespace: true
types:
  voxel_object:
    -savepoint-pattern:
      tag: vxoj
      newest: 1
    doc: Voxel object, position of a moveable object.
    seq:
      - id: opening_tag
        contents: vxoj
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: x
        type: u4
        doc: Merged x coordinate (voxel << 8 | pixel in voxel).
      - id: y
        type: u4
        doc: Merged y coordinate.
      - id: z
        type: u4
        doc: Merged z coordinate.
      - id: closing_tag
        contents: joxv
  person:
    -savepoint-pattern:
      tag: prsn
      newest: 3
    doc: Person, data common to guests and staff.
    seq:
      - id: opening_tag
        contents: prsn
      - id: version
        type: u4
        valid:
          min: 1
          max: 3
      - id: voxel_object
        type: voxel_object
        doc: Position.
      - id: person_type
        type: u1
        doc: Person type.
      - id: offset
        type: s2
        doc: Offset with respect to the centre of the path or tile.
      - id: name
        type: primitives::text
        doc: Name.
      - id: ride
        type: u2
        -savepoint-since: 2
        if: version >= 2
        doc: Ride number (key + 6, 0xFFFF none; version 2 and later).
      - id: recolour
        type: recolouring::recolouring
        doc: Recolouring.
      - id: walk
        type: u2
        doc: Current walk information (compressed).
      - id: frame_index
        type: u2
        doc: Current displayed frame of the animation.
      - id: frame_time
        type: s2
        doc: Remaining display time of the frame.
      - id: status
        type: u2
        -savepoint-since: 3
        if: version >= 3
        doc: Current status (version 3 and later).
      - id: closing_tag
        contents: nsrp
  guest_items:
    doc: The 13 one-byte guest properties, in spec order.
    seq:
      - id: has_map
        type: u1
        doc: Has a map.
      - id: has_umbrella
        type: u1
        doc: Has an umbrella.
      - id: has_wrapper
        type: u1
        doc: Has a food or drink wrapper.
      - id: has_balloon
        type: u1
        doc: Has a balloon.
      - id: salty_food
        type: u1
        doc: Held food is salty.
      - id: souvenirs
        type: u1
        doc: Souvenirs bought.
      - id: food
        type: u1
        doc: Food units held.
      - id: drink
        type: u1
        doc: Drink units held.
      - id: hunger
        type: u1
        doc: Hunger level.
      - id: thirst
        type: u1
        doc: Thirst level.
      - id: stomach
        type: u1
        doc: Stomach fill level.
      - id: waste
        type: u1
        doc: Waste level.
      - id: nausea
        type: u1
        doc: Nausea level.
  ride_preferences:
    doc: A guest's ride preferences (guest version 2 and later).
    seq:
      - id: preferred_intensity
        type: u4
        doc: Preferred ride intensity.
      - id: min_intensity
        type: u4
        doc: Minimum ride intensity.
      - id: max_intensity
        type: u4
        doc: Maximum ride intensity.
      - id: max_nausea
        type: u4
        doc: Maximum ride nausea.
      - id: min_excitement
        type: u4
        doc: Minimum ride excitement.
  guest:
    -savepoint-pattern:
      tag: gues
      newest: 3
    doc: Guest, a single guest.
    seq:
      - id: opening_tag
        contents: gues
      - id: version
        type: u4
        valid:
          min: 1
          max: 3
      - id: person
        type: person
        doc: Person data.
      - id: activity
        type: u1
        doc: Current activity.
      - id: happiness
        type: s2
        doc: Current happiness.
      - id: total_happiness
        type: u2
        doc: Sum of happiness.
      - id: cash
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Cash on hand.
      - id: cash_spent
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Cash spent.
      - id: ride
        type: u2
        -savepoint-until: 2
        if: version <= 2
        doc: Ride index (versions 1-2; later in the person data).
      - id: items
        type: guest_items
        doc: Items and needs.
      - id: preferences
        type: ride_preferences
        -savepoint-since: 2
        if: version >= 2
        doc: Ride preferences (version 2 and later).
      - id: closing_tag
        contents: seug
