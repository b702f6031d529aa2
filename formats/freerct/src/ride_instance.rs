//! Ride instance ("ride"): data common to every ride.

use crate::primitives::{Bool, Money, Text};
use crate::recolouring::Recolouring;
use binrw::binrw;
use schema_derive::pattern;
use serde::{Deserialize, Serialize};

/// Ride instance: name, state, prices, statistics and ratings of a ride.
#[pattern(tag = b"ride", newest = 2)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RideInstance {
    /// Ride name.
    pub name: Text,
    /// Ride state << 8 | flags.
    pub state_flags: u16,
    /// Entrance type id (version 1).
    #[until(1)]
    pub entrance_id: Option<u16>,
    /// Exit type id (version 1).
    #[until(1)]
    pub exit_id: Option<u16>,
    /// Entrance type internal name (version 2 and later).
    #[since(2)]
    pub entrance_name: Option<Text>,
    /// Exit type internal name (version 2 and later).
    #[since(2)]
    pub exit_name: Option<Text>,
    /// Ride, entrance and exit recolouring.
    pub recolours: [Recolouring; 3],
    /// Price of each sold item.
    pub item_prices: [Money; 2],
    /// Count of each sold item.
    pub item_counts: [i64; 2],
    /// Total profit of the ride.
    pub total_profit: Money,
    /// Total profit of selling items.
    pub total_sell_profit: Money,
    /// Current reliability.
    pub reliability: i16,
    /// Current maximum reliability.
    pub max_reliability: i16,
    /// Maintenance interval.
    pub maintenance_interval: u32,
    /// Time since last maintenance.
    pub time_since_maintenance: u32,
    /// Whether the ride is broken.
    pub broken: Bool,
    /// Whether a mechanic has been requested.
    pub mechanic_pending: Bool,
    /// Time since the long-queue message was last sent.
    pub queue_message_timer: u32,
    /// Excitement rating.
    pub excitement: u32,
    /// Intensity rating.
    pub intensity: u32,
    /// Nausea rating.
    pub nausea: u32,
}
