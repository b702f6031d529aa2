//! Rides block ("RIDS").

use crate::coaster::Coaster;
use crate::fixed_ride::{GentleThrillRideInstance, ShopInstance};
use crate::primitives::Text;
use binrw::binrw;
use schema_derive::{pattern, versioned};
use serde::{Deserialize, Serialize};

/// The most derived ride pattern, chosen by the ride type kind byte.
#[binrw]
#[brw(little)]
#[br(import(kind: u8))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum RideData {
    /// Kind 0: a shop.
    #[br(pre_assert(kind == 0))]
    Shop(ShopInstance),
    /// Kinds 1-3 (gentle, thrill, wet): a gentle/thrill ride.
    #[br(pre_assert(matches!(kind, 1..=3)))]
    GentleThrill(GentleThrillRideInstance),
    /// Kind 4: a coaster.
    #[br(pre_assert(kind == 4))]
    Coaster(Coaster),
}

/// One ride of the Rides block.
#[versioned]
#[binrw]
#[brw(little)]
#[bw(assert(
    match data {
        RideData::Shop(_) => *kind == 0,
        RideData::GentleThrill(_) => matches!(*kind, 1..=3),
        RideData::Coaster(_) => *kind == 4,
    },
    "ride kind {} does not match its data", kind
))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RideEntry {
    /// Unique ride instance key (Rides version 3 and later).
    #[since(3)]
    pub instance: Option<u16>,
    /// Ride type kind (0 shop, 1 gentle, 2 thrill, 3 wet, 4 coaster).
    #[br(assert(kind <= 4, "unknown ride type kind {}", kind))]
    pub kind: u8,
    /// Ride type name (Rides version 1).
    #[until(1)]
    pub type_name: Option<Text>,
    /// Ride type index (Rides versions 2-3).
    #[since(2)]
    #[until(3)]
    pub type_index: Option<u16>,
    /// Ride type internal name (Rides version 4 and later).
    #[since(4)]
    pub internal_name: Option<Text>,
    /// The ride pattern.
    #[br(args(kind))]
    pub data: RideData,
}

impl RideEntry {
    /// The ride's common instance data.
    pub fn instance_data(&self) -> &crate::ride_instance::RideInstance {
        match &self.data {
            RideData::Shop(s) => &s.fixed.ride,
            RideData::GentleThrill(g) => &g.fixed.ride,
            RideData::Coaster(c) => &c.ride,
        }
    }

    /// The ride's common instance data, mutably.
    pub fn instance_data_mut(&mut self) -> &mut crate::ride_instance::RideInstance {
        match &mut self.data {
            RideData::Shop(s) => &mut s.fixed.ride,
            RideData::GentleThrill(g) => &mut g.fixed.ride,
            RideData::Coaster(c) => &mut c.ride,
        }
    }
}

/// Rides block: all rides.
#[pattern(tag = b"RIDS", newest = 4)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rides {
    #[br(temp)]
    #[bw(try_calc = u16::try_from(rides.len()))]
    pub count: u16,
    /// The rides.
    #[br(count = count)]
    #[with_version]
    pub rides: Vec<RideEntry>,
}
