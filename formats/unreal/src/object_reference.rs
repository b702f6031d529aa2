//! `FObjectReferenceDisc`: how Satisfactory saves store object references (level name + path name),
//! where generic SaveGame files store a single object path string.

use crate::FString;
use crate::cursor::ByteReader;
use crate::fstring::{HashedKey, Stored, hash_bytes, quick_slot};
use crate::layout::SliceLayout;
use binrw::io::{Read, Seek};
use binrw::{BinRead, BinResult, Endian};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

crate::layout::slice_layout! {
    /// An object reference as a level name and a path name.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
    pub struct FObjectReferenceDisc {
        /// Name of the level holding the object.
        pub level_name: FString,
        /// Path name of the object.
        pub path_name: FString,
    }
}

impl FObjectReferenceDisc {
    /// Reads one reference from the start of `data`, whose first byte is at `base_offset` (for
    /// errors), and returns it with the number of bytes it took; like [`crate::FString::read_from`].
    pub fn read_from(data: &[u8], base_offset: usize) -> Result<(Self, usize), crate::Error> {
        let mut r = ByteReader::new(data, base_offset);
        let reference = Self::parse(&mut r)?;
        Ok((reference, r.pos()))
    }

    /// A binrw `parse_with` reader of an object's own reference (the one its header names it
    /// by): the level name shared like any text, the path name, which names this object alone,
    /// read by [`FString::parse_unshared`] so that it stays out of the shared-text table.
    pub fn parse_own<R: Read + Seek>(reader: &mut R, endian: Endian, (): ()) -> BinResult<Self> {
        Ok(FObjectReferenceDisc {
            level_name: FString::read_options(reader, endian, ())?,
            path_name: FString::parse_unshared(reader, endian, ())?,
        })
    }
}

/// The object references read so far by one property reader, by the hash of their stored bytes:
/// saves repeat the same few thousand references (item descriptors, recipes, levels) tens of
/// thousands of times, and a repeat then costs a hash and a comparison instead of an allocation
/// and two texts. Before hashing, a small direct-mapped table indexed by [`quick_slot`] of the
/// stored bytes is tried: a reference repeated nearby then costs one comparison.
///
/// Only references of two narrow ASCII strings (or null ones) are kept, so a kept reference equals
/// stored bytes exactly when its texts are those bytes (no check that the bytes are ASCII). Of two
/// references with the same hash only the first is shared; any reference not kept is read on each
/// occurrence. It holds at most one entry per distinct reference of the input.
#[derive(Debug, Default)]
pub(crate) struct ReferenceCache {
    references: HashMap<u64, Arc<FObjectReferenceDisc>, BuildHasherDefault<HashedKey>>,
    /// Kept references by [`quick_slot`] of their stored bytes; empty until the first read (most
    /// readers never see a reference), then [`RECENT_REFERENCE_SLOTS`] long.
    recent: Vec<Option<Arc<FObjectReferenceDisc>>>,
}

/// Slots of [`ReferenceCache::recent`]; a power of two.
const RECENT_REFERENCE_SLOTS: usize = 1024;

impl ReferenceCache {
    /// Reads one reference, shared with an equal one read before.
    pub(crate) fn read(
        &mut self,
        r: &mut ByteReader<'_>,
    ) -> Result<Arc<FObjectReferenceDisc>, crate::Error> {
        let start = r.pos();
        let level = Stored::read(r)?;
        let path = Stored::read(r)?;
        // At least the two lengths: never empty, as `quick_slot` needs.
        let bytes = r.whole().get(start..r.pos()).unwrap_or_default();
        if self.recent.is_empty() {
            self.recent = vec![None; RECENT_REFERENCE_SLOTS];
        }
        let slot = quick_slot::<RECENT_REFERENCE_SLOTS>(bytes);
        if let Some(Some(found)) = self.recent.get(slot)
            && found.is_stored_as(&level, &path)
        {
            return Ok(Arc::clone(found));
        }
        let found = match self.references.entry(hash_bytes(bytes)) {
            Entry::Occupied(found) if found.get().is_stored_as(&level, &path) => {
                Arc::clone(found.get())
            }
            Entry::Occupied(_) => return decode(&level, &path),
            Entry::Vacant(entry) => {
                let decoded = decode(&level, &path)?;
                if !(decoded.level_name.is_narrow_ascii() && decoded.path_name.is_narrow_ascii()) {
                    return Ok(decoded);
                }
                Arc::clone(entry.insert(decoded))
            }
        };
        if let Some(recent) = self.recent.get_mut(slot) {
            *recent = Some(Arc::clone(&found));
        }
        Ok(found)
    }
}

/// The reference stored as `level` and `path`. The level name is shared with equal texts (a few
/// levels are named everywhere); the path name is not, as it is mostly read here once (the
/// reference cache then shares the whole reference) or as an object's own, unshared, path.
fn decode(
    level: &Stored<'_>,
    path: &Stored<'_>,
) -> Result<Arc<FObjectReferenceDisc>, crate::Error> {
    Ok(Arc::new(FObjectReferenceDisc {
        level_name: FString::decode_stored(level)?,
        path_name: FString::decode_unshared(path)?,
    }))
}

