//! Conveyor belts and lifts (`AFGBuildableConveyorBase`) and the conveyor chain actors of 1.0+
//! (`AFGConveyorChainActor`): the items on them, generated from `schema/conveyor.ksy`.

pub use crate::generated::conveyor::{
    AFGBuildableConveyorBase, AFGConveyorChainActor, FConveyorBeltItem,
    FConveyorChainSplineSegment, FSplinePointData,
};
