//! Power: wires (`AFGBuildableWire`) and the circuit subsystem (`AFGCircuitSubsystem`).

use binrw::binrw;
use schema_derive::version;
use serde::{Deserialize, Serialize};
use unreal::{F32, FObjectReferenceDisc, FVector, TMap};

use crate::versions::SAVE_VERSION_UPDATE_8;

/// `AFGBuildableWire` data: the two connections a power line joins.
#[version(save_version: i32 = import)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AFGBuildableWire {
    /// `mConnections` (a fixed array of two).
    pub connections: [FObjectReferenceDisc; 2],
    /// The two connections' locations, which Update 6/7 blueprints (SaveVersion < 41, single
    /// precision) store after them; the document does not list them, the bytes show two vectors.
    #[until(save_version < SAVE_VERSION_UPDATE_8)]
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
