//! Coasters: "csti" with its placed track pieces ("pstp"), trains ("cstt"), cars ("cstc", "dpcc"),
//! stations and intensity statistics (plain records using the coaster's version).

use crate::person::VoxelObject;
use crate::primitives::{Bool, Money, Text, XyzU16};
use crate::ride_instance::RideInstance;
use binrw::binrw;
use schema_derive::{pattern, versioned};
use serde::{Deserialize, Serialize};

/// Positioned track piece: where a track piece is placed.
#[pattern(tag = b"pstp", newest = 2)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PositionedTrackPiece {
    /// Base voxel.
    pub position: XyzU16,
    /// Distance of the piece's start along the track.
    pub distance: u32,
    /// Return cost when removing the piece (version 2 and later).
    #[since(2)]
    pub return_cost: Option<Money>,
}

/// A placed track piece: which piece (by index before coaster version 2, by internal name since) and
/// where it is.
#[versioned]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlacedTrackPiece {
    /// Track piece index (coaster version 1).
    #[until(1)]
    pub index: Option<u32>,
    /// Track piece internal name (coaster version 2 and later).
    #[since(2)]
    pub name: Option<Text>,
    /// Placement.
    pub piece: PositionedTrackPiece,
}

/// Display coaster car: one displayed piece of a car.
#[pattern(tag = b"dpcc", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DisplayCoasterCar {
    /// Position.
    pub voxel_object: VoxelObject,
    /// Pitch.
    pub pitch: u8,
    /// Roll.
    pub roll: u8,
    /// Yaw.
    pub yaw: u8,
}

/// Coaster car: one car of a train.
#[pattern(tag = b"cstc", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CoasterCar {
    /// Front display car.
    pub front: DisplayCoasterCar,
    /// Back display car.
    pub back: DisplayCoasterCar,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(seats.len()))]
    pub count: u32,
    /// Guest id in every seat (-1 for empty).
    #[br(count = count)]
    pub seats: Vec<i32>,
}

/// Coaster train: its cars (the car count is stored by the coaster) and motion state.
#[pattern(tag = b"cstt", newest = 1)]
#[binrw]
#[brw(little)]
#[br(import(cars: u16))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CoasterTrain {
    /// The cars.
    #[br(count = cars)]
    pub cars: Vec<CoasterCar>,
    /// Position of the back of the train along the track.
    pub back_position: u32,
    /// Current speed.
    pub speed: i32,
    /// Station policy.
    pub station_policy: u8,
    /// Milliseconds left to wait in the station.
    pub wait_time: u32,
}

/// Coaster station (plain record inside "csti").
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoasterStation {
    /// Entrance position.
    pub entrance: XyzU16,
    /// Exit position.
    pub exit: XyzU16,
    /// Station direction.
    pub direction: u8,
    /// Station length.
    pub length: u32,
    /// Position of the station's back along the track.
    pub back_position: u32,
    #[br(temp)]
    #[bw(try_calc = u16::try_from(voxels.len()))]
    count: u16,
    /// Voxels occupied by the station.
    #[br(count = count)]
    pub voxels: Vec<XyzU16>,
}

/// Coaster intensity statistics data point (plain record inside "csti").
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoasterIntensityStatistics {
    /// Position along the track.
    pub position: u32,
    /// Whether the data point is valid.
    pub valid: Bool,
    /// Precision, average speed, vertical G and horizontal G.
    pub values: [i32; 4],
}

/// Coaster: a roller coaster instance.
#[pattern(tag = b"csti", newest = 2)]
#[binrw]
#[brw(little)]
#[bw(assert(
    trains.iter().all(|t| t.cars.len() == usize::from(*cars_per_train)),
    "every train must have cars_per_train cars"
))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Coaster {
    /// Ride instance data.
    pub ride: RideInstance,
    /// Capacity (positioned track pieces).
    pub capacity: u32,
    /// Total length in 1/256 pixels.
    pub total_length: u32,
    #[br(temp)]
    #[br(assert(piece_count > 0, "coaster without track pieces"))]
    #[bw(try_calc = u16::try_from(pieces.len()))]
    #[bw(assert(!pieces.is_empty(), "Coaster.pieces: coaster without track pieces"))]
    pub piece_count: u16,
    /// Placed track pieces.
    #[br(count = piece_count)]
    #[with_version]
    pub pieces: Vec<PlacedTrackPiece>,
    #[br(temp)]
    #[bw(try_calc = u16::try_from(trains.len()))]
    pub train_count: u16,
    /// Cars in a single train.
    pub cars_per_train: u16,
    /// The trains.
    #[br(count = train_count, args { inner: (cars_per_train,) })]
    #[bw(assert(
        trains.iter().all(|t| t.cars.len() == usize::from(*cars_per_train)),
        "Coaster.trains: every train must have cars_per_train = {} cars", cars_per_train
    ))]
    pub trains: Vec<CoasterTrain>,
    /// Maximum idle duration in milliseconds.
    pub max_idle: u32,
    /// Minimum idle duration in milliseconds.
    pub min_idle: u32,
    #[br(temp)]
    #[bw(try_calc = u16::try_from(stations.len()))]
    pub station_count: u16,
    /// Stations.
    #[br(count = station_count)]
    pub stations: Vec<CoasterStation>,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(intensity_statistics.len()))]
    pub statistics_count: u32,
    /// Intensity statistics.
    #[br(count = statistics_count)]
    pub intensity_statistics: Vec<CoasterIntensityStatistics>,
}
