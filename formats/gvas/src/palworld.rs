//! Palworld's `RawData` byte arrays, decoded per property path.
//!
//! A Palworld world (`Level.sav`) keeps most of its state in `RawData` ArrayProperties of bytes,
//! each a serialized structure of its own. [`PalworldRawData::take`] moves every one out of the
//! body (in file order, leaving the arrays empty, so no blob is held twice), decodes the kinds
//! whose layout is known here and keeps the rest as bytes; [`PalworldRawData::apply`] encodes
//! them back into the body's arrays. Decoding then encoding an unedited
//! blob gives its original bytes: anything after the known fields is kept as `trailing` bytes.
//!
//! Decoded here (layouts as palworld-save-tools documents them):
//! - `worldSaveData.CharacterSaveParameterMap.Value.RawData`: a property list (the character's
//!   `SaveParameter`), 4 bytes, the group GUID;
//! - `worldSaveData.GroupSaveDataMap.Value.RawData`: a group, whose fields depend on the sibling
//!   `GroupType` (guild, independent guild, organization, neutral);
//! - `worldSaveData.ItemContainerSaveData.Value.RawData` and `...Value.Slots.RawData`: item
//!   container permissions (and a slot's corruption progress); empty blobs stay empty;
//! - `worldSaveData.BaseCampSaveData.Value.RawData`: a base camp (ID, name, state, transforms,
//!   area, group, owner).
//!
//! - `worldSaveData.CharacterContainerSaveData.Value.Slots.RawData`: a character container slot;
//! - `worldSaveData.DynamicItemSaveData.RawData`: an egg, armor or weapon ([`dynamic_item`]);
//! - `worldSaveData.FoliageGridSaveDataMap...RawData`: foliage models and instances ([`foliage`]);
//! - `worldSaveData.MapObjectSaveData...RawData` (and the same under `DungeonSaveData`): map
//!   object models, connectors, build processes, concrete models by object class and their
//!   modules by module type ([`map_object`]);
//! - `worldSaveData.WorkSaveData...RawData`: work by workable type and work assignments
//!   ([`work`]);
//! - `worldSaveData.BaseCampSaveData.Value...RawData`: worker directors, work collections and
//!   modules by module type ([`base_camp`]).
//!
//! A blob whose layout depends on something else in the body gets it from there: a group's
//! sibling `GroupType`, a work's sibling `WorkableType`, a concrete model's `MapObjectId` (on the
//! map object around it), a module's `ModuleMap` key. Empty blobs at decoded paths are
//! [`RawData::Empty`]. Every other blob stays [`RawData::Undecoded`];
//! [`PalworldRawData::still_raw_by_path`] counts them.

pub mod base_camp;
pub mod dynamic_item;
pub mod foliage;
pub mod map_object;
pub mod work;

use std::collections::BTreeMap;

use binrw::{BinRead, binrw};
use serde::{Deserialize, Serialize};
use unreal::{
    ArrayValue, FGuid, FString, PropertyContext, PropertyList, PropertyValue, StructValue,
};

use crate::{Error, GvasBody};

/// Path of the characters' (players' and Pals') data.
pub const CHARACTER_PATH: &str = "worldSaveData.CharacterSaveParameterMap.Value.RawData";
/// Path of the groups' (guilds') data.
pub const GROUP_PATH: &str = "worldSaveData.GroupSaveDataMap.Value.RawData";
/// Path of the item containers' data.
pub const ITEM_CONTAINER_PATH: &str = "worldSaveData.ItemContainerSaveData.Value.RawData";
/// Path of the item container slots' data.
pub const ITEM_SLOT_PATH: &str = "worldSaveData.ItemContainerSaveData.Value.Slots.RawData";
/// Path of the base camps' data.
pub const BASE_CAMP_PATH: &str = "worldSaveData.BaseCampSaveData.Value.RawData";
/// Path of the base camps' worker directors.
pub const WORKER_DIRECTOR_PATH: &str =
    "worldSaveData.BaseCampSaveData.Value.WorkerDirector.RawData";
/// Path of the base camps' work collections.
pub const WORK_COLLECTION_PATH: &str =
    "worldSaveData.BaseCampSaveData.Value.WorkCollection.RawData";
/// Path of the base camps' modules (layout by the `ModuleMap` key).
pub const BASE_CAMP_MODULE_PATH: &str =
    "worldSaveData.BaseCampSaveData.Value.ModuleMap.Value.RawData";
