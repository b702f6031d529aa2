//! Hand-made bit streams, a synthetic replay, and every corpus replay read and rewritten bit-exact.

use std::path::{Path, PathBuf};

use super::attributes::kind_matches;
use super::bits::{BitReader, BitWriter, paced_growth};
use super::large::LargeValues;
use super::*;
use crate::strings::String16;
use crate::{ClassNetCacheEntry, ClassNetCacheProperty};

#[test]
fn bits_round_trip_across_byte_boundaries() {
    let mut w = BitWriter::default();
    w.bits(0b101, 3);
    w.bits(0xdead_beef, 32);
    w.bit(true);
    w.bits(0x1234_5678_9abc_def0, 64);
    w.bits(0x3ff, 10);
    let bytes = w.finish();
    let mut r = BitReader::new(&bytes);
    assert_eq!(r.bits(3, "t").ok(), Some(0b101));
    assert_eq!(r.u32("t").ok(), Some(0xdead_beef));
    assert_eq!(r.bit("t").ok(), Some(true));
    assert_eq!(r.u64("t").ok(), Some(0x1234_5678_9abc_def0));
    assert_eq!(r.bits(10, "t").ok(), Some(0x3ff));
}

/// Equal bit runs hash alike wherever they start (the reader shares equal large values by it),
/// and runs differing in one bit or in length do not.
#[test]
fn bit_run_hashes_depend_on_the_bits_only() {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    let hash = |prefix: u32, run: &[(u64, u32)]| {
        let mut w = BitWriter::default();
        w.bits(0, prefix);
        for &(value, n) in run {
            w.bits(value, n);
        }
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        r.bits(prefix, "prefix").expect("prefix");
        for &(_, n) in run {
            r.bits(n, "run").expect("run");
        }
        let mut h = BuildHasherDefault::<DefaultHasher>::default().build_hasher();
        r.hash_since(prefix as usize, &mut h);
        std::hash::Hasher::finish(&h)
    };
    let run = [(0x1234_5678_9abc, 48), (0x155, 9), (u64::MAX >> 7, 57)];
    let at_zero = hash(0, &run);
    for prefix in [1, 7, 8, 13, 57] {
        assert_eq!(hash(prefix, &run), at_zero, "prefix {prefix}");
    }
    assert_ne!(
        hash(
            3,
            &[(0x1234_5678_9abc, 48), (0x154, 9), (u64::MAX >> 7, 57)]
        ),
        at_zero
    );
    assert_ne!(hash(3, &run[..2]), at_zero);
    assert_ne!(hash(0, &[(0, 56)]), hash(0, &[(0, 57)]));
}

/// A stream of `first`, then `gap` zero bits, then `second`, read up to the start of `second`
/// (runs are (value, bit count) pairs): the reader a large value's second copy is found with.
fn two_runs(first: &[(u64, u32)], gap: u32, second: &[(u64, u32)]) -> (Vec<u8>, usize) {
    let mut w = BitWriter::default();
    for &(value, n) in first {
        w.bits(value, n);
    }
    w.bits(0, gap);
    let second_start = w.len_bits();
    for &(value, n) in second {
        w.bits(value, n);
    }
    w.bits(0, 64);
    (w.finish(), second_start)
}

/// `same_bits` compares a run read before with the bits ahead, at any two bit offsets, over
/// the whole length and no further (short and long runs, in the 16-byte steps and at the
/// stream's end), and refuses runs that are not behind the reader or would reach past the end.
#[test]
fn same_bits_compares_runs_at_any_offsets() {
    let short: Vec<(u64, u32)> = vec![(0x1234_5678_9abc, 48), (0x155, 9), (u64::MAX >> 7, 57)];
    let mut long = short.clone();
    long.extend([
        (0x00f0_f0f0_f0f0_f0f0, 57),
        (0x1_2345, 57),
        (u64::MAX >> 7, 57),
    ]);
    for mut run in [short, long] {
        run.push((0b101, 3));
        let len: usize = run.iter().map(|&(_, n)| n as usize).sum();
        let mut last_differs = run.clone();
        last_differs.last_mut().expect("a part").0 = 0b001;
        let mut first_differs = run.clone();
        first_differs[0].0 ^= 1 << 20;
        for gap in [0, 1, 7, 8, 13, 64, 300] {
            let (bytes, start) = two_runs(&run, gap, &run);
            let mut r = BitReader::new(&bytes);
            r.consume(start);
            assert!(r.same_bits(0, len), "len {len}, gap {gap}");
            for (other, what) in [(&last_differs, "last"), (&first_differs, "21st")] {
                let (bytes, start) = two_runs(&run, gap, other);
                let mut r = BitReader::new(&bytes);
                r.consume(start);
                assert!(
                    !r.same_bits(0, len),
                    "{what} bit differs, len {len}, gap {gap}"
                );
            }
            let (bytes, start) = two_runs(&run, gap, &last_differs);
            let mut r = BitReader::new(&bytes);
            r.consume(start);
            assert!(r.same_bits(0, len - 1), "all but the last bit, gap {gap}");
            // The stream ends right after the second run, within 16 bytes of most of it.
            let end = (start + len).div_ceil(8);
            let (bytes, start) = two_runs(&run, gap, &run);
            let mut r = BitReader::new(&bytes[..end]);
            r.consume(start);
            assert!(r.same_bits(0, len), "at the end, len {len}, gap {gap}");
            let (bytes, start) = two_runs(&run, gap, &last_differs);
            let mut r = BitReader::new(&bytes[..end]);
            r.consume(start);
            assert!(
                !r.same_bits(0, len),
                "at the end, last bit, len {len}, gap {gap}"
            );
        }
        let (bytes, start) = two_runs(&run, 0, &run);
        let mut r = BitReader::new(&bytes);
        r.consume(start - 1);
        assert!(!r.same_bits(0, len), "run not wholly behind the reader");
        let mut r = BitReader::new(&bytes[..start / 8 + 2]);
        r.consume(start);
        assert!(!r.same_bits(0, len), "past the end of the stream");
    }
}

/// A reader at the start of `second` in [`two_runs`] (5 bits apart), with the window at the
/// start of `first`.
fn at_second_run<'a>(bytes: &'a [u8], start: usize) -> (BitReader<'a>, u64) {
    let mut r = BitReader::new(bytes);
    let window = r.peek().expect("window at the first run");
    r.consume(start);
    (r, window)
}

/// A large value's bits read again are found with the first value's index and length; another
/// kind or other bits are not. A run shorter than the key is found only once decoded, by its
/// bits and length.
#[test]
fn large_values_are_found_by_their_bits() {
    let long = [(0xabc_def0_1234, 48), (0x1ff, 9), (0x8_0303, 20)];
    let (bytes, start) = two_runs(&long, 5, &long);
    let (r, window) = at_second_run(&bytes, start);
    let here = r.peek().expect("window at the second run");
    let mut large = LargeValues::default();
    let index = large.add(LargeAttribute::Int64(7)).expect("index");
    assert_eq!(large.find_run(AttributeKind::Loadout, here, &r), None);
    large.remember_run(AttributeKind::Loadout, window, 0, 77, index);
    assert_eq!(
        large.find_run(AttributeKind::Loadout, here, &r),
        Some((index, 77))
    );
    assert_eq!(large.find_run(AttributeKind::Title, here, &r), None);

    let mut other = long;
    other[2].0 ^= 1 << 19;
    let (bytes, start) = two_runs(&long, 5, &other);
    let (r, _) = at_second_run(&bytes, start);
    let here = r.peek().expect("window at the second run");
    assert_eq!(
        large.find_run(AttributeKind::Loadout, here, &r),
        None,
        "last bit"
    );

    let short = [(0xabc_def0_1234, 48), (0xff, 8)];
    let (bytes, start) = two_runs(&short, 5, &short);
    let (r, window) = at_second_run(&bytes, start);
    let here = r.peek().expect("window at the second run");
    let mut large = LargeValues::default();
    large.remember_run(AttributeKind::Loadout, window, 0, 56, index);
    assert_eq!(large.find_run(AttributeKind::Loadout, here, &r), None);
    let find = |large: &LargeValues, kind, bits, len| large.find_short(kind, bits, len);
    assert_eq!(find(&large, AttributeKind::Loadout, here, 56), Some(index));
    assert_eq!(
        find(&large, AttributeKind::Loadout, here ^ 1 << 55, 56),
        None
    );
    assert_eq!(find(&large, AttributeKind::Loadout, here, 55), None);
    assert_eq!(find(&large, AttributeKind::Title, here, 56), None);
    large.remember_run(AttributeKind::Loadout, window, 0, 57, index);
    assert_eq!(
        find(&large, AttributeKind::Loadout, here, 57),
        None,
        "not a short run"
    );
}

