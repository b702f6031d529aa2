//! `FUniqueNetIdRepl` (`AFGPlayerState`'s class data).

use serde::{Deserialize, Serialize};
use unreal::FString;

use crate::Error;
use crate::reader::{Reader, put};

/// Flag: the id is empty, nothing follows the flags.
const EMPTY: u8 = 2;
/// Encoding type (flags >> 3) of an online-services id with replication data.
const TYPE_ONLINE_SERVICES: u8 = 30;
/// Encoding type (flags >> 3) followed by the type name as a string.
const TYPE_STRING: u8 = 31;

/// `FUniqueNetIdRepl`: encoding flags, then the id in the form they select.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FUniqueNetIdRepl {
    /// `EncodingFlags`.
    pub encoding_flags: u8,
    /// The id.
    pub id: NetId,
}

/// The forms of an id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NetId {
    /// Type 0, or the empty flag: nothing follows.
    Empty,
    /// Flags & 1, type 30: `OnlineServicesType` and `ReplicationData`.
    OnlineServices {
        /// `OnlineServicesType`.
        online_services_type: u8,
        /// `ReplicationData` (hex in JSON).
        #[serde(with = "unreal::chunked::hex_bytes")]
        replication_data: Vec<u8>,
    },
    /// Flags & 1, other types: optional `TypeString`, then `EncodedSize` bytes.
    Encoded {
        /// `TypeString` (type 31).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        type_string: Option<FString>,
        /// `TempBytes` (hex in JSON).
        #[serde(with = "unreal::chunked::hex_bytes")]
        bytes: Vec<u8>,
    },
    /// Not encoded: optional `TypeString`, then `Contents`.
    Plain {
        /// `TypeString` (type 31).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        type_string: Option<FString>,
        /// `Contents`.
        contents: FString,
    },
}

impl FUniqueNetIdRepl {
    pub(crate) fn read(r: &mut Reader<'_>) -> Result<Self, Error> {
        let flags = r.u8("EncodingFlags")?;
        let ty = flags >> 3;
        let encoded = flags & 1 != 0;
        let id = if ty == 0 || (encoded && flags & EMPTY != 0) {
            NetId::Empty
        } else if encoded && ty == TYPE_ONLINE_SERVICES {
            let online_services_type = r.u8("OnlineServicesType")?;
            let n = r.count(1, "ReplicationData")?;
            NetId::OnlineServices {
                online_services_type,
                replication_data: r.take(n, "ReplicationData")?.to_vec(),
            }
        } else {
            let type_string = if ty == TYPE_STRING {
                Some(r.binrw("TypeString")?)
            } else {
                None
            };
            if encoded {
                let n = usize::from(r.u8("EncodedSize")?);
                NetId::Encoded {
                    type_string,
                    bytes: r.take(n, "TempBytes")?.to_vec(),
                }
            } else {
                NetId::Plain {
                    type_string,
                    contents: r.binrw("Contents")?,
                }
            }
        };
        Ok(FUniqueNetIdRepl {
            encoding_flags: flags,
            id,
        })
    }

    pub(crate) fn put(&self, out: &mut Vec<u8>) -> Result<(), Error> {
        out.push(self.encoding_flags);
        match &self.id {
            NetId::Empty => {}
            NetId::OnlineServices {
                online_services_type,
                replication_data,
            } => {
                out.push(*online_services_type);
                crate::blob::put_count(replication_data.len(), out, "ReplicationData")?;
                out.extend_from_slice(replication_data);
            }
            NetId::Encoded { type_string, bytes } => {
                if let Some(t) = type_string {
                    put(t, out, "TypeString")?;
                }
                let n = u8::try_from(bytes.len()).map_err(|_| {
                    Error::new("EncodedSize", out.len(), "more than 255 encoded bytes")
                })?;
                out.push(n);
                out.extend_from_slice(bytes);
            }
            NetId::Plain {
                type_string,
                contents,
            } => {
                if let Some(t) = type_string {
                    put(t, out, "TypeString")?;
                }
                put(contents, out, "Contents")?;
            }
        }
        Ok(())
    }
}
