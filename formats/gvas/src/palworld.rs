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
//! Every other `RawData` path stays [`RawData::Undecoded`]; [`PalworldRawData::still_raw_by_path`]
//! counts them.

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
    /// An empty blob at a decoded path (containers and slots without data).
    Empty,
    /// A blob whose layout is not decoded here (or which did not decode), kept as stored.
    Undecoded(#[serde(with = "unreal::chunked::hex_bytes")] Vec<u8>),
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

/// A `RawData` property found in a body: its path, the sibling `GroupType` and its bytes.
struct Blob<'a> {
    path: String,
    group_type: Option<String>,
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
        walk(&mut body.properties, &mut String::new(), &mut |blob| {
            let data = decode_blob(&blob, &ctx);
            blob.bytes.clear();
            blob.bytes.shrink_to_fit();
            blobs.push((blob.path, data));
        });
        PalworldRawData { blobs }
    }

    /// Writes every blob back into `body`'s `RawData` arrays (the same ones, in the same order).
    pub fn apply(&self, body: &mut GvasBody) -> Result<(), Error> {
        let ctx = context(body);
        let mut blobs = self.blobs.iter();
        let mut failure = None;
        walk(&mut body.properties, &mut String::new(), &mut |blob| {
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
        });
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
    RawData::decode(&blob.path, blob.group_type.as_deref(), blob.bytes, ctx)
}

impl RawData {
    /// Decodes the bytes of the `RawData` property at `path` (its sibling `GroupType` for groups;
    /// `ctx` as for the body's properties). A decoded value is returned only when it encodes back
    /// to `bytes`, so no blob is ever changed by a read; otherwise the bytes are kept.
    pub fn decode(
        path: &str,
        group_type: Option<&str>,
        bytes: &[u8],
        ctx: &PropertyContext,
    ) -> RawData {
        let decoded = match path {
            CHARACTER_PATH => decode_character(bytes, ctx).map(|c| RawData::Character(Box::new(c))),
            GROUP_PATH => {
                let kind = GroupKind::of(group_type.unwrap_or(""));
                GroupData::read_le_args(&mut binrw::io::Cursor::new(bytes), (kind,))
                    .ok()
                    .map(|g| RawData::Group(Box::new(g)))
            }
            ITEM_CONTAINER_PATH | ITEM_SLOT_PATH if bytes.is_empty() => Some(RawData::Empty),
            ITEM_CONTAINER_PATH => read_binrw(bytes).map(|d| RawData::ItemContainer(Box::new(d))),
            ITEM_SLOT_PATH => read_binrw(bytes).map(|d| RawData::ItemSlot(Box::new(d))),
            BASE_CAMP_PATH => read_binrw(bytes).map(|d| RawData::BaseCamp(Box::new(d))),
            _ => None,
        };
        match decoded {
            Some(data) if data.encode(ctx).is_ok_and(|b| b == bytes) => data,
            _ => RawData::Undecoded(bytes.to_vec()),
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
    match data {
        RawData::Undecoded(bytes) => out.extend_from_slice(bytes),
        RawData::Character(c) => {
            c.object
                .write(ctx, &mut out)
                .map_err(|e| Error::property("object", e))?;
            out.extend_from_slice(&c.unknown);
            crate::put_binrw(&c.group_id, &mut out).map_err(|e| Error::binrw("group_id", 0, e))?;
            out.extend_from_slice(&c.trailing);
        }
        RawData::Group(g) => {
            crate::put_binrw(&**g, &mut out).map_err(|e| Error::binrw("group", 0, e))?;
        }
        RawData::ItemContainer(d) => {
            crate::put_binrw(&**d, &mut out).map_err(|e| Error::binrw("item container", 0, e))?
        }
        RawData::ItemSlot(d) => {
            crate::put_binrw(&**d, &mut out).map_err(|e| Error::binrw("item slot", 0, e))?
        }
        RawData::BaseCamp(d) => {
            crate::put_binrw(&**d, &mut out).map_err(|e| Error::binrw("base camp", 0, e))?
        }
        RawData::Empty => {}
    }
    Ok(out)
}

/// Calls `f` for every `RawData` byte array under `list`, in file order; `path` is the property
/// path (map entries add `Key`/`Value`, array and set elements add nothing).
fn walk(list: &mut PropertyList, path: &mut String, f: &mut dyn FnMut(Blob<'_>)) {
    let group_type = list.get("GroupType").and_then(|p| match &p.value {
        PropertyValue::Enum(name) => Some(name.as_str().to_owned()),
        _ => None,
    });
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
                        group_type: group_type.clone(),
                        bytes,
                    });
                }
            }
            value => walk_value(value, path, f),
        }
        path.truncate(len);
    }
}

fn walk_value(value: &mut PropertyValue, path: &mut String, f: &mut dyn FnMut(Blob<'_>)) {
    match value {
        PropertyValue::Struct(StructValue::Properties(list)) => walk(list, path, f),
        PropertyValue::Array(a) => match a.as_mut() {
            ArrayValue::Structs { items, .. } => {
                for item in items {
                    if let StructValue::Properties(list) = item {
                        walk(list, path, f);
                    }
                }
            }
            ArrayValue::Values(values) => values.iter_mut().for_each(|v| walk_value(v, path, f)),
            _ => {}
        },
        PropertyValue::Set(s) => s.elements.iter_mut().for_each(|v| walk_value(v, path, f)),
        PropertyValue::Map(m) => {
            for (k, v) in &mut m.entries {
                for (segment, value) in [("Key", k), ("Value", v)] {
                    let len = path.len();
                    path.push('.');
                    path.push_str(segment);
                    walk_value(value, path, f);
                    path.truncate(len);
                }
            }
        }
        _ => {}
    }
}