/// Nine runs share a bucket (the same first 57 bits): a look-up compares the newest eight, so
/// the oldest is not found again, the second oldest is.
#[test]
fn a_bucket_is_walked_eight_runs_deep() {
    let mut w = BitWriter::default();
    for k in 0..9 {
        w.bits(0x155, 57);
        w.bits(k, 8);
    }
    for k in [1, 0] {
        w.bits(0x155, 57);
        w.bits(k, 8);
    }
    w.bits(0, 64);
    let bytes = w.finish();
    let mut r = BitReader::new(&bytes);
    let mut large = LargeValues::default();
    let mut indices = Vec::new();
    for k in 0..9 {
        let window = r.peek().expect("window");
        let index = large.add(LargeAttribute::Int64(k)).expect("index");
        large.remember_run(AttributeKind::Loadout, window, r.pos(), 65, index);
        indices.push(index);
        r.consume(65);
    }
    let here = r.peek().expect("window");
    assert_eq!(
        large.find_run(AttributeKind::Loadout, here, &r),
        Some((indices[1], 65))
    );
    r.consume(65);
    let here = r.peek().expect("window");
    assert_eq!(large.find_run(AttributeKind::Loadout, here, &r), None);
}

/// The bits `w` holds, then a 7-bit marker (0x2a) the tests read back to see that exactly the
/// bits before it were consumed, then with `padding` 8 zero bytes, so that the reader takes
/// its one-load path instead of the one for the stream's last 8 bytes.
fn with_marker(mut w: BitWriter, padding: bool) -> Vec<u8> {
    w.bits(0x2a, 7);
    if padding {
        w.bits(0, 64);
    }
    w.finish()
}

#[test]
fn lsb_first_bit_order_matches_spec_example() {
    // Spec: byte 01101001, read 5 bits -> 01001 = 9; then 3 remaining bits 011 = 3.
    let data = [0b0110_1001u8, 0b1100_0101];
    let mut r = BitReader::new(&data);
    assert_eq!(r.bits(5, "t").ok(), Some(9));
    assert_eq!(r.bits(4, "t").ok(), Some(0b1011));
}

#[test]
fn bits_max_encodes_every_value_uniquely() {
    // Without padding the reads fall in the stream's last 8 bytes (the two-read path); with 64
    // bits of it, in the one-load window.
    for (bits, max, padding) in [(9u32, 1023u64), (4, 22), (4, 20), (3, 14), (1, 3), (0, 1)]
        .into_iter()
        .flat_map(|(bits, max)| [(bits, max, false), (bits, max, true)])
    {
        for v in 0..max {
            let mut w = BitWriter::default();
            if w.bits_max(v, bits, max).is_err() {
                // Only values needing more than `bits + 1` bits lack an encoding.
                assert!(v >= 2 << bits, "{v} {bits} {max}");
                continue;
            }
            let bytes = with_marker(w, padding);
            let mut r = BitReader::new(&bytes);
            assert_eq!(
                r.bits_max(bits, max, "t").ok(),
                Some(v),
                "bits {bits} max {max}"
            );
            assert_eq!(r.bits(7, "t").ok(), Some(0x2a));
        }
    }
}

/// `flag_then_bit` takes one bit for a clear flag and two for a set one, from one load and at
/// the stream's end alike, and fails on a set flag with its second bit cut off.
#[test]
fn flag_then_bit_reads_one_or_two_flags() {
    for padding in [false, true] {
        for (flags, want) in [
            (&[false][..], None),
            (&[true, false][..], Some(false)),
            (&[true, true][..], Some(true)),
        ] {
            let mut w = BitWriter::default();
            for &flag in flags {
                w.bit(flag);
            }
            let bytes = with_marker(w, padding);
            let mut r = BitReader::new(&bytes);
            assert_eq!(r.flag_then_bit("f", "t").ok(), Some(want), "{flags:?}");
            assert_eq!(
                r.bits(7, "t").ok(),
                Some(0x2a),
                "{flags:?}, padding {padding}"
            );
        }
    }
    let mut r = BitReader::new(&[0b1000_0000]);
    r.bits(7, "up to the last bit").expect("seven bits");
    assert!(r.flag_then_bit("f", "t").is_err());
}

#[test]
fn flag_then_max_reads_what_a_flag_and_bits_max_wrote() {
    for (bits, max, padding) in [
        (9u32, 1023u64),
        (4, 22),
        (3, 14),
        (1, 3),
        (0, 1),
        (10, 2048),
    ]
    .into_iter()
    .flat_map(|(bits, max)| [(bits, max, false), (bits, max, true)])
    {
        for v in (0..max).chain([u64::MAX]) {
            let mut w = BitWriter::default();
            if v == u64::MAX {
                w.bit(false);
            } else {
                w.bit(true);
                if w.bits_max(v, bits, max).is_err() {
                    continue;
                }
            }
            let bytes = with_marker(w, padding);
            let mut r = BitReader::new(&bytes);
            let want = (v != u64::MAX).then_some(v);
            assert_eq!(
                r.flag_then_max(bits, max, "f", "t").ok(),
                Some(want),
                "bits {bits} max {max}"
            );
            assert_eq!(r.bits(7, "t").ok(), Some(0x2a));
        }
    }
    // A set flag with the id cut off fails instead of reading past the end.
    let mut r = BitReader::new(&[0b0000_0001]);
    assert!(r.flag_then_max(9, 1023, "f", "t").is_err());
}

/// `segment_head` reads what a segment flag, an actor id, and the alive and new flags wrote,
/// consuming exactly those bits, for every id of each width and every flag combination, from
/// one load and within the stream's last 8 bytes alike; a head cut off after its id fails.
#[test]
fn segment_head_reads_flag_id_and_both_flags() {
    let flag_sets: [&[bool]; 3] = [&[false], &[true, false], &[true, true]];
    for (bits, max) in [(9u32, 1023u64), (10, 2047), (4, 22), (0, 1), (15, 32768)] {
        for padding in [false, true] {
            for v in (0..max)
                .step_by(max.div_ceil(300) as usize)
                .chain([max - 1, u64::MAX])
            {
                for flags in flag_sets {
                    let mut w = BitWriter::default();
                    if v == u64::MAX {
                        w.bit(false);
                    } else {
                        w.bit(true);
                        w.bits_max(v, bits, max).expect("an id below max encodes");
                        for &flag in flags {
                            w.bit(flag);
                        }
                    }
                    let bytes = with_marker(w, padding);
                    let mut r = BitReader::new(&bytes);
                    let state = flags.get(1).copied();
                    let want = (v != u64::MAX).then_some((v, state));
                    assert_eq!(
                        r.segment_head(bits, max).ok(),
                        Some(want),
                        "bits {bits} max {max} id {v} flags {flags:?} padding {padding}"
                    );
                    assert_eq!(r.bits(7, "t").ok(), Some(0x2a), "id {v} flags {flags:?}");
                }
            }
        }
    }
    // A set segment flag and a 7-bit id fill the stream's one byte: the alive flag is missing.
    assert!(BitReader::new(&[0xff]).segment_head(7, 128).is_err());
}

/// Bit `i` of `data`, LSB first: the reference the reader's word loads must agree with.
fn reference_bit(data: &[u8], i: usize) -> u64 {
    u64::from(data[i / 8] >> (i % 8) & 1)
}

#[test]
fn reads_of_every_width_at_every_offset_match_bit_by_bit_reference() {
    // 13 bytes: reads start in the fast region and run into the last 8 bytes (slow path).
    let data: Vec<u8> = (0u8..13).map(|i| i.wrapping_mul(0x9d) ^ 0x5a).collect();
    for start in 0..data.len() * 8 {
        for n in 0..=64u32 {
            let mut r = BitReader::new(&data);
            r.bits(start as u32 % 57, "skip").ok();
            let at = r.pos();
            let fits = at + n as usize <= data.len() * 8;
            let expected = (0..n as usize).fold(0u64, |v, i| {
                if fits {
                    v | reference_bit(&data, at + i) << i
                } else {
                    v
                }
            });
            match r.bits(n, "t") {
                Ok(v) => {
                    assert!(fits, "read past the end at {at} width {n}");
                    assert_eq!(v, expected, "at {at} width {n}");
                    assert_eq!(r.pos(), at + n as usize);
                }
                Err(_) => {
                    assert!(!fits, "failed inside the stream at {at} width {n}");
                    assert_eq!(r.pos(), at, "a failed read consumed bits");
                }
            }
        }
    }
}

