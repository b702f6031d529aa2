//! Class-specific data: the bytes a class writes after its UObject part.
//!
//! This is the one place that knows about individual classes. A decoder is a `ClassDecoder` entry in
//! `DECODERS`, keyed by class path, with a [`CustomData`] variant for its model; adding a class
//! means adding a module here, one enum variant and one table entry, nothing in the framework. The
//! framework hands a decoder the bytes left after the property list, the versions in force and the
//! property readers (`ClassContext`); a decoder that fails, or leaves bytes unread, makes the object
//! keep those bytes as [`CustomData::Raw`] with the reason ([`Fallback`]), so a round trip never
//! depends on a decoder.
//!
//! Every class the document gives a layout is decoded: belts and lifts ([`conveyor`]), conveyor chain
//! actors, wires and the circuit subsystem ([`power`]), the lightweight buildable subsystem
//! ([`lightweight`]), game mode, game state and player state ([`game`]), vehicles and railroad vehicles
//! ([`vehicle`]), drones ([`drone`]) and actor components ([`component`]). Mod classes keep their bytes
//! raw with [`Fallback::NoDecoder`].
//!
//! The layouts of components, conveyors, drones, lightweight buildables, power, vehicles and the
//! game actors are generated from `schema/{component,conveyor,drone,lightweight,power,vehicle,game}.ksy`
//! and re-exported by their modules here.

pub mod component;
pub mod conveyor;
pub mod drone;
pub mod game;
pub mod lightweight;
pub mod power;
#[cfg(test)]
mod tests;
pub mod types;
pub mod vehicle;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use binrw::io::Cursor;
use binrw::{BinRead, BinWrite};

use types::ClassArgs;

use super::ObjectHeader;
use super::properties::{Contexts, Readers};
use crate::Error;
use crate::reader::{Reader, put, put_args};
use crate::versions::Scope;

pub use component::UActorComponent;
pub use conveyor::{AFGBuildableConveyorBase, AFGConveyorChainActor};
pub use drone::{AFGDroneVehicle, FDroneAction};
pub use game::{AFGPlayerState, PlayerStatePointers};
pub use lightweight::AFGLightweightBuildableSubsystem;
pub use power::{AFGBuildableWire, AFGCircuitSubsystem};
pub use vehicle::{AFGRailroadVehicle, AFGVehicle};

/// What a decoder reads class data with: the versions in force and the property readers, whose
/// context a layout that embeds property lists is lent.
pub(crate) struct ClassContext<'r, 'c> {
    /// The object's SaveVersion and package version.
    pub(crate) scope: Scope,
    readers: &'r mut Readers<'c>,
}

/// A class decoder: reads the class data (all of `r`) into a [`CustomData`] variant.
pub(crate) struct ClassDecoder {
    /// Short name of the layout, e.g. `AFGBuildableConveyorBase`.
    pub(crate) layout: &'static str,
    /// Reads the class data; must consume all of `r`.
    pub(crate) read: fn(&mut Reader<'_>, &mut ClassContext<'_, '_>) -> Result<CustomData, Error>,
}

/// The arguments [`layout!`] reads a layout with, made from the versions in force: `()` for a
/// layout the same in every version, `(save_version,)` for one gated on the SaveVersion.
trait ScopeArgs {
    fn of(scope: Scope) -> Self;
}

impl ScopeArgs for () {
    fn of(_: Scope) {}
}

impl ScopeArgs for (i32,) {
    fn of(scope: Scope) -> Self {
        (scope.save_version,)
    }
}

/// A [`ClassDecoder`] reading the `#[binrw]` layout `$ty` (whose arguments are [`ScopeArgs`])
/// into the [`CustomData`] variant `$variant`.
macro_rules! layout {
    ($variant:ident, $ty:ty) => {
        ClassDecoder {
            layout: stringify!($ty),
            read: |r, cx| {
                let data: $ty = r.binrw_args(stringify!($ty), ScopeArgs::of(cx.scope))?;
                Ok(CustomData::$variant(data.into()))
            },
        }
    };
}

/// Reads a layout that takes [`ClassArgs`] (whose property context is borrowed, so the reader's
/// `binrw_args`, made for owned arguments, does not fit).
fn read_layout<'a, T>(r: &mut Reader<'_>, path: &str, args: ClassArgs<'a>) -> Result<T, Error>
where
    T: BinRead<Args<'a> = ClassArgs<'a>>,
{
    let rest = r.rest();
    let mut cursor = Cursor::new(rest);
    let value = T::read_le_args(&mut cursor, args)
        .map_err(|e| Error::binrw(path, r.offset(), rest.len(), &e))?;
    r.bytes(cursor.position() as usize, path)?;
    Ok(value)
}

/// Appends a layout that takes [`ClassArgs`].
fn put_layout<'a, T>(
    value: &T,
    out: &mut Vec<u8>,
    path: &str,
    args: ClassArgs<'a>,
) -> Result<(), Error>
where
    T: BinWrite<Args<'a> = ClassArgs<'a>>,
{
    let start = out.len();
    let mut cursor = Cursor::new(out);
    cursor.set_position(start as u64);
    value
        .write_le_args(&mut cursor, args)
        .map_err(|e| Error::binrw(path, 0, start, &e))
}

