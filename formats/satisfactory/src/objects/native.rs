//! The document's binary structs that property values hold and the `unreal` crate cannot know:
//! each a `#[binrw]` layout (one definition reads and writes) registered by name in
//! [`NATIVE_STRUCTS`], which the property contexts carry with the object's SaveVersion.

use binrw::io::Cursor;
use binrw::{BinRead, BinResult, BinWrite, binrw};
use serde::{Deserialize, Serialize};
use unreal::{
    F32, FObjectReferenceDisc, FString, NativeHook, NativeStruct, PropertyContext, TArray, TMap,
};

use super::custom::game::FUniqueNetIdRepl;
use super::custom::types::{FInventoryItem, FPlayerInfoHandle};

/// The native structs decoded in property values, by the name their tags give.
pub static NATIVE_STRUCTS: [NativeHook; 5] = [
    NativeHook::of::<FInventoryItem>(),
    NativeHook::of::<FPlayerInfoHandle>(),
    NativeHook::of::<FUniqueNetIdRepl>(),
    NativeHook::of::<FClientIdentityInfo>(),
    NativeHook::of::<FRailroadTrackPosition>(),
];

/// `FClientIdentityInfo`: a player's offline id and account ids by online service.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FClientIdentityInfo {
    /// `OfflineId`.
    pub offline_id: FString,
    /// `AccountIds`: service type to id bytes.
    pub account_ids: TMap<u8, TArray<u8>>,
}

/// `FRailroadTrackPosition`: a place on a track.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FRailroadTrackPosition {
    /// `Track`.
    pub track: FObjectReferenceDisc,
    /// `Offset`.
    pub offset: F32,
    /// `Forward`.
    pub forward: F32,
}

/// A [`NativeStruct`] for a `#[binrw]` layout without arguments.
macro_rules! plain {
    ($ty:ty, $name:literal) => {
        impl NativeStruct for $ty {
            const NAME: &'static str = $name;

            fn read(r: &mut Cursor<&[u8]>, _: &PropertyContext) -> BinResult<Self> {
                Self::read_le(r)
            }

            fn write(&self, w: &mut Cursor<&mut Vec<u8>>, _: &PropertyContext) -> BinResult<()> {
                self.write_le(w)
            }
        }
    };
}

plain!(FUniqueNetIdRepl, "UniqueNetIdRepl");
plain!(FClientIdentityInfo, "ClientIdentityInfo");
plain!(FRailroadTrackPosition, "RailroadTrackPosition");

impl NativeStruct for FPlayerInfoHandle {
    const NAME: &'static str = "PlayerInfoHandle";

    fn read(r: &mut Cursor<&[u8]>, ctx: &PropertyContext) -> BinResult<Self> {
        Self::read_le_args(r, (ctx.native_structs.version,))
    }

    fn write(&self, w: &mut Cursor<&mut Vec<u8>>, ctx: &PropertyContext) -> BinResult<()> {
        self.write_le_args(w, (ctx.native_structs.version,))
    }
}

impl NativeStruct for FInventoryItem {
    const NAME: &'static str = "InventoryItem";

    fn read(r: &mut Cursor<&[u8]>, ctx: &PropertyContext) -> BinResult<Self> {
        Self::read_le_args(r, (ctx.native_structs.version, ctx))
    }

    fn write(&self, w: &mut Cursor<&mut Vec<u8>>, ctx: &PropertyContext) -> BinResult<()> {
        self.write_le_args(w, (ctx.native_structs.version, ctx))
    }
}

/// Deserializes `T` with [`NATIVE_STRUCTS`] in force, for the JSON of values that hold property
/// lists.
pub(crate) fn deserialize<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    unreal::with_native_structs(&NATIVE_STRUCTS, || T::deserialize(d))
}

#[cfg(test)]
mod tests {
    use unreal::{PropertyList, PropertyValue, StructValue};

    use super::*;
    use crate::objects::Contexts;
    use crate::versions::Scope;

    fn fstr(s: &str) -> Vec<u8> {
        let mut out = ((s.len() + 1) as i32).to_le_bytes().to_vec();
        out.extend_from_slice(s.as_bytes());
        out.push(0);
        out
    }