/// Writes of every width (0 to 64 bits, values with bits above the width set) at every offset,
/// from an empty writer and from a pre-sized one, give the bits a bit-by-bit reference writes.
#[test]
fn writes_of_every_width_at_every_offset_match_bit_by_bit_reference() {
    for sized in [false, true] {
        let mut w = if sized {
            BitWriter::with_capacity(3)
        } else {
            BitWriter::default()
        };
        let mut reference: Vec<bool> = Vec::new();
        let mut value = 0x9e37_79b9_7f4a_7c15u64;
        for step in 0..300u32 {
            let n = step % 65;
            value = value.rotate_left(7) ^ u64::from(step);
            w.bits(value, n);
            reference.extend((0..n).map(|i| value >> i & 1 == 1));
            assert_eq!(w.len_bits(), reference.len());
        }
        let bytes = w.finish();
        assert_eq!(bytes.len(), reference.len().div_ceil(8));
        for (i, &bit) in reference.iter().enumerate() {
            assert_eq!(reference_bit(&bytes, i) == 1, bit, "bit {i}");
        }
        // The padding of the last byte is zero.
        let used = reference.len() % 8;
        if used > 0 {
            assert_eq!(bytes[bytes.len() - 1] >> used, 0);
        }
    }
}

#[test]
fn unaligned_byte_runs_match_bit_by_bit_reference() {
    let data: Vec<u8> = (0u8..12).map(|i| i.wrapping_mul(0x3b) ^ 0xc3).collect();
    for skip in 0..16u32 {
        for n in 0..=data.len() {
            let mut r = BitReader::new(&data);
            r.bits(skip, "skip").ok();
            let fits = skip as usize + n * 8 <= data.len() * 8;
            match r.bytes(n, "t") {
                Ok(bytes) => {
                    assert!(fits);
                    for (k, b) in bytes.iter().enumerate() {
                        let want = (0..8).fold(0u64, |v, i| {
                            v | reference_bit(&data, skip as usize + k * 8 + i) << i
                        });
                        assert_eq!(u64::from(*b), want, "skip {skip} byte {k}");
                    }
                    assert_eq!(r.pos(), skip as usize + n * 8);
                }
                Err(_) => assert!(!fits, "skip {skip} n {n}"),
            }
        }
    }
}

/// Single-bit reads (their own one-byte path) give every bit of the stream, to the last one,
/// and then fail without moving.
#[test]
fn single_bits_match_the_reference_to_the_end() {
    let data: Vec<u8> = (0u8..11).map(|i| i.wrapping_mul(0x6b) ^ 0x96).collect();
    let mut r = BitReader::new(&data);
    for i in 0..data.len() * 8 {
        assert_eq!(
            r.bit("t").ok(),
            Some(reference_bit(&data, i) == 1),
            "bit {i}"
        );
    }
    assert!(r.bit("t").is_err());
    assert_eq!(r.pos(), data.len() * 8);
}

#[test]
fn truncated_reads_fail_instead_of_panicking() {
    let mut r = BitReader::new(&[0xff]);
    assert!(r.u32("t").is_err());
    let mut r = BitReader::new(&[0xff; 4]);
    assert!(r.bytes(usize::MAX, "t").is_err());
}

#[test]
fn version_triples_order_lexicographically() {
    assert!(VersionTriple::new(868, 23, 8) > VersionTriple::new(868, 23, 7));
    assert!(VersionTriple::new(868, 24, 0) > VersionTriple::new(868, 23, 10));
    assert!(VersionTriple::new(868, 12, 0) < VersionTriple::new(868, 14, 0));
    assert!(is_rl_223_build("221120.42953.406184"));
    assert!(is_rl_223_build("230101.1.1"));
    assert!(!is_rl_223_build("221120.42953.406183"));
    assert!(!is_rl_223_build("garbage"));
}

fn synthetic_objects() -> Vec<String16> {
    [
        "Engine.Actor",
        "TAGame.RBActor_TA",
        "TAGame.Ball_TA",
        "Archetypes.Ball.Ball_Default",
        "TAGame.RBActor_TA:ReplicatedRBState",
        "TAGame.Ball_TA:HitTeamNum",
        "Engine.PlayerReplicationInfo:PlayerName",
        "Engine.PlayerReplicationInfo",
        "TAGame.Ball_TA:GameEvent",
    ]
    .map(String16::new)
    .to_vec()
}

fn synthetic_cache() -> Vec<ClassNetCacheEntry> {
    vec![
        ClassNetCacheEntry::new(0, 0, 1, &[]),
        ClassNetCacheEntry::new(1, 1, 2, &[(4, 7)]),
        ClassNetCacheEntry::new(2, 2, 3, &[(5, 12), (8, 13)]),
    ]
}

/// The network context of the synthetic stream: two frames, 1023 channels.
fn synthetic_ctx<'a>(
    objects: &'a [String16],
    cache: &'a [ClassNetCacheEntry],
) -> NetworkContext<'a> {
    NetworkContext {
        version: VersionTriple::new(868, 29, 10),
        num_frames: 2,
        max_channels: 1023,
        is_lan: false,
        is_rl_223: true,
        objects,
        net_cache: cache,
    }
}

fn synthetic_frames() -> Frames {
    let rb = RigidBody {
        sleeping: false,
        location: Vector3i {
            size: 15,
            x: -1234,
            y: 5678,
            z: 93,
        },
        rotation: Quaternion::SmallestThree {
            largest: 3,
            a: 1,
            b: 131_071,
            c: 262_143,
        },
        linear_velocity: Some(Vector3i {
            size: 3,
            x: -16,
            y: 15,
            z: 0,
        }),
        angular_velocity: Some(Vector3i {
            size: 0,
            x: 1,
            y: -2,
            z: 0,
        }),
    };
    Frames {
        frames: vec![
            Frame {
                time: F32Bits::from(1.5),
                delta: F32Bits::from(0.03),
                actor_count: 1,
            },
            Frame {
                time: F32Bits(0x7fc0_0001),
                delta: F32Bits::from(-0.0),
                actor_count: 3,
            },
        ],
        actors: vec![
            ActorEvent::New,
            ActorEvent::Updated {
                actor_id: 1022,
                count: 3,
            },
            ActorEvent::Deleted(1022),
            ActorEvent::Deleted(0),
        ],
        new_actors: vec![NewActor {
            actor_id: 1022,
            name_id: Some(7),
            unknown: false,
            object_id: 3,
            location: Some(Vector3i {
                size: 21,
                x: -4_000_000,
                y: 4_194_303,
                z: -4_194_304,
            }),
            rotation: Some(Rotation {
                yaw: Some(-3),
                pitch: None,
                roll: Some(127),
            }),
        }],
        attributes: vec![
            UpdatedAttribute {
                stream_id: 7,
                object_id: 4,
                value: Attribute::RigidBody(RigidBodyIndex(0)),
            },
            UpdatedAttribute {
                stream_id: 12,
                object_id: 5,
                value: Attribute::Byte(1),
            },
            UpdatedAttribute {
                stream_id: 13,
                object_id: 8,
                value: Attribute::ActiveActor {
                    active: true,
                    actor: 42,
                },
            },
        ],
        rigid_bodies: vec![PackedRigidBody::pack(&rb).unwrap()],
        large_attributes: Vec::new(),
        trailing: TrailingBits {
            bit_len: 11,
            bytes: vec![0xab, 0x05],
        },
    }
}

#[test]
fn synthetic_stream_round_trips() {
    let objects = synthetic_objects();
    let cache = synthetic_cache();
    let ctx = synthetic_ctx(&objects, &cache);
    let frames = synthetic_frames();
    let bytes = write_frames(&ctx, &frames).expect("write");
    let back = read_frames(&ctx, &bytes).expect("read");
    // The trailing bits differ: the writer pads the last byte, which reads back as trailing.
    assert_eq!(
        (
            &back.frames,
            &back.actors,
            &back.new_actors,
            &back.attributes
        ),
        (
            &frames.frames,
            &frames.actors,
            &frames.new_actors,
            &frames.attributes
        )
    );
    assert_eq!(back.rigid_bodies, frames.rigid_bodies);
    assert_eq!(
        back.rigid_body(RigidBodyIndex(0)),
        frames.rigid_bodies.first().map(PackedRigidBody::unpack)
    );
    assert_eq!(write_frames(&ctx, &back).expect("rewrite"), bytes);
}

