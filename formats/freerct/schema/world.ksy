meta:
  id: world
  title: FreeRCT World block ("WRLD"), voxel stacks ("VSTK") and voxels ("voxl")
  endian: le
  imports:
    - primitives
-savepoint-namespace: true
types:
  border_fence_rule:
    doc: A border fence override rule of the World block.
    seq:
      - id: x
        type: u2
        doc: X coordinate of the tile.
      - id: y
        type: u2
        doc: Y coordinate of the tile.
      - id: edge
        type: u1
        doc: The tile edge.
  border_fence_rules:
    doc: The border fence override rules of the World block, preceded by their u16 count.
    seq:
      - id: count
        type: u2
        -savepoint-count-of: rules
      - id: rules
        type: border_fence_rule
        repeat: expr
        repeat-expr: count
        doc: The rules.
  world:
    -savepoint-pattern:
      tag: WRLD
      newest: 2
    doc: World block, size of the world and border fence rules. The voxel stacks follow it.
    seq:
      - id: opening_tag
        contents: WRLD
      - id: version
        type: u4
        valid:
          min: 1
          max: 2
      - id: x_size
        type: u2
        doc: Length of the world in X direction.
      - id: y_size
        type: u2
        doc: Length of the world in Y direction.
      - id: border_fence_rules
        type: border_fence_rules
        -savepoint-since: 2
        if: version >= 2
        doc: Border fence override rules (version 2 and later).
      - id: closing_tag
        contents: DLRW
  voxel:
    -savepoint-pattern:
      tag: voxl
      newest: 4
    doc: Voxel, ground, instance and fences of one voxel.
    seq:
      - id: opening_tag
        contents: voxl
      - id: version
        type: u4
        valid:
          min: 1
          max: 4
      - id: ground
        type: primitives::voxel_ground
        doc: Ground and foundation word.
      - id: instance
        type: u1
        valid:
          any-of: [0, 4, 5]
        doc: Instance type (0 free, 4 path, 5 scenery).
      - id: instance_data
        type: u2
        if: instance == 4 or instance == 5
        doc: |
          Instance data, present for path and scenery instances. For a path (4) its bits are
          primitives::path_instance_data; for scenery (5) it is one whole number.
      - id: fences
        type: primitives::voxel_fences
        -savepoint-since: 2
        if: version >= 2
        doc: Fence word (version 2 and later).
      - id: closing_tag
        contents: lxov
  voxel_stack:
    -savepoint-pattern:
      tag: VSTK
      newest: 3
    doc: Voxel stack, one column of voxels, bottom first.
    seq:
      - id: opening_tag
        contents: VSTK
      - id: version
        type: u4
        valid:
          min: 1
          max: 3
      - id: base
        type: s2
        valid:
          min: 0
        doc: Height of the bottom voxel.
      - id: height
        type: u2
        -savepoint-count-of: voxels
      - id: owner
        type: u1
        doc: Ownership of the tile (0 none, 1 for sale, 2 park).
      - id: voxels
        type: voxel
        repeat: expr
        repeat-expr: height
        doc: The voxels, bottom first.
      - id: closing_tag
        contents: KTSV