/// Path of the character containers' own data: always empty in the saves seen (the game does not
/// write it), so only an empty blob counts as decoded there.
pub const CHARACTER_CONTAINER_PATH: &str = "worldSaveData.CharacterContainerSaveData.Value.RawData";
/// Path of the character container slots' data.
pub const CHARACTER_CONTAINER_SLOT_PATH: &str =
    "worldSaveData.CharacterContainerSaveData.Value.Slots.RawData";
/// Path of the dynamic items' data.
pub const DYNAMIC_ITEM_PATH: &str = "worldSaveData.DynamicItemSaveData.RawData";
/// Path of the foliage models' data.
pub const FOLIAGE_MODEL_PATH: &str =
    "worldSaveData.FoliageGridSaveDataMap.Value.ModelMap.Value.RawData";
/// Path of the foliage instances' data.
pub const FOLIAGE_INSTANCE_PATH: &str =
    "worldSaveData.FoliageGridSaveDataMap.Value.ModelMap.Value.InstanceDataMap.Value.RawData";
/// Path of the map objects' models.
pub const MAP_MODEL_PATH: &str = "worldSaveData.MapObjectSaveData.Model.RawData";
/// Path of the map object models' connectors.
pub const CONNECTOR_PATH: &str = "worldSaveData.MapObjectSaveData.Model.Connector.RawData";
/// Path of the map object models' build processes.
pub const BUILD_PROCESS_PATH: &str = "worldSaveData.MapObjectSaveData.Model.BuildProcess.RawData";
/// Path of the map objects' concrete models (layout by the object's `MapObjectId`).
pub const CONCRETE_MODEL_PATH: &str = "worldSaveData.MapObjectSaveData.ConcreteModel.RawData";
/// Path of the concrete models' modules (layout by the `ModuleMap` key).
pub const CONCRETE_MODULE_PATH: &str =
    "worldSaveData.MapObjectSaveData.ConcreteModel.ModuleMap.Value.RawData";
/// Path of the works' data (layout by the sibling `WorkableType`).
pub const WORK_PATH: &str = "worldSaveData.WorkSaveData.RawData";
/// Path of the work assignments' data.
pub const WORK_ASSIGN_PATH: &str = "worldSaveData.WorkSaveData.WorkAssignMap.Value.RawData";

/// Dungeons keep map objects as the world does, under this prefix instead of `worldSaveData.`.
const DUNGEON_PREFIX: &str = "worldSaveData.DungeonSaveData.";

/// Every `RawData` blob of a body, in file order, decoded where the layout is known.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PalworldRawData {
    /// (property path, data) per blob.
    pub blobs: Vec<(String, RawData)>,
}

/// One `RawData` blob.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum RawData {
    /// A character: a player or a Pal.
    Character(Box<CharacterData>),
    /// A group (guild, independent guild, organization, neutral).
    Group(Box<GroupData>),
    /// An item container.
    ItemContainer(Box<ItemContainerData>),
    /// An item container slot.
    ItemSlot(Box<ItemSlotData>),
    /// A base camp.
    BaseCamp(Box<BaseCampData>),
    /// A base camp's worker director.
    WorkerDirector(Box<base_camp::WorkerDirector>),
    /// A base camp's work collection.
    WorkCollection(Box<base_camp::WorkCollection>),
    /// A base camp module.
    BaseCampModule(Box<base_camp::BaseCampModuleData>),
    /// A character container slot.
    CharacterContainerSlot(Box<CharacterContainerSlot>),
    /// A dynamic item (egg, armor, weapon).
    DynamicItem(Box<dynamic_item::DynamicItem>),
    /// A foliage model.
    FoliageModel(Box<foliage::FoliageModel>),
    /// A foliage instance.
    FoliageInstance(Box<foliage::FoliageInstance>),
    /// A map object's model.
    MapModel(Box<map_object::MapModel>),
    /// A map object model's connector.
    Connector(Box<map_object::Connector>),
    /// A map object model's build process.
    BuildProcess(Box<map_object::BuildProcess>),
    /// A map object's concrete model.
    ConcreteModel(Box<map_object::ConcreteModel>),
    /// A concrete model's module.
    ConcreteModule(Box<map_object::ConcreteModuleData>),
    /// A work.
    Work(Box<work::WorkData>),
    /// A work assignment.
    WorkAssign(Box<work::WorkAssignData>),
    /// An empty blob at a decoded path.
    Empty,
    /// A blob whose layout is not decoded here (or which did not decode), kept as stored.
    Undecoded(#[serde(with = "unreal::chunked::hex_bytes")] Vec<u8>),
}

/// What a blob at a path is, by layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Character,
    Group,
    ItemContainer,
    ItemSlot,
    BaseCamp,
    WorkerDirector,
    WorkCollection,
    BaseCampModule,
    CharacterContainer,
    CharacterContainerSlot,
    DynamicItem,
    FoliageModel,
    FoliageInstance,
    MapModel,
    Connector,
    BuildProcess,
    ConcreteModel,
    ConcreteModule,
    Work,
    WorkAssign,
}

