//! [`LargeValues`]: the list behind [`Frames::large_attributes`](super::Frames::large_attributes),
//! built so that each distinct value is stored once.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};

use super::bits::{BitReader, FAST_BITS};
use super::cache::TableHasher;
use super::{AttributeKind, LargeAttribute, LargeIndex};

/// The bits of a [`BitReader::peek`] window that key a [`Run`].
const KEY_MASK: u64 = (1 << FAST_BITS) - 1;

/// The mask of the first `len` bits of a window, at most [`FAST_BITS`] of them (a run's key).
fn low_bits(len: usize) -> u64 {
    if len < FAST_BITS as usize {
        (1 << len) - 1
    } else {
        KEY_MASK
    }
}

/// Large attribute values under construction, equal values sharing one entry.
///
/// The large kinds a replay repeats are its heaviest: loadouts, player ids, reservations and
/// names are sent again for every car spawn and reconnect. 51235.replay reads 3496 large values
/// of which 151 differ; stored once each, its decoded frames shrink by 0.4x the file size.
///
/// The reader also remembers where in the stream each value was first read ([`Run`]): a value
/// sent again has the same bits, so [`Self::find_run`] finds its index by comparing bits, without
/// decoding it again (decoding, then dropping the copy, was 15% of a full parse).
#[derive(Default)]
pub(crate) struct LargeValues {
    values: Vec<LargeAttribute>,
    /// A value's hash -> the index of the first value with that hash. A different value with
    /// the same hash is stored on its own each time (rare, and still correct: a file crafted to
    /// collide loses sharing, nothing else).
    first: HashMap<u64, u32>,
    /// Runs read so far, each linking to the one read before it in the same bucket.
    runs: Vec<Run>,
    /// A hash of a run's kind and first bits ([`bucket`]) -> the newest run in its bucket, as its index in
    /// `runs` plus one (0: none yet); empty until a run is remembered. A fixed table rather than
    /// a map: a file can make keys collide, but the walk along a bucket is capped
    /// ([`MAX_COMPARED`]), so that costs sharing, not time, and a SipHash map probe cost as much
    /// as the bit comparison it saves.
    buckets: Vec<u32>,
}

/// The stream bits a large value was decoded from, and the value's index.
struct Run {
    kind: AttributeKind,
    /// The run's first [`FAST_BITS`] bits, or all of them when it is shorter.
    prefix: u64,
    start: usize,
    len: usize,
    index: LargeIndex,
    /// The run read before this one in the same bucket, as [`LargeValues::buckets`] holds it.
    previous: u32,
}

/// log2 of the bucket count: 4096 buckets (16 KiB) for the few hundred runs of a real replay.
const BUCKET_BITS: u32 = 12;

/// Most runs [`LargeValues::find_run`] compares before it gives up: a crafted file whose values
/// share their first bits costs that many comparisons per value, not one per value before it.
/// Real replays have a run or two per bucket.
const MAX_COMPARED: usize = 8;

impl LargeValues {
    /// The index of `value`: that of an equal value stored before, else of `value` appended.
    /// `None` when the list would outgrow a 32-bit index.
    pub(crate) fn add(&mut self, value: LargeAttribute) -> Option<LargeIndex> {
        let hash = BuildHasherDefault::<TableHasher>::default().hash_one(&value);
        self.add_hashed(value, hash)
    }

    /// [`Self::add`] with the hash given: the reader hashes the value's variant and stream bits
    /// ([`hash_read`]), which equal values share, in a tenth of the instructions hashing the
    /// decoded value takes. Every hash given to one list must be of one kind.
    pub(crate) fn add_hashed(&mut self, value: LargeAttribute, hash: u64) -> Option<LargeIndex> {
        // One probe of the map (its SipHash is most of the cost) serves the look-up and the insert.
        let index = u32::try_from(self.values.len()).ok()?;
        match self.first.entry(hash) {
            Entry::Occupied(first) if self.values.get(*first.get() as usize) == Some(&value) => {
                return Some(LargeIndex(*first.get()));
            }
            Entry::Occupied(_) => {}
            Entry::Vacant(slot) => {
                slot.insert(index);
            }
        }
        self.values.push(value);
        Some(LargeIndex(index))
    }

