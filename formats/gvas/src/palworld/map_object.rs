//! `worldSaveData.MapObjectSaveData`: the blobs of a map object (a building, a chest, a rock, an
//! egg, ...): its model, the model's connector and build process, its concrete model (whose
//! layout depends on the object's class, found from its `MapObjectId`) and the concrete model's
//! modules (whose layout depends on the module type, the `ModuleMap` key).

use std::collections::HashMap;
use std::sync::OnceLock;

use binrw::{BinRead, binrw};
use serde::{Deserialize, Serialize};
use unreal::{F32, FGuid, FString, PropertyContext, PropertyList};

use super::{PalItemAndNum, PalTransform, bounded_vec};
use crate::Error;

/// `Model.RawData`: the part every map object has.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct MapModel {
    pub instance_id: FGuid,
    pub concrete_model_instance_id: FGuid,
    pub base_camp_id_belong_to: FGuid,
    pub group_id_belong_to: FGuid,
    pub hp_current: i32,
    pub hp_max: i32,
    pub initial_transform_cache: PalTransform,
    pub repair_work_id: FGuid,
    pub owner_spawner_level_object_instance_id: FGuid,
    pub owner_instance_id: FGuid,
    pub build_player_uid: FGuid,
    pub interact_restrict_type: u8,
    pub stage_instance_id_belong_to: FGuid,
    /// Whether `stage_instance_id_belong_to` is set (a UE bool: u32).
    pub stage_instance_id_valid: u32,
    pub created_at: i64,
    /// Bytes after the known fields, kept as stored.
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}

/// One connection of a connector: the model connected to and the connection's index.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct ConnectInfo {
    pub connect_to_model_instance_id: FGuid,
    pub index: u8,
}

/// A connection point and what is connected to it.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Connection {
    /// The point's index.
    pub index: u8,
    #[br(temp)]
    #[bw(try_calc = i32::try_from(connect.len()))]
    count: i32,
    /// What is connected there.
    #[br(parse_with = bounded_vec, args(count, 17))]
    pub connect: Vec<ConnectInfo>,
}

/// `Model.Connector.RawData`: how a building piece connects to its neighbours.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Connector {
    /// Supported level.
    pub supported_level: i32,
    /// The "any place" connection.
    pub connect: Connection,
    /// Further connection points to the end of the blob (stairs have 2: up and down; roofs 4).
    #[br(parse_with = binrw::helpers::until_eof)]
    pub other_connectors: Vec<Connection>,
}

/// `Model.BuildProcess.RawData`.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildProcess {
    /// Build state byte.
    pub state: u8,
    /// The build work's ID.
    pub id: FGuid,
    /// Bytes after the known fields, kept as stored.
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}

/// The concrete model classes whose data differs (`UPalMapObject...Model`), as the game names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum ConcreteClass {
    /// Classes that store nothing after the two IDs.
    NoData,
    DeathDroppedCharacter,
    ConvertItem,
    PickupItemOnLevel,
    DropItem,
    ItemDropOnDamage,
    DeathPenaltyStorage,
    DefenseBulletLauncher,
    GenerateEnergy,
    FarmBlockV2,
    FastTravelPoint,
    ShippingItem,
    ProductItem,
    RecoverOtomo,
    HatchingEgg,
    TreasureBox,
    BreedFarm,
    Signboard,
    Torch,
    PalEgg,
    BaseCampPoint,
    /// A class whose layout is not known here (or an object not in the table).
    Unknown,
}