/// The decoded paths and their layouts.
const KINDS: &[(&str, Kind)] = &[
    (CHARACTER_PATH, Kind::Character),
    (GROUP_PATH, Kind::Group),
    (ITEM_CONTAINER_PATH, Kind::ItemContainer),
    (ITEM_SLOT_PATH, Kind::ItemSlot),
    (BASE_CAMP_PATH, Kind::BaseCamp),
    (WORKER_DIRECTOR_PATH, Kind::WorkerDirector),
    (WORK_COLLECTION_PATH, Kind::WorkCollection),
    (BASE_CAMP_MODULE_PATH, Kind::BaseCampModule),
    (CHARACTER_CONTAINER_PATH, Kind::CharacterContainer),
    (CHARACTER_CONTAINER_SLOT_PATH, Kind::CharacterContainerSlot),
    (DYNAMIC_ITEM_PATH, Kind::DynamicItem),
    (FOLIAGE_MODEL_PATH, Kind::FoliageModel),
    (FOLIAGE_INSTANCE_PATH, Kind::FoliageInstance),
    (MAP_MODEL_PATH, Kind::MapModel),
    (CONNECTOR_PATH, Kind::Connector),
    (BUILD_PROCESS_PATH, Kind::BuildProcess),
    (CONCRETE_MODEL_PATH, Kind::ConcreteModel),
    (CONCRETE_MODULE_PATH, Kind::ConcreteModule),
    (WORK_PATH, Kind::Work),
    (WORK_ASSIGN_PATH, Kind::WorkAssign),
];

impl Kind {
    fn of(path: &str) -> Option<Kind> {
        let find = |path: &str| KINDS.iter().find(|(p, _)| *p == path).map(|(_, k)| *k);
        find(path).or_else(|| {
            let inner = path.strip_prefix(DUNGEON_PREFIX)?;
            match find(&format!("worldSaveData.{inner}"))? {
                kind @ (Kind::MapModel
                | Kind::Connector
                | Kind::BuildProcess
                | Kind::ConcreteModel
                | Kind::ConcreteModule) => Some(kind),
                _ => None,
            }
        })
    }
}

/// `CharacterSaveParameterMap` value data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CharacterData {
    /// The character's properties (`SaveParameter` and its fields).
    pub object: PropertyList,
    /// Four bytes after the list (unknown meaning).
    pub unknown: [u8; 4],
    /// The group the character belongs to.
    pub group_id: FGuid,
    /// Bytes after the known fields (newer game versions), kept as stored.
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}

/// `EPalGroupType`, from the group's `GroupType` property; it decides which parts follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum GroupKind {
    /// `EPalGroupType::Guild`.
    Guild,
    /// `EPalGroupType::IndependentGuild`.
    IndependentGuild,
    /// `EPalGroupType::Organization`.
    Organization,
    /// Any other type (neutral): only the common part.
    #[default]
    Other,
}

impl GroupKind {
    fn of(group_type: &str) -> Self {
        match group_type {
            "EPalGroupType::Guild" => GroupKind::Guild,
            "EPalGroupType::IndependentGuild" => GroupKind::IndependentGuild,
            "EPalGroupType::Organization" => GroupKind::Organization,
            _ => GroupKind::Other,
        }
    }

    fn has_organization(self) -> bool {
        self != GroupKind::Other
    }

    fn has_guild(self) -> bool {
        matches!(self, GroupKind::Guild | GroupKind::IndependentGuild)
    }
}

/// `GroupSaveDataMap` value data.
#[binrw]
#[brw(little, import(kind: GroupKind))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroupData {
    /// The group's GUID.
    pub group_id: FGuid,
    /// The group's name.
    pub group_name: FString,
    #[br(temp)]
    #[bw(try_calc = i32::try_from(character_handles.len()))]
    handle_count: i32,
    /// Members: (player UID, instance ID) per character.
    #[br(parse_with = bounded_vec, args(handle_count, 32))]
    pub character_handles: Vec<CharacterHandle>,
    /// Guilds, independent guilds and organizations.
    #[br(if(kind.has_organization()))]
    pub organization: Option<Organization>,
    /// Guilds and independent guilds.
    #[br(if(kind.has_guild()))]
    pub guild: Option<GuildPart>,
    /// Independent guilds.
    #[br(if(kind == GroupKind::IndependentGuild))]
    pub independent: Option<IndependentPart>,
    /// Guilds: the admin and the players.
    #[br(if(kind == GroupKind::Guild))]
    pub members: Option<GuildMembers>,
    /// Bytes after the known fields, kept as stored.
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}

