//! The whole save game: file header, then every block in file order.

use crate::date::Date;
use crate::finances::Finances;
use crate::guests::Guests;
use crate::header::FileHeader;
use crate::inbox::Inbox;
use crate::observer::GameObserver;
use crate::random::Random;
use crate::rides::Rides;
use crate::scenery::Scenery;
use crate::staff::Staff;
use crate::weather::Weather;
use crate::world::{VoxelStack, World};
use binrw::binrw;
use schema_derive::versioned;
use serde::{Deserialize, Serialize};

/// A FreeRCT save game (FCTS 10-12).
#[versioned(version = header.version)]
#[binrw]
#[brw(little)]
#[bw(assert(
    voxel_stacks.len() == usize::from(world.x_size) * usize::from(world.y_size),
    "world is {}x{} but has {} voxel stacks", world.x_size, world.y_size, voxel_stacks.len()
))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveGame {
    /// File header.
    pub header: FileHeader,
    /// Current date.
    pub date: Date,
    /// World size and border fences.
    pub world: World,
    /// All voxel stacks, x outer and y fastest.
    #[br(count = usize::from(world.x_size) * usize::from(world.y_size))]
    pub voxel_stacks: Vec<VoxelStack>,
    /// Finances.
    pub finances: Finances,
    /// Weather.
    pub weather: Weather,
    /// Game observer (FCTS 12 and later).
    #[since(12)]
    pub observer: Option<GameObserver>,
    /// Rides.
    pub rides: Rides,
    /// Scenery.
    pub scenery: Scenery,
    /// Guests.
    pub guests: Guests,
    /// Staff.
    pub staff: Staff,
    /// Inbox.
    pub inbox: Inbox,
    /// Random seed.
    pub random: Random,
}
