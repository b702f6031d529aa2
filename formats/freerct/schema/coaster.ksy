meta:
  id: coaster
  title: FreeRCT coasters ("csti"), track pieces ("pstp"), trains ("cstt"), cars ("cstc", "dpcc"), stations and intensity statistics
  endian: le
  imports:
    - primitives
    - person
    - ride_instance
-savepoint-namespace: true
types:
  positioned_track_piece:
    -savepoint-pattern:
      tag: pstp
      newest: 2
    doc: Positioned track piece, where a track piece is placed.
    seq:
      - id: opening_tag
        contents: pstp
      - id: version
        type: u4
        valid:
          min: 1
          max: 2
      - id: position
        type: primitives::xyz_u16
        doc: Base voxel.
      - id: distance
        type: u4
        doc: Distance of the piece's start along the track.
      - id: return_cost
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        -savepoint-since: 2
        if: version >= 2
        doc: Return cost when removing the piece (version 2 and later).
      - id: closing_tag
        contents: ptsp
  placed_track_piece:
    -savepoint-versioned: true
    doc: |
      A placed track piece: which piece (by index before coaster version 2, by internal name
      since) and where it is.
    params:
      - id: version
        type: u4
    seq:
      - id: index
        type: u4
        -savepoint-until: 1
        if: version <= 1
        doc: Track piece index (coaster version 1).
      - id: name
        type: primitives::text
        -savepoint-since: 2
        if: version >= 2
        doc: Track piece internal name (coaster version 2 and later).
      - id: piece
        type: positioned_track_piece
        doc: Placement.
  display_coaster_car:
    -savepoint-pattern:
      tag: dpcc
      newest: 1
    doc: Display coaster car, one displayed piece of a car.
    seq:
      - id: opening_tag
        contents: dpcc
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: voxel_object
        type: person::voxel_object
        doc: Position.
      - id: pitch
        type: u1
        doc: Pitch.
      - id: roll
        type: u1
        doc: Roll.
      - id: yaw
        type: u1
        doc: Yaw.
      - id: closing_tag
        contents: ccpd
  coaster_car:
    -savepoint-pattern:
      tag: cstc
      newest: 1
    doc: Coaster car, one car of a train.
    seq:
      - id: opening_tag
        contents: cstc
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: front
        type: display_coaster_car
        doc: Front display car.
      - id: back
        type: display_coaster_car
        doc: Back display car.
      - id: count
        type: u4
        -savepoint-count-of: seats
      - id: seats
        type: s4
        repeat: expr
        repeat-expr: count
        doc: Guest id in every seat (-1 for empty).
      - id: closing_tag
        contents: ctsc
  coaster_train:
    -savepoint-pattern:
      tag: cstt
      newest: 1
    doc: Coaster train, its cars (the car count is stored by the coaster) and motion state.
    params:
      - id: cars_count
        type: u2
    seq:
      - id: opening_tag
        contents: cstt
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: cars
        type: coaster_car
        repeat: expr
        repeat-expr: cars_count
        doc: The cars.
      - id: back_position
        type: u4
        doc: Position of the back of the train along the track.
      - id: speed
        type: s4
        doc: Current speed.
      - id: station_policy
        type: u1
        doc: Station policy.
      - id: wait_time
        type: u4
        doc: Milliseconds left to wait in the station.
      - id: closing_tag
        contents: ttsc
  coaster_station:
    doc: Coaster station (plain record inside "csti").
    seq:
      - id: entrance
        type: primitives::xyz_u16
        doc: Entrance position.
      - id: exit
        type: primitives::xyz_u16
        doc: Exit position.
      - id: direction
        type: u1
        doc: Station direction.
      - id: length
        type: u4
        doc: Station length.
      - id: back_position
        type: u4
        doc: Position of the station's back along the track.
      - id: count
        type: u2
        -savepoint-count-of: voxels
      - id: voxels
        type: primitives::xyz_u16
        repeat: expr
        repeat-expr: count
        doc: Voxels occupied by the station.
  coaster_intensity_statistics:
    doc: Coaster intensity statistics data point (plain record inside "csti").
    seq:
      - id: position
        type: u4
        doc: Position along the track.
      - id: valid
        type: u1
        -savepoint-rust-type: crate::primitives::Bool
        doc: Whether the data point is valid.
      - id: values
        type: s4
        repeat: expr
        repeat-expr: 4
        doc: Precision, average speed, vertical G and horizontal G.
  coaster:
    -savepoint-pattern:
      tag: csti
      newest: 2
    doc: Coaster, a roller coaster instance.
    seq:
      - id: opening_tag
        contents: csti
      - id: version
        type: u4
        valid:
          min: 1
          max: 2
      - id: ride
        type: ride_instance::ride_instance
        doc: Ride instance data.
      - id: capacity
        type: u4
        doc: Capacity (positioned track pieces).
      - id: total_length
        type: u4
        doc: Total length in 1/256 pixels.
      - id: piece_count
        type: u2
        -savepoint-count-of: pieces
        valid:
          min: 1
      - id: pieces
        type: placed_track_piece(version)
        -savepoint-with-version: true
        repeat: expr
        repeat-expr: piece_count
        doc: Placed track pieces.
      - id: train_count
        type: u2
        -savepoint-count-of: trains
      - id: cars_per_train
        type: u2
        doc: Cars in a single train.
      - id: trains
        type: coaster_train(cars_per_train)
        repeat: expr
        repeat-expr: train_count
        doc: The trains.
      - id: max_idle
        type: u4
        doc: Maximum idle duration in milliseconds.
      - id: min_idle
        type: u4
        doc: Minimum idle duration in milliseconds.
      - id: station_count
        type: u2
        -savepoint-count-of: stations
      - id: stations
        type: coaster_station
        repeat: expr
        repeat-expr: station_count
        doc: Stations.
      - id: statistics_count
        type: u4
        -savepoint-count-of: intensity_statistics
      - id: intensity_statistics
        type: coaster_intensity_statistics
        repeat: expr
        repeat-expr: statistics_count
        doc: Intensity statistics.
      - id: closing_tag
        contents: itsc