/// A character handle: the owning player's UID and the character's instance ID.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct CharacterHandle {
    pub player_uid: FGuid,
    pub instance_id: FGuid,
}

/// The organization part of a group.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Organization {
    /// Organization type byte.
    pub org_type: u8,
    #[br(temp)]
    #[bw(try_calc = i32::try_from(base_ids.len()))]
    count: i32,
    /// Base camp IDs.
    #[br(parse_with = bounded_vec, args(count, 16))]
    pub base_ids: Vec<FGuid>,
}

/// The guild part of a group.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuildPart {
    /// Base camp level.
    pub base_camp_level: i32,
    #[br(temp)]
    #[bw(try_calc = i32::try_from(base_camp_points.len()))]
    count: i32,
    /// Map object instance IDs of the base camp points.
    #[br(parse_with = bounded_vec, args(count, 16))]
    pub base_camp_points: Vec<FGuid>,
    /// The guild's name.
    pub guild_name: FString,
}

/// The independent-guild part of a group.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct IndependentPart {
    pub player_uid: FGuid,
    pub guild_name_2: FString,
    pub last_online_real_time: i64,
    pub player_name: FString,
}

/// The members of a guild.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuildMembers {
    /// The admin's player UID.
    pub admin_player_uid: FGuid,
    #[br(temp)]
    #[bw(try_calc = i32::try_from(players.len()))]
    count: i32,
    /// The players.
    #[br(parse_with = bounded_vec, args(count, 28))]
    pub players: Vec<GuildMember>,
}

/// A guild member.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct GuildMember {
    pub player_uid: FGuid,
    pub last_online_real_time: i64,
    pub player_name: FString,
}

/// Who may use an item container or slot.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemPermission {
    #[br(temp)]
    #[bw(try_calc = i32::try_from(type_a.len()))]
    count_a: i32,
    /// Permission type bytes (A).
    #[br(parse_with = bounded_vec, args(count_a, 1))]
    pub type_a: Vec<u8>,
    #[br(temp)]
    #[bw(try_calc = i32::try_from(type_b.len()))]
    count_b: i32,
    /// Permission type bytes (B).
    #[br(parse_with = bounded_vec, args(count_b, 1))]
    pub type_b: Vec<u8>,
    #[br(temp)]
    #[bw(try_calc = i32::try_from(item_static_ids.len()))]
    count_ids: i32,
    /// Static IDs of the items allowed.
    #[br(parse_with = bounded_vec, args(count_ids, 4))]
    pub item_static_ids: Vec<FString>,
}

/// `ItemContainerSaveData` value data.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemContainerData {
    /// The permission.
    pub permission: ItemPermission,
    /// Bytes after the known fields, kept as stored.
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}

/// An item container slot's data.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemSlotData {
    /// The permission.
    pub permission: ItemPermission,
    /// Corruption progress (stored as bits so any float round-trips).
    pub corruption_progress_value: unreal::F32,
    /// Bytes after the known fields, kept as stored.
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}

/// `CharacterContainerSaveData.Value.Slots.RawData`: who is in a character container slot.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct CharacterContainerSlot {
    pub player_uid: FGuid,
    pub instance_id: FGuid,
    pub permission_tribe_id: u8,
    /// Bytes after the known fields, kept as stored.
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}

/// An item and a count (`FPalItemAndNum`).
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct PalItemAndNum {
    pub item_id: map_object::PalItemId,
    pub num: u32,
}

/// An `FTransform` with UE5 doubles: rotation quaternion, translation, scale.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PalTransform {
    /// Rotation (x, y, z, w).
    pub rotation: [unreal::F64; 4],
    /// Translation (x, y, z).
    pub translation: [unreal::F64; 3],
    /// Scale (x, y, z).
    pub scale: [unreal::F64; 3],
}

/// `BaseCampSaveData` value data.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BaseCampData {
    /// The base camp's ID.
    pub id: FGuid,
    /// Its name.
    pub name: FString,
    /// State byte.
    pub state: u8,
    /// Where it stands.
    pub transform: PalTransform,
    /// Area radius.
    pub area_range: unreal::F32,
    /// The group (guild) it belongs to.
    pub group_id_belong_to: FGuid,
    /// The fast-travel point, relative to the camp.
    pub fast_travel_local_transform: PalTransform,
    /// The palbox map object's instance ID.
    pub owner_map_object_instance_id: FGuid,
    /// Bytes after the known fields, kept as stored.
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}

