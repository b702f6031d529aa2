meta:
  id: vehicle
  title: Satisfactory vehicle class data (AFGVehicle, AFGRailroadVehicle)
  endian: le
  imports:
    - unreal
-savepoint-namespace: true
doc: |
  What wheeled vehicles, locomotives and wagons write after their AActor part: stored physics
  state and couplings (satisfactory-save-1.2.md, "AFGVehicle", "AFGRailroadVehicle").
types:
  f_vehicle_physics_data:
    doc: "`FVehiclePhysicsData`: one physics body's state."
    seq:
      - id: bone_name
        type: unreal::f_name
        doc: "`BoneName`."
      - id: position
        type: unreal::f_vector_f8
        doc: "`BodyState.Position`."
      - id: quaternion
        type: unreal::f_quat_f8
        doc: "`BodyState.Quaternion`."
      - id: ang_vel
        type: unreal::f_vector_f8
        doc: "`BodyState.AngVel`."
      - id: lin_vel
        type: unreal::f_vector_f8
        doc: "`BodyState.LinVel`."
      - id: flags
        type: u1
        doc: "`BodyState.Flags`."
  t_array_f_vehicle_physics_data:
    -savepoint-rust-type: unreal::TArray<FVehiclePhysicsData>
    -savepoint-transparent: items
    doc: "`TArray<FVehiclePhysicsData>`: an int32 count, then the elements."
    seq:
      - {id: count, type: s4, -savepoint-count-of: items}
      - {id: items, type: f_vehicle_physics_data, repeat: expr, repeat-expr: count}
  afg_vehicle:
    -savepoint-rust-name: AFGVehicle
    doc: "`AFGVehicle` data."
    seq:
      - id: stored_physics_data
        type: t_array_f_vehicle_physics_data
        doc: "`mStoredPhysicsData`."
  afg_railroad_vehicle:
    -savepoint-rust-name: AFGRailroadVehicle
    doc: "`AFGRailroadVehicle` data: the vehicle part and the couplings."
    seq:
      - id: stored_physics_data
        type: t_array_f_vehicle_physics_data
        doc: "`mStoredPhysicsData` (the `AFGVehicle` part)."
      - id: coupled_vehicle_front
        type: unreal::f_object_reference_disc
        doc: "`mCoupledVehicleFront`."
      - id: coupled_vehicle_back
        type: unreal::f_object_reference_disc
        doc: "`mCoupledVehicleBack`."