#[test]
fn writer_rejects_inconsistent_frames() {
    let objects = synthetic_objects();
    let cache = synthetic_cache();
    let ctx = synthetic_ctx(&objects, &cache);
    let mut frames = synthetic_frames();
    frames.new_actors[0].rotation = None;
    let err = write_frames(&ctx, &frames).expect_err("rotation is required for a ball");
    assert_eq!(err.frame, Some(0));
    assert!(err.to_string().contains("spawn location/rotation"), "{err}");

    let mut frames = synthetic_frames();
    frames.actors[1] = ActorEvent::Updated {
        actor_id: 5,
        count: 3,
    };
    assert!(
        write_frames(&ctx, &frames).is_err(),
        "update of a missing actor"
    );

    let mut frames = synthetic_frames();
    frames.actors[1] = ActorEvent::Updated {
        actor_id: 1022,
        count: 2,
    };
    let err = write_frames(&ctx, &frames).expect_err("an attribute left over");
    assert!(
        err.to_string().contains("belong to no updated actor"),
        "{err}"
    );
    let mut frames = synthetic_frames();
    frames.attributes[1].object_id = 8;
    let err = write_frames(&ctx, &frames).expect_err("stream id and object disagree");
    assert!(
        err.to_string().contains("is TAGame.Ball_TA:HitTeamNum"),
        "{err}"
    );
    let mut frames = synthetic_frames();
    frames.attributes[0].value = Attribute::RigidBody(RigidBodyIndex(1));
    let err = write_frames(&ctx, &frames).expect_err("no second rigid body");
    assert!(
        err.to_string()
            .contains("rigid body index 1 out of range (1 rigid bodies)"),
        "{err}"
    );
    let mut frames = synthetic_frames();
    frames.frames[1].actor_count = 4;
    let err = write_frames(&ctx, &frames).expect_err("more segments than the list holds");
    assert!(
        err.to_string()
            .contains("claims 4 actor segments, 3 remain"),
        "{err}"
    );
    let mut frames = synthetic_frames();
    frames.frames[1].actor_count = 2;
    let err = write_frames(&ctx, &frames).expect_err("a segment left over");
    assert!(
        err.to_string()
            .contains("1 actor segments belong to no frame"),
        "{err}"
    );
    let mut frames = synthetic_frames();
    let spawned = frames.new_actors.pop().expect("one new actor");
    let err = write_frames(&ctx, &frames).expect_err("a New segment without its actor");
    assert_eq!((err.frame, err.segment), (Some(0), Some(0)));
    assert!(
        err.to_string()
            .contains("New actor segment without a new actor"),
        "{err}"
    );
    frames.new_actors.extend([spawned.clone(), spawned]);
    let err = write_frames(&ctx, &frames).expect_err("a new actor left over");
    assert!(
        err.to_string()
            .contains("1 new actors belong to no New segment"),
        "{err}"
    );
}

#[test]
fn frame_views_split_the_flat_lists() {
    let frames = synthetic_frames();
    let views: Vec<FrameView<'_>> = frames.iter().collect();
    assert_eq!(views.len(), 2);
    assert_eq!((views[0].actors.len(), views[0].attributes.len()), (1, 0));
    assert_eq!(views[0].new_actors, frames.new_actors.as_slice());
    assert!(views[1].new_actors.is_empty());
    assert_eq!(
        views[0].segments().collect::<Vec<_>>(),
        vec![Segment::New(&frames.new_actors[0])]
    );
    assert_eq!(views[1].actors, &frames.actors[1..]);
    assert_eq!(views[1].attributes, frames.attributes.as_slice());
    let updates: Vec<(u16, usize)> = views[1]
        .updates()
        .map(|(id, attrs)| (id, attrs.len()))
        .collect();
    assert_eq!(updates, vec![(1022, 3)]);
    // A hand-edited count that overruns the lists gives shortened slices, never a panic.
    let mut frames = synthetic_frames();
    frames.frames[1].actor_count = 9;
    let last = frames.iter().last().expect("two frames");
    assert_eq!((last.actors.len(), last.attributes.len()), (3, 3));
}

fn sample_products() -> Vec<Product> {
    vec![
        Product {
            unknown: false,
            object_id: 2,
            value: ProductValue::NewPaint(13),
        },
        Product {
            unknown: true,
            object_id: 5,
            value: ProductValue::Title(NetString::new("Grand Champion")),
        },
        Product {
            unknown: false,
            object_id: 99,
            value: ProductValue::Absent,
        },
    ]
}

/// The flat online loadout: its lists, its nested JSON (what `Vec<Vec<Product>>` gives), the
/// 8-bit count bounds, and lengths that disagree with the products refused by the writer.
#[test]
fn online_loadouts_are_flat_lists_with_nested_json() {
    let p = sample_products();
    let nested = vec![vec![], p[..2].to_vec(), vec![], p[2..].to_vec()];
    let loadout = OnlineLoadout::from_lists(nested.clone()).expect("small lists");
    assert_eq!(loadout.lengths, [0, 2, 0, 1]);
    assert_eq!(loadout.products, p);
    let lists: Vec<&[Product]> = loadout.lists().collect();
    assert_eq!(lists, [&[][..], &p[..2], &[][..], &p[2..]]);
    assert_eq!(
        serde_json::to_string(&loadout).unwrap(),
        serde_json::to_string(&nested).unwrap()
    );
    let back: OnlineLoadout =
        serde_json::from_str(&serde_json::to_string(&nested).unwrap()).expect("nested JSON");
    assert_eq!(back, loadout);

    assert!(OnlineLoadout::from_lists(vec![Vec::new(); 256]).is_none());
    assert!(OnlineLoadout::from_lists(vec![vec![p[0].clone(); 256]]).is_none());
    assert!(OnlineLoadout::from_lists(vec![vec![p[0].clone(); 255]; 255]).is_some());
    let too_many: Result<OnlineLoadout, _> =
        serde_json::from_value(serde_json::json!(vec![Vec::<u8>::new(); 256]));
    assert!(too_many.is_err());

    let c = attr_ctx(VersionTriple::new(868, 32, 10), true);
    let mut short = loadout.clone();
    short.lengths[1] = 3;
    let mut w = BitWriter::default();
    let err = super::attributes::write_attribute(
        &Attribute::Large(LargeIndex(0)),
        &mut w,
        &c,
        &[],
        &[LargeAttribute::LoadoutOnline(Box::new(short.clone()))],
    )
    .expect_err("lengths add up to 4, 3 stored");
    assert!(
        matches!(&err, super::bits::Fail::Bad(m) if m.contains("add up to 4 products but 3")),
        "{err:?}"
    );
    let mut long = loadout.clone();
    long.lengths[3] = 0;
    let err = super::attributes::write_attribute(
        &Attribute::Large(LargeIndex(0)),
        &mut w,
        &c,
        &[],
        &[LargeAttribute::LoadoutOnline(Box::new(long))],
    )
    .expect_err("lengths add up to 2, 3 stored");
    assert!(
        matches!(&err, super::bits::Fail::Bad(m) if m.contains("add up to 2 products but 3")),
        "{err:?}"
    );
    // `lists` never reads past the products, even for lengths that overrun them.
    let overrun: Vec<usize> = short.lists().map(<[Product]>::len).collect();
    assert_eq!(overrun, [0, 3, 0, 0]);
}

#[test]
fn writer_rejects_attribute_of_another_kind() {
    let objects = synthetic_objects();
    let cache = synthetic_cache();
    let ctx = synthetic_ctx(&objects, &cache);
    let mut frames = synthetic_frames();
    // Stream id 12 is TAGame.Ball_TA:HitTeamNum, a byte: a float there has no encoding.
    frames.attributes[1].value = Attribute::Float(F32Bits::from(1.0));
    let err = write_frames(&ctx, &frames).expect_err("float in a byte property");
    assert_eq!((err.frame, err.segment), (Some(1), Some(0)));
    let text = err.to_string();
    for part in [
        "network.frames[1].actors[0]",
        "actor 1022",
        "stream id 12 (TAGame.Ball_TA:HitTeamNum)",
        "holds Byte attributes, not Float",
    ] {
        assert!(text.contains(part), "{part:?} missing in {text}");
    }
    // Before 2.23 a QWordString property holds a u64, from 2.23 on a string.
    let c = attr_ctx(VersionTriple::new(868, 29, 10), true);
    let old = attr_ctx(VersionTriple::new(868, 29, 10), false);
    let large = [
        LargeAttribute::QWord(7),
        LargeAttribute::String(Box::new(NetString::new("x"))),
    ];
    let (qword, text) = (
        Attribute::Large(LargeIndex(0)),
        Attribute::Large(LargeIndex(1)),
    );
    assert!(kind_matches(AttributeKind::QWordString, &text, &large, &c));
    assert!(!kind_matches(
        AttributeKind::QWordString,
        &qword,
        &large,
        &c
    ));
    assert!(kind_matches(
        AttributeKind::QWordString,
        &qword,
        &large,
        &old
    ));
    assert!(!kind_matches(
        AttributeKind::QWordString,
        &text,
        &large,
        &old
    ));
    assert!(kind_matches(AttributeKind::String, &text, &large, &old));
    // An index past the large attributes matches no kind.
    let missing = Attribute::Large(LargeIndex(2));
    assert!(!kind_matches(AttributeKind::String, &missing, &large, &old));
}

