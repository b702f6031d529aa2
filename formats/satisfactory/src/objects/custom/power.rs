//! Power: wires (`AFGBuildableWire`) and the circuit subsystem (`AFGCircuitSubsystem`).

use binrw::binrw;
use serde::{Deserialize, Serialize};
use unreal::{F32, FObjectReferenceDisc, FVector, TMap};

use crate::versions::SAVE_VERSION_UPDATE_8;

/// `AFGBuildableWire` data: the two connections a power line joins.
#[binrw]
#[brw(little, import(save_version: i32))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AFGBuildableWire {
    /// `mConnections` (a fixed array of two).
    pub connections: [FObjectReferenceDisc; 2],
    /// The two connections' locations, which Update 6/7 blueprints (SaveVersion < 41, single
    /// precision) store after them; the document does not list them, the bytes show two vectors.
    #[br(if(save_version < SAVE_VERSION_UPDATE_8))]
    #[bw(assert(connection_locations.is_some() == (save_version < SAVE_VERSION_UPDATE_8), "wire connection locations must be present exactly before SaveVersion {}", SAVE_VERSION_UPDATE_8))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connection_locations: Option<[FVector<F32>; 2]>,
}

/// `AFGCircuitSubsystem` data: circuit ids and their circuit objects.
#[binrw]
#[brw(little, import(_save_version: i32))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AFGCircuitSubsystem {
    /// `mCircuits`.
    pub circuits: TMap<i32, FObjectReferenceDisc>,
}