/// Map object IDs (lower case) per concrete model class, as palworld-save-tools lists them.
/// Objects known to have classes of unknown layout (traps, the minigun) are left out.
const CONCRETE_CLASSES: &[(ConcreteClass, &[&str])] = &[
    (
        ConcreteClass::NoData,
        &[
            // PalBuildObject
            "stonehouse1",
            "strawhouse1",
            "woodhouse1",
            "wooden_foundation",
            "wooden_wall",
            "wooden_roof",
            "wooden_stair",
            "stone_foundation",
            "stone_wall",
            "stone_roof",
            "stone_stair",
            "metal_foundation",
            "metal_wall",
            "metal_roof",
            "metal_stair",
            "defensewall_wood",
            "defensewall",
            "defensewall_metal",
            "wood_windowwall",
            "stone_windowwall",
            "metal_windowwall",
            "wood_trianglewall",
            "stone_trianglewall",
            "metal_trianglewall",
            "wood_slantedroof",
            "stone_slantedroof",
            "metal_slantedroof",
            "table1",
            "tablesquare_wood",
            "tablecircular_wood",
            "bench_wood",
            "stool_wood",
            "decal_palsticker_pinkcat",
            "stool_high_wood",
            "counter_wood",
            "rug_wood",
            "shelf_hang02_wood",
            "ivy01",
            "ivy02",
            "ivy03",
            "chair01_wood",
            "box01_stone",
            "barrel01_iron",
            "barrel02_iron",
            "barrel03_iron",
            "cablecoil01_iron",
            "chair01_iron",
            "chair02_iron",
            "clock01_wall_iron",
            "garbagebag_iron",
            "goalsoccer_iron",
            "machinegame01_iron",
            "machinevending01_iron",
            "pipeclay01_iron",
            "signexit_ceiling_iron",
            "signexit_wall_iron",
            "sofa01_iron",
            "sofa02_iron",
            "stool01_iron",
            "tablecircular01_iron",
            "tableside01_iron",
            "tablesquare01_iron",
            "tablesquare02_iron",
            "tire01_iron",
            "trafficbarricade01_iron",
            "trafficbarricade02_iron",
            "trafficbarricade03_iron",
            "trafficbarricade04_iron",
            "trafficbarricade05_iron",
            "trafficcone01_iron",
            "trafficcone02_iron",
            "trafficcone03_iron",
            "trafficlight01_iron",
            "bathtub_stone",
            "chair01_stone",
            "chair02_stone",
            "clock01_stone",
            "curtain01_wall_stone",
            "desk01_stone",
            "globe01_stone",
            "mirror01_stone",
            "mirror02_stone",
            "mirror01_wall_stone",
            "partition_stone",
            "piano01_stone",
            "piano02_stone",
            "rug01_stone",
            "rug02_stone",
            "rug03_stone",
            "rug04_stone",
            "sofa01_stone",
            "sofa02_stone",
            "sofa03_stone",
            "stool01_stone",
            "stove01_stone",
            "tablecircular01_stone",
            "tabledresser01_stone",
            "tablesink01_stone",
            "toilet01_stone",
            "toiletholder01_stone",
            "towlrack01_stone",
            "plant01_plant",
            "plant02_plant",
            "plant03_plant",
            "plant04_plant",
            "television01_iron",
            "desk01_iron",
            "trafficsign01_iron",
            "trafficsign02_iron",
            "trafficsign03_iron",
            "trafficsign04_iron",
            "chair01_pal",
            // RankUpCharacter, DefenseWait, MedicalPalBed, PalFoodBox, PlayerBed,
            // DisplayCharacter
            "characterrankup",
            "defensewait",
            "medicalpalbed",
            "medicalpalbed_02",
            "medicalpalbed_03",
            "medicalpalbed_04",
            "palfoodbox",
            "playerbed",
            "playerbed_02",
            "playerbed_03",
            "displaycharacter",
            // ItemChest (and ItemChest_AffectCorruption)
            "itemchest",
            "itemchest_02",
            "itemchest_03",
            "dev_itemchest",
            "barrel_wood",
            "box_wood",
            "box01_iron",
            "box02_iron",
            "shelf_wood",
            "shelf_cask_wood",
            "shelf_hang01_wood",
            "shelf01_iron",
            "shelf02_iron",
            "shelf03_iron",
            "shelf04_iron",
            "shelf05_stone",
            "shelf06_stone",
            "shelf07_stone",
            "shelf01_wall_stone",
            "shelf01_wall_iron",
            "shelf01_stone",
            "shelf02_stone",
            "shelf03_stone",
            "shelf04_stone",
            "container01_iron",
            "coolerbox",
            "refrigerator",
            // Door
            "wooden_doorwall",
            "stone_doorwall",
            "metal_doorwall",
            "wood_gate",
            "stone_gate",
            "metal_gate",
            // CharacterStatusOperator, Amusement, RepairItem, BaseCampPassiveEffect,
            // BaseCampPassiveWorkHard, DamagedScarecrow, BaseCampWorkerDirector, MonsterFarm
            "buildablegoddessstatue",
            "spa",
            "spa2",
            "repairbench",
            "toolboxv1",
            "toolboxv2",
            "fountain",
            "silo",
            "transmissiontower",
            "flowerbed",
            "stump",
            "miningtool",
            "cauldron",
            "snowman",
            "olympiccauldron",
            "basecampworkhard",
            "damagedscarecrow",
            "basecampbattledirector",
            "monsterfarm",
            // Lamp, HeatSource
            "lamp",
            "ceilinglamp",
            "largelamp",
            "largeceilinglamp",
            "light_floorlamp01",
            "light_floorlamp02",
            "light_lightpole01",
            "light_lightpole02",
            "light_lightpole03",
            "light_lightpole04",
            "light_candlesticks_top",
            "light_candlesticks_wall",
            "heater",
            "electricheater",
            "cooler",
            "electriccooler",
        ],
    ),
    (ConcreteClass::DeathDroppedCharacter, &["droppedcharacter"]),
    (
        ConcreteClass::ConvertItem,
        &[
            "blastfurnace",
            "blastfurnace2",
            "blastfurnace3",
            "blastfurnace4",
            "blastfurnace5",
            "campfire",
            "cookingstove",
            "electrickitchen",
            "factory_comfortable_01",
            "factory_comfortable_02",
            "factory_hard_01",
            "factory_hard_02",
            "factory_hard_03",
            "hightechkitchen",
            "medicinefacility_01",
            "medicinefacility_02",
            "medicinefacility_03",
            "spherefactory_black_01",
            "spherefactory_black_02",
            "spherefactory_black_03",
            "spherefactory_white_01",
            "spherefactory_white_02",
            "spherefactory_white_03",
            "weaponfactory_clean_01",
            "weaponfactory_clean_02",
            "weaponfactory_clean_03",
            "weaponfactory_dirty_01",
            "weaponfactory_dirty_02",
            "weaponfactory_dirty_03",
            "workbench",
            "workbench_skillunlock",
            "workbench_skillcard",
            "crusher",
            "woodcrusher",
            "flourmill",
        ],
    ),
    (
        ConcreteClass::PickupItemOnLevel,
        &[
            "pickupitem_flint",
            "pickupitem_log",
            "pickupitem_redberry",
            "pickupitem_stone",
            "pickupitem_potato",
            "pickupitem_poppy",
            "pickupitem_mushroom",
            "treasurebox_visiblecontent",
            "treasurebox_visiblecontent_skillfruits",
            "skillfruit_test",
        ],
    ),
    (ConcreteClass::DropItem, &["commondropitem3d"]),
    (
        ConcreteClass::ItemDropOnDamage,
        &[
            "damagablerock_pv",
            "damagablerock0001",
            "damagablerock0002",
            "damagablerock0003",
            "damagablerock0004",
            "damagablerock0005",
            "damagablerock0006",
            "damagablerock0007",
            "damagablerock0008",
            "damagablerock0009",
            "damagablerock0010",
            "damagablerock0011",
            "damagablerock0012",
            "damagablerock0013",
            "damagablerock0014",
            "damagablerock0015",
            "damagablerock0016",
            "damagablerock0017",
        ],
    ),
    (ConcreteClass::DeathPenaltyStorage, &["deathpenaltychest"]),
    (
        ConcreteClass::DefenseBulletLauncher,
        &[
            "defensegatlinggun",
            "defensemachinegun",
            "defensebowgun",
            "defensemissile",
        ],
    ),
    (
        ConcreteClass::GenerateEnergy,
        &[
            "electricgenerator",
            "electricgenerator_slave",
            "electricgenerator2",
            "electricgenerator3",
        ],
    ),
    (
        ConcreteClass::FarmBlockV2,
        &[
            "farmblockv2_grade01",
            "farmblockv2_grade02",
            "farmblockv2_grade03",
            "farmblockv2_wheet",
            "farmblockv2_tomato",
            "farmblockv2_lettuce",
            "farmblockv2_berries",
        ],
    ),
    (ConcreteClass::FastTravelPoint, &["fasttravelpoint"]),
    (ConcreteClass::ShippingItem, &["shippingitembox"]),
    (
        ConcreteClass::ProductItem,
        &["stonepit", "well", "stationdeforest2"],
    ),
    (ConcreteClass::RecoverOtomo, &["recoverotomo"]),
    (ConcreteClass::HatchingEgg, &["hatchingpalegg"]),
    (ConcreteClass::TreasureBox, &["treasurebox"]),
    (ConcreteClass::BreedFarm, &["breedfarm"]),
    (ConcreteClass::Signboard, &["signboard"]),
    (
        ConcreteClass::Torch,
        &[
            "torch",
            "walltorch",
            "light_fireplace01",
            "light_fireplace02",
        ],
    ),
    (
        ConcreteClass::PalEgg,
        &[
            "palegg",
            "palegg_fire",
            "palegg_water",
            "palegg_leaf",
            "palegg_electricity",
            "palegg_ice",
            "palegg_earth",
            "palegg_dark",
            "palegg_dragon",
        ],
    ),
    (ConcreteClass::BaseCampPoint, &["palboxv2"]),
];

