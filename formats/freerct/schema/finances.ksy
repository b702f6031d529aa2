meta:
  id: finances
  title: FreeRCT Finances block ("FINA") and finance history sections ("fina")
  endian: le
-savepoint-namespace: true
types:
  finance_history:
    -savepoint-pattern:
      tag: fina
      newest: 1
    doc: Finance history, income and payments of one period.
    seq:
      - id: opening_tag
        contents: fina
      - id: version
        type: u4
        valid:
          min: 1
          max: 1
      - id: ride_construct
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Construction costs of rides.
      - id: ride_running
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Running cost of rides.
      - id: land_purchase
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Land purchase costs.
      - id: landscaping
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Landscaping costs.
      - id: park_tickets
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Income from entrance tickets.
      - id: ride_tickets
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Income from ride tickets.
      - id: shop_sales
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Income from non-food shop sales.
      - id: shop_stock
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Stock costs from non-food shops.
      - id: food_sales
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Income from food shop sales.
      - id: food_stock
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Stock costs from food shops.
      - id: staff_wages
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Wages of staff payments.
      - id: marketing
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Marketing costs.
      - id: research
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Research costs.
      - id: loan_interest
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Loan interest.
      - id: closing_tag
        contents: anif
  finances:
    -savepoint-pattern:
      tag: FINA
      newest: 2
    doc: Finances block, finance history, the current loan and the available cash.
    seq:
      - id: opening_tag
        contents: FINA
      - id: version
        type: u4
        valid:
          min: 1
          max: 2
      - id: count
        type: u1
        -savepoint-count-of: history
      - id: current
        type: u1
        doc: Index of the current history section.
      - id: cash
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        doc: Current cash.
      - id: loan
        type: s8
        -savepoint-rust-type: crate::primitives::Money
        -savepoint-since: 2
        if: version >= 2
        doc: Current loan (version 2 and later).
      - id: history
        type: finance_history
        repeat: expr
        repeat-expr: count
        doc: The history sections.
      - id: closing_tag
        contents: ANIF
