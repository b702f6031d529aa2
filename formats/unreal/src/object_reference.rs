//! `FObjectReferenceDisc`: how Satisfactory saves store object references (level name + path name),
//! where generic SaveGame files store a single object path string.

use crate::FString;
use crate::cursor::ByteReader;
use crate::fstring::{HashedKey, Stored, hash_bytes};
use binrw::binrw;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

/// An object reference as a level name and a path name.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FObjectReferenceDisc {
    /// Name of the level holding the object.
    pub level_name: FString,
    /// Path name of the object.
    pub path_name: FString,
}

impl FObjectReferenceDisc {
    /// Reads one reference from the start of `data`, whose first byte is at `base_offset` (for
    /// errors), and returns it with the number of bytes it took; like [`crate::FString::read_from`].
    pub fn read_from(data: &[u8], base_offset: usize) -> Result<(Self, usize), crate::Error> {
        let mut r = ByteReader::new(data, base_offset);
        let reference = Self::parse(&mut r)?;
        Ok((reference, r.pos()))
    }

    pub(crate) fn parse(r: &mut ByteReader<'_>) -> Result<Self, crate::Error> {
        Ok(FObjectReferenceDisc {
            level_name: FString::parse(r)?,
            path_name: FString::parse(r)?,
        })
    }

    pub(crate) fn put(&self, out: &mut Vec<u8>) -> Result<(), crate::Error> {
        self.level_name.put(out)?;
        self.path_name.put(out)
    }
}

/// The object references read so far by one property reader, by the hash of their stored bytes:
/// saves repeat the same few thousand references (item descriptors, recipes, levels) tens of
/// thousands of times, and a repeat then costs a hash and a comparison instead of an allocation
/// and two texts.
///
/// Of two references with the same hash only the first is shared, and only references of narrow
/// ASCII strings are recognised as repeats; any other is read on each occurrence. It holds at most
/// one entry per distinct reference of the input.
#[derive(Debug, Default)]
pub(crate) struct ReferenceCache {
    references: HashMap<u64, Arc<FObjectReferenceDisc>, BuildHasherDefault<HashedKey>>,
}

impl ReferenceCache {
    /// Reads one reference, shared with an equal one read before.
    pub(crate) fn read(
        &mut self,
        r: &mut ByteReader<'_>,
    ) -> Result<Arc<FObjectReferenceDisc>, crate::Error> {
        let start = r.pos();
        let level = Stored::read(r)?;
        let path = Stored::read(r)?;
        let bytes = r.whole().get(start..r.pos()).unwrap_or_default();
        let decode = || -> Result<_, crate::Error> {
            Ok(Arc::new(FObjectReferenceDisc {
                level_name: FString::decode_stored(&level)?,
                path_name: FString::decode_stored(&path)?,
            }))
        };
        match self.references.entry(hash_bytes(bytes)) {
            Entry::Occupied(found)
                if found.get().level_name.is_stored_as(&level)
                    && found.get().path_name.is_stored_as(&path) =>
            {
                Ok(Arc::clone(found.get()))
            }
            Entry::Occupied(_) => decode(),
            Entry::Vacant(slot) => Ok(Arc::clone(slot.insert(decode()?))),
        }
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