/// Reads `count` elements of at least `min_size` bytes each, after checking that the bytes left
/// can hold them (binrw's `count` would allocate the claimed number first). A negative count
/// reads nothing; the blob then fails its encode-back check and stays undecoded.
fn bounded_vec<T, R>(
    reader: &mut R,
    endian: binrw::Endian,
    (count, min_size): (i32, u64),
) -> binrw::BinResult<Vec<T>>
where
    T: for<'a> BinRead<Args<'a> = ()>,
    R: binrw::io::Read + binrw::io::Seek,
{
    use binrw::io::SeekFrom;
    let pos = reader.stream_position()?;
    let end = reader.seek(SeekFrom::End(0))?;
    reader.seek(SeekFrom::Start(pos))?;
    let n = u64::try_from(count).unwrap_or(0);
    if n.saturating_mul(min_size) > end.saturating_sub(pos) {
        return Err(binrw::Error::AssertFail {
            pos,
            message: format!("count {count} does not fit the {} bytes left", end - pos),
        });
    }
    (0..n)
        .map(|_| T::read_options(reader, endian, ()))
        .collect()
}

/// A `RawData` property found in a body: its path, what its layout depends on (see
/// [`RawData::decode`]) and its bytes.
struct Blob<'a> {
    path: String,
    discriminator: Option<&'a str>,
    bytes: &'a mut Vec<u8>,
}

impl PalworldRawData {
    /// Moves every `RawData` byte array out of `body` (leaving them empty until
    /// [`PalworldRawData::apply`]) and decodes them. A blob of a decoded kind that does not decode
    /// (or would not encode back to the same bytes) is kept as [`RawData::Undecoded`] (see
    /// [`PalworldRawData::still_raw_by_path`]).
    pub fn take(body: &mut GvasBody) -> PalworldRawData {
        let ctx = context(body);
        let mut blobs = Vec::new();
        walk(
            &mut body.properties,
            &mut String::new(),
            None,
            &mut |blob| {
                let data = decode_blob(&blob, &ctx);
                blob.bytes.clear();
                blob.bytes.shrink_to_fit();
                blobs.push((blob.path, data));
            },
        );
        PalworldRawData { blobs }
    }

    /// Writes every blob back into `body`'s `RawData` arrays (the same ones, in the same order).
    pub fn apply(&self, body: &mut GvasBody) -> Result<(), Error> {
        let ctx = context(body);
        let mut blobs = self.blobs.iter();
        let mut failure = None;
        walk(
            &mut body.properties,
            &mut String::new(),
            None,
            &mut |blob| {
                if failure.is_some() {
                    return;
                }
                match blobs.next() {
                    Some((path, data)) if *path == blob.path => match encode_blob(data, &ctx) {
                        Ok(bytes) => *blob.bytes = bytes,
                        Err(e) => failure = Some(e.within(&blob.path)),
                    },
                    _ => {
                        failure = Some(Error::new(
                            blob.path.clone(),
                            0,
                            "RawData blobs do not match the body's RawData properties",
                        ))
                    }
                }
            },
        );
        match failure {
            Some(e) => Err(e),
            None if blobs.next().is_some() => Err(Error::new(
                "RawData",
                0,
                "more RawData blobs than the body has RawData properties",
            )),
            None => Ok(()),
        }
    }

    /// How many blobs per path are still bytes.
    pub fn still_raw_by_path(&self) -> BTreeMap<String, usize> {
        let mut counts = BTreeMap::new();
        for (path, data) in &self.blobs {
            if matches!(data, RawData::Undecoded(_)) {
                *counts.entry(path.clone()).or_insert(0) += 1;
            }
        }
        counts
    }

    /// Per path: (blobs decoded, blobs decoded but with bytes kept raw inside, blobs still raw).
    pub fn counts_by_path(&self) -> BTreeMap<String, [usize; 3]> {
        let mut counts: BTreeMap<String, [usize; 3]> = BTreeMap::new();
        for (path, data) in &self.blobs {
            let entry = counts.entry(path.clone()).or_default();
            match data {
                RawData::Undecoded(_) => entry[2] += 1,
                d if d.kept_raw_len() > 0 => entry[1] += 1,
                _ => entry[0] += 1,
            }
        }
        counts
    }

    /// The decoded characters.
    pub fn characters(&self) -> impl Iterator<Item = &CharacterData> {
        self.blobs.iter().filter_map(|(_, d)| match d {
            RawData::Character(c) => Some(&**c),
            _ => None,
        })
    }

    /// The decoded groups.
    pub fn groups(&self) -> impl Iterator<Item = &GroupData> {
        self.blobs.iter().filter_map(|(_, d)| match d {
            RawData::Group(g) => Some(&**g),
            _ => None,
        })
    }
}