impl ConcreteClass {
    /// The class of a map object, from its `MapObjectId` (case-insensitive).
    pub fn of(map_object_id: &str) -> ConcreteClass {
        static TABLE: OnceLock<HashMap<&'static str, ConcreteClass>> = OnceLock::new();
        let table = TABLE.get_or_init(|| {
            CONCRETE_CLASSES
                .iter()
                .flat_map(|(class, ids)| ids.iter().map(move |id| (*id, *class)))
                .collect()
        });
        let lower = map_object_id.to_ascii_lowercase();
        table
            .get(lower.as_str())
            .copied()
            .unwrap_or(ConcreteClass::Unknown)
    }
}

/// An item ID: static ID and the dynamic ID of its instance.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct PalItemId {
    pub static_id: FString,
    pub created_world_id: FGuid,
    pub local_id_in_created_world: FGuid,
}

/// The class-specific part of a concrete model, for the classes with a static layout.
#[binrw]
#[brw(little)]
#[br(import(class: ConcreteClass))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum ConcreteData {
    /// A class that stores nothing more.
    #[br(pre_assert(class == ConcreteClass::NoData))]
    NoData,
    #[br(pre_assert(class == ConcreteClass::DeathDroppedCharacter))]
    DeathDroppedCharacter {
        stored_parameter_id: FGuid,
        owner_player_uid: FGuid,
    },
    #[br(pre_assert(class == ConcreteClass::ConvertItem))]
    ConvertItem {
        current_recipe_id: FString,
        remain_product_num: i32,
        requested_product_num: i32,
        work_speed_additional_rate: F32,
    },
    #[br(pre_assert(class == ConcreteClass::PickupItemOnLevel))]
    PickupItemOnLevel {
        /// A UE bool (u32).
        auto_picked_up: u32,
    },
    #[br(pre_assert(class == ConcreteClass::DropItem))]
    DropItem {
        /// A UE bool (u32).
        auto_picked_up: u32,
        item_id: PalItemId,
    },
    #[br(pre_assert(class == ConcreteClass::ItemDropOnDamage))]
    ItemDropOnDamage {
        #[br(temp)]
        #[bw(try_calc = i32::try_from(drop_item_infos.len()))]
        count: i32,
        #[br(parse_with = bounded_vec, args(count, 40))]
        drop_item_infos: Vec<PalItemAndNum>,
    },
    #[br(pre_assert(class == ConcreteClass::DeathPenaltyStorage))]
    DeathPenaltyStorage { owner_player_uid: FGuid },
    #[br(pre_assert(class == ConcreteClass::DefenseBulletLauncher))]
    DefenseBulletLauncher {
        remaining_bullets: i32,
        magazine_size: i32,
        bullet_item_name: FString,
    },
    #[br(pre_assert(class == ConcreteClass::GenerateEnergy))]
    GenerateEnergy { stored_energy_amount: F32 },
    #[br(pre_assert(class == ConcreteClass::FarmBlockV2))]
    FarmBlockV2 {
        crop_data_id: FString,
        current_state: u8,
        crop_progress_rate_value: F32,
        water_stack_rate_value: F32,
        /// Growth (required time, progress time), in newer saves.
        #[br(try)]
        state_machine: Option<[F32; 2]>,
    },
    #[br(pre_assert(class == ConcreteClass::FastTravelPoint))]
    FastTravelPoint { location_instance_id: FGuid },
    #[br(pre_assert(class == ConcreteClass::ShippingItem))]
    ShippingItem {
        #[br(temp)]
        #[bw(try_calc = i32::try_from(shipping_hours.len()))]
        count: i32,
        #[br(parse_with = bounded_vec, args(count, 4))]
        shipping_hours: Vec<i32>,
    },
    #[br(pre_assert(class == ConcreteClass::ProductItem))]
    ProductItem {
        work_speed_additional_rate: F32,
        product_item_id: FString,
    },
    #[br(pre_assert(class == ConcreteClass::RecoverOtomo))]
    RecoverOtomo { recover_amount_by_sec: F32 },
    #[br(pre_assert(class == ConcreteClass::TreasureBox))]
    TreasureBox { treasure_grade_type: u8 },
    #[br(pre_assert(class == ConcreteClass::BreedFarm))]
    BreedFarm {
        #[br(temp)]
        #[bw(try_calc = i32::try_from(spawned_egg_instance_ids.len()))]
        count: i32,
        #[br(parse_with = bounded_vec, args(count, 16))]
        spawned_egg_instance_ids: Vec<FGuid>,
    },
    #[br(pre_assert(class == ConcreteClass::Signboard))]
    Signboard { signboard_text: FString },
    #[br(pre_assert(class == ConcreteClass::Torch))]
    Torch { extinction_date_time: i64 },
    #[br(pre_assert(class == ConcreteClass::PalEgg))]
    PalEgg { unknown: u32 },
    #[br(pre_assert(class == ConcreteClass::BaseCampPoint))]
    BaseCampPoint { base_camp_id: FGuid },
}