    /// A list of one UE5 (pre-5.4) struct property `Item` of type `ty` holding `value`.
    fn item_list(ty: &str, value: &[u8]) -> Vec<u8> {
        [
            &fstr("Item")[..],
            &fstr("StructProperty"),
            &(value.len() as i32).to_le_bytes(),
            &0i32.to_le_bytes(),
            &fstr(ty),
            &[0; 16],
            &[0],
            value,
            &fstr("None"),
        ]
        .concat()
    }

    fn read_back(bytes: &[u8], save_version: i32) -> PropertyValue {
        let scope = Scope::file(save_version);
        let contexts = Contexts::for_scopes([scope]);
        let mut ctx = contexts.get(scope).into_owned();
        ctx.strict = true;
        let (list, used) = PropertyList::read(bytes, 0, &ctx).expect("reads");
        assert_eq!(used, bytes.len());
        let mut out = Vec::new();
        list.write(&ctx, &mut out).expect("writes");
        assert_eq!(out, bytes);
        list.properties[0].value.clone()
    }

    #[test]
    fn inventory_items_follow_the_item_state_gate() {
        let class = [fstr(""), fstr("/Game/Desc_Wire.Desc_Wire_C")].concat();
        // SaveVersion 43+: an FFGDynamicStruct (here without a struct).
        let current = item_list("InventoryItem", &[&class[..], &0u32.to_le_bytes()].concat());
        let PropertyValue::Struct(StructValue::Native(v)) = read_back(&current, 46) else {
            panic!("not native");
        };
        let item = v.get::<FInventoryItem>().expect("an FInventoryItem");
        assert_eq!(
            item.item_class.path_name.as_str(),
            "/Game/Desc_Wire.Desc_Wire_C"
        );
        assert!(
            item.item_state
                .as_ref()
                .is_some_and(|s| s.valid_struct.is_none())
        );
        assert!(item.legacy_item_state_actor.is_none());
        // Before 43: a legacy actor reference.
        let legacy = item_list(
            "InventoryItem",
            &[&class[..], &fstr(""), &fstr("")].concat(),
        );
        let PropertyValue::Struct(StructValue::Native(v)) = read_back(&legacy, 42) else {
            panic!("not native");
        };
        let item = v.get::<FInventoryItem>().expect("an FInventoryItem");
        assert!(item.item_state.is_none() && item.legacy_item_state_actor.is_some());
        // The same bytes under the other gate do not fill the value: kept raw.
        let scope = Scope::file(42);
        let ctx = Contexts::for_scopes([scope]).get(scope).into_owned();
        let (list, _) = PropertyList::read(&current, 0, &ctx).expect("reads leniently");
        assert!(matches!(list.properties[0].value, PropertyValue::Raw(_)));
    }

    #[test]
    fn track_positions_and_identity_infos_decode() {
        let track = [
            &fstr("Persistent_Level")[..],
            &fstr("Persistent_Level:PersistentLevel.Track_1"),
            &1.5f32.to_le_bytes(),
            &(-1.0f32).to_le_bytes(),
        ]
        .concat();
        let v = read_back(&item_list("RailroadTrackPosition", &track), 52);
        let PropertyValue::Struct(StructValue::Native(v)) = v else {
            panic!("not native");
        };
        let p = v.get::<FRailroadTrackPosition>().expect("a track position");
        assert_eq!((p.offset.0, p.forward.0), (1.5, -1.0));
        let identity = [
            &fstr("offline")[..],
            &1i32.to_le_bytes(),
            &[6],
            &2i32.to_le_bytes(),
            &[0xab, 0xcd],
        ]
        .concat();
        let v = read_back(&item_list("ClientIdentityInfo", &identity), 52);
        let PropertyValue::Struct(StructValue::Native(v)) = v else {
            panic!("not native");
        };
        let info = v.get::<FClientIdentityInfo>().expect("an identity");
        assert_eq!(info.offline_id.as_str(), "offline");
        assert_eq!(info.account_ids.entries.len(), 1);
        assert_eq!(info.account_ids.entries[0].0, 6);
    }
}
