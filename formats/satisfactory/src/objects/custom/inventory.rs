//! `FInventoryItem` and `FFGDynamicStruct`, shared by conveyor and chain decoders.

use serde::{Deserialize, Serialize};
use unreal::{FObjectReferenceDisc, PropertyContext, PropertyList};

use crate::Error;
use crate::reader::{Reader, put, put_sized};

/// SaveVersion from which an item's state is an `FFGDynamicStruct` (before: a legacy actor reference).
const SAVE_VERSION_ITEM_STATE_STRUCT: i32 = 43;

/// `FFGDynamicStruct`: an optional struct type and its property list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FFGDynamicStruct {
    /// `ScriptStruct` and `StructInstance` when `bHasValidStruct` (its size is recomputed on write).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<(FObjectReferenceDisc, PropertyList)>,
}

impl FFGDynamicStruct {
    pub(crate) fn read(r: &mut Reader<'_>, ctx: &PropertyContext) -> Result<Self, Error> {
        let has_value: crate::Bool32 = r.binrw("bHasValidStruct")?;
        if !has_value.0 {
            return Ok(FFGDynamicStruct { value: None });
        }
        let script_struct = r.binrw("ScriptStruct")?;
        let size = r.count(1, "savedPayloadSize")?;
        let mut payload = r.sub(size, "StructInstance")?;
        let (list, used) = PropertyList::read(payload.rest(), payload.offset(), ctx)
            .map_err(|e| Error::property("StructInstance", e))?;
        payload.take(used, "StructInstance")?;
        if !payload.is_empty() {
            return Err(payload.err("StructInstance", "bytes left after the property list"));
        }
        Ok(FFGDynamicStruct {
            value: Some((script_struct, list)),
        })
    }

    pub(crate) fn put(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        put(&crate::Bool32(self.value.is_some()), out, "bHasValidStruct")?;
        if let Some((script_struct, list)) = &self.value {
            put(script_struct, out, "ScriptStruct")?;
            put_sized::<4>(out, "StructInstance", |out| {
                list.write(ctx, out)
                    .map_err(|e| Error::property("StructInstance", e))
            })?;
        }
        Ok(())
    }
}

/// An item's state: `FFGDynamicStruct` (SaveVersion 43+) or the legacy state actor.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemState {
    /// `ItemState`.
    Struct(FFGDynamicStruct),
    /// `LegacyItemStateActor`.
    LegacyActor(FObjectReferenceDisc),
}

/// `FInventoryItem`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FInventoryItem {
    /// `ItemClass`.
    pub item_class: FObjectReferenceDisc,
    /// The item's state.
    pub state: ItemState,
}

impl FInventoryItem {
    pub(crate) fn read(
        r: &mut Reader<'_>,
        save_version: i32,
        ctx: &PropertyContext,
    ) -> Result<Self, Error> {
        let item_class = r.binrw("ItemClass")?;
        let state = if save_version >= SAVE_VERSION_ITEM_STATE_STRUCT {
            ItemState::Struct(FFGDynamicStruct::read(r, ctx)?)
        } else {
            ItemState::LegacyActor(r.binrw("LegacyItemStateActor")?)
        };
        Ok(FInventoryItem { item_class, state })
    }

    pub(crate) fn put(
        &self,
        save_version: i32,
        ctx: &PropertyContext,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        put(&self.item_class, out, "ItemClass")?;
        match (&self.state, save_version >= SAVE_VERSION_ITEM_STATE_STRUCT) {
            (ItemState::Struct(s), true) => s.put(ctx, out),
            (ItemState::LegacyActor(a), false) => put(a, out, "LegacyItemStateActor"),
            _ => Err(Error::new(
                "ItemState",
                out.len(),
                "an FFGDynamicStruct from SaveVersion 43 on, a legacy actor before",
            )),
        }
    }
}

/// `FConveyorBeltItem`: an item and its offset on the belt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FConveyorBeltItem {
    /// `Item`.
    pub item: FInventoryItem,
    /// `Offset`.
    pub offset: unreal::F32,
}

impl FConveyorBeltItem {
    fn read(r: &mut Reader<'_>, save_version: i32, ctx: &PropertyContext) -> Result<Self, Error> {
        Ok(FConveyorBeltItem {
            item: FInventoryItem::read(r, save_version, ctx)?,
            offset: r.binrw("Offset")?,
        })
    }

    fn put(
        &self,
        save_version: i32,
        ctx: &PropertyContext,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        self.item.put(save_version, ctx, out)?;
        put(&self.offset, out, "Offset")
    }
}

/// A `TArray<FConveyorBeltItem>`.
pub(crate) fn read_items(
    r: &mut Reader<'_>,
    save_version: i32,
    ctx: &PropertyContext,
) -> Result<Vec<FConveyorBeltItem>, Error> {
    let n = r.count(12, "items")?;
    let mut items = Vec::with_capacity(n);
    for i in 0..n {
        items.push(
            FConveyorBeltItem::read(r, save_version, ctx)
                .map_err(|e| e.within(&format!("items[{i}]")))?,
        );
    }
    Ok(items)
}

/// Appends a `TArray<FConveyorBeltItem>`.
pub(crate) fn put_items(
    items: &[FConveyorBeltItem],
    save_version: i32,
    ctx: &PropertyContext,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    crate::blob::put_count(items.len(), out, "items")?;
    items
        .iter()
        .try_for_each(|item| item.put(save_version, ctx, out))
}
