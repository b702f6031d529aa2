meta:
  id: savegame
  title: FreeRCT save game (.fct, FCTS 10-12)
  file-extension: fct
  license: GPL-2.0-only
  endian: le
  imports:
    - header
    - date
    - world
    - finances
    - weather
    - observer
    - rides
    - scenery
    - guests
    - staff
    - inbox
    - random
doc: |
  A FreeRCT save game: the file header, then every block in file order. Follows
  freerct-savegame.rst as corrected by freerct-notes.md. The file ends right after "DNAR".
-savepoint-rust-name: SaveGame
-savepoint-versioned: header.version
seq:
  - id: header
    type: header::file_header
    doc: File header.
  - id: date
    type: date::date
    doc: Current date.
  - id: world
    type: world::world
    doc: World size and border fences.
  - id: voxel_stacks
    type: world::voxel_stack
    repeat: expr
    repeat-expr: world.x_size * world.y_size
    doc: All voxel stacks, x outer and y fastest.
  - id: finances
    type: finances::finances
    doc: Finances.
  - id: weather
    type: weather::weather
    doc: Weather.
  - id: observer
    type: observer::game_observer
    -savepoint-since: 12
    if: header.version >= 12
    doc: Game observer (FCTS 12 and later).
  - id: rides
    type: rides::rides
    doc: Rides.
  - id: scenery
    type: scenery::scenery
    doc: Scenery.
  - id: guests
    type: guests::guests
    doc: Guests.
  - id: staff
    type: staff::staff
    doc: Staff.
  - id: inbox
    type: inbox::inbox
    doc: Inbox.
  - id: random
    type: random::random
    doc: Random seed.