/// A hatching egg's data: the Pal that hatches (a property list like a character's), 4 bytes and
/// its GUID.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HatchingEgg {
    /// The hatched character's save parameter.
    pub hatched_character_save_parameter: PropertyList,
    /// Four bytes after the list (unknown meaning).
    pub unknown: [u8; 4],
    /// The hatched character's GUID.
    pub hatched_character_guid: FGuid,
}

/// What follows a concrete model's two IDs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ConcreteBody {
    /// A class with a static layout.
    Data(ConcreteData),
    /// A hatching egg.
    HatchingEgg(Box<HatchingEgg>),
    /// A class whose layout is not known here: the rest of the blob is in `trailing`.
    Unknown,
}

/// `ConcreteModel.RawData`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConcreteModel {
    /// The concrete model's instance ID.
    pub instance_id: FGuid,
    /// The model's instance ID.
    pub model_instance_id: FGuid,
    /// The class-specific data.
    pub body: ConcreteBody,
    /// Bytes after the known fields, kept as stored (the whole class-specific part when the
    /// class is unknown).
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}

impl ConcreteModel {
    /// Decodes the blob of the map object `map_object_id`.
    pub(super) fn decode(
        bytes: &[u8],
        map_object_id: &str,
        ctx: &PropertyContext,
    ) -> Option<ConcreteModel> {
        let mut cursor = binrw::io::Cursor::new(bytes);
        let instance_id = FGuid::read_le(&mut cursor).ok()?;
        let model_instance_id = FGuid::read_le(&mut cursor).ok()?;
        let class = ConcreteClass::of(map_object_id);
        let body = match class {
            ConcreteClass::Unknown => ConcreteBody::Unknown,
            ConcreteClass::HatchingEgg => {
                let rest = bytes.get(cursor.position() as usize..)?;
                let (egg, used) = HatchingEgg::decode(rest, ctx)?;
                cursor.set_position(cursor.position() + used as u64);
                ConcreteBody::HatchingEgg(Box::new(egg))
            }
            _ => ConcreteBody::Data(ConcreteData::read_le_args(&mut cursor, (class,)).ok()?),
        };
        Some(ConcreteModel {
            instance_id,
            model_instance_id,
            body,
            trailing: bytes.get(cursor.position() as usize..)?.to_vec(),
        })
    }

