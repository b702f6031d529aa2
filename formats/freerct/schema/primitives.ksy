meta:
  id: primitives
  title: FreeRCT primitive values (freerct-notes.md "Primitives")
  endian: le
  bit-endian: le
-savepoint-namespace: true
doc: |
  Values shared by every pattern: texts, compressed dates, packed voxel words and
  coordinates. This file is a namespace: its top-level type reads nothing.
types:
  text:
    -savepoint-rust-type: crate::primitives::Text
    -savepoint-transparent: value
    doc: A u32 count of code points, then that many UTF-32LE code points (no terminator).
    seq:
      - id: len
        type: u4
        -savepoint-count-of: value
      - id: value
        type: str
        size: len * 4
        encoding: UTF-32LE
  pattern_date:
    -savepoint-rust-type: crate::primitives::PatternDate
    -savepoint-bitfield: PatternDateBits
    doc: A date in the compressed u32 format.
    seq:
      - id: day
        type: b5
        doc: Day of the month, 1-based.
      - id: month
        type: b4
        doc: Month, 1-based.
      - id: year
        type: b7
        doc: Year, starting at 1.
      - id: fraction
        type: b10
        doc: Fraction of the day, 0-299.
      - id: unused
        type: b6
        doc: Always zero in files.
  voxel_ground:
    -savepoint-bitfield: VoxelGround
    doc: Bit layout of a voxel's ground word (FreeRCT Voxel::ground).
    seq:
      - id: foundation_type
        type: b4
        doc: Foundation type; 15 means no foundation.
      - id: ground_type
        type: b4
        doc: Ground type; 15 means no ground.
      - id: foundation_slope
        type: b8
        doc: Foundation slopes, one bit per raised corner of each edge.
      - id: ground_slope
        type: b5
        doc: Imploded ground slope.
      - id: growth
        type: b3
        doc: Growth of the grass.
      - id: unused
        type: b8
        doc: Not used, zero.
  voxel_fences:
    -savepoint-bitfield: VoxelFences
    doc: One 4-bit fence type per tile edge (15 = no fence).
    seq:
      - id: north_east
        type: b4
      - id: south_east
        type: b4
      - id: south_west
        type: b4
      - id: north_west
        type: b4
  path_instance_data:
    -savepoint-bitfield: PathInstanceData
    doc: |
      Instance data word of a path voxel (instance 4): imploded path sprite and path type.
      The voxel pattern stores this word as a raw u2 (scenery voxels use the same word as
      one whole number); this type gives its bit layout.
    seq:
      - id: slope
        type: b6
        doc: Imploded path sprite; below 47 flat, below 51 a ramp, 63 a voxel reserved above a path.
      - id: path_type
        type: b4
        doc: Path type.
      - id: reserved
        type: b6
        doc: Not used by FreeRCT, zero in files.
  xyz_u16:
    doc: Three u16 voxel coordinates.
    seq:
      - id: x
        type: u2
      - id: y
        type: u2
      - id: z
        type: u2
