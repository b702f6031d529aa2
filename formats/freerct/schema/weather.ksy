meta:
  id: weather
  title: FreeRCT Weather block ("WTHR")
  endian: le
-savepoint-namespace: true
types:
  weather:
    -savepoint-pattern:
      tag: WTHR
      newest: 1
    doc: Weather block, the current weather.
    seq:
      - id: opening_tag
        contents: WTHR
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: temperature
        type: s4
        doc: Current temperature in 1/10 degrees Celsius.
      - id: current
        type: s4
        doc: Current weather type.
      - id: next
        type: s4
        doc: Next weather type.
      - id: change
        type: s4
        doc: Speed of change in the weather.
      - id: closing_tag
        contents: RHTW