    /// The index of the value the next bits of `r` encode as `kind`, and its length in bits,
    /// when an earlier value of that kind was read from the same bits: decoding is a function of
    /// the bits alone, so equal bits decode to an equal value. `window` is [`BitReader::peek`].
    pub(crate) fn find_run(
        &self,
        kind: AttributeKind,
        window: u64,
        r: &BitReader<'_>,
    ) -> Option<(LargeIndex, usize)> {
        let prefix = window & KEY_MASK;
        self.walk(kind, prefix, |run| {
            run.len >= FAST_BITS as usize && r.same_bits(run.start, run.len)
        })
        .map(|run| (run.index, run.len))
    }

    /// The index of a value read before from the same `len` bits as `kind`, when `len` is
    /// shorter than [`FAST_BITS`]: `bits` holds them all, so no stream comparison is needed. For
    /// the short values [`Self::find_run`] does not find before decoding (its key would hold
    /// the bits that follow them).
    pub(crate) fn find_short(
        &self,
        kind: AttributeKind,
        bits: u64,
        len: usize,
    ) -> Option<LargeIndex> {
        if len >= FAST_BITS as usize {
            return None;
        }
        let prefix = bits & low_bits(len);
        self.walk(kind, prefix, |run| run.len == len)
            .map(|run| run.index)
    }

    /// The first of the newest [`MAX_COMPARED`] runs in the bucket of `kind` and `prefix` that
    /// has both and `matches`.
    fn walk(
        &self,
        kind: AttributeKind,
        prefix: u64,
        matches: impl Fn(&Run) -> bool,
    ) -> Option<&Run> {
        let mut next = *self.buckets.get(bucket(kind, prefix))?;
        for _ in 0..MAX_COMPARED {
            let run = self.runs.get(next.checked_sub(1)? as usize)?;
            if run.prefix == prefix && run.kind == kind && matches(run) {
                return Some(run);
            }
            next = run.previous;
        }
        None
    }

    /// Remembers that the `len` bits from `start` decoded as `kind` to the value at `index`;
    /// `window` is [`BitReader::peek`] at `start`. The run is keyed by its first [`FAST_BITS`]
    /// bits, or all of them when it is shorter.
    pub(crate) fn remember_run(
        &mut self,
        kind: AttributeKind,
        window: u64,
        start: usize,
        len: usize,
        index: LargeIndex,
    ) {
        let Ok(position) = u32::try_from(self.runs.len() + 1) else {
            return;
        };
        if self.buckets.is_empty() {
            self.buckets = vec![0; 1 << BUCKET_BITS];
        }
        let prefix = window & low_bits(len);
        let head = &mut self.buckets[bucket(kind, prefix)];
        let previous = std::mem::replace(head, position);
        self.runs.push(Run {
            kind,
            prefix,
            start,
            len,
            index,
            previous,
        });
    }

    /// The stored values, in the order they were first added.
    pub(crate) fn into_vec(mut self) -> Vec<LargeAttribute> {
        self.values.shrink_to_fit();
        self.values
    }
}

/// The bucket of a run of `kind` starting with the bits `prefix`: the top bits of a
/// multiplicative hash of both.
fn bucket(kind: AttributeKind, prefix: u64) -> usize {
    let key = prefix ^ (kind as u64).rotate_right(7);
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (u64::BITS - BUCKET_BITS)) as usize
}

/// The hash [`LargeValues::add_hashed`] takes for a value the reader decoded from the stream bits
/// `start..r.pos()`: its variant and those bits. Equal values of one variant have equal bits,
/// as the writer is their inverse.
pub(crate) fn hash_read(value: &LargeAttribute, r: &BitReader<'_>, start: usize) -> u64 {
    let mut h = TableHasher::default();
    std::mem::discriminant(value).hash(&mut h);
    r.hash_since(start, &mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::NetString;

    fn name(text: &str) -> LargeAttribute {
        LargeAttribute::String(Box::new(NetString::new(text)))
    }

    #[test]
    fn equal_values_share_one_entry_in_first_read_order() {
        let mut values = LargeValues::default();
        let indices: Vec<Option<LargeIndex>> = [
            name("Alice"),
            LargeAttribute::Int64(-1),
            name("Bob"),
            name("Alice"),
            LargeAttribute::Int64(-1),
            LargeAttribute::QWord(u64::MAX),
        ]
        .into_iter()
        .map(|v| values.add(v))
        .collect();
        let expected = [0, 1, 2, 0, 1, 3].map(|i| Some(LargeIndex(i)));
        assert_eq!(indices, expected);
        assert_eq!(
            values.into_vec(),
            [
                name("Alice"),
                LargeAttribute::Int64(-1),
                name("Bob"),
                LargeAttribute::QWord(u64::MAX)
            ]
        );
    }
}
