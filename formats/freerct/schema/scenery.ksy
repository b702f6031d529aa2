meta:
  id: scenery
  title: FreeRCT Scenery block ("SCNY"), scenery instances ("scni") and path objects ("pobj")
  endian: le
  imports:
    - primitives
-savepoint-namespace: true
types:
  scenery_instance:
    -savepoint-pattern:
      tag: scni
      newest: 1
    doc: Scenery instance, one placed scenery item.
    seq:
      - id: opening_tag
        contents: scni
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: position
        type: primitives::xyz_u16
        doc: Base voxel.
      - id: orientation
        type: u1
        doc: Orientation.
      - id: animation_time
        type: u4
        doc: Time in the animation.
      - id: since_watered
        type: u4
        doc: Time since the item was last watered.
      - id: closing_tag
        contents: incs
  scenery_item:
    -savepoint-versioned: true
    doc: A scenery item, its type (index before Scenery version 3, internal name since) and instance.
    params:
      - id: version
        type: u4
    seq:
      - id: type_index
        type: u2
        -savepoint-until: 2
        if: version <= 2
        doc: Scenery type index (Scenery versions 1-2).
      - id: internal_name
        type: primitives::text
        -savepoint-since: 3
        if: version >= 3
        doc: Scenery type internal name (Scenery version 3 and later).
      - id: instance
        type: scenery_instance
        doc: The instance.
  path_object:
    -savepoint-pattern:
      tag: pobj
      newest: 1
    doc: Path object, a bench, lamp, litter or vomit on a path.
    seq:
      - id: opening_tag
        contents: pobj
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: offset
        type: primitives::xyz_u16
        doc: Offset inside the voxel.
      - id: state
        type: u1
        doc: State bits.
      - id: data
        type: u4
        repeat: expr
        repeat-expr: 4
        doc: Data attributes.
      - id: closing_tag
        contents: jbop
  placed_path_object:
    doc: A path object with its voxel and type, as stored by the Scenery block.
    seq:
      - id: voxel
        type: primitives::xyz_u16
        doc: Voxel.
      - id: object_type
        type: u1
        doc: Object type index.
      - id: object
        type: path_object
        doc: The object.
  list32_placed_path_object:
    -savepoint-rust-type: crate::lists::List32<PlacedPathObject>
    -savepoint-transparent: items
    doc: A u32 count, then that many placed path objects.
    seq:
      - id: count
        type: u4
        -savepoint-count-of: items
      - id: items
        type: placed_path_object
        repeat: expr
        repeat-expr: count
  scenery:
    -savepoint-pattern:
      tag: SCNY
      newest: 3
    doc: Scenery block, placed scenery items and path objects.
    seq:
      - id: opening_tag
        contents: SCNY
      - id: version
        type: u4
        valid:
          min: 1
          max: 3
      - id: count
        type: u4
        -savepoint-count-of: items
      - id: items
        type: scenery_item(version)
        -savepoint-with-version: true
        repeat: expr
        repeat-expr: count
        doc: Scenery items.
      - id: path_objects
        type: list32_placed_path_object
        -savepoint-since: 2
        if: version >= 2
        doc: User-placed path objects (version 2 and later).
      - id: litter
        type: list32_placed_path_object
        -savepoint-since: 2
        if: version >= 2
        doc: Litter and vomit (version 2 and later).
      - id: closing_tag
        contents: YNCS
