//! Rocket League `.replay` files: read and write the header, body, network stream and footer
//! byte for byte, with the section CRCs checked on read and recomputed on write.
//!
//! ```no_run
//! let data = std::fs::read("match.replay")?;
//! let replay = rocketleague::read(&data)?;
//! assert_eq!(rocketleague::write(&replay)?, data);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod body;
pub mod crc;
mod error;
pub mod header;
mod list;
pub mod network;
mod parse;
mod replay;
mod stream;
pub mod strings;

pub use body::{
    Body, ClassIndex, ClassNetCacheEntry, ClassNetCacheProperty, DebugString, Footer, KeyFrame,
    TickMark,
};
pub use error::{Error, Section};
pub use header::{Header, Property, PropertyKind, PropertySet, PropertyValue};
pub use parse::{CrcCheck, NetworkParse, ParserBuilder};
pub use replay::{NetworkData, Replay};
pub use strings::{String8, String16};

/// Reads a whole replay, CRCs checked and network frames decoded.
pub fn read(data: &[u8]) -> Result<Replay, Error> {
    ParserBuilder::new(data).parse()
}

/// Writes a replay; section sizes and CRCs are recomputed from the content.
pub fn write(replay: &Replay) -> Result<Vec<u8>, Error> {
    replay::write(replay)
}
