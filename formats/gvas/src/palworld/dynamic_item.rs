//! `worldSaveData.DynamicItemSaveData.RawData`: items with state of their own (eggs, armor,
//! weapons). The blob does not say which kind it is; as palworld-save-tools does, the layouts are
//! tried in turn (egg, then armor when exactly 4 bytes are left, then weapon), and one counts only
//! when it uses every byte.

use binrw::{BinRead, binrw};
use serde::{Deserialize, Serialize};
use unreal::{F32, FGuid, FString, PropertyContext, PropertyList};

use super::bounded_vec;
use crate::Error;

/// A dynamic item's ID.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct DynamicItemId {
    pub created_world_id: FGuid,
    pub local_id_in_created_world: FGuid,
    pub static_id: FString,
}

/// A weapon's state.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct Weapon {
    pub durability: F32,
    pub remaining_bullets: i32,
    #[br(temp)]
    #[bw(try_calc = i32::try_from(passive_skill_list.len()))]
    count: i32,
    #[br(parse_with = bounded_vec, args(count, 4))]
    pub passive_skill_list: Vec<FString>,
}

/// An egg: the Pal inside (a property list like a character's), 4 bytes and a GUID.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct Egg {
    pub character_id: FString,
    pub object: PropertyList,
    /// Four bytes after the list (unknown meaning).
    pub unknown: [u8; 4],
    pub unknown_id: FGuid,
}

/// What follows a dynamic item's ID.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum DynamicItemKind {
    /// An egg.
    Egg(Box<Egg>),
    /// Armor: its durability.
    Armor(F32),
    /// A weapon.
    Weapon(Weapon),
    /// None of the known layouts: the rest of the blob as stored.
    Unknown(#[serde(with = "unreal::chunked::hex_bytes")] Vec<u8>),
}

/// `DynamicItemSaveData.RawData`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DynamicItem {
    /// The item's ID.
    pub id: DynamicItemId,
    /// Its state.
    pub kind: DynamicItemKind,
}

impl DynamicItem {
    pub(super) fn decode(bytes: &[u8], ctx: &PropertyContext) -> Option<DynamicItem> {
        let mut cursor = binrw::io::Cursor::new(bytes);
        let id = DynamicItemId::read_le(&mut cursor).ok()?;
        let rest = bytes.get(cursor.position() as usize..)?;
        let kind = if let Some(egg) = Egg::decode(rest, ctx) {
            DynamicItemKind::Egg(Box::new(egg))
        } else if let Ok(durability) = <[u8; 4]>::try_from(rest) {
            DynamicItemKind::Armor(F32(f32::from_le_bytes(durability)))
        } else {
            let mut cursor = binrw::io::Cursor::new(rest);
            match Weapon::read_le(&mut cursor) {
                Ok(weapon) if cursor.position() as usize == rest.len() => {
                    DynamicItemKind::Weapon(weapon)
                }
                _ => DynamicItemKind::Unknown(rest.to_vec()),
            }
        };
        Some(DynamicItem { id, kind })
    }

    pub(super) fn encode(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        let binrw = |e| Error::binrw("dynamic item", 0, e);
        crate::put_binrw(&self.id, out).map_err(binrw)?;
        match &self.kind {
            DynamicItemKind::Egg(egg) => egg.encode(ctx, out),
            DynamicItemKind::Armor(durability) => crate::put_binrw(durability, out).map_err(binrw),
            DynamicItemKind::Weapon(weapon) => crate::put_binrw(weapon, out).map_err(binrw),
            DynamicItemKind::Unknown(rest) => {
                out.extend_from_slice(rest);
                Ok(())
            }
        }
    }
}

impl Egg {
    /// An egg that uses all of `bytes`, if they hold one.
    fn decode(bytes: &[u8], ctx: &PropertyContext) -> Option<Egg> {
        let mut cursor = binrw::io::Cursor::new(bytes);
        let character_id = FString::read_le(&mut cursor).ok()?;
        let start = cursor.position() as usize;
        let (object, used) = PropertyList::read(bytes.get(start..)?, 0, ctx).ok()?;
        let tail = bytes.get(start + used..)?;
        if tail.len() != 20 {
            return None;
        }
        let unknown: [u8; 4] = tail[..4].try_into().ok()?;
        let unknown_id = FGuid::read_le(&mut binrw::io::Cursor::new(&tail[4..])).ok()?;
        Some(Egg {
            character_id,
            object,
            unknown,
            unknown_id,
        })
    }

    fn encode(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::put_binrw(&self.character_id, out)
            .map_err(|e| Error::binrw("character_id", 0, e))?;
        self.object
            .write(ctx, out)
            .map_err(|e| Error::property("object", e))?;
        out.extend_from_slice(&self.unknown);
        crate::put_binrw(&self.unknown_id, out).map_err(|e| Error::binrw("unknown_id", 0, e))
    }
}