impl CharacterData {
    /// The `SaveParameter` struct's properties.
    pub fn save_parameter(&self) -> Option<&PropertyList> {
        match &self.object.get("SaveParameter")?.value {
            PropertyValue::Struct(StructValue::Properties(list)) => Some(list),
            _ => None,
        }
    }

    /// The `SaveParameter` struct's properties, to edit.
    pub fn save_parameter_mut(&mut self) -> Option<&mut PropertyList> {
        let p = self
            .object
            .properties
            .iter_mut()
            .find(|p| p.tag.name.is("SaveParameter"))?;
        match &mut p.value {
            PropertyValue::Struct(StructValue::Properties(list)) => Some(list),
            _ => None,
        }
    }

    /// Whether the character is a player (`SaveParameter.IsPlayer`).
    pub fn is_player(&self) -> bool {
        self.save_parameter()
            .and_then(|p| p.get("IsPlayer"))
            .is_some_and(|p| p.value == PropertyValue::Bool(true))
    }

    /// `SaveParameter.Level` (a byte in current saves, an int in older ones); 1 when absent,
    /// which is how the game stores level 1.
    pub fn level(&self) -> i64 {
        match self
            .save_parameter()
            .and_then(|p| p.get("Level"))
            .map(|p| &p.value)
        {
            Some(PropertyValue::Byte(b)) => i64::from(*b),
            Some(PropertyValue::Int(i)) => i64::from(*i),
            _ => 1,
        }
    }
}

/// The property context of the body's versions (RawData property lists are stored like the body's).
fn context(body: &GvasBody) -> PropertyContext {
    PropertyContext::new(
        body.header.package_file_version_ue4,
        body.header.package_ue5(),
    )
}

fn decode_blob(blob: &Blob<'_>, ctx: &PropertyContext) -> RawData {
    RawData::decode(&blob.path, blob.discriminator, blob.bytes, ctx)
}

impl RawData {
    /// Decodes the bytes of the `RawData` property at `path`; `discriminator` is what its layout
    /// depends on, if anything (a group's `GroupType`, a work's `WorkableType`, a concrete model's
    /// `MapObjectId`, a module's `ModuleMap` key), and `ctx` as for the body's properties. A decoded value is returned only when it encodes back
    /// to `bytes`, so no blob is ever changed by a read; otherwise the bytes are kept.
    pub fn decode(
        path: &str,
        discriminator: Option<&str>,
        bytes: &[u8],
        ctx: &PropertyContext,
    ) -> RawData {
        let Some(kind) = Kind::of(path) else {
            return RawData::Undecoded(bytes.to_vec());
        };
        let decoded = if bytes.is_empty() {
            Some(RawData::Empty)
        } else {
            decode_kind(kind, discriminator.unwrap_or(""), bytes, ctx)
        };
        match decoded {
            Some(data) if data.encode(ctx).is_ok_and(|b| b == bytes) => data,
            _ => RawData::Undecoded(bytes.to_vec()),
        }
    }

    /// How many of this blob's bytes are kept as bytes rather than decoded: all of an
    /// [`RawData::Undecoded`] blob, else its `trailing` bytes and any part of unknown layout (a
    /// concrete model of an unknown class, an unknown dynamic item or work transform).
    pub fn kept_raw_len(&self) -> usize {
        use dynamic_item::DynamicItemKind;
        use work::WorkTransform;
        match self {
            RawData::Undecoded(bytes) => bytes.len(),
            RawData::Empty => 0,
            RawData::Character(d) => d.trailing.len(),
            RawData::Group(d) => d.trailing.len(),
            RawData::ItemContainer(d) => d.trailing.len(),
            RawData::ItemSlot(d) => d.trailing.len(),
            RawData::BaseCamp(d) => d.trailing.len(),
            RawData::WorkerDirector(d) => d.trailing.len(),
            RawData::WorkCollection(d) => d.trailing.len(),
            RawData::BaseCampModule(d) => d.trailing.len(),
            RawData::CharacterContainerSlot(d) => d.trailing.len(),
            RawData::DynamicItem(d) => match &d.kind {
                DynamicItemKind::Unknown(rest) => rest.len(),
                _ => 0,
            },
            RawData::FoliageModel(d) => d.trailing.len(),
            RawData::FoliageInstance(d) => d.trailing.len(),
            RawData::MapModel(d) => d.trailing.len(),
            RawData::Connector(_) => 0,
            RawData::BuildProcess(d) => d.trailing.len(),
            RawData::ConcreteModel(d) => d.trailing.len(),
            RawData::ConcreteModule(d) => d.trailing.len(),
            RawData::Work(d) => {
                let other = match &d.transform {
                    WorkTransform::Other { rest, .. } => rest.len(),
                    _ => 0,
                };
                other + d.trailing.len()
            }
            RawData::WorkAssign(d) => d.trailing.len(),
        }
    }

