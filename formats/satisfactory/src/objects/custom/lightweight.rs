//! The lightweight buildable subsystem (`AFGLightweightBuildableSubsystem`): foundations, walls and
//! other buildables stored as instances per class rather than as actors. The fixed parts of an
//! instance (`FTransform`, `FFactoryCustomizationData`, `FPlayerInfoHandle`) are generated from
//! `schema/lightweight.ksy`; the instance, gated on two versions (`currentLightweightVersion`
//! and the SaveVersion), and the map of them are written here.

use binrw::binrw;
use schema_derive::version;
use serde::{Deserialize, Serialize};
use unreal::{FObjectReferenceDisc, PropertyContext};

use super::types::{FFGDynamicStruct, FPlayerInfoHandle, FTransform, checked_count, write_count};

pub use crate::generated::lightweight::FFactoryCustomizationData;

/// SaveVersion from which the subsystem stores `currentLightweightVersion` (1 before).
pub const SAVE_VERSION_LIGHTWEIGHT_VERSION: i32 = 48;
/// `currentLightweightVersion` from which an instance has `TypeSpecificData`.
pub const LIGHTWEIGHT_TYPE_SPECIFIC_DATA: i32 = 2;
/// `currentLightweightVersion` from which an instance has `BuiltBy`.
pub const LIGHTWEIGHT_BUILT_BY: i32 = 3;

/// `AFGLightweightBuildableSubsystem` data.
#[version(save_version: i32 = import)]
#[binrw]
#[brw(little, import(props: &PropertyContext))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AFGLightweightBuildableSubsystem {
    /// `currentLightweightVersion` (SaveVersion 48+; 1 before).
    #[since(save_version >= SAVE_VERSION_LIGHTWEIGHT_VERSION)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_lightweight_version: Option<i32>,
    /// `mBuildableClassToInstanceArray`.
    #[br(args(save_version, current_lightweight_version.unwrap_or(1), props))]
    #[bw(args(save_version, current_lightweight_version.unwrap_or(1), props))]
    pub buildable_class_to_instance_array: InstanceMap,
}

/// `TMap<FObjectReferenceDisc, TArray<FRuntimeBuildableInstanceData>>`: buildable class to instances.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct InstanceMap {
    /// Class and its instances, in file order.
    pub entries: Vec<(FObjectReferenceDisc, Vec<FRuntimeBuildableInstanceData>)>,
}

/// Arguments of the instance layouts: SaveVersion, `currentLightweightVersion` and the property
/// context of `TypeSpecificData`.
type InstanceArgs<'a> = (i32, i32, &'a PropertyContext);

impl binrw::BinRead for InstanceMap {
    type Args<'a> = InstanceArgs<'a>;

    fn read_options<R: binrw::io::Read + binrw::io::Seek>(
        r: &mut R,
        endian: binrw::Endian,
        args: InstanceArgs<'_>,
    ) -> binrw::BinResult<Self> {
        let n = checked_count(r, endian, 8)?;
        let mut entries = Vec::with_capacity(n);
        for _ in 0..n {
            let class = FObjectReferenceDisc::read_options(r, endian, ())?;
            let m = checked_count(r, endian, INSTANCE_MIN_SIZE)?;
            let mut instances = Vec::with_capacity(m);
            for _ in 0..m {
                instances.push(FRuntimeBuildableInstanceData::read_options(
                    r, endian, args,
                )?);
            }
            entries.push((class, instances));
        }
        Ok(InstanceMap { entries })
    }
}

impl binrw::BinWrite for InstanceMap {
    type Args<'a> = InstanceArgs<'a>;

    fn write_options<W: binrw::io::Write + binrw::io::Seek>(
        &self,
        w: &mut W,
        endian: binrw::Endian,
        args: InstanceArgs<'_>,
    ) -> binrw::BinResult<()> {
        write_count(self.entries.len(), w, endian)?;
        for (class, instances) in &self.entries {
            class.write_options(w, endian, ())?;
            write_count(instances.len(), w, endian)?;
            for i in instances {
                i.write_options(w, endian, args)?;
            }
        }
        Ok(())
    }
}

/// Smallest stored `FRuntimeBuildableInstanceData`: the transform, colours, six empty references
/// (8 bytes each) and the rotation byte.
const INSTANCE_MIN_SIZE: u64 = 80 + 32 + 6 * 8 + 1;

/// `FRuntimeBuildableInstanceData`: one lightweight buildable.
#[version(save_version: i32 = import)]
#[version(lightweight_version: i32 = import)]
#[binrw]
#[brw(little, import(props: &PropertyContext))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FRuntimeBuildableInstanceData {
    /// `Transform`.
    pub transform: FTransform,
    /// `CustomizationData`.
    pub customization_data: FFactoryCustomizationData,
    /// `BuiltWithRecipe`.
    pub built_with_recipe: FObjectReferenceDisc,
    /// `BlueprintProxy`.
    pub blueprint_proxy: FObjectReferenceDisc,
    /// `TypeSpecificData` (lightweight version 2+).
    #[since(lightweight_version >= LIGHTWEIGHT_TYPE_SPECIFIC_DATA)]
    #[brw(args(props))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub type_specific_data: Option<FFGDynamicStruct>,
    /// `BuiltBy` (lightweight version 3+).
    #[since(lightweight_version >= LIGHTWEIGHT_BUILT_BY)]
    #[brw(args(save_version))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub built_by: Option<FPlayerInfoHandle>,
}
