meta:
  id: drone
  title: Satisfactory drone class data (AFGDroneVehicle)
  endian: le
  imports:
    - unreal
    - vehicle
-savepoint-namespace: true
doc: |
  What drones write after their AActor part: the vehicle part, then the active action and the
  queue, each action a struct name and a property list (satisfactory-save-1.2.md,
  "AFGDroneVehicle"). Read with the object's SaveVersion and the property context of the
  actions' lists.
types:
  f_drone_action:
    doc: "`FDroneAction`: the action's struct name and its properties."
    params:
      - id: props
        type: any
        -savepoint-rust-type: '&unreal::PropertyContext'
    seq:
      - id: action_struct_name
        type: unreal::f_name
        doc: "`actionStructName`."
      - id: action
        type: unreal::property_list(props)
        doc: "`action`."
  afg_drone_vehicle:
    -savepoint-rust-name: AFGDroneVehicle
    doc: "`AFGDroneVehicle` data."
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
        doc: What the actions' property lists are read and written with.
    seq:
      - id: vehicle
        type: vehicle::afg_vehicle
        doc: The `AFGVehicle` part.
      - id: has_active_action
        type: unreal::bool32
        -savepoint-flag-of: active_action
        doc: "`has_mActiveAction`."
      - id: active_action
        type: f_drone_action(props)
        if: has_active_action.value
        doc: "`mActiveAction`, when `has_mActiveAction`."
      - id: action_queue_count
        type: s4
        -savepoint-count-of: action_queue
      - id: action_queue
        type: f_drone_action(props)
        repeat: expr
        repeat-expr: action_queue_count
        doc: "`mActionQueue`."