    /// The bytes of this blob.
    pub fn encode(&self, ctx: &PropertyContext) -> Result<Vec<u8>, Error> {
        encode_blob(self, ctx)
    }
}

fn read_binrw<T>(bytes: &[u8]) -> Option<T>
where
    T: for<'a> BinRead<Args<'a> = ()>,
{
    T::read_le(&mut binrw::io::Cursor::new(bytes)).ok()
}

fn read_args<T, A>(bytes: &[u8], args: A) -> Option<T>
where
    T: for<'a> BinRead<Args<'a> = A>,
{
    T::read_le_args(&mut binrw::io::Cursor::new(bytes), args).ok()
}

fn decode_kind(
    kind: Kind,
    discriminator: &str,
    bytes: &[u8],
    ctx: &PropertyContext,
) -> Option<RawData> {
    Some(match kind {
        Kind::Character => RawData::Character(Box::new(decode_character(bytes, ctx)?)),
        Kind::Group => RawData::Group(read_args(bytes, (GroupKind::of(discriminator),))?),
        Kind::ItemContainer => RawData::ItemContainer(read_binrw(bytes)?),
        Kind::ItemSlot => RawData::ItemSlot(read_binrw(bytes)?),
        Kind::BaseCamp => RawData::BaseCamp(read_binrw(bytes)?),
        Kind::WorkerDirector => RawData::WorkerDirector(read_binrw(bytes)?),
        Kind::WorkCollection => RawData::WorkCollection(read_binrw(bytes)?),
        Kind::BaseCampModule => RawData::BaseCampModule(read_args(
            bytes,
            (base_camp::BaseCampModuleType::of(discriminator),),
        )?),
        Kind::CharacterContainer => return None,
        Kind::CharacterContainerSlot => RawData::CharacterContainerSlot(read_binrw(bytes)?),
        Kind::DynamicItem => {
            RawData::DynamicItem(Box::new(dynamic_item::DynamicItem::decode(bytes, ctx)?))
        }
        Kind::FoliageModel => RawData::FoliageModel(read_binrw(bytes)?),
        Kind::FoliageInstance => RawData::FoliageInstance(read_binrw(bytes)?),
        Kind::MapModel => RawData::MapModel(read_binrw(bytes)?),
        Kind::Connector => RawData::Connector(read_binrw(bytes)?),
        Kind::BuildProcess => RawData::BuildProcess(read_binrw(bytes)?),
        Kind::ConcreteModel => RawData::ConcreteModel(Box::new(map_object::ConcreteModel::decode(
            bytes,
            discriminator,
            ctx,
        )?)),
        Kind::ConcreteModule => RawData::ConcreteModule(read_args(
            bytes,
            (map_object::ModuleType::of(discriminator),),
        )?),
        Kind::Work => RawData::Work(read_args(bytes, (work::WorkKind::of(discriminator),))?),
        Kind::WorkAssign => RawData::WorkAssign(read_binrw(bytes)?),
    })
}

fn decode_character(bytes: &[u8], ctx: &PropertyContext) -> Option<CharacterData> {
    let (object, used) = PropertyList::read(bytes, 0, ctx).ok()?;
    let rest = bytes.get(used..)?;
    let unknown: [u8; 4] = rest.get(..4)?.try_into().ok()?;
    let group_id = FGuid::read_le(&mut binrw::io::Cursor::new(rest.get(4..20)?)).ok()?;
    Some(CharacterData {
        object,
        unknown,
        group_id,
        trailing: rest[20..].to_vec(),
    })
}

