//! `AFGLightweightBuildableSubsystem`: buildables stored as instances per class.

use binrw::binrw;
use serde::{Deserialize, Serialize};
use unreal::{F64, FLinearColor, FObjectReferenceDisc, FQuat, FVector, PropertyContext};

use super::inventory::FFGDynamicStruct;
use crate::Error;
use crate::config::FPlayerInfoHandle;
use crate::reader::{Reader, put};

/// SaveVersion from which the subsystem stores its own version.
const SAVE_VERSION_LIGHTWEIGHT_VERSION: i32 = 48;
/// SaveVersion whose player info handles were written twice (a bug in that game version).
const SAVE_VERSION_DOUBLE_HANDLE: i32 = 57;

/// `FTransform` with doubles.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FTransform {
    /// `Rotation`.
    pub rotation: FQuat<F64>,
    /// `Translation`.
    pub translation: FVector<F64>,
    /// `Scale3D`.
    pub scale3d: FVector<F64>,
}

/// The fixed part of `FRuntimeBuildableInstanceData`.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InstanceHead {
    /// `Transform`.
    pub transform: FTransform,
    /// `CustomizationData.SwatchDesc`.
    pub swatch_desc: FObjectReferenceDisc,
    /// `CustomizationData.MaterialDesc`.
    pub material_desc: FObjectReferenceDisc,
    /// `CustomizationData.PatternDesc`.
    pub pattern_desc: FObjectReferenceDisc,
    /// `CustomizationData.SkinDesc`.
    pub skin_desc: FObjectReferenceDisc,
    /// `CustomizationData.OverrideColorData.PrimaryColor`.
    pub primary_color: FLinearColor,
    /// `CustomizationData.OverrideColorData.SecondaryColor`.
    pub secondary_color: FLinearColor,
    /// `CustomizationData.OverrideColorData.PaintFinish`.
    pub paint_finish: FObjectReferenceDisc,
    /// `CustomizationData.PatternRotation`.
    pub pattern_rotation: u8,
    /// `BuiltWithRecipe`.
    pub built_with_recipe: FObjectReferenceDisc,
    /// `BlueprintProxy`.
    pub blueprint_proxy: FObjectReferenceDisc,
}

/// `FRuntimeBuildableInstanceData`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FRuntimeBuildableInstanceData {
    /// Transform, customization, recipe and blueprint proxy.
    pub head: InstanceHead,
    /// `TypeSpecificData` (subsystem version 2+).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub type_specific_data: Option<FFGDynamicStruct>,
    /// `BuiltBy` (subsystem version 3+); SaveVersion 57 wrote it twice.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub built_by: Vec<FPlayerInfoHandle>,
}

/// `AFGLightweightBuildableSubsystem` class data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LightweightBuildables {
    /// `currentLightweightVersion` (SaveVersion 48+).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_lightweight_version: Option<i32>,
    /// `mBuildableClassToInstanceArray`.
    pub instances: Vec<(FObjectReferenceDisc, Vec<FRuntimeBuildableInstanceData>)>,
}

fn read_handle(r: &mut Reader<'_>, save_version: i32) -> Result<FPlayerInfoHandle, Error> {
    let service_provider = r.u8("BuiltBy.ServiceProvider")?;
    Ok(if save_version >= SAVE_VERSION_DOUBLE_HANDLE {
        FPlayerInfoHandle::Current {
            service_provider,
            player_info_table_index: r.i32("BuiltBy.PlayerInfoTableIndex")?,
        }
    } else {
        FPlayerInfoHandle::Legacy {
            service_provider,
            legacy_player_info_table_index: r.u8("BuiltBy.LegacyPlayerInfoTableIndex")?,
        }
    })
}

impl LightweightBuildables {
    pub(crate) fn read(
        r: &mut Reader<'_>,
        save_version: i32,
        ctx: &PropertyContext,
    ) -> Result<Self, Error> {
        let current_lightweight_version = if save_version >= SAVE_VERSION_LIGHTWEIGHT_VERSION {
            Some(r.i32("currentLightweightVersion")?)
        } else {
            None
        };
        let version = current_lightweight_version.unwrap_or(1);
        let n = r.count(8, "mBuildableClassToInstanceArray")?;
        let mut instances = Vec::with_capacity(n);
        for i in 0..n {
            let class: FObjectReferenceDisc = r.binrw("class")?;
            let count = r.count(80, "instances")?;
            let mut list = Vec::with_capacity(count);
            for j in 0..count {
                let instance = read_instance(r, version, save_version, ctx)
                    .map_err(|e| e.within(&format!("mBuildableClassToInstanceArray[{i}][{j}]")))?;
                list.push(instance);
            }
            instances.push((class, list));
        }
        Ok(LightweightBuildables {
            current_lightweight_version,
            instances,
        })
    }

    pub(crate) fn put(
        &self,
        save_version: i32,
        ctx: &PropertyContext,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        let gated = save_version >= SAVE_VERSION_LIGHTWEIGHT_VERSION;
        match (self.current_lightweight_version, gated) {
            (Some(v), true) => out.extend_from_slice(&v.to_le_bytes()),
            (None, false) => {}
            _ => {
                return Err(Error::new(
                    "currentLightweightVersion",
                    out.len(),
                    "present exactly from SaveVersion 48 on",
                ));
            }
        }
        let version = self.current_lightweight_version.unwrap_or(1);
        crate::blob::put_count(self.instances.len(), out, "mBuildableClassToInstanceArray")?;
        for (class, list) in &self.instances {
            put(class, out, "class")?;
            crate::blob::put_count(list.len(), out, "instances")?;
            for instance in list {
                put(&instance.head, out, "instance")?;
                match (&instance.type_specific_data, version >= 2) {
                    (Some(d), true) => d.put(ctx, out)?,
                    (None, false) => {}
                    _ => {
                        return Err(Error::new(
                            "TypeSpecificData",
                            out.len(),
                            "present exactly from version 2 on",
                        ));
                    }
                }
                let expected = match version {
                    3.. if save_version == SAVE_VERSION_DOUBLE_HANDLE => 2,
                    3.. => 1,
                    _ => 0,
                };
                if instance.built_by.len() != expected {
                    return Err(Error::new(
                        "BuiltBy",
                        out.len(),
                        format!("{expected} handle(s) expected"),
                    ));
                }
                for h in &instance.built_by {
                    put(h, out, "BuiltBy")?;
                }
            }
        }
        Ok(())
    }
}

fn read_instance(
    r: &mut Reader<'_>,
    version: i32,
    save_version: i32,
    ctx: &PropertyContext,
) -> Result<FRuntimeBuildableInstanceData, Error> {
    let head = r.binrw("instance")?;
    let type_specific_data = if version >= 2 {
        Some(FFGDynamicStruct::read(r, ctx)?)
    } else {
        None
    };
    let mut built_by = Vec::new();
    if version >= 3 {
        built_by.push(read_handle(r, save_version)?);
        if save_version == SAVE_VERSION_DOUBLE_HANDLE {
            built_by.push(read_handle(r, save_version)?);
        }
    }
    Ok(FRuntimeBuildableInstanceData {
        head,
        type_specific_data,
        built_by,
    })
}
