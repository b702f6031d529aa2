//! [`LargeValues`]: the list behind [`Frames::large_attributes`](super::Frames::large_attributes),
//! built so that each distinct value is stored once.

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault};

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
        if let Some(&index) = self.first.get(&hash)
            && self.values.get(index as usize) == Some(&value)
        {
            return Some(LargeIndex(index));
        }
        let index = u32::try_from(self.values.len()).ok()?;
        self.values.push(value);
        self.first.entry(hash).or_insert(index);
        Some(LargeIndex(index))
    }

    /// The stored values, in the order they were first added.
    pub(crate) fn into_vec(mut self) -> Vec<LargeAttribute> {
        self.values.shrink_to_fit();
        self.values
    }
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