/// Like [`layout!`] for a layout that also takes the property context (items and dynamic structs).
macro_rules! layout_with_properties {
    ($variant:ident, $ty:ty) => {
        ClassDecoder {
            layout: stringify!($ty),
            read: |r, cx| {
                let props = cx.readers.context(cx.scope);
                let data: $ty = read_layout(r, stringify!($ty), (cx.scope.save_version, &props))?;
                Ok(CustomData::$variant(data.into()))
            },
        }
    };
}

const CONVEYOR: ClassDecoder = layout_with_properties!(ConveyorBase, AFGBuildableConveyorBase);
const CHAIN: ClassDecoder = layout_with_properties!(ConveyorChainActor, AFGConveyorChainActor);
const WIRE: ClassDecoder = layout!(Wire, AFGBuildableWire);
const VEHICLE: ClassDecoder = layout!(Vehicle, AFGVehicle);
const RAILROAD_VEHICLE: ClassDecoder = layout!(RailroadVehicle, AFGRailroadVehicle);
const COMPONENT: ClassDecoder = layout!(ActorComponent, UActorComponent);

/// Class path to decoder: the classes the document lists for each layout.
const DECODERS: &[(&str, ClassDecoder)] = &[
    (
        "/Game/FactoryGame/Buildable/Factory/ConveyorBeltMk1/Build_ConveyorBeltMk1.Build_ConveyorBeltMk1_C",
        CONVEYOR,
    ),
    (
        "/Game/FactoryGame/Buildable/Factory/ConveyorBeltMk2/Build_ConveyorBeltMk2.Build_ConveyorBeltMk2_C",
        CONVEYOR,
    ),
    (
        "/Game/FactoryGame/Buildable/Factory/ConveyorBeltMk3/Build_ConveyorBeltMk3.Build_ConveyorBeltMk3_C",
        CONVEYOR,
    ),
    (
        "/Game/FactoryGame/Buildable/Factory/ConveyorBeltMk4/Build_ConveyorBeltMk4.Build_ConveyorBeltMk4_C",
        CONVEYOR,
    ),
    (
        "/Game/FactoryGame/Buildable/Factory/ConveyorBeltMk5/Build_ConveyorBeltMk5.Build_ConveyorBeltMk5_C",
        CONVEYOR,
    ),
    (
        "/Game/FactoryGame/Buildable/Factory/ConveyorBeltMk6/Build_ConveyorBeltMk6.Build_ConveyorBeltMk6_C",
        CONVEYOR,
    ),
    (
        "/Game/FactoryGame/Buildable/Factory/ConveyorLiftMk1/Build_ConveyorLiftMk1.Build_ConveyorLiftMk1_C",
        CONVEYOR,
    ),
    (
        "/Game/FactoryGame/Buildable/Factory/ConveyorLiftMk2/Build_ConveyorLiftMk2.Build_ConveyorLiftMk2_C",
        CONVEYOR,
    ),
    (
        "/Game/FactoryGame/Buildable/Factory/ConveyorLiftMk3/Build_ConveyorLiftMk3.Build_ConveyorLiftMk3_C",
        CONVEYOR,
    ),
    (
        "/Game/FactoryGame/Buildable/Factory/ConveyorLiftMk4/Build_ConveyorLiftMk4.Build_ConveyorLiftMk4_C",
        CONVEYOR,
    ),
    (
        "/Game/FactoryGame/Buildable/Factory/ConveyorLiftMk5/Build_ConveyorLiftMk5.Build_ConveyorLiftMk5_C",
        CONVEYOR,
    ),
    (
        "/Game/FactoryGame/Buildable/Factory/ConveyorLiftMk6/Build_ConveyorLiftMk6.Build_ConveyorLiftMk6_C",
        CONVEYOR,
    ),
    ("/Script/FactoryGame.FGConveyorChainActor", CHAIN),
    (
        "/Script/FactoryGame.FGConveyorChainActor_RepSizeHuge",
        CHAIN,
    ),
    (
        "/Script/FactoryGame.FGConveyorChainActor_RepSizeLarge",
        CHAIN,
    ),
    (
        "/Script/FactoryGame.FGConveyorChainActor_RepSizeMedium",
        CHAIN,
    ),
    (
        "/Script/FactoryGame.FGConveyorChainActor_RepSizeNoCull",
        CHAIN,
    ),
    (
        "/Game/FactoryGame/Buildable/Factory/PowerLine/Build_PowerLine.Build_PowerLine_C",
        WIRE,
    ),
    (
        "/Game/FactoryGame/Events/Christmas/Buildings/PowerLineLights/Build_XmassLightsLine.Build_XmassLightsLine_C",
        WIRE,
    ),
    (
        "/Game/FactoryGame/-Shared/Blueprint/BP_CircuitSubsystem.BP_CircuitSubsystem_C",
        layout!(CircuitSubsystem, AFGCircuitSubsystem),
    ),
    (
        "/Script/FactoryGame.FGLightweightBuildableSubsystem",
        layout_with_properties!(
            LightweightBuildableSubsystem,
            AFGLightweightBuildableSubsystem
        ),
    ),
    (
        "/Game/FactoryGame/-Shared/Blueprint/BP_GameMode.BP_GameMode_C",
        layout!(GameMode, PlayerStatePointers),
    ),
    (
        "/Game/FactoryGame/-Shared/Blueprint/BP_GameState.BP_GameState_C",
        layout!(GameState, PlayerStatePointers),
    ),
    (
        "/Game/FactoryGame/Character/Player/BP_PlayerState.BP_PlayerState_C",
        layout!(PlayerState, AFGPlayerState),
    ),
    (
        "/Game/FactoryGame/Buildable/Vehicle/Cyberwagon/Testa_BP_WB.Testa_BP_WB_C",
        VEHICLE,
    ),
    (
        "/Game/FactoryGame/Buildable/Vehicle/Explorer/BP_Explorer.BP_Explorer_C",
        VEHICLE,
    ),
    (
        "/Game/FactoryGame/Buildable/Vehicle/Golfcart/BP_Golfcart.BP_Golfcart_C",
        VEHICLE,
    ),
    (
        "/Game/FactoryGame/Buildable/Vehicle/Golfcart/BP_GolfcartGold.BP_GolfcartGold_C",
        VEHICLE,
    ),
    (
        "/Game/FactoryGame/Buildable/Vehicle/Tractor/BP_Tractor.BP_Tractor_C",
        VEHICLE,
    ),
    (
        "/Game/FactoryGame/Buildable/Vehicle/Truck/BP_FluidTruck.BP_FluidTruck_C",
        VEHICLE,
    ),
    (
        "/Game/FactoryGame/Buildable/Vehicle/Truck/BP_Truck.BP_Truck_C",
        VEHICLE,
    ),
    (
        "/Game/FactoryGame/Buildable/Vehicle/Train/Locomotive/BP_Locomotive.BP_Locomotive_C",
        RAILROAD_VEHICLE,
    ),
    (
        "/Game/FactoryGame/Buildable/Vehicle/Train/Wagon/BP_FreightWagon.BP_FreightWagon_C",
        RAILROAD_VEHICLE,
    ),
    (
        "/Game/FactoryGame/Buildable/Factory/DroneStation/BP_DroneTransport.BP_DroneTransport_C",
        layout_with_properties!(DroneVehicle, AFGDroneVehicle),
    ),
    ("/Script/FactoryGame.FGDroneMovementComponent", COMPONENT),
    (
        "/Script/FactoryGame.FGFactoryConnectionComponent",
        COMPONENT,
    ),
    ("/Script/FactoryGame.FGFactoryLegsComponent", COMPONENT),
    ("/Script/FactoryGame.FGHealthComponent", COMPONENT),
    ("/Script/FactoryGame.FGInventoryComponent", COMPONENT),
    (
        "/Script/FactoryGame.FGInventoryComponentEquipment",
        COMPONENT,
    ),
    ("/Script/FactoryGame.FGInventoryComponentTrash", COMPONENT),
    ("/Script/FactoryGame.FGPipeConnectionComponent", COMPONENT),
    (
        "/Script/FactoryGame.FGPipeConnectionComponentHyper",
        COMPONENT,
    ),
    ("/Script/FactoryGame.FGPipeConnectionFactory", COMPONENT),
    ("/Script/FactoryGame.FGPowerConnectionComponent", COMPONENT),
    ("/Script/FactoryGame.FGPowerInfoComponent", COMPONENT),
    (
        "/Script/FactoryGame.FGRailroadTrackConnectionComponent",
        COMPONENT,
    ),
    ("/Script/FactoryGame.FGShoppingListComponent", COMPONENT),
    ("/Script/FactoryGame.FGTrainPlatformConnection", COMPONENT),
    ("/Script/FactoryGame.FGVehicleAutopilotComponent", COMPONENT),
];

