//! Game observer block ("GOBS", FCTS 12 and later).

use crate::primitives::{Bool, Text};
use binrw::binrw;
use schema_derive::pattern;
use serde::{Deserialize, Serialize};

/// Game observer: park name, rating, guest counts and their history.
#[pattern(tag = b"GOBS", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameObserver {
    /// Won-lost state (0 running, 1 won, 2 lost).
    pub won_lost: u8,
    /// Whether the park is open.
    pub park_open: Bool,
    /// Park name.
    pub park_name: Text,
    /// Park entrance fee.
    pub entrance_fee: u32,
    /// Current park rating.
    pub rating: u16,
    /// Current number of guests.
    pub guests: u32,
    /// Highest-ever number of guests.
    pub max_guests: u32,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(rating_history.len()))]
    pub rating_count: u32,
    /// Park rating history, most recent first.
    #[br(count = rating_count)]
    pub rating_history: Vec<u16>,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(guest_history.len()))]
    pub guest_count: u32,
    /// Guest count history, most recent first.
    #[br(count = guest_count)]
    pub guest_history: Vec<u32>,
}
