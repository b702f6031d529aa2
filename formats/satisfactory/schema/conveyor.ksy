meta:
  id: conveyor
  title: Satisfactory conveyor class data (AFGBuildableConveyorBase, AFGConveyorChainActor)
  endian: le
  imports:
    - unreal
    - inventory
-savepoint-namespace: true
doc: |
  What belts and lifts and, from 1.0, the conveyor chain actors write after their AActor part:
  the items on them and the belts of a chain (satisfactory-save-1.2.md,
  "AFGBuildableConveyorBase", "AFGConveyorChainActor", "FConveyorBeltItem",
  "FConveyorChainSplineSegment", "FSplinePointData"). Read with the object's SaveVersion and
  the property context of the items' states.
types:
  f_conveyor_belt_item:
    doc: "`FConveyorBeltItem`: an item and its offset along the belt."
    -savepoint-version:
      id: save_version
      type: s4
      from: save_version
    params:
      - id: save_version
        type: s4
      - id: props
        type: any
        -savepoint-rust-type: '&unreal::PropertyContext'
    seq:
      - id: item
        type: inventory::f_inventory_item(save_version, props)
        doc: "`Item`."
      - id: offset
        type: f4
        -savepoint-rust-type: unreal::F32
        doc: "`Offset`."
  v_array_f_conveyor_belt_item:
    -savepoint-rust-type: crate::objects::custom::types::VArray<FConveyorBeltItem>
    -savepoint-transparent: items
    doc: |
      `TArray<FConveyorBeltItem>`: an int32 count, then the elements, each read with the
      SaveVersion and the property context (the hand-written `VArray`).
    params:
      - id: save_version
        type: s4
      - id: props
        type: any
        -savepoint-rust-type: '&unreal::PropertyContext'
    seq:
      - {id: count, type: s4, -savepoint-count-of: items}
      - id: items
        type: f_conveyor_belt_item(save_version, props)
        repeat: expr
        repeat-expr: count
  afg_buildable_conveyor_base:
    -savepoint-rust-name: AFGBuildableConveyorBase
    doc: |
      `AFGBuildableConveyorBase` data: `mItems` (`FConveyorBeltItems`), the items on a belt or
      lift. Update 8 belts carry their items here; from 1.0 the chain actor holds them and the
      array is empty.
    -savepoint-version:
      id: save_version
      type: s4
      from: save_version
    params:
      - id: save_version
        type: s4
        doc: The object's SaveVersion.
      - id: props
        type: any
        -savepoint-rust-type: '&unreal::PropertyContext'
        doc: What the items' states are read and written with.
    seq:
      - id: items
        type: v_array_f_conveyor_belt_item(save_version, props)
        doc: "`mItems.Items`."
  f_spline_point_data:
    doc: "`FSplinePointData`."
    seq:
      - id: location
        type: unreal::f_vector_f8
        doc: "`Location`."
      - id: arrive_tangent
        type: unreal::f_vector_f8
        doc: "`ArriveTangent`."
      - id: leave_tangent
        type: unreal::f_vector_f8
        doc: "`LeaveTangent`."
  t_array_f_spline_point_data:
    -savepoint-rust-type: unreal::TArray<FSplinePointData>
    -savepoint-transparent: items
    doc: "`TArray<FSplinePointData>`: an int32 count, then the elements."
    seq:
      - {id: count, type: s4, -savepoint-count-of: items}
      - {id: items, type: f_spline_point_data, repeat: expr, repeat-expr: count}
  f_conveyor_chain_spline_segment:
    doc: "`FConveyorChainSplineSegment`: one belt's part of a chain."
    seq:
      - id: chain_actor
        type: unreal::f_object_reference_disc
        doc: "`ChainActor`."
      - id: conveyor_base
        type: unreal::f_object_reference_disc
        doc: "`ConveyorBase`."
      - id: spline_point_data
        type: t_array_f_spline_point_data
        doc: "`SplinePointData`."
      - id: offset_at_start
        type: f4
        -savepoint-rust-type: unreal::F32
        doc: "`OffsetAtStart`."
      - id: starts_at_length
        type: f4
        -savepoint-rust-type: unreal::F32
        doc: "`StartsAtLength`."
      - id: ends_at_length
        type: f4
        -savepoint-rust-type: unreal::F32
        doc: "`EndsAtLength`."
      - id: first_item_index
        type: s4
        doc: "`FirstItemIndex`."
      - id: last_item_index
        type: s4
        doc: "`LastItemIndex`."
      - id: index_in_chain_array
        type: s4
        doc: "`IndexInChainArray`."
  t_array_f_conveyor_chain_spline_segment:
    -savepoint-rust-type: unreal::TArray<FConveyorChainSplineSegment>
    -savepoint-transparent: items
    doc: "`TArray<FConveyorChainSplineSegment>`: an int32 count, then the elements."
    seq:
      - {id: count, type: s4, -savepoint-count-of: items}
      - {id: items, type: f_conveyor_chain_spline_segment, repeat: expr, repeat-expr: count}
  afg_conveyor_chain_actor:
    -savepoint-rust-name: AFGConveyorChainActor
    doc: "`AFGConveyorChainActor` data: the belts of a chain and the items on it."
    -savepoint-version:
      id: save_version
      type: s4
      from: save_version
    params:
      - id: save_version
        type: s4
        doc: The object's SaveVersion.
      - id: props
        type: any
        -savepoint-rust-type: '&unreal::PropertyContext'
        doc: What the items' states are read and written with.
    seq:
      - id: first_conveyor
        type: unreal::f_object_reference_disc
        doc: "`mFirstConveyor`."
      - id: last_conveyor
        type: unreal::f_object_reference_disc
        doc: "`mLastConveyor`."
      - id: chain_spline_segments
        type: t_array_f_conveyor_chain_spline_segment
        doc: "`mChainSplineSegments`."
      - id: total_length
        type: f4
        -savepoint-rust-type: unreal::F32
        doc: "`mTotalLength`."
      - id: num_items
        type: s4
        doc: "`mNumItems`."
      - id: lead_item_index
        type: s4
        doc: "`mLeadItemIndex`."
      - id: tail_item_index
        type: s4
        doc: "`mTailItemIndex`."
      - id: conveyor_chain_items
        type: v_array_f_conveyor_belt_item(save_version, props)
        doc: "`mConveyorChainItems`."
