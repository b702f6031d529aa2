meta:
  id: imports
  endian: le
  imports:
    - /vec2
    - imported_rgb
doc: Types from other schema files, by an absolute (import folder) and a relative import.
seq:
  - {id: position, type: vec2}
  - {id: colour, type: imported_rgb}
instances:
  red_plus_green:
    value: colour.r + colour.g
  colour_copy:
    value: colour
  green_channel:
    value: imported_rgb::channel::green
  green_index:
    value: imported_rgb::channel::green.to_i