fn encode_blob(data: &RawData, ctx: &PropertyContext) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    let put = |name: &'static str, result: binrw::BinResult<()>| {
        result.map_err(|e| Error::binrw(name, 0, e))
    };
    match data {
        RawData::Undecoded(bytes) => out.extend_from_slice(bytes),
        RawData::Empty => {}
        RawData::Character(c) => {
            c.object
                .write(ctx, &mut out)
                .map_err(|e| Error::property("object", e))?;
            out.extend_from_slice(&c.unknown);
            put("group_id", crate::put_binrw(&c.group_id, &mut out))?;
            out.extend_from_slice(&c.trailing);
        }
        RawData::Group(d) => put("group", crate::put_binrw(&**d, &mut out))?,
        RawData::ItemContainer(d) => put("item container", crate::put_binrw(&**d, &mut out))?,
        RawData::ItemSlot(d) => put("item slot", crate::put_binrw(&**d, &mut out))?,
        RawData::BaseCamp(d) => put("base camp", crate::put_binrw(&**d, &mut out))?,
        RawData::WorkerDirector(d) => put("worker director", crate::put_binrw(&**d, &mut out))?,
        RawData::WorkCollection(d) => put("work collection", crate::put_binrw(&**d, &mut out))?,
        RawData::BaseCampModule(d) => put("base camp module", crate::put_binrw(&**d, &mut out))?,
        RawData::CharacterContainerSlot(d) => {
            put("character container slot", crate::put_binrw(&**d, &mut out))?
        }
        RawData::DynamicItem(d) => d.encode(ctx, &mut out)?,
        RawData::FoliageModel(d) => put("foliage model", crate::put_binrw(&**d, &mut out))?,
        RawData::FoliageInstance(d) => put("foliage instance", crate::put_binrw(&**d, &mut out))?,
        RawData::MapModel(d) => put("map model", crate::put_binrw(&**d, &mut out))?,
        RawData::Connector(d) => put("connector", crate::put_binrw(&**d, &mut out))?,
        RawData::BuildProcess(d) => put("build process", crate::put_binrw(&**d, &mut out))?,
        RawData::ConcreteModel(d) => d.encode(ctx, &mut out)?,
        RawData::ConcreteModule(d) => put("concrete module", crate::put_binrw(&**d, &mut out))?,
        RawData::Work(d) => put("work", crate::put_binrw(&**d, &mut out))?,
        RawData::WorkAssign(d) => put("work assign", crate::put_binrw(&**d, &mut out))?,
    }
    Ok(out)
}

/// Properties of a list that decide the layout of the blobs under it.
const DISCRIMINATORS: [&str; 3] = ["GroupType", "WorkableType", "MapObjectId"];

/// The text of an enum, name or string value.
fn text_of(value: &PropertyValue) -> Option<&str> {
    match value {
        PropertyValue::Enum(s) | PropertyValue::Name(s) | PropertyValue::Str(s) => Some(s.as_str()),
        _ => None,
    }
}

/// Calls `f` for every `RawData` byte array under `list`, in file order; `path` is the property
/// path (map entries add `Key`/`Value`, array and set elements add nothing) and `scope` the
/// innermost discriminator around it (a list's `GroupType`, `WorkableType` or `MapObjectId`, or
/// the key of the map entry the blob is in).
fn walk(
    list: &mut PropertyList,
    path: &mut String,
    scope: Option<&str>,
    f: &mut dyn FnMut(Blob<'_>),
) {
    let own = DISCRIMINATORS
        .iter()
        .find_map(|name| list.get(name).and_then(|p| text_of(&p.value)))
        .map(str::to_owned);
    let scope = own.as_deref().or(scope);
    for p in &mut list.properties {
        let len = path.len();
        if len != 0 {
            path.push('.');
        }
        path.push_str(p.tag.name.as_str());
        let is_raw_data = p.tag.name.is("RawData");
        match &mut p.value {
            PropertyValue::Array(a) if is_raw_data => {
                if let ArrayValue::Bytes(bytes) = a.as_mut() {
                    f(Blob {
                        path: path.clone(),
                        discriminator: scope,
                        bytes,
                    });
                }
            }
            value => walk_value(value, path, scope, f),
        }
        path.truncate(len);
    }
}

fn walk_value(
    value: &mut PropertyValue,
    path: &mut String,
    scope: Option<&str>,
    f: &mut dyn FnMut(Blob<'_>),
) {
    match value {
        PropertyValue::Struct(StructValue::Properties(list)) => walk(list, path, scope, f),
        PropertyValue::Array(a) => match a.as_mut() {
            ArrayValue::Structs { items, .. } => {
                for item in items {
                    if let StructValue::Properties(list) = item {
                        walk(list, path, scope, f);
                    }
                }
            }
            ArrayValue::Values(values) => values
                .iter_mut()
                .for_each(|v| walk_value(v, path, scope, f)),
            _ => {}
        },
        PropertyValue::Set(s) => s
            .elements
            .iter_mut()
            .for_each(|v| walk_value(v, path, scope, f)),
        PropertyValue::Map(m) => {
            for (k, v) in &mut m.entries {
                let key = text_of(k).map(str::to_owned);
                let len = path.len();
                path.push_str(".Key");
                walk_value(k, path, scope, f);
                path.truncate(len);
                path.push_str(".Value");
                walk_value(v, path, key.as_deref().or(scope), f);
                path.truncate(len);
            }
        }
        _ => {}
    }
}
