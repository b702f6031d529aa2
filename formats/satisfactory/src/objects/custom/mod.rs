//! Class-specific data: the bytes a class writes after its UObject part.
//!
//! This is the one place that knows about individual classes. A decoder is a [`ClassDecoder`] entry in
//! [`DECODERS`], keyed by class path, with a [`CustomData`] variant for its model; adding a class
//! means adding a module here, one enum variant and one table entry, nothing in the framework. The
//! framework hands a decoder the bytes left after the property list and the versions in force
//! ([`ClassScope`]); a decoder that fails, or leaves bytes unread, makes the object keep those bytes
//! as [`CustomData::Raw`] with the reason ([`Fallback`]), so a round trip never depends on a decoder.

mod conveyor;
mod inventory;
mod layouts;
mod lightweight;
mod net_id;

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};
use unreal::PropertyContext;

pub use conveyor::{
    ConveyorChain, ConveyorChainHead, FConveyorChainSplineSegment, FSplinePointData,
};
pub use inventory::{FConveyorBeltItem, FFGDynamicStruct, FInventoryItem, ItemState};
pub use layouts::{
    ActorComponent, CircuitSubsystem, FVehiclePhysicsData, PlayerStatePointers, RailroadVehicle,
    Vehicle, Wire,
};
pub use lightweight::{
    FRuntimeBuildableInstanceData, FTransform, InstanceHead, LightweightBuildables,
};
pub use net_id::{FUniqueNetIdRepl, NetId};

use super::ObjectHeader;
use crate::Error;
use crate::reader::{Reader, put};
use crate::versions::{FPackageFileVersion, Scope};

/// The versions in force for one object's class data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClassScope {
    /// The object's SaveVersion.
    pub save_version: i32,
    /// The object's package versions.
    pub package: FPackageFileVersion,
}

impl ClassScope {
    /// The property context for property lists inside the class data.
    fn context(self) -> PropertyContext {
        super::properties::context(self.package)
    }
}

impl From<Scope> for ClassScope {
    fn from(scope: Scope) -> Self {
        ClassScope {
            save_version: scope.save_version,
            package: scope.package,
        }
    }
}

