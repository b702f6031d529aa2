//! Guests block ("GSTS").

use crate::person::Guest;
use binrw::binrw;
use schema_derive::pattern;
use serde::{Deserialize, Serialize};

/// Complaint counters and notification timers (Guests version 2 and later).
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Complaints {
    /// Hunger, thirst, waste, litter and vandalism complaint counters.
    pub counters: [u16; 5],
    /// Time since the last notification of each complaint kind.
    pub timers: [u32; 5],
}

/// A guest with its unique id.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GuestEntry {
    /// Unique guest id.
    pub id: u16,
    /// The guest.
    pub guest: Guest,
}

/// Guests block: all guests in the park.
#[pattern(tag = b"GSTS", newest = 2)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Guests {
    /// Start voxel x coordinate.
    pub start_x: u16,
    /// Start voxel y coordinate.
    pub start_y: u16,
    /// Frame counter.
    pub frame_counter: u16,
    /// Next guest to animate (unused, 0).
    pub next_guest: u16,
    /// Lowest free index (unused, 0).
    pub free_index: u32,
    /// Complaint state (version 2 and later).
    #[since(2)]
    pub complaints: Option<Complaints>,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(guests.len()))]
    pub count: u32,
    /// Active guests.
    #[br(count = count)]
    pub guests: Vec<GuestEntry>,
}
