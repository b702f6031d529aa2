//! The lightweight buildable subsystem (`AFGLightweightBuildableSubsystem`): foundations, walls and
//! other buildables stored as instances per class rather than as actors. Generated from
//! `schema/lightweight.ksy`: the subsystem, its instances (`FRuntimeBuildableInstanceData`, gated
//! on two versions: `currentLightweightVersion` and the SaveVersion) and their fixed parts. The
//! map of instances per class is the hand-written [`VMap`] of [`VArray`]s, whose values take the
//! instances' arguments.

use unreal::FObjectReferenceDisc;

use super::types::{VArray, VMap};

pub use crate::generated::lightweight::{
    AFGLightweightBuildableSubsystem, FFactoryCustomizationData, FRuntimeBuildableInstanceData,
};

/// SaveVersion from which the subsystem stores `currentLightweightVersion` (1 before).
pub const SAVE_VERSION_LIGHTWEIGHT_VERSION: i32 = 48;
/// `currentLightweightVersion` from which an instance has `TypeSpecificData`.
pub const LIGHTWEIGHT_TYPE_SPECIFIC_DATA: i32 = 2;
/// `currentLightweightVersion` from which an instance has `BuiltBy`.
pub const LIGHTWEIGHT_BUILT_BY: i32 = 3;

/// `TMap<FObjectReferenceDisc, TArray<FRuntimeBuildableInstanceData>>`: buildable class to
/// instances, in file order; read and written with the SaveVersion, the lightweight version and
/// the property context.
pub type InstanceMap = VMap<FObjectReferenceDisc, VArray<FRuntimeBuildableInstanceData>>;
