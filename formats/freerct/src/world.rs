//! World block ("WRLD"), voxel stacks ("VSTK") and voxels ("voxl").

pub use crate::generated::world::*;
use crate::primitives::{PathInstanceData, VoxelFences, VoxelGround};

/// Voxel instance type of a path (instance data holds the path sprite and type; see
/// [`PathInstanceData`]).
pub const INSTANCE_PATH: u8 = 4;
/// Voxel instance type of a scenery item. Its instance data is one whole u16, not bit fields (FreeRCT's
/// scenery_gui.cpp stores the scenery type index there); it is kept as the raw word. Real files also
/// hold 0xFFFF in most scenery voxels.
pub const INSTANCE_SCENERY: u8 = 5;

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