#[test]
fn reader_reports_unknown_actor_with_position() {
    let objects = synthetic_objects();
    let cache = synthetic_cache();
    let ctx = NetworkContext {
        num_frames: 1,
        ..synthetic_ctx(&objects, &cache)
    };
    let mut w = BitWriter::default();
    w.bits(u64::from(1.0f32.to_bits()), 32);
    w.bits(u64::from(0.5f32.to_bits()), 32);
    w.bit(true); // an actor segment
    w.bits_max(5, 9, 1023).expect("encodable");
    w.bit(true); // alive
    w.bit(false); // updated, but actor 5 was never created
    w.bits(0, 16);
    let err = read_frames(&ctx, &w.finish()).expect_err("unknown actor");
    assert_eq!((err.frame, err.segment), (Some(0), Some(0)));
    assert!(
        err.to_string()
            .starts_with("rocketleague: network.frames[0].actors[0]: update of actor 5"),
        "{err}"
    );
}

// ---- corpus ----

/// The parts of a replay container the network stream needs, located by a minimal byte parser.
struct Located {
    ctx_version: VersionTriple,
    num_frames: usize,
    max_channels: u32,
    is_lan: bool,
    is_rl_223: bool,
    objects: Vec<String16>,
    cache: Vec<ClassNetCacheEntry>,
    network: std::ops::Range<usize>,
}

impl Located {
    /// The network context the replay's header and footer give.
    fn ctx(&self) -> NetworkContext<'_> {
        NetworkContext {
            version: self.ctx_version,
            num_frames: self.num_frames,
            max_channels: self.max_channels,
            is_lan: self.is_lan,
            is_rl_223: self.is_rl_223,
            objects: &self.objects,
            net_cache: &self.cache,
        }
    }
}

struct Bytes<'a> {
    d: &'a [u8],
    p: usize,
}

impl Bytes<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let s = self.d.get(self.p..self.p.checked_add(n)?)?;
        self.p += n;
        Some(s)
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn string(&mut self) -> Option<String> {
        let mut len = self.u32()? as i32;
        if len == 83_886_080 {
            len = 8;
        }
        let s = NetString {
            len,
            bytes: self
                .take(if len < 0 {
                    len.unsigned_abs() as usize * 2
                } else {
                    len as usize
                })?
                .to_vec(),
        };
        Some(s.to_string_lossy())
    }
    fn list<T>(&mut self, mut f: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        let n = self.u32()? as usize;
        (n <= self.d.len()).then_some(())?;
        (0..n).map(|_| f(self)).collect()
    }
}

/// Finds a top-level header property by its encoded name and returns a reader at its value.
fn header_value<'a>(header: &'a [u8], name: &str) -> Option<Bytes<'a>> {
    let mut needle = ((name.len() + 1) as u32).to_le_bytes().to_vec();
    needle.extend_from_slice(name.as_bytes());
    needle.push(0);
    let at = header
        .windows(needle.len())
        .position(|w| w == needle.as_slice())?;
    let mut b = Bytes {
        d: header,
        p: at + needle.len(),
    };
    b.string()?;
    b.take(8)?;
    Some(b)
}

fn locate(data: &[u8]) -> Option<Located> {
    let mut b = Bytes { d: data, p: 0 };
    let header_len = b.u32()? as usize;
    b.u32()?;
    let major = b.u32()?;
    let minor = b.u32()?;
    let net = if major >= 866 && minor >= 18 {
        b.u32()?
    } else {
        0
    };
    let header = data.get(..8 + header_len)?;
    let int = |name| header_value(header, name).and_then(|mut b| b.u32());
    let text = |name| header_value(header, name).and_then(|mut b| b.string());
    b.p = 8 + header_len;
    b.u32()?;
    b.u32()?;
    b.list(|b| b.string())?;
    b.list(|b| b.take(12).map(|_| ()))?;
    let len = b.u32()? as usize;
    let start = b.p;
    b.take(len)?;
    b.list(|b| Some((b.u32()?, b.string()?, b.string()?)))?;
    b.list(|b| Some((b.string()?, b.u32()?)))?;
    b.list(|b| b.string())?;
    let objects = b.list(|b| b.string().map(|s| String16::new(&s)))?;
    b.list(|b| b.string())?;
    b.list(|b| Some((b.string()?, b.u32()?)))?;
    let cache = b.list(|b| {
        let (o, p, c) = (b.u32()?, b.u32()?, b.u32()?);
        let props = b.list(|b| {
            Some(ClassNetCacheProperty {
                object_id: b.u32()?,
                stream_id: b.u32()?,
            })
        })?;
        Some(ClassNetCacheEntry {
            object_id: o,
            parent_id: p,
            cache_id: c,
            properties: props,
        })
    })?;
    Some(Located {
        ctx_version: VersionTriple::new(major, minor, net),
        num_frames: int("NumFrames").unwrap_or(0) as usize,
        max_channels: int("MaxChannels").unwrap_or(1023),
        is_lan: text("MatchType").as_deref() == Some("Lan"),
        is_rl_223: text("BuildVersion").as_deref().is_some_and(is_rl_223_build),
        objects,
        cache,
        network: start..start + len,
    })
}

fn corpus_good() -> Option<PathBuf> {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/rocketleague/good");
    let dir = if dir.is_dir() {
        dir
    } else {
        PathBuf::from("/work/shared/corpus/rocketleague/good")
    };
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "corpus missing: {}",
        dir.display()
    );
    eprintln!("skipped: corpus not found at {}", dir.display());
    None
}

