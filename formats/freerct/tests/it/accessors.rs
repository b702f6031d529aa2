//! The `_mut` twins of the instance accessors: an edit through them is written and read back.

use crate::common;

use freerct::primitives::{PathInstanceData, VoxelFences};

#[test]
fn ride_instance_data_mut_edits_every_ride_kind() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let mut kinds = std::collections::BTreeSet::new();
    for entry in corpus.iter().filter(|e| e.expected_error.is_none()) {
        let mut save = freerct::read(&entry.data).expect("reads");
        if save.rides.rides.is_empty() {
            continue;
        }
        for (i, ride) in save.rides.rides.iter_mut().enumerate() {
            kinds.insert(ride.kind);
            let name = format!("ride {i} of {}", entry.path);
            ride.instance_data_mut().name = freerct::Text::from(name.as_str());
            ride.instance_data_mut().total_profit = 1234;
        }
        let back = freerct::read(&freerct::write(&save).expect("writes")).expect("reads back");
        for (i, ride) in back.rides.rides.iter().enumerate() {
            let data = ride.instance_data();
            assert_eq!(data.name.as_str(), format!("ride {i} of {}", entry.path));
            assert_eq!(data.total_profit, 1234);
        }
        assert_eq!(back, save);
    }
    assert!(kinds.len() >= 2, "corpus rides cover kinds {kinds:?}");
}

#[test]
fn voxel_bit_setters_write_what_the_getters_read() {
    let mut save = freerct::SaveGame::example();
    let voxel = save
        .voxel_stacks
        .iter_mut()
        .flat_map(|s| s.voxels.iter_mut())
        .next()
        .expect("a voxel");
    let ground = voxel.ground_bits().with_growth(5);
    voxel.set_ground_bits(ground);
    assert_eq!(voxel.ground_bits().growth(), 5);
    let fences = VoxelFences::new().with_north_east(3).with_south_west(15);
    let has_fences = voxel.set_fence_bits(fences);
    assert_eq!(has_fences, voxel.fences.is_some());
    let path = PathInstanceData::new().with_slope(2).with_path_type(1);
    let is_path = voxel.set_path_bits(path);
    assert_eq!(is_path, voxel.path_bits().is_some());
    let back = freerct::read(&freerct::write(&save).expect("writes")).expect("reads");
    let voxel = back
        .voxel_stacks
        .iter()
        .flat_map(|s| s.voxels.iter())
        .next()
        .expect("a voxel");
    assert_eq!(voxel.ground_bits().growth(), 5);
    if has_fences {
        assert_eq!(voxel.fence_bits(), Some(fences));
    }
}

#[test]
fn path_bits_setter_changes_a_real_path() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let entry = corpus
        .iter()
        .find(|e| e.path.ends_with("default.fct"))
        .expect("default.fct");
    let mut save = freerct::read(&entry.data).expect("reads");
    let (stack, index, old) = save
        .voxel_stacks
        .iter()
        .enumerate()
        .find_map(|(s, stack)| {
            stack.voxels.iter().enumerate().find_map(|(v, voxel)| {
                voxel
                    .path_bits()
                    .filter(|bits| bits.is_valid_path())
                    .map(|bits| (s, v, bits))
            })
        })
        .expect("a path voxel");
    let new = old.with_path_type(old.path_type() % 15 + 1);
    assert!(save.voxel_stacks[stack].voxels[index].set_path_bits(new));
    let back = freerct::read(&freerct::write(&save).expect("writes")).expect("reads");
    assert_eq!(
        back.voxel_stacks[stack].voxels[index].path_bits(),
        Some(new)
    );
    assert_ne!(Some(new), Some(old));
}
