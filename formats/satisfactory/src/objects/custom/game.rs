//! The game mode, game state and player state actors, generated from `schema/game.ksy`, and the
//! player's online id (`FUniqueNetIdRepl`) that the schema names, hand-written: its form is
//! chosen by bit tests of its flags byte, which the binrw backend has no construct for (the
//! schema's Kaitai description of it is in `schema/unreal.ksy`).

use binrw::binrw;
use serde::{Deserialize, Serialize};
use unreal::FString;

pub use crate::generated::game::{AFGPlayerState, PlayerStatePointers};

use super::types::{sized_bytes, write_sized_bytes};

/// `EncodedSize` and `TempBytes`: a byte-counted binary id.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TempBytes {
    #[br(temp)]
    #[bw(try_calc = u8::try_from(bytes.len()).map_err(|_| binrw::Error::AssertFail { pos: 0, message: format!("{} id bytes do not fit EncodedSize", bytes.len()) }))]
    encoded_size: u8,
    /// `TempBytes`.
    #[br(count = encoded_size)]
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub bytes: Vec<u8>,
}

/// `EncodingFlags` bit: the id is stored in its compact binary form.
const ENCODED: u8 = 1;
/// `EncodingFlags` bit: the binary form is empty.
const EMPTY: u8 = 2;
/// Type index (`EncodingFlags >> 3`) of the online-services form.
const TYPE_ONLINE_SERVICES: u8 = 30;
/// Type index that is followed by the type's name as a string.
const TYPE_OTHER: u8 = 31;

/// `FUniqueNetIdRepl`: an `EncodingFlags` byte and the form it selects.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FUniqueNetIdRepl {
    /// `EncodingFlags`: bit 0 encoded, bit 1 empty, bits 3-7 the type index.
    pub encoding_flags: u8,
    /// What the flags select.
    #[br(args(encoding_flags))]
    #[bw(args(*encoding_flags))]
    pub value: NetIdValue,
}

/// The forms of an `FUniqueNetIdRepl` after its flags (exactly one variant's condition holds, so a
/// damaged value is an error rather than a misread as another form).
#[binrw]
#[brw(little, import(flags: u8))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NetIdValue {
    /// Encoded and empty: nothing follows.
    #[br(pre_assert(flags & ENCODED != 0 && flags & EMPTY != 0))]
    Empty,
    /// Encoded online-services id.
    #[br(pre_assert(flags & (ENCODED | EMPTY) == ENCODED && flags >> 3 == TYPE_ONLINE_SERVICES))]
    OnlineServices {
        /// `OnlineServicesType`.
        online_services_type: u8,
        /// `ReplicationData`.
        #[br(parse_with = sized_bytes)]
        #[bw(write_with = write_sized_bytes)]
        #[serde(with = "unreal::chunked::hex_bytes")]
        replication_data: Vec<u8>,
    },
    /// Encoded id of another type: optional type name, then a byte-counted id.
    #[br(pre_assert(flags & (ENCODED | EMPTY) == ENCODED && flags >> 3 != TYPE_ONLINE_SERVICES))]
    Encoded {
        /// `TypeString` (type index 31).
        #[br(if(flags >> 3 == TYPE_OTHER))]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        type_string: Option<FString>,
        /// `EncodedSize` and `TempBytes` (absent for type index 0).
        #[br(if(flags >> 3 != 0))]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        temp_bytes: Option<TempBytes>,
    },
    /// Id stored as a string: optional type name, then the contents.
    #[br(pre_assert(flags & ENCODED == 0))]
    Plain {
        /// `TypeString` (type index 31).
        #[br(if(flags >> 3 == TYPE_OTHER))]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        type_string: Option<FString>,
        /// `Contents` (absent for type index 0).
        #[br(if(flags >> 3 != 0))]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        contents: Option<FString>,
    },
}