/// A class decoder: reads the class data (all of `r`) into a [`CustomData`] variant.
pub(crate) struct ClassDecoder {
    /// Short name of the layout, e.g. `AFGBuildableConveyorBase`.
    pub(crate) layout: &'static str,
    /// Reads the class data; must consume all of `r`.
    pub(crate) read: fn(&mut Reader<'_>, ClassScope) -> Result<CustomData, Error>,
}

/// A decoder of a `#[binrw]` layout into its variant.
macro_rules! binrw_decoder {
    ($layout:literal, $variant:ident) => {
        ClassDecoder {
            layout: $layout,
            read: |r, _| r.binrw($layout).map(CustomData::$variant),
        }
    };
}

const ACTOR_COMPONENT: ClassDecoder = binrw_decoder!("UActorComponent", ActorComponent);
const PLAYER_STATE_POINTERS: ClassDecoder =
    binrw_decoder!("AFGGameMode/AFGGameState", PlayerStatePointers);
const WIRE: ClassDecoder = binrw_decoder!("AFGBuildableWire", Wire);
const CIRCUITS: ClassDecoder = binrw_decoder!("AFGCircuitSubsystem", CircuitSubsystem);
const VEHICLE: ClassDecoder = binrw_decoder!("AFGVehicle", Vehicle);
const RAILROAD_VEHICLE: ClassDecoder = binrw_decoder!("AFGRailroadVehicle", RailroadVehicle);
const CONVEYOR: ClassDecoder = ClassDecoder {
    layout: "AFGBuildableConveyorBase",
    read: |r, scope| {
        inventory::read_items(r, scope.save_version, &scope.context()).map(CustomData::ConveyorBelt)
    },
};
const CHAIN: ClassDecoder = ClassDecoder {
    layout: "AFGConveyorChainActor",
    read: |r, scope| {
        ConveyorChain::read(r, scope.save_version, &scope.context())
            .map(|c| CustomData::ConveyorChain(Box::new(c)))
    },
};
const LIGHTWEIGHT: ClassDecoder = ClassDecoder {
    layout: "AFGLightweightBuildableSubsystem",
    read: |r, scope| {
        LightweightBuildables::read(r, scope.save_version, &scope.context())
            .map(|l| CustomData::LightweightBuildables(Box::new(l)))
    },
};
const PLAYER_STATE: ClassDecoder = ClassDecoder {
    layout: "AFGPlayerState",
    read: |r, _| FUniqueNetIdRepl::read(r).map(CustomData::PlayerState),
};

/// Class path to decoder (the document's class lists).
const DECODERS: &[(&str, ClassDecoder)] = &[
    (
        "/Script/FactoryGame.FGDroneMovementComponent",
        ACTOR_COMPONENT,
    ),
    (
        "/Script/FactoryGame.FGFactoryConnectionComponent",
        ACTOR_COMPONENT,
    ),
    (
        "/Script/FactoryGame.FGFactoryLegsComponent",
        ACTOR_COMPONENT,
    ),
    ("/Script/FactoryGame.FGHealthComponent", ACTOR_COMPONENT),
    ("/Script/FactoryGame.FGInventoryComponent", ACTOR_COMPONENT),
    (
        "/Script/FactoryGame.FGInventoryComponentEquipment",
        ACTOR_COMPONENT,
    ),
    (
        "/Script/FactoryGame.FGInventoryComponentTrash",
        ACTOR_COMPONENT,
    ),
    (
        "/Script/FactoryGame.FGPipeConnectionComponent",
        ACTOR_COMPONENT,
    ),
    (
        "/Script/FactoryGame.FGPipeConnectionComponentHyper",
        ACTOR_COMPONENT,
    ),
    (
        "/Script/FactoryGame.FGPipeConnectionFactory",
        ACTOR_COMPONENT,
    ),
    (
        "/Script/FactoryGame.FGPowerConnectionComponent",
        ACTOR_COMPONENT,
    ),
    ("/Script/FactoryGame.FGPowerInfoComponent", ACTOR_COMPONENT),
    (
        "/Script/FactoryGame.FGRailroadTrackConnectionComponent",
        ACTOR_COMPONENT,
    ),
    (
        "/Script/FactoryGame.FGShoppingListComponent",
        ACTOR_COMPONENT,
    ),
    (
        "/Script/FactoryGame.FGTrainPlatformConnection",
        ACTOR_COMPONENT,
    ),
    (
        "/Script/FactoryGame.FGVehicleAutopilotComponent",
        ACTOR_COMPONENT,
    ),
    (
        "/Game/FactoryGame/-Shared/Blueprint/BP_GameMode.BP_GameMode_C",
        PLAYER_STATE_POINTERS,
    ),
    (
        "/Game/FactoryGame/-Shared/Blueprint/BP_GameState.BP_GameState_C",
        PLAYER_STATE_POINTERS,
    ),
    (
        "/Game/FactoryGame/-Shared/Blueprint/BP_CircuitSubsystem.BP_CircuitSubsystem_C",
        CIRCUITS,
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
        "/Game/FactoryGame/Character/Player/BP_PlayerState.BP_PlayerState_C",
        PLAYER_STATE,
    ),
    (
        "/Script/FactoryGame.FGLightweightBuildableSubsystem",
        LIGHTWEIGHT,
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
];

/// Conveyor belts and lifts, Mk1 to Mk6: `/Game/FactoryGame/Buildable/Factory/Conveyor{Belt,Lift}MkN/...`.
fn conveyor_class(class_name: &str) -> bool {
    let Some(rest) = class_name.strip_prefix("/Game/FactoryGame/Buildable/Factory/") else {
        return false;
    };
    ["ConveyorBeltMk", "ConveyorLiftMk"].iter().any(|kind| {
        rest.strip_prefix(kind).is_some_and(|tail| {
            let mk = tail.split('/').next().unwrap_or("");
            matches!(mk, "1" | "2" | "3" | "4" | "5" | "6")
                && tail.ends_with(&format!("/Build_{kind}{mk}.Build_{kind}{mk}_C"))
        })
    })
}

static BY_CLASS: LazyLock<HashMap<&'static str, &'static ClassDecoder>> =
    LazyLock::new(|| DECODERS.iter().map(|(class, d)| (*class, d)).collect());

/// The decoder for a class path.
pub(crate) fn decoder(class_name: &str) -> Option<&'static ClassDecoder> {
    if conveyor_class(class_name) {
        return Some(&CONVEYOR);
    }
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

/// Class data after the UObject part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CustomData {
    /// The class writes nothing after its UObject part.
    None,
    /// `UActorComponent`: an empty `UCSModifiedProperties`.
    ActorComponent(ActorComponent),
    /// `AFGGameMode` / `AFGGameState`.
    PlayerStatePointers(PlayerStatePointers),
    /// `AFGBuildableWire`.
    Wire(Box<Wire>),
    /// `AFGCircuitSubsystem`.
    CircuitSubsystem(CircuitSubsystem),
    /// `AFGPlayerState`: `FUniqueNetIdRepl`.
    PlayerState(FUniqueNetIdRepl),
    /// `AFGVehicle`.
    Vehicle(Vehicle),
    /// `AFGRailroadVehicle`.
    RailroadVehicle(Box<RailroadVehicle>),
    /// `AFGBuildableConveyorBase`: `mItems`.
    ConveyorBelt(Vec<FConveyorBeltItem>),
    /// `AFGConveyorChainActor`.
    ConveyorChain(Box<ConveyorChain>),
    /// `AFGLightweightBuildableSubsystem`.
    LightweightBuildables(Box<LightweightBuildables>),
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
pub(crate) fn read(header: &ObjectHeader, r: &mut Reader<'_>, scope: Scope) -> CustomData {
    let rest = r.rest();
    let decoder = decoder(header.class_name());
    if rest.is_empty() {
        // Nothing after the UObject part (older versions write no class data for some classes).
        return CustomData::None;
    }
    let decoded = match decoder {
        None => Err(Fallback::NoDecoder),
        Some(d) => {
            let mut sub = r.clone();
            match (d.read)(&mut sub, scope.into()) {
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
    let _ = r.take(rest.len(), "custom");
    decoded.unwrap_or_else(|fallback| CustomData::Raw {
        bytes: rest.to_vec(),
        fallback,
    })
}

impl CustomData {
    /// Appends the class data.
    pub(crate) fn put(
        &self,
        _header: &ObjectHeader,
        scope: Scope,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        let scope = ClassScope::from(scope);
        match self {
            CustomData::None => Ok(()),
            CustomData::ActorComponent(c) => put(c, out, "custom"),
            CustomData::PlayerStatePointers(p) => put(p, out, "custom"),
            CustomData::Wire(w) => put(&**w, out, "custom"),
            CustomData::CircuitSubsystem(c) => put(c, out, "custom"),
            CustomData::PlayerState(id) => id.put(out),
            CustomData::Vehicle(v) => put(v, out, "custom"),
            CustomData::RailroadVehicle(v) => put(&**v, out, "custom"),
            CustomData::ConveyorBelt(items) => {
                inventory::put_items(items, scope.save_version, &scope.context(), out)
            }
            CustomData::ConveyorChain(c) => c.put(scope.save_version, &scope.context(), out),
            CustomData::LightweightBuildables(l) => {
                l.put(scope.save_version, &scope.context(), out)
            }
            CustomData::Raw { bytes, .. } => {
                out.extend_from_slice(bytes);
                Ok(())
            }
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
