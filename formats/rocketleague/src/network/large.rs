//! [`LargeValues`]: the list behind [`Frames::large_attributes`](super::Frames::large_attributes),
//! built so that each distinct value is stored once.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};

use super::bits::BitReader;
use super::cache::TableHasher;
use super::{LargeAttribute, LargeIndex};

/// Large attribute values under construction, equal values sharing one entry.
///
/// The large kinds a replay repeats are its heaviest: loadouts, player ids, reservations and
/// names are sent again for every car spawn and reconnect. 51235.replay reads 3496 large values
/// of which 151 differ; stored once each, its decoded frames shrink by 0.4x the file size.
#[derive(Default)]
pub(crate) struct LargeValues {
    values: Vec<LargeAttribute>,
    /// A value's hash -> the index of the first value with that hash. A different value with
    /// the same hash is stored on its own each time (rare, and still correct: a file crafted to
    /// collide loses sharing, nothing else).
    first: HashMap<u64, u32>,
}

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

    /// The stored values, in the order they were first added.
    pub(crate) fn into_vec(mut self) -> Vec<LargeAttribute> {
        self.values.shrink_to_fit();
        self.values
    }
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
