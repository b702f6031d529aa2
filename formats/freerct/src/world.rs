//! World block ("WRLD"), voxel stacks ("VSTK") and voxels ("voxl").

use crate::primitives::{PathInstanceData, VoxelFences, VoxelGround};
use binrw::binrw;
use schema_derive::pattern;
use serde::{Deserialize, Serialize};

/// Voxel instance type of a path (instance data holds the path sprite and type; see
/// [`PathInstanceData`]).
pub const INSTANCE_PATH: u8 = 4;
/// Voxel instance type of a scenery item. Its instance data is one whole u16, not bit fields (FreeRCT's
/// scenery_gui.cpp stores the scenery type index there); it is kept as the raw word. Real files also
/// hold 0xFFFF in most scenery voxels.
pub const INSTANCE_SCENERY: u8 = 5;

/// A border fence override rule of the World block.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BorderFenceRule {
    /// X coordinate of the tile.
    pub x: u16,
    /// Y coordinate of the tile.
    pub y: u16,
    /// The tile edge.
    pub edge: u8,
}

/// The border fence override rules of the World block, preceded by their u16 count.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BorderFenceRules {
    #[br(temp)]
    #[bw(try_calc = u16::try_from(rules.len()))]
    count: u16,
    /// The rules.
    #[br(count = count)]
    pub rules: Vec<BorderFenceRule>,
}

/// World block: size of the world and border fence rules. The voxel stacks follow it.
#[pattern(tag = b"WRLD", newest = 2)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct World {
    /// Length of the world in X direction.
    pub x_size: u16,
    /// Length of the world in Y direction.
    pub y_size: u16,
    /// Border fence override rules (version 2 and later).
    #[since(2)]
    pub border_fence_rules: Option<BorderFenceRules>,
}

/// Voxel: ground, instance and fences of one voxel.
#[pattern(tag = b"voxl", newest = 4)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Voxel {
    /// Ground and foundation word; see [`Voxel::ground_bits`].
    pub ground: u32,
    /// Instance type (0 free, 4 path, 5 scenery).
    #[br(assert(
        matches!(instance, 0 | INSTANCE_PATH | INSTANCE_SCENERY),
        "invalid voxel instance type {}", instance
    ))]
    #[bw(assert(
        matches!(*instance, 0 | INSTANCE_PATH | INSTANCE_SCENERY),
        "Voxel.instance: invalid voxel instance type {}", instance
    ))]
    pub instance: u8,
    /// Instance data, present for path and scenery instances; see [`Voxel::path_bits`].
    #[br(if(instance == INSTANCE_PATH || instance == INSTANCE_SCENERY))]
    #[bw(assert(
        instance_data.is_some() == (*instance == INSTANCE_PATH || *instance == INSTANCE_SCENERY),
        "Voxel.instance_data: instance data goes with instance types {} and {} only, not {}",
        INSTANCE_PATH, INSTANCE_SCENERY, instance
    ))]
    pub instance_data: Option<u16>,
    /// Fence word (version 2 and later); see [`Voxel::fence_bits`].
    #[since(2)]
    pub fences: Option<u16>,
}

impl Voxel {
    /// The ground word split into its bit fields.
    pub fn ground_bits(&self) -> VoxelGround {
        VoxelGround::from_bytes(self.ground.to_le_bytes())
    }

    /// The instance data of a path voxel split into its bit fields; `None` for other instances.
    pub fn path_bits(&self) -> Option<PathInstanceData> {
        match (self.instance, self.instance_data) {
            (INSTANCE_PATH, Some(data)) => Some(PathInstanceData::from_bytes(data.to_le_bytes())),
            _ => None,
        }
    }

    /// The fence word split into one fence type per edge.
    pub fn fence_bits(&self) -> Option<VoxelFences> {
        self.fences
            .map(|f| VoxelFences::from_bytes(f.to_le_bytes()))
    }

    /// Stores a ground word built from its bit fields (the twin of [`Voxel::ground_bits`]).
    pub fn set_ground_bits(&mut self, bits: VoxelGround) {
        self.ground = u32::from_le_bytes(bits.into_bytes());
    }

    /// Stores the instance data of a path voxel (the twin of [`Voxel::path_bits`]); returns
    /// false, changing nothing, when the voxel holds no path.
    pub fn set_path_bits(&mut self, bits: PathInstanceData) -> bool {
        match (self.instance, &mut self.instance_data) {
            (INSTANCE_PATH, Some(data)) => {
                *data = u16::from_le_bytes(bits.into_bytes());
                true
            }
            _ => false,
        }
    }

    /// Stores the fence word (the twin of [`Voxel::fence_bits`]); returns false, changing
    /// nothing, when the voxel's version stores no fences.
    pub fn set_fence_bits(&mut self, bits: VoxelFences) -> bool {
        match &mut self.fences {
            Some(fences) => {
                *fences = u16::from_le_bytes(bits.into_bytes());
                true
            }
            None => false,
        }
    }
}

/// Voxel stack: one column of voxels, bottom first.
#[pattern(tag = b"VSTK", newest = 3)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VoxelStack {
    /// Height of the bottom voxel.
    #[br(assert(base >= 0, "negative voxel stack base {}", base))]
    #[bw(assert(*base >= 0, "VoxelStack.base: negative voxel stack base {}", base))]
    pub base: i16,
    #[br(temp)]
    #[bw(try_calc = u16::try_from(voxels.len()))]
    pub height: u16,
    /// Ownership of the tile (0 none, 1 for sale, 2 park).
    pub owner: u8,
    /// The voxels, bottom first.
    #[br(count = height)]
    pub voxels: Vec<Voxel>,
}
