//! Fixed rides: "fxri", on-ride guests ("onrg", "gstb", "gstd"), shops ("shop") and gentle/thrill
//! rides ("gtri").

use crate::primitives::{Bool, Money, XyzU16};
use crate::ride_instance::RideInstance;
use binrw::binrw;
use schema_derive::pattern;
use serde::{Deserialize, Serialize};

/// Onride guests data: one guest on a ride.
#[pattern(tag = b"gstd", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OnrideGuestsData {
    /// Guest id (-1 for an empty place).
    pub guest: i32,
    /// Entry information.
    pub entry: u8,
}

/// Onride guests batch: one batch of guests; its size comes from the enclosing "onrg".
#[pattern(tag = b"gstb", newest = 1)]
#[binrw]
#[brw(little)]
#[br(import(batch_size: u16))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OnrideGuestsBatch {
    /// Batch state.
    pub state: u8,
    /// Remaining running time.
    pub remaining: u32,
    /// Entry information.
    pub entry: u16,
    /// Every place in the batch.
    #[br(count = batch_size)]
    pub guests: Vec<OnrideGuestsData>,
}

/// Onride guests: all guests on a ride, in batches.
#[pattern(tag = b"onrg", newest = 1)]
#[binrw]
#[brw(little)]
#[bw(assert(
    batches.iter().all(|b| b.guests.len() == usize::from(*batch_size)),
    "every batch must hold batch_size guests"
))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OnrideGuests {
    /// Size of a batch.
    pub batch_size: u16,
    #[br(temp)]
    #[bw(try_calc = u16::try_from(batches.len()))]
    pub count: u16,
    /// The batches.
    #[br(count = count, args { inner: (batch_size,) })]
    pub batches: Vec<OnrideGuestsBatch>,
}

/// Fixed ride instance: data common to shops and gentle/thrill rides.
#[pattern(tag = b"fxri", newest = 2)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FixedRideInstance {
    /// Ride instance data.
    pub ride: RideInstance,
    /// Orientation.
    pub orientation: u8,
    /// Base position.
    pub position: XyzU16,
    /// Number of working cycles.
    pub working_cycles: u16,
    /// Maximum idle duration.
    pub max_idle: u32,
    /// Minimum idle duration.
    pub min_idle: u32,
    /// Time left in the current working phase.
    pub time_left: u32,
    /// Whether the ride is working.
    pub working: Bool,
    /// Guests on the ride.
    pub onride_guests: OnrideGuests,
    /// Return cost when removing the ride (version 2 and later).
    #[since(2)]
    pub return_cost: Option<Money>,
}

/// Shop instance.
#[pattern(tag = b"shop", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShopInstance {
    /// Fixed ride data.
    pub fixed: FixedRideInstance,
}

/// Gentle/thrill ride instance.
#[pattern(tag = b"gtri", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GentleThrillRideInstance {
    /// Fixed ride data.
    pub fixed: FixedRideInstance,
    /// Entrance position.
    pub entrance: XyzU16,
    /// Exit position.
    pub exit: XyzU16,
}