static BY_CLASS: LazyLock<HashMap<&'static str, &'static ClassDecoder, ClassHash>> =
    LazyLock::new(|| DECODERS.iter().map(|(class, d)| (*class, d)).collect());

/// Every object looks its class up here: class paths are long (SipHash of one cost about as much as
/// reading a small object's header) and differ near their ends, so their length and last 16 bytes
/// are hashed; equal hashes are still told apart by comparing the paths.
type ClassHash = BuildHasherDefault<ClassPathHasher>;

#[derive(Default)]
struct ClassPathHasher(u64);

impl ClassPathHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for ClassPathHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.add(bytes.len() as u64);
        for chunk in bytes[bytes.len().saturating_sub(16)..].chunks(8) {
            let mut word = [0; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The decoder for a class path.
pub(crate) fn decoder(class_name: &str) -> Option<&'static ClassDecoder> {
    BY_CLASS.get(class_name).copied()
}

/// Why class data was kept as raw bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fallback {
    /// No decoder knows the class (mod classes, or classes not done yet).
    NoDecoder,
    /// The class's decoder failed; the error says where.
    DecoderFailed(String),
}

/// Class data after the UObject part. Layouts up to the size of `Raw` are held in place (actor
/// components and belts are most of a save's objects with class data), larger ones boxed, so the
/// enum stays as small as `Raw` makes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CustomData {
    /// The class writes nothing after its UObject part.
    None,
    /// Belts and lifts.
    ConveyorBase(AFGBuildableConveyorBase),
    /// Conveyor chain actors.
    ConveyorChainActor(Box<AFGConveyorChainActor>),
    /// Power lines.
    Wire(Box<AFGBuildableWire>),
    /// The circuit subsystem.
    CircuitSubsystem(AFGCircuitSubsystem),
    /// The lightweight buildable subsystem.
    LightweightBuildableSubsystem(AFGLightweightBuildableSubsystem),
    /// The game mode.
    GameMode(PlayerStatePointers),
    /// The game state.
    GameState(PlayerStatePointers),
    /// A player state.
    PlayerState(Box<AFGPlayerState>),
    /// Wheeled vehicles.
    Vehicle(AFGVehicle),
    /// Locomotives and wagons.
    RailroadVehicle(Box<AFGRailroadVehicle>),
    /// Actor components.
    ActorComponent(UActorComponent),
    /// Drones.
    DroneVehicle(Box<AFGDroneVehicle>),
    /// Bytes kept as stored.
    Raw {
        /// The bytes (hex in JSON).
        #[serde(with = "unreal::chunked::hex_bytes")]
        bytes: Vec<u8>,
        /// Why they were not decoded.
        fallback: Fallback,
    },
}

