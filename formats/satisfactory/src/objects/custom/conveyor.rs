//! Conveyor belts and lifts (`AFGBuildableConveyorBase`) and the conveyor chain actors of 1.0+
//! (`AFGConveyorChainActor`): the items on them.

use binrw::binrw;
use serde::{Deserialize, Serialize};
use unreal::{F32, F64, FObjectReferenceDisc, FVector, PropertyContext, TArray};

use super::types::{FInventoryItem, VArray};

/// `FConveyorBeltItem`: an item and its offset along the belt.
#[binrw]
#[brw(little, import(save_version: i32, props: &PropertyContext))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FConveyorBeltItem {
    /// `Item`.
    #[brw(args(save_version, props))]
    pub item: FInventoryItem,
    /// `Offset`.
    pub offset: F32,
}

/// `AFGBuildableConveyorBase` data: `mItems` (`FConveyorBeltItems`), the items on a belt or lift.
///
/// Update 8 belts carry their items here; from 1.0 the chain actor holds them and the array is empty.
#[binrw]
#[brw(little, import(save_version: i32, props: &PropertyContext))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AFGBuildableConveyorBase {
    /// `mItems.Items`.
    #[brw(args(save_version, props))]
    pub items: VArray<FConveyorBeltItem>,
}

/// `FSplinePointData`.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct FSplinePointData {
    /// `Location`.
    pub location: FVector<F64>,
    /// `ArriveTangent`.
    pub arrive_tangent: FVector<F64>,
    /// `LeaveTangent`.
    pub leave_tangent: FVector<F64>,
}

/// `FConveyorChainSplineSegment`: one belt's part of a chain.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FConveyorChainSplineSegment {
    /// `ChainActor`.
    pub chain_actor: FObjectReferenceDisc,
    /// `ConveyorBase`.
    pub conveyor_base: FObjectReferenceDisc,
    /// `SplinePointData`.
    pub spline_point_data: TArray<FSplinePointData>,
    /// `OffsetAtStart`.
    pub offset_at_start: F32,
    /// `StartsAtLength`.
    pub starts_at_length: F32,
    /// `EndsAtLength`.
    pub ends_at_length: F32,
    /// `FirstItemIndex`.
    pub first_item_index: i32,
    /// `LastItemIndex`.
    pub last_item_index: i32,
    /// `IndexInChainArray`.
    pub index_in_chain_array: i32,
}

/// `AFGConveyorChainActor` data: the belts of a chain and the items on it.
#[binrw]
#[brw(little, import(save_version: i32, props: &PropertyContext))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AFGConveyorChainActor {
    /// `mFirstConveyor`.
    pub first_conveyor: FObjectReferenceDisc,
    /// `mLastConveyor`.
    pub last_conveyor: FObjectReferenceDisc,
    /// `mChainSplineSegments`.
    pub chain_spline_segments: TArray<FConveyorChainSplineSegment>,
    /// `mTotalLength`.
    pub total_length: F32,
    /// `mNumItems`.
    pub num_items: i32,
    /// `mLeadItemIndex`.
    pub lead_item_index: i32,
    /// `mTailItemIndex`.
    pub tail_item_index: i32,
    /// `mConveyorChainItems`.
    #[brw(args(save_version, props))]
    pub conveyor_chain_items: VArray<FConveyorBeltItem>,
}