    pub(super) fn encode(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        let binrw = |e| Error::binrw("concrete model", 0, e);
        crate::put_binrw(&self.instance_id, out).map_err(binrw)?;
        crate::put_binrw(&self.model_instance_id, out).map_err(binrw)?;
        match &self.body {
            ConcreteBody::Data(data) => crate::put_binrw(data, out).map_err(binrw)?,
            ConcreteBody::HatchingEgg(egg) => egg.encode(ctx, out)?,
            ConcreteBody::Unknown => {}
        }
        out.extend_from_slice(&self.trailing);
        Ok(())
    }
}

impl HatchingEgg {
    /// Decodes an egg at the start of `bytes`; returns it and the bytes it used.
    fn decode(bytes: &[u8], ctx: &PropertyContext) -> Option<(HatchingEgg, usize)> {
        let (list, used) = PropertyList::read(bytes, 0, ctx).ok()?;
        let unknown: [u8; 4] = bytes.get(used..used + 4)?.try_into().ok()?;
        let guid = FGuid::read_le(&mut binrw::io::Cursor::new(bytes.get(used + 4..used + 20)?));
        Some((
            HatchingEgg {
                hatched_character_save_parameter: list,
                unknown,
                hatched_character_guid: guid.ok()?,
            },
            used + 20,
        ))
    }

