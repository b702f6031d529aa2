//! Primitive encodings and version checks, on hand-built bytes.

use freerct::primitives::{Bool, PatternDate, Text, VoxelGround};
use freerct::world::Voxel;

#[test]
fn pattern_date_bit_layout() {
    // day 1, month 3, year 1, fraction 88: 1 | 3 << 5 | 1 << 9 | 88 << 16
    let date = PatternDate(1 | 3 << 5 | 1 << 9 | 88 << 16);
    let bits = date.bits();
    assert_eq!(
        (bits.day(), bits.month(), bits.year(), bits.fraction()),
        (1, 3, 1, 88)
    );
    assert_eq!(PatternDate::new(1, 3, 1, 88), date);
}

#[test]
fn voxel_ground_bit_layout() {
    let voxel = Voxel {
        version: 4,
        ground: 0x9c00_c3f0,
        instance: 0,
        instance_data: None,
        fences: Some(0xffff),
    };
    let ground: VoxelGround = voxel.ground_bits();
    assert_eq!(ground.foundation_type(), 0x0);
    assert_eq!(ground.ground_type(), 0xf);
    assert_eq!(ground.foundation_slope(), 0xc3);
    assert_eq!(ground.ground_slope(), 0);
    assert_eq!(ground.unused(), 0x9c);
    assert_eq!(voxel.fence_bits().map(|f| f.north_east()), Some(0xf));
}

#[test]
fn bool_keeps_raw_byte() {
    assert!(Bool(2).get());
    assert!(!Bool(0).get());
    assert_eq!(Bool::from(true), Bool(1));
}

#[test]
fn text_rejects_surrogate_code_points() {
    // An FCTS 11 header whose revision text holds the code point 0xD800.
    let mut data = b"FCTS\x0b\0\0\0".to_vec();
    data.extend_from_slice(&0u64.to_le_bytes());
    data.extend_from_slice(&1u32.to_le_bytes());
    data.extend_from_slice(&0xd800u32.to_le_bytes());
    let err = freerct::read(&data).expect_err("surrogate");
    assert_eq!(err.offset, 20, "{err}");
    assert!(err.path.ends_with("revision"), "{err}");
    assert_eq!(Text::from("ä").as_str(), "ä");
}

#[test]
fn unknown_versions_are_refused() {
    let err = freerct::read(b"FCTS\x0d\0\0\0").expect_err("FCTS 13");
    assert!(err.to_string().contains("13"), "{err}");
    let err = freerct::read(b"FCTS\x09\0\0\0STCF").expect_err("FCTS 9");
    assert!(
        err.to_string().contains("unsupported FCTS version 9"),
        "{err}"
    );
}

#[test]
fn path_instance_data_packs_slope_then_type() {
    use freerct::primitives::{PATH_FLAT_COUNT, PathInstanceData};
    let bits = PathInstanceData::new()
        .with_slope(PATH_FLAT_COUNT + 3)
        .with_path_type(6);
    assert_eq!(u16::from_le_bytes(bits.into_bytes()), 0x1b2);
    assert!(bits.is_ramp() && bits.is_valid_path());
    let flat = PathInstanceData::from_bytes(0x00c2_u16.to_le_bytes());
    assert_eq!(
        (flat.slope(), flat.path_type(), flat.is_ramp()),
        (2, 3, false)
    );
}