/// Reads the class data of an object (the rest of `r`); never fails, falling back to raw bytes.
pub(crate) fn read(
    header: &ObjectHeader,
    r: &mut Reader<'_>,
    scope: Scope,
    readers: &mut Readers<'_>,
) -> CustomData {
    let rest = r.rest();
    let decoder = decoder(header.class_name());
    let decoded = match decoder {
        None if rest.is_empty() => return CustomData::None,
        None => Err(Fallback::NoDecoder),
        Some(d) => {
            let mut sub = r.clone();
            let mut cx = ClassContext { scope, readers };
            match (d.read)(&mut sub, &mut cx) {
                Ok(data) if sub.is_empty() => Ok(data),
                Ok(_) => Err(Fallback::DecoderFailed(format!(
                    "{}: {} bytes left undecoded at 0x{:x}",
                    d.layout,
                    sub.remaining(),
                    sub.offset()
                ))),
                Err(e) => Err(Fallback::DecoderFailed(e.to_string())),
            }
        }
    };
    let _ = r.bytes(rest.len(), "custom");
    decoded.unwrap_or_else(|fallback| CustomData::Raw {
        bytes: rest.to_vec(),
        fallback,
    })
}

impl CustomData {
    /// Appends the class data.
    pub(crate) fn put(
        &self,
        scope: Scope,
        contexts: &Contexts,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        let args = (scope.save_version,);
        let props = contexts.get(scope);
        let with_props = (scope.save_version, &*props);
        match self {
            CustomData::None => Ok(()),
            CustomData::Raw { bytes, .. } => {
                out.extend_from_slice(bytes);
                Ok(())
            }
            CustomData::ConveyorBase(d) => {
                put_layout(d, out, "AFGBuildableConveyorBase", with_props)
            }
            CustomData::ConveyorChainActor(d) => {
                put_layout(&**d, out, "AFGConveyorChainActor", with_props)
            }
            CustomData::Wire(d) => put_args(&**d, out, "AFGBuildableWire", args),
            CustomData::CircuitSubsystem(d) => put(d, out, "AFGCircuitSubsystem"),
            CustomData::LightweightBuildableSubsystem(d) => {
                put_layout(d, out, "AFGLightweightBuildableSubsystem", with_props)
            }
            CustomData::GameMode(d) | CustomData::GameState(d) => {
                put(d, out, "PlayerStatePointers")
            }
            CustomData::PlayerState(d) => put(&**d, out, "AFGPlayerState"),
            CustomData::Vehicle(d) => put(d, out, "AFGVehicle"),
            CustomData::RailroadVehicle(d) => put(&**d, out, "AFGRailroadVehicle"),
            CustomData::ActorComponent(d) => put_args(d, out, "UActorComponent", args),
            CustomData::DroneVehicle(d) => put_layout(&**d, out, "AFGDroneVehicle", with_props),
        }
    }

    /// Whether the data was kept as raw bytes, and why.
    pub fn fallback(&self) -> Option<&Fallback> {
        match self {
            CustomData::Raw { fallback, .. } => Some(fallback),
            _ => None,
        }
    }
}
