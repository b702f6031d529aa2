//! Vehicles (`AFGVehicle`) and railroad vehicles (`AFGRailroadVehicle`): stored physics state and
//! couplings.

use binrw::binrw;
use serde::{Deserialize, Serialize};
use unreal::{F64, FName, FObjectReferenceDisc, FQuat, FVector, TArray};

/// `FVehiclePhysicsData`: one physics body's state.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FVehiclePhysicsData {
    /// `BoneName`.
    pub bone_name: FName,
    /// `BodyState.Position`.
    pub position: FVector<F64>,
    /// `BodyState.Quaternion`.
    pub quaternion: FQuat<F64>,
    /// `BodyState.AngVel`.
    pub ang_vel: FVector<F64>,
    /// `BodyState.LinVel`.
    pub lin_vel: FVector<F64>,
    /// `BodyState.Flags`.
    pub flags: u8,
}

/// `AFGVehicle` data.
#[binrw]
#[brw(little, import(_save_version: i32))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AFGVehicle {
    /// `mStoredPhysicsData`.
    pub stored_physics_data: TArray<FVehiclePhysicsData>,
}

/// `AFGRailroadVehicle` data: the vehicle part and the couplings.
#[binrw]
#[brw(little, import(_save_version: i32))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AFGRailroadVehicle {
    /// `mStoredPhysicsData` (the `AFGVehicle` part).
    pub stored_physics_data: TArray<FVehiclePhysicsData>,
    /// `mCoupledVehicleFront`.
    pub coupled_vehicle_front: FObjectReferenceDisc,
    /// `mCoupledVehicleBack`.
    pub coupled_vehicle_back: FObjectReferenceDisc,
}
