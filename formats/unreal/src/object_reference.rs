//! `FObjectReferenceDisc`: how Satisfactory saves store object references (level name + path name),
//! where generic SaveGame files store a single object path string.

use crate::FString;
use crate::cursor::ByteReader;
use binrw::binrw;
use serde::{Deserialize, Serialize};

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
