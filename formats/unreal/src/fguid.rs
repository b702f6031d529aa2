//! `FGuid`: four little-endian `u32`s.

use binrw::binrw;
use serde::{Deserialize, Serialize};

/// A 16-byte GUID as Unreal stores it (`A`, `B`, `C`, `D`).
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct FGuid {
    /// First word.
    pub a: u32,
    /// Second word.
    pub b: u32,
    /// Third word.
    pub c: u32,
    /// Fourth word.
    pub d: u32,
}

impl FGuid {
    pub(crate) fn parse(r: &mut crate::cursor::ByteReader<'_>) -> Result<Self, crate::Error> {
        r.binrw("FGuid")
    }

    pub(crate) fn put(&self, out: &mut Vec<u8>) -> Result<(), crate::Error> {
        crate::cursor::put_binrw(self, out)
    }
}
