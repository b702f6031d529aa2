meta:
  id: inbox
  title: FreeRCT Inbox block ("INBX") and messages ("mssg")
  endian: le
  imports:
    - primitives
-savepoint-namespace: true
types:
  message:
    -savepoint-pattern:
      tag: mssg
      newest: 1
    doc: Message, one message in the player's inbox.
    seq:
      - id: opening_tag
        contents: mssg
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: string_id
        type: u2
        doc: The message string ID.
      - id: data1
        type: u4
        doc: The first data item.
      - id: data2
        type: u4
        doc: The second data item.
      - id: timestamp
        type: primitives::pattern_date
        doc: When the message was sent.
      - id: closing_tag
        contents: gssm
  inbox:
    -savepoint-pattern:
      tag: INBX
      newest: 1
    doc: Inbox block, all messages in the player's inbox.
    seq:
      - id: opening_tag
        contents: INBX
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: count
        type: u4
        -savepoint-count-of: messages
      - id: messages
        type: message
        repeat: expr
        repeat-expr: count
        doc: The messages.
      - id: closing_tag
        contents: XBNI