    fn encode(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        self.hatched_character_save_parameter
            .write(ctx, out)
            .map_err(|e| Error::property("hatched_character_save_parameter", e))?;
        out.extend_from_slice(&self.unknown);
        crate::put_binrw(&self.hatched_character_guid, out)
            .map_err(|e| Error::binrw("hatched_character_guid", 0, e))
    }
}

/// Slot indexes of one attribute in an item container module.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct SlotAttributeIndexes {
    pub attribute: u8,
    #[br(temp)]
    #[bw(try_calc = i32::try_from(indexes.len()))]
    count: i32,
    #[br(parse_with = bounded_vec, args(count, 4))]
    pub indexes: Vec<i32>,
}

/// A player's attempts at a password lock.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct PlayerLockInfo {
    pub player_uid: FGuid,
    pub try_failed_count: i32,
    /// A UE bool (u32).
    pub try_success_cache: u32,
}

/// `EPalMapObjectConcreteModelModuleType`, the `ModuleMap` key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum ModuleType {
    ItemContainer,
    CharacterContainer,
    Workee,
    Switch,
    PasswordLock,
    /// Energy, StatusObserver, ItemStack, PlayerRecord, BaseCampPassiveEffect: no data.
    NoData,
    Unknown,
}

impl ModuleType {
    pub(super) fn of(key: &str) -> ModuleType {
        match key.strip_prefix("EPalMapObjectConcreteModelModuleType::") {
            Some("ItemContainer") => ModuleType::ItemContainer,
            Some("CharacterContainer") => ModuleType::CharacterContainer,
            Some("Workee") => ModuleType::Workee,
            Some("Switch") => ModuleType::Switch,
            Some("PasswordLock") => ModuleType::PasswordLock,
            Some(
                "Energy"
                | "StatusObserver"
                | "ItemStack"
                | "PlayerRecord"
                | "BaseCampPassiveEffect",
            ) => ModuleType::NoData,
            _ => ModuleType::Unknown,
        }
    }
}

/// `ConcreteModel.ModuleMap.Value.RawData`, by module type.
#[binrw]
#[brw(little)]
#[br(import(module: ModuleType))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum ConcreteModule {
    #[br(pre_assert(module == ModuleType::ItemContainer))]
    ItemContainer {
        target_container_id: FGuid,
        #[br(temp)]
        #[bw(try_calc = i32::try_from(slot_attribute_indexes.len()))]
        count: i32,
        #[br(parse_with = bounded_vec, args(count, 5))]
        slot_attribute_indexes: Vec<SlotAttributeIndexes>,
        #[br(temp)]
        #[bw(try_calc = i32::try_from(all_slot_attribute.len()))]
        all_count: i32,
        #[br(parse_with = bounded_vec, args(all_count, 1))]
        all_slot_attribute: Vec<u8>,
        /// A UE bool (u32).
        drop_item_at_disposed: u32,
        usage_type: u8,
    },
    #[br(pre_assert(module == ModuleType::CharacterContainer))]
    CharacterContainer { target_container_id: FGuid },
    #[br(pre_assert(module == ModuleType::Workee))]
    Workee { target_work_id: FGuid },
    #[br(pre_assert(module == ModuleType::Switch))]
    Switch { switch_state: u8 },
    #[br(pre_assert(module == ModuleType::PasswordLock))]
    PasswordLock {
        lock_state: u8,
        password: FString,
        #[br(temp)]
        #[bw(try_calc = i32::try_from(player_infos.len()))]
        count: i32,
        #[br(parse_with = bounded_vec, args(count, 24))]
        player_infos: Vec<PlayerLockInfo>,
    },
}

/// A concrete model module blob with anything after its known fields.
#[binrw]
#[brw(little)]
#[br(import(module: ModuleType))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConcreteModuleData {
    /// The module's data.
    #[br(args(module))]
    pub module: ConcreteModule,
    /// Bytes after the known fields, kept as stored.
    #[br(parse_with = binrw::helpers::until_eof)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}
