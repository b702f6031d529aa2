//! `FEngineVersion` and `FCustomVersion`: the engine and subsystem versions a save records, in
//! the same layout in GVAS headers and Satisfactory's version data.

use binrw::binrw;
use serde::{Deserialize, Serialize};

use crate::{FGuid, FString};

/// `FEngineVersion`: major.minor.patch, changelist and branch name.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FEngineVersion {
    /// Major version (4 or 5).
    pub major: u16,
    /// Minor version.
    pub minor: u16,
    /// Patch version.
    pub patch: u16,
    /// Changelist; the top bit marks licensee builds.
    pub changelist: u32,
    /// Branch, e.g. `++UE4+Release-4.27`.
    pub branch: FString,
}

/// `FCustomVersion`: a GUID naming a subsystem and its version.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FCustomVersion {
    /// The subsystem's GUID.
    pub key: FGuid,
    /// Its version.
    pub version: i32,
}

#[cfg(test)]
mod tests {
    use binrw::{BinRead, BinWrite, io::Cursor};

    use super::*;

    /// The bytes of UE 4.27's engine version with branch `++UE4`, laid out by hand from the
    /// field list: three u16, a u32, then an FString (length 6 including the NUL).
    const ENGINE_4_27: &[u8] = &[
        4, 0, 27, 0, 2, 0, 0x39, 0x30, 0, 0x80, 6, 0, 0, 0, b'+', b'+', b'U', b'E', b'4', 0,
    ];

    #[test]
    fn engine_version_reads_and_writes_its_layout() {
        let v = FEngineVersion::read(&mut Cursor::new(ENGINE_4_27)).unwrap();
        assert_eq!((v.major, v.minor, v.patch), (4, 27, 2));
        assert_eq!(v.changelist, 0x8000_3039);
        assert_eq!(v.branch.as_str(), "++UE4");
        let mut out = Cursor::new(Vec::new());
        v.write(&mut out).unwrap();
        assert_eq!(out.into_inner(), ENGINE_4_27);
    }

    #[test]
    fn custom_version_is_a_guid_then_an_i32() {
        let bytes: Vec<u8> = (1u32..=4)
            .flat_map(u32::to_le_bytes)
            .chain((-2i32).to_le_bytes())
            .collect();
        let v = FCustomVersion::read(&mut Cursor::new(&bytes)).unwrap();
        assert_eq!(
            v.key,
            FGuid {
                a: 1,
                b: 2,
                c: 3,
                d: 4
            }
        );
        assert_eq!(v.version, -2);
    }
}
