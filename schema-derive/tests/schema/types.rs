//! Small hand-made layouts exercising every feature of the macros.

use binrw::binrw;
use schema_derive::{pattern, versioned};
use serde::{Deserialize, Serialize};

/// A pattern with every kind of gate: "2-", "2-2" and "-1".
#[pattern(tag = b"CHLD", newest = 3)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Child {
    pub a: u8,
    #[since(2)]
    pub b: Option<u16>,
    #[since(2)]
    #[until(2)]
    pub mid: Option<u8>,
    #[until(1)]
    pub old: Option<u32>,
    #[since(1)]
    #[until(2)]
    pub early: Option<u8>,
}

/// A record gated on the version of whatever pattern contains it.
#[versioned]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Station {
    pub pos: u16,
    #[since(2)]
    pub length: Option<u32>,
    #[with_version]
    pub seat: Seat,
}

/// A record nested in a record: the version travels on.
#[versioned]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Seat {
    #[until(1)]
    pub legacy_guest: Option<u16>,
    #[since(2)]
    pub guest: Option<i32>,
}

/// A pattern holding a nested pattern (own version) and versioned records (this version).
#[pattern(tag = b"PRNT", newest = 2)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Parent {
    pub child: Child,
    pub station_count: u8,
    #[br(count = station_count)]
    #[with_version]
    pub stations: Vec<Station>,
    #[since(2)]
    pub extra_count: Option<u8>,
    #[since(2)]
    #[br(count = extra_count.unwrap_or(0))]
    #[with_version]
    pub extras: Option<Vec<Station>>,
}

/// A top-level pattern whose version decides which later blocks exist.
#[pattern(tag = b"FCTS", newest = 12)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub time: u32,
}

/// Gated on a field of an earlier field (the FCTS header version).
#[versioned(version = header.version)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    pub header: Header,
    #[until(10)]
    pub legacy: Option<u8>,
    #[since(12)]
    pub goals: Option<Child>,
}

/// Gated on an earlier `u8` field, which it also passes on.
#[versioned(version = kind)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tagged {
    pub kind: u8,
    #[since(2)]
    pub wide: Option<u16>,
    #[with_version]
    pub station: Station,
}

/// A big-endian pattern: the version follows the struct's byte order, the tags do not.
#[pattern(tag = b"BIGE", newest = 2)]
#[binrw]
#[brw(big)]
#[derive(Debug, Clone, PartialEq)]
pub struct BigEndian {
    #[since(2)]
    pub value: Option<u16>,
}
