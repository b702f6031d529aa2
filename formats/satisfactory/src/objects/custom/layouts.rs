//! The fixed layouts of class data (`#[binrw]`, one definition for reading and writing).

use binrw::binrw;
use serde::{Deserialize, Serialize};
use unreal::{F64, FObjectReferenceDisc, FQuat, FString, FVector, TArray, TMap};

/// `FVehiclePhysicsData`.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FVehiclePhysicsData {
    /// `BoneName`.
    pub bone_name: FString,
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

/// `AFGVehicle` class data.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Vehicle {
    /// `mStoredPhysicsData`.
    pub stored_physics_data: TArray<FVehiclePhysicsData>,
}

/// `AFGRailroadVehicle` class data.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RailroadVehicle {
    /// The `AFGVehicle` part.
    pub vehicle: Vehicle,
    /// `mCoupledVehicleFront`.
    pub coupled_vehicle_front: FObjectReferenceDisc,
    /// `mCoupledVehicleBack`.
    pub coupled_vehicle_back: FObjectReferenceDisc,
}

/// `AFGBuildableWire` class data.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Wire {
    /// `mConnections`.
    pub connections: [FObjectReferenceDisc; 2],
}

/// `AFGCircuitSubsystem` class data.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CircuitSubsystem {
    /// `mCircuits`.
    pub circuits: TMap<i32, FObjectReferenceDisc>,
}

/// `AFGGameMode` / `AFGGameState` class data.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerStatePointers {
    /// `rawPlayerStatePointers`.
    pub raw_player_state_pointers: TArray<FObjectReferenceDisc>,
}

/// `UActorComponent` class data: `UCSModifiedProperties`, only ever seen empty (its element type,
/// `FSimpleMemberReference`, is unknown, so a non-empty array is kept raw).
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActorComponent {
    /// The element count, 0.
    #[br(assert(ucs_modified_properties == 0, "UCSModifiedProperties has {} elements", ucs_modified_properties))]
    pub ucs_modified_properties: i32,
}