impl FObjectReferenceDisc {
    /// True when `level` and `path` are how this reference is stored, for a reference of
    /// [`ReferenceCache`] (narrow ASCII or null names only).
    #[inline]
    fn is_stored_as(&self, level: &Stored<'_>, path: &Stored<'_>) -> bool {
        self.path_name.is_stored_as_ascii(path) && self.level_name.is_stored_as_ascii(level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fstring::tests::narrow;

    fn reference(level: &[u8], path: &[u8]) -> Vec<u8> {
        [narrow(level), narrow(path)].concat()
    }

    fn read_all(data: &[u8]) -> Result<Vec<Arc<FObjectReferenceDisc>>, crate::Error> {
        let mut cache = ReferenceCache::default();
        let mut r = ByteReader::new(data, 100);
        let mut out = Vec::new();
        while !r.is_empty() {
            out.push(cache.read(&mut r)?);
        }
        Ok(out)
    }

    /// Equal references are one allocation; references differing in either name, in where the
    /// names split, or only after Latin-1 decoding are not taken for each other.
    #[test]
    fn equal_references_are_shared_and_others_kept_apart() {
        let cases: [(&[u8], &[u8]); 6] = [
            (
                b"Persistent_Level",
                b"Persistent_Level:PersistentLevel.Desc_1",
            ),
            (
                b"Persistent_Level",
                b"Persistent_Level:PersistentLevel.Desc_2",
            ),
            (b"Other_Level", b"Persistent_Level:PersistentLevel.Desc_1"),
            (
                b"Persistent_Leve",
                b"lPersistent_Level:PersistentLevel.Desc_1",
            ),
            (b"L", &[0xe9]),
            (b"L", "é".as_bytes()),
        ];
        let once: Vec<u8> = cases.iter().flat_map(|(l, p)| reference(l, p)).collect();
        let read = read_all(&[once.clone(), once].concat()).unwrap();
        let (first, second) = read.split_at(cases.len());
        for (i, (level, path)) in cases.iter().enumerate() {
            let want_path: String = path.iter().map(|&b| b as char).collect();
            for got in [&first[i], &second[i]] {
                assert_eq!(got.level_name.as_str().as_bytes(), *level);
                assert_eq!(got.path_name.as_str(), want_path);
            }
            let ascii = path.is_ascii();
            assert_eq!(Arc::ptr_eq(&first[i], &second[i]), ascii, "case {i}");
        }
        assert_eq!(second[5].path_name.as_str(), "Ã©");
        assert_eq!(second[4].path_name.as_str(), "é");
    }

    /// Far more distinct references than the recent slots hold, read twice in a different order:
    /// every read gives the reference as stored, and each repeat the first read's allocation.
    #[test]
    fn many_references_read_back_and_shared() {
        let paths: Vec<String> = (0..5000)
            .map(|i| format!("Persistent_Level:PersistentLevel.Build_{i}"))
            .collect();
        let once: Vec<u8> = paths
            .iter()
            .flat_map(|p| reference(b"Persistent_Level", p.as_bytes()))
            .collect();
        let reversed: Vec<u8> = paths
            .iter()
            .rev()
            .flat_map(|p| reference(b"Persistent_Level", p.as_bytes()))
            .collect();
        let read = read_all(&[once, reversed].concat()).unwrap();
        let (first, second) = read.split_at(paths.len());
        for (i, path) in paths.iter().enumerate() {
            let again = &second[paths.len() - 1 - i];
            assert_eq!(first[i].path_name.as_str(), path);
            assert_eq!(first[i].level_name.as_str(), "Persistent_Level");
            assert!(Arc::ptr_eq(&first[i], again), "{path}");
        }
    }

    /// Null, empty and wide names read back as stored; a wide name is never shared.
    #[test]
    fn null_empty_and_wide_names_read_back() {
        let mut wide = (-2i32).to_le_bytes().to_vec();
        wide.extend_from_slice(&[b'A', 0, 0, 0]);
        let one = [0i32.to_le_bytes().to_vec(), narrow(b""), narrow(b"L"), wide].concat();
        let read = read_all(&[one.clone(), one].concat()).unwrap();
        assert_eq!(read[0].level_name, FString::default());
        assert_eq!(read[0].path_name, FString::new(""));
        assert_eq!(read[1].level_name.as_str(), "L");
        assert!(read[1].path_name.wide);
        assert_eq!(read[1].path_name.as_str(), "A");
        assert!(Arc::ptr_eq(&read[0], &read[2]));
        assert!(!Arc::ptr_eq(&read[1], &read[3]));
        assert_eq!(read[1], read[3]);
    }

    /// A truncated reference is an error at its path's characters, an unterminated one at its
    /// path (level name: 4 + 6 bytes from offset 100).
    #[test]
    fn broken_references_are_errors_with_offsets() {
        let whole = reference(b"Level", b"Path");
        let e = read_all(&whole[..whole.len() - 1]).unwrap_err();
        assert_eq!(e.offset, 100 + 10 + 4, "{e}");
        let mut unterminated = whole.clone();
        *unterminated.last_mut().unwrap() = b'x';
        let e = read_all(&unterminated).unwrap_err();
        assert_eq!(e.offset, 100 + 10, "{e}");
        assert!(e.message.contains("NUL"), "{e}");
    }
}
