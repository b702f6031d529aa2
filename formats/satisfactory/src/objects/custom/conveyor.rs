//! Conveyor belts and lifts (`AFGBuildableConveyorBase`) and conveyor chain actors
//! (`AFGConveyorChainActor`).

use binrw::binrw;
use serde::{Deserialize, Serialize};
use unreal::{F32, F64, FObjectReferenceDisc, FVector, PropertyContext, TArray};

use super::inventory::{FConveyorBeltItem, put_items, read_items};
use crate::Error;
use crate::reader::{Reader, put};

/// `FSplinePointData`.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FSplinePointData {
    /// `Location`.
    pub location: FVector<F64>,
    /// `ArriveTangent`.
    pub arrive_tangent: FVector<F64>,
    /// `LeaveTangent`.
    pub leave_tangent: FVector<F64>,
}

/// `FConveyorChainSplineSegment`.
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

/// The fixed part of a chain actor before its items.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConveyorChainHead {
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
}

/// `AFGConveyorChainActor` class data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConveyorChain {
    /// Everything before the items.
    pub head: ConveyorChainHead,
    /// `mConveyorChainItems`.
    pub items: Vec<FConveyorBeltItem>,
}

impl ConveyorChain {
    pub(crate) fn read(
        r: &mut Reader<'_>,
        save_version: i32,
        ctx: &PropertyContext,
    ) -> Result<Self, Error> {
        Ok(ConveyorChain {
            head: r.binrw("chain")?,
            items: read_items(r, save_version, ctx)?,
        })
    }

    pub(crate) fn put(
        &self,
        save_version: i32,
        ctx: &PropertyContext,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        put(&self.head, out, "chain")?;
        put_items(&self.items, save_version, ctx, out)
    }
}