#[test]
fn corpus_frames_decode_and_rewrite_bit_exact() {
    let Some(dir) = corpus_good() else { return };
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "replay"))
        .collect();
    paths.sort();
    let (mut decoded, mut exact, mut failures) = (0, 0, Vec::new());
    for path in &paths {
        let data = std::fs::read(path).expect("read replay");
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let Some(loc) = locate(&data) else {
            failures.push(format!("{name}: container not located"));
            continue;
        };
        let ctx = loc.ctx();
        let net = &data[loc.network.clone()];
        match read_frames(&ctx, net) {
            Ok(frames) if frames.frames.len() == loc.num_frames => {
                decoded += 1;
                if has_repeats(&frames.large_attributes) {
                    failures.push(format!("{name}: a large attribute value is stored twice"));
                }
                match write_frames(&ctx, &frames) {
                    Ok(bytes) if bytes == net => exact += 1,
                    Ok(_) => failures.push(format!("{name}: rewrite differs")),
                    Err(e) => failures.push(format!("{name}: write: {e}")),
                }
            }
            Ok(frames) => failures.push(format!(
                "{name}: {} of {} frames (trailing {} bits)",
                frames.frames.len(),
                loc.num_frames,
                frames.trailing.bit_len
            )),
            Err(e) => failures.push(format!("{name} {:?}: {e}", loc.ctx_version)),
        }
    }
    eprintln!(
        "decoded {decoded}/{}, bit-exact {exact}/{}",
        paths.len(),
        paths.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Whether two of `values` are equal (the reader stores each distinct large value once).
fn has_repeats(values: &[LargeAttribute]) -> bool {
    values
        .iter()
        .enumerate()
        .any(|(i, v)| values[..i].contains(v))
}

/// The smallest corpus replays that have frames, for the robustness loops.
fn small_replays(dir: &Path, n: usize) -> Vec<Vec<u8>> {
    let mut files: Vec<(u64, PathBuf)> = std::fs::read_dir(dir)
        .expect("corpus dir")
        .filter_map(|e| e.ok())
        .filter_map(|e| Some((e.metadata().ok()?.len(), e.path())))
        .filter(|(_, p)| p.extension().is_some_and(|e| e == "replay"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|(_, p)| std::fs::read(p).expect("read"))
        .filter(|d| locate(d).is_some_and(|l| l.num_frames > 0))
        .take(n)
        .collect()
}

#[test]
fn truncated_and_corrupted_streams_never_panic() {
    let Some(dir) = corpus_good() else { return };
    for data in small_replays(&dir, 3) {
        let loc = locate(&data).expect("small replay located");
        let ctx = loc.ctx();
        let net = &data[loc.network.clone()];
        let mut truncated_errors = 0;
        for k in 1..40 {
            let cut = net.len() * k / 40;
            if read_frames(&ctx, &net[..cut]).is_err() {
                truncated_errors += 1;
            }
        }
        // Cutting a stream short must be noticed unless the cut only removes padding.
        assert!(
            truncated_errors >= 35,
            "{truncated_errors} of 39 truncations failed"
        );
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..60 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut bad = net.to_vec();
            let at = (seed % bad.len() as u64) as usize;
            bad[at] ^= (seed >> 32) as u8 | 1;
            if let Ok(frames) = read_frames(&ctx, &bad) {
                // Whatever decodes must encode back to the same bits.
                assert_eq!(write_frames(&ctx, &frames).ok().as_deref(), Some(&bad[..]));
            }
        }
    }
}

#[test]
fn hostile_context_is_rejected() {
    let objects = synthetic_objects();
    let cache = synthetic_cache();
    let mut ctx = NetworkContext {
        num_frames: usize::MAX,
        max_channels: u32::MAX,
        ..synthetic_ctx(&objects, &cache)
    };
    let err = read_frames(&ctx, &[0xff; 64]).expect_err("huge MaxChannels");
    assert!(err.message.contains("MaxChannels"), "{err}");
    ctx.max_channels = 0;
    // Frames are bounded by the input, not by NumFrames; actor 0 cannot exist with no channels.
    assert!(read_frames(&ctx, &[0xff; 64]).is_err());
    let huge: Vec<ClassNetCacheEntry> = (0..3)
        .map(|i| ClassNetCacheEntry {
            object_id: i,
            parent_id: 0,
            cache_id: i,
            properties: (0..2_000_000)
                .map(|s| ClassNetCacheProperty {
                    object_id: 4,
                    stream_id: s,
                })
                .collect(),
        })
        .collect();
    ctx.max_channels = 1023;
    ctx.net_cache = &huge;
    let err = read_frames(&ctx, &[]).expect_err("cache expands too far");
    assert!(err.message.contains("too many inherited"), "{err}");
}

fn attr_ctx(version: VersionTriple, is_rl_223: bool) -> super::codec::AttrCtx {
    super::codec::AttrCtx {
        version,
        is_rl_223,
        products: super::codec::ProductObjects {
            user_color: 1,
            painted: 2,
            special_edition: 3,
            team_edition: 4,
            title: 5,
        },
    }
}

/// A sampled value: inline, or kept aside (its attribute then indexes the large list).
enum Sample {
    Small(Attribute),
    Large(LargeAttribute),
}

impl Sample {
    /// The attribute and the large list it indexes.
    fn stored(self) -> (Attribute, Vec<LargeAttribute>) {
        match self {
            Sample::Small(value) => (value, Vec::new()),
            Sample::Large(value) => (Attribute::Large(LargeIndex(0)), vec![value]),
        }
    }
}

fn sample_attributes() -> Vec<(AttributeKind, Sample)> {
    let v = Vector3i {
        size: 4,
        x: -5,
        y: 31,
        z: -32,
    };
    let actor = ActiveActor {
        active: true,
        actor: -1,
    };
    let loadout = Loadout {
        version: 22,
        body: 23,
        decal: 0,
        wheels: 376,
        rocket_trail: 63,
        antenna: 0,
        topper: 0,
        unknown1: 0,
        unknown2: Some(0),
        engine_audio: Some(1),
        trail: Some(2),
        goal_explosion: Some(3),
        banner: Some(4),
        product_id: Some(5),
        unknown3: Some([6, 7, 8]),
    };
    let products = OnlineLoadout::from_lists(vec![
        vec![
            Product {
                unknown: false,
                object_id: 2,
                value: ProductValue::NewPaint(13),
            },
            Product {
                unknown: true,
                object_id: 5,
                value: ProductValue::Title(NetString::new("Grand Champion")),
            },
            Product {
                unknown: false,
                object_id: 1,
                value: ProductValue::NewColor(0xdead_beef),
            },
            Product {
                unknown: false,
                object_id: 99,
                value: ProductValue::Absent,
            },
        ],
        vec![],
    ])
    .expect("two lists of at most 255 products");
    let psynet = UniqueId {
        system_id: 7,
        remote_id: RemoteId::PsyNet {
            online_id: 0x0123_4567_89ab_cdef,
            unknown: None,
        },
        local_id: 0,
    };
    use AttributeKind as K;
    vec![
        (K::Boolean, Sample::Small(Attribute::Boolean(true))),
        (K::Enum, Sample::Small(Attribute::Enum(0x7ff))),
        (K::GameMode, Sample::Small(Attribute::GameMode(200))),
        (
            K::PlayerHistoryKey,
            Sample::Small(Attribute::PlayerHistoryKey(0x3fff)),
        ),
        (
            K::QWordString,
            Sample::Large(LargeAttribute::String(Box::new(NetString::new("server-1")))),
        ),
        (
            K::String,
            Sample::Large(LargeAttribute::String(Box::new(NetString::new(
                "Spieler ü",
            )))),
        ),
        (
            K::CamSettings,
            Sample::Large(LargeAttribute::CamSettings(Box::new(CamSettings {
                fov: F32Bits::from(110.0),
                height: F32Bits::from(100.0),
                angle: F32Bits::from(-4.0),
                distance: F32Bits::from(270.0),
                stiffness: F32Bits::from(0.5),
                swivel: F32Bits::from(4.7),
                transition: Some(F32Bits::from(1.2)),
            }))),
        ),
        (
            K::DemolishExtended,
            Sample::Large(LargeAttribute::DemolishExtended(Box::new(
                DemolishExtended {
                    attacker_pri: actor.clone(),
                    self_demo: actor.clone(),
                    self_demolish: false,
                    goal_explosion_owner: actor.clone(),
                    attacker: actor.clone(),
                    victim: actor.clone(),
                    attacker_velocity: v,
                    victim_velocity: v,
                },
            ))),
        ),
        (
            K::Loadout,
            Sample::Large(LargeAttribute::TeamLoadout(Box::new(TeamLoadout {
                blue: loadout.clone(),
                orange: loadout,
            }))),
        ),
        (
            K::LoadoutOnline,
            Sample::Large(LargeAttribute::LoadoutOnline(Box::new(products.clone()))),
        ),
        (
            K::LoadoutsOnline,
            Sample::Large(LargeAttribute::LoadoutsOnline(Box::new(LoadoutsOnline {
                blue: products.clone(),
                orange: products,
                unknown1: true,
                unknown2: false,
            }))),
        ),
        (
            K::UniqueId,
            Sample::Large(LargeAttribute::UniqueId(Box::new(psynet.clone()))),
        ),
        (
            K::PartyLeader,
            Sample::Large(LargeAttribute::PartyLeader(None)),
        ),
        (
            K::PartyLeader,
            Sample::Large(LargeAttribute::PartyLeader(Some(Box::new(psynet.clone())))),
        ),
        (
            K::Reservation,
            Sample::Large(LargeAttribute::Reservation(Box::new(Reservation {
                number: 5,
                unique_id: psynet,
                name: ReservationName::Text(NetString::new("abc")),
                unknown1: true,
                unknown2: false,
                unknown3: Some(63),
            }))),
        ),
        (
            K::Reservation,
            Sample::Large(LargeAttribute::Reservation(Box::new(Reservation {
                number: 1,
                unique_id: UniqueId {
                    system_id: 0,
                    remote_id: RemoteId::SplitScreen(3),
                    local_id: 1,
                },
                name: ReservationName::Raw(b"split\0".to_vec()),
                unknown1: false,
                unknown2: true,
                unknown3: Some(0),
            }))),
        ),
        (
            K::Welded,
            Sample::Large(LargeAttribute::Welded(Box::new(Welded {
                active: true,
                actor: 7,
                offset: v,
                mass: F32Bits(0xffc0_0000),
                rotation: Rotation {
                    yaw: None,
                    pitch: Some(-128),
                    roll: None,
                },
            }))),
        ),
        (
            K::ReplicatedBoost,
            Sample::Small(Attribute::ReplicatedBoost(ReplicatedBoost {
                grant_count: 1,
                boost_amount: 255,
                unused1: 0,
                unused2: 9,
            })),
        ),
        (
            K::LogoData,
            Sample::Large(LargeAttribute::LogoData(LogoData {
                logo_id: 77,
                swap_colors: true,
            })),
        ),
        (
            K::PickupInfo,
            Sample::Large(LargeAttribute::PickupInfo(Box::new(PickupInfo {
                first: actor.clone(),
                second: actor.clone(),
                third: actor.clone(),
                items_are_preview: true,
            }))),
        ),
        (
            K::Pickup,
            Sample::Large(LargeAttribute::Pickup(Pickup {
                instigator: Some(-7),
                picked_up: true,
            })),
        ),
    ]
}

#[test]
fn every_sampled_attribute_round_trips() {
    let c = attr_ctx(VersionTriple::new(868, 32, 10), true);
    for (kind, sample) in sample_attributes() {
        // TeamLoadout is read by its own kind; the Loadout entry exercises the nested layout.
        let kind = match sample {
            Sample::Large(LargeAttribute::TeamLoadout(_)) => AttributeKind::TeamLoadout,
            _ => kind,
        };
        let (value, large) = sample.stored();
        assert!(kind_matches(kind, &value, &large, &c), "{kind:?}");
        let mut w = BitWriter::default();
        super::attributes::write_attribute(&value, &mut w, &c, &[], &large).expect("write");
        w.bits(0x5, 3);
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        let mut large_back = LargeValues::default();
        let back =
            super::attributes::read_attribute(kind, &mut r, &c, &mut Vec::new(), &mut large_back)
                .expect("read");
        assert_eq!((back, large_back.into_vec()), (value, large), "{kind:?}");
        assert_eq!(
            r.bits(3, "sentinel").ok(),
            Some(0x5),
            "{kind:?} consumed a wrong length"
        );
    }
}

#[test]
fn version_gates_change_layouts() {
    // ActiveActor: one flag bit then a 32-bit actor id, LSB first.
    let c = attr_ctx(VersionTriple::new(868, 32, 10), true);
    let mut r = BitReader::new(&[0b0000_0101, 0, 0, 0, 0]);
    let read = |kind, r: &mut BitReader<'_>, c| {
        let mut large = LargeValues::default();
        let value = super::attributes::read_attribute(kind, r, c, &mut Vec::new(), &mut large);
        value.ok().map(|value| (value, large.into_vec()))
    };
    assert_eq!(
        read(AttributeKind::ActiveActor, &mut r, &c),
        Some((
            Attribute::ActiveActor {
                active: true,
                actor: 2
            },
            Vec::new()
        ))
    );
    // GameMode is 2 bits before 868.12, 8 bits after.
    let old = attr_ctx(VersionTriple::new(868, 11, 0), false);
    let mut r = BitReader::new(&[0b1111_1110]);
    assert_eq!(
        read(AttributeKind::GameMode, &mut r, &old),
        Some((Attribute::GameMode(2), Vec::new()))
    );
    assert_eq!(r.remaining(), 6);
    // QWordString is a u64 before 2.23.
    let mut r = BitReader::new(&[1, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(
        read(AttributeKind::QWordString, &mut r, &old),
        Some((
            Attribute::Large(LargeIndex(0)),
            vec![LargeAttribute::QWord(1)]
        ))
    );
    // Camera transition only from 868.20: the writer refuses a mismatch.
    let cam = CamSettings {
        fov: F32Bits(0),
        height: F32Bits(0),
        angle: F32Bits(0),
        distance: F32Bits(0),
        stiffness: F32Bits(0),
        swivel: F32Bits(0),
        transition: Some(F32Bits(0)),
    };
    let mut w = BitWriter::default();
    assert!(
        super::attributes::write_attribute(
            &Attribute::Large(LargeIndex(0)),
            &mut w,
            &old,
            &[],
            &[LargeAttribute::CamSettings(Box::new(cam))]
        )
        .is_err()
    );
}

/// Every vector size of both net-version limits round-trips at its extreme components (one
/// write up to size 15, two above), and components outside the size are refused.
#[test]
fn vectors_of_every_size_round_trip_and_reject_components_out_of_range() {
    use super::codec::BitCodec;
    for net in [6, 7] {
        let c = attr_ctx(VersionTriple::new(868, 20, net), false);
        let largest = if net >= 7 { 21 } else { 19 };
        for size in 0..=largest {
            let low = -(1i32 << (size + 1));
            let high = (1i32 << (size + 1)) - 1;
            // Without padding the vector is read field by field at the stream's end; with 64
            // bits of it, from one load up to size 15 and two above; with 24, the second load
            // of a large vector runs past the end and the vector is read field by field. Each
            // at every bit offset of its first byte.
            let cases = [[low, high, 0], [high, low, high], [0, 1, low]]
                .into_iter()
                .flat_map(|v| [0, 24, 64].map(|padding| (v, padding)))
                .flat_map(|(v, padding)| (0..8).map(move |offset| (v, padding, offset)));
            for ([x, y, z], padding, offset) in cases {
                let v = Vector3i {
                    size: size as u8,
                    x,
                    y,
                    z,
                };
                let mut w = BitWriter::default();
                w.bits(0, offset);
                v.write(&mut w, &c).expect("in range");
                w.bits(0x5, 3);
                w.bits(0, padding);
                let bytes = w.finish();
                let mut r = BitReader::new(&bytes);
                r.bits(offset, "offset").expect("written");
                let at = format!("size {size}, padding {padding}, offset {offset}");
                assert_eq!(Vector3i::read(&mut r, &c).ok(), Some(v), "{at}");
                assert_eq!(r.bits(3, "t").ok(), Some(0x5), "{at}");
            }
            for [x, y, z] in [[high + 1, 0, 0], [0, low - 1, 0], [0, 0, i32::MAX]] {
                let v = Vector3i {
                    size: size as u8,
                    x,
                    y,
                    z,
                };
                assert!(
                    v.write(&mut BitWriter::default(), &c).is_err(),
                    "size {size}"
                );
            }
        }
        let too_big = Vector3i {
            size: largest as u8 + 1,
            x: 0,
            y: 0,
            z: 0,
        };
        assert!(too_big.write(&mut BitWriter::default(), &c).is_err());
    }
}

fn rigid_body(location: Vector3i, rotation: Quaternion, velocity: Option<Vector3i>) -> RigidBody {
    RigidBody {
        sleeping: velocity.is_none(),
        location,
        rotation,
        linear_velocity: velocity,
        angular_velocity: velocity,
    }
}

/// The reader packs every rigid body without a range check: vectors of the largest size the
/// stream allows, at their extreme components, and the widest quaternion parts of both
/// encodings read back packed and unpack to the values written.
#[test]
fn packed_rigid_bodies_hold_the_largest_vectors() {
    use super::codec::BitCodec;
    for (net, rotation) in [
        (
            7,
            Quaternion::SmallestThree {
                largest: 3,
                a: 0x3_ffff,
                b: 0,
                c: 0x2_aaaa,
            },
        ),
        (
            6,
            Quaternion::Compressed {
                x: u16::MAX,
                y: 0,
                z: 0x8001,
            },
        ),
    ] {
        let c = attr_ctx(VersionTriple::new(868, 20, net), false);
        let size = if net >= 7 { 21 } else { 19 };
        let (low, high) = (-(1i32 << (size + 1)), (1i32 << (size + 1)) - 1);
        let v = |x, y, z| Vector3i { size, x, y, z };
        for body in [
            rigid_body(v(low, high, low), rotation, Some(v(high, low, 0))),
            rigid_body(v(high, 0, low), rotation, None),
        ] {
            let packed = PackedRigidBody::pack(&body).expect("packs");
            let mut w = BitWriter::default();
            packed.write(&mut w, &c).expect("writes");
            let bytes = w.finish();
            let back = PackedRigidBody::read(&mut BitReader::new(&bytes), &c).expect("reads");
            assert_eq!(back, packed);
            assert_eq!(back.unpack(), body);
        }
    }
}

/// A rigid body's sleeping flag comes from the load of the location after it: sleeping and
/// awake bodies, with locations of one load and of two, at every bit offset of the first byte,
/// read back with the bits after them untouched, whether the stream ends right after the body
/// (flag and location read field by field), 24 bits later (the location's second load runs
/// past the end) or 64 (all from loads).
#[test]
fn rigid_bodies_read_their_flag_with_the_location_at_any_offset() {
    use super::codec::BitCodec;
    let c = attr_ctx(VersionTriple::new(868, 20, 7), false);
    let rotation = Quaternion::SmallestThree {
        largest: 2,
        a: 0x2_5555,
        b: 1,
        c: 0x3_fffe,
    };
    let v = |size: u8, x, y, z| Vector3i { size, x, y, z };
    for size in [0, 15, 16, 21] {
        let (low, high) = (-(1i32 << (size + 1)), (1i32 << (size + 1)) - 1);
        for velocity in [None, Some(v(3, -16, 15, 0))] {
            let body = rigid_body(v(size, high, low, 1), rotation, velocity);
            let packed = PackedRigidBody::pack(&body).expect("packs");
            for (padding, offset) in [0, 24, 64]
                .into_iter()
                .flat_map(|p| (0..8).map(move |o| (p, o)))
            {
                let mut w = BitWriter::default();
                w.bits(0, offset);
                packed.write(&mut w, &c).expect("writes");
                w.bits(0x5, 3);
                w.bits(0, padding);
                let bytes = w.finish();
                let mut r = BitReader::new(&bytes);
                r.bits(offset, "offset").expect("written");
                let at = format!("size {size}, {velocity:?}, padding {padding}, offset {offset}");
                let back = PackedRigidBody::read(&mut r, &c).expect("reads");
                assert_eq!(back.unpack(), body, "{at}");
                assert_eq!(r.bits(3, "t").ok(), Some(0x5), "{at}");
            }
        }
    }
}

/// Packing keeps every value the writer accepts, refuses the ones it cannot hold (naming the
/// part), and JSON with such a value fails to read instead of changing it.
#[test]
fn packed_rigid_bodies_refuse_what_they_cannot_hold() {
    let v = |size, x| Vector3i {
        size,
        x,
        y: i32::MIN,
        z: i32::MAX,
    };
    let smallest = |largest, a| Quaternion::SmallestThree {
        largest,
        a,
        b: 1,
        c: 2,
    };
    let kept = [
        rigid_body(
            v(255, (1 << 23) - 1),
            smallest(3, 0x3_ffff),
            Some(v(0, -(1 << 23))),
        ),
        RigidBody {
            sleeping: true,
            linear_velocity: Some(v(7, -1)),
            ..rigid_body(v(0, 0), smallest(0, 0), None)
        },
    ];
    for body in kept {
        assert_eq!(PackedRigidBody::pack(&body).map(|p| p.unpack()), Ok(body));
    }
    for (body, part) in [
        (
            rigid_body(v(3, 1 << 23), smallest(0, 0), None),
            "location x",
        ),
        (
            rigid_body(v(3, 0), smallest(0, 0), Some(v(1, i32::MIN))),
            "linear velocity x",
        ),
        (rigid_body(v(3, 0), smallest(4, 0), None), "largest 4"),
        (
            rigid_body(v(3, 0), smallest(1, 1 << 18), None),
            "parts 262144",
        ),
    ] {
        let message = PackedRigidBody::pack(&body).unwrap_err().to_string();
        assert!(message.contains(part), "{message}");
        let json = serde_json::to_string(&body).unwrap();
        let error = serde_json::from_str::<PackedRigidBody>(&json).unwrap_err();
        assert!(error.to_string().contains(part), "{error}");
    }
}

/// An actor segment is 8 bytes (16-bit actor ids), owning nothing.
#[test]
fn actor_segment_is_8_bytes() {
    assert_eq!(std::mem::size_of::<ActorEvent>(), 8);
    assert!(!std::mem::needs_drop::<ActorEvent>());
}

/// At the largest MaxChannels the reader accepts (65536), the largest actor id reads back
/// whole into its 16 bits.
#[test]
fn largest_actor_id_round_trips() {
    let objects = synthetic_objects();
    let cache = synthetic_cache();
    let ctx = NetworkContext {
        num_frames: 1,
        max_channels: 1 << 16,
        ..synthetic_ctx(&objects, &cache)
    };
    let frames = Frames {
        frames: vec![Frame {
            time: F32Bits::from(1.0),
            delta: F32Bits::from(0.5),
            actor_count: 2,
        }],
        actors: vec![ActorEvent::Deleted(u16::MAX), ActorEvent::Deleted(0)],
        new_actors: Vec::new(),
        attributes: Vec::new(),
        large_attributes: Vec::new(),
        rigid_bodies: Vec::new(),
        trailing: TrailingBits {
            bit_len: 0,
            bytes: Vec::new(),
        },
    };
    let bytes = write_frames(&ctx, &frames).expect("write");
    let back = read_frames(&ctx, &bytes).expect("read");
    assert_eq!(back.actors, frames.actors);
}

/// A packed rigid body is 44 bytes, where the plain one takes 76.
#[test]
fn packed_rigid_body_is_44_bytes() {
    assert_eq!(std::mem::size_of::<PackedRigidBody>(), 44);
    assert_eq!(std::mem::size_of::<RigidBody>(), 76);
}

/// The attribute list is the largest part of a decoded replay: an update stays 12 bytes (two
/// 16-bit ids and an 8-byte attribute, 4-byte aligned), which keeping every kind wider than
/// 7 bytes or aligned to 8 in [`LargeAttribute`] keeps true. A large attribute stays 16 bytes.
#[test]
fn attribute_update_stays_12_bytes() {
    assert_eq!(std::mem::size_of::<Attribute>(), 8);
    assert_eq!(std::mem::size_of::<UpdatedAttribute>(), 12);
    assert_eq!(std::mem::size_of::<LargeAttribute>(), 16);
}

/// Object ids take 16 bits in updates and channels: a context whose objects list is longer than
/// 65535 entries is refused, naming its length, by the reader and the writer alike, where a cast
/// would have stored another object.
#[test]
fn objects_lists_past_16_bit_ids_are_refused() {
    let objects = synthetic_objects();
    let cache = synthetic_cache();
    let mut ctx = synthetic_ctx(&objects, &cache);
    let frames = synthetic_frames();
    let bytes = write_frames(&ctx, &frames).expect("write");
    let mut longest = objects.clone();
    longest
        .extend((longest.len()..usize::from(u16::MAX)).map(|i| String16::new(&format!("pad{i}"))));
    ctx.objects = &longest;
    assert_eq!(
        read_frames(&ctx, &bytes).map(|f| f.attributes),
        Ok(frames.attributes.clone())
    );
    let mut wide = longest.clone();
    wide.push(String16::new("pad65535"));
    ctx.objects = &wide;
    let read = read_frames(&ctx, &bytes).expect_err("65536 objects");
    let write = write_frames(&ctx, &frames).expect_err("65536 objects");
    for err in [read, write] {
        assert!(
            err.message
                .contains("objects list of 65536 entries exceeds 65535"),
            "{err}"
        );
    }
}

/// A class's property slot stays 4 bytes: the class tables are most of a parse's fixed heap.
#[test]
fn property_slot_is_4_bytes() {
    assert_eq!(std::mem::size_of::<Option<super::cache::Prop>>(), 4);
}

/// A full stream-wide list grows by the projection of the stream's pace plus 1/32 of it and
/// 1/64 of the list, and by at most 1.25x the list whatever the pace (a hostile stream dense at its
/// start); a list filling near the stream's end still grows by a 64th, not by a few items.
#[test]
fn paced_growth_projects_and_is_bounded() {
    // Three quarters of the stream read: the 64 000 items so far project 21 333 more.
    assert_eq!(paced_growth(64_000, 3_000, 1_000), 21_333 + 666 + 1_000);
    // A quarter read: 192 000 more projected, capped at 1.25x the list.
    assert_eq!(paced_growth(64_000, 1_000, 3_000), 80_000);
    // Half read: 64 000 more, plus 2 000 and 1 000.
    assert_eq!(paced_growth(64_000, 1_000, 1_000), 67_000);
    // Nearly all read: 64 more, but at least a 64th of the list.
    assert_eq!(paced_growth(64_000, 1_000_000, 1_000), 64 + 2 + 1_000);
    // An empty list (nothing to project from) gets room for 16.
    assert_eq!(paced_growth(0, 0, 1_000_000), 16);
    assert_eq!(
        paced_growth(usize::MAX / 2, 1, usize::MAX),
        usize::MAX / 2 / 4 * 5
    );
}
